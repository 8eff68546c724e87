// Items that do not fit their kind never reach the student: a definition card whose back does not
// define its front (it only restates it), and a multiple-choice option that means the same as the
// answer or as another option (the same content words in another order or inflection, or the
// same number written another way). Pure checks on text, shared by the flashcards and the quiz.
import type { CourseLanguage } from '../../core/artefacts.js';
import { isContentToken, tokenize } from './key-terms.js';

/** Content stems of a text, memoised: a quiz compares the same options over and over. */
const memo = new Map<string, Set<string>>();
const MAX_MEMO = 20_000;
function contentStems(text: string, lang: CourseLanguage): Set<string> {
  const key = `${lang}|${text}`;
  let set = memo.get(key);
  if (!set) {
    set = new Set(tokenize(text, lang).filter(isContentToken).map((t) => t.stem));
    if (memo.size >= MAX_MEMO) memo.clear();
    memo.set(key, set);
  }
  return set;
}

/** Words a definition's back must say beyond its front's to define it. */
const DEFINING_WORDS = 2;

/** True when `back` says what `front` is: at least a couple of content words the front does not hold. */
export function definesFront(front: string, back: string, lang: CourseLanguage): boolean {
  const term = contentStems(front, lang);
  let extra = 0;
  for (const s of contentStems(back, lang)) if (!term.has(s)) extra++;
  return extra >= DEFINING_WORDS;
}

/** "0,5", "0.50", "1/2", "½ kg" → its value and what follows it; null when the text is not a number. */
function numberOf(text: string): { value: number; rest: string } | null {
  const t = text.trim().replace(/½/gu, '1/2').replace(/\s+/gu, ' ');
  const m = /^(-?\d+ ?\/ ?\d+|-?\d+(?:[ \u202f]\d{3})*(?:[.,]\d+)?)\s*(.*)$/u.exec(t);
  if (!m) return null;
  const raw = m[1].replace(/[ \u202f]/gu, '');
  const value = raw.includes('/') ? Number(raw.split('/')[0]) / Number(raw.split('/')[1]) : Number(raw.replace(',', '.'));
  return Number.isFinite(value) ? { value, rest: m[2].toLowerCase().replace(/[.\s]+$/u, '') } : null;
}

/** True when two options say the same thing: the same number and unit, or the same content words. */
export function sameMeaning(a: string, b: string, lang: CourseLanguage): boolean {
  const [x, y] = [numberOf(a), numberOf(b)];
  if (x && y) return Math.abs(x.value - y.value) <= 1e-9 * Math.max(1, Math.abs(x.value)) && x.rest === y.rest;
  if (x || y) return false;
  const [p, q] = [contentStems(a, lang), contentStems(b, lang)];
  if (p.size === 0 || p.size !== q.size) return false;
  for (const s of p) if (!q.has(s)) return false;
  return true;
}
