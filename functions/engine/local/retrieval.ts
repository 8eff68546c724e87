// From a question to the course sentences that answer it: the passages the index finds, cut back
// into the analysed sentences of their pages, re-ranked by how much of the question's topic each
// sentence covers (terms weighted by rarity), with a bonus for definitions of the asked term.
// Also decides whether the course answers at all: the best sentence (with its heading) must cover
// at least half of the question's weighted topic terms.
import type { AnswerRequest, CourseLanguage } from '../types.js';
import { headingOf, normalizeSpace, pageKey, type CourseAnalysis, type SentenceInfo } from './analysis.js';
import type { Detail } from './levels.js';
import { tokenize } from './key-terms.js';
import { topicTerms } from './question.js';

/** Share of the question's weighted topic terms the best sentence must cover to count as an answer. */
export const FOUND_THRESHOLD = 0.5;
/** Passages asked of the index. */
export const PASSAGES = 8;
/** Weight of the previous question's terms in a follow-up. */
const HISTORY_WEIGHT = 0.5;

/** A sentence that names a formula's symbols ("où d est …", "where M is …"). */
export const SYMBOL_NAMES =
  /^(?:où|avec|with|where|in which|here)\s+[\p{L}Δ][\p{L}\p{N}_]{0,3}\s+(?:est|sont|is|are|désigne|représente|represents|denotes|stands|la|le|les|l['’]|sa|son|ses|en|in|the|its|:|=)(?![\p{L}\p{N}])/iu;

export interface Focus {
  /** Topic stem → weight (rarity in the course; halved for terms from the previous question). */
  weights: Map<string, number>;
  /** Stems of the current question itself. */
  current: Set<string>;
  total: number;
  /** Text sent to the index. */
  query: string;
}

export interface Ranked {
  s: SentenceInfo;
  /** Weighted share of the topic the sentence covers, alone and with its heading. */
  own: number;
  withHeading: number;
  /** 0–1, from the passage rank. */
  relevance: number;
  score: number;
  /** The sentence defines a term most of whose words are in the question. */
  defines: boolean;
}

function weight(analysis: CourseAnalysis, stem: string): number {
  // A term the course never uses weighs as much as its rarest terms: it may be the missing topic.
  const n = analysis.pages.length;
  const df = Math.max(1, analysis.pageFrequency.get(stem) ?? 0);
  return Math.log(1 + (n - df + 0.5) / (df + 0.5)) + 0.05;
}

export function focusOf(analysis: CourseAnalysis, question: string, history: AnswerRequest['history'], lang: CourseLanguage): Focus {
  const current = topicTerms(question, lang);
  const weights = new Map<string, number>();
  for (const t of current) weights.set(t, weight(analysis, t));
  const previous = history?.length ? history[history.length - 1].question : '';
  if (previous) {
    const prev = topicTerms(previous, lang);
    // A follow-up with no topic of its own ("et pourquoi ?") takes the previous one in full.
    const w = current.length ? HISTORY_WEIGHT : 1;
    for (const t of prev) if (!weights.has(t)) weights.set(t, w * weight(analysis, t));
  }
  let total = 0;
  for (const w of weights.values()) total += w;
  return { weights, current: new Set(current), total, query: previous ? `${question} ${previous}` : question };
}

function coverage(focus: Focus, stems: Iterable<Set<string>>): number {
  if (focus.total === 0) return 0;
  const sets = [...stems];
  let got = 0;
  for (const [t, w] of focus.weights) if (sets.some((s) => s.has(t))) got += w;
  return got / focus.total;
}

/** Sentences of the retrieved passages, best first. */
export function rankSentences(analysis: CourseAnalysis, focus: Focus, passages: { file_id: string; page: number; text: string }[], detail: Detail): Ranked[] {
  const relevance = new Map<SentenceInfo, number>();
  passages.forEach((p, rank) => {
    const pageSentences = analysis.byPage.get(pageKey(p.file_id, p.page)) ?? [];
    const text = normalizeSpace(p.text);
    let inside = pageSentences.filter((s) => text.includes(s.text));
    if (inside.length === 0) inside = pageSentences;
    const rel = 1 - rank / Math.max(PASSAGES, passages.length);
    for (const s of inside) relevance.set(s, Math.max(relevance.get(s) ?? 0, rel));
  });
  const out: Ranked[] = [];
  for (const [s, rel] of relevance) {
    if (s.role === 'heading' || s.exercise) continue;
    const heading = headingOf(analysis, s);
    const own = coverage(focus, [s.stemSet]);
    const withHeading = heading ? coverage(focus, [s.stemSet, heading.stemSet]) : own;
    let defines = false;
    let score = own + 0.5 * (withHeading - own) + 0.15 * rel;
    if (s.definition) {
      const termStems = tokenize(s.definition.term, s.page.language).filter((t) => !t.stop).map((t) => t.stem);
      const hit = termStems.filter((t) => focus.weights.has(t)).length;
      if (hit > 0) {
        defines = hit / termStems.length >= 0.5;
        score += 0.4 * (hit / termStems.length) + (termStems.every((t) => focus.weights.has(t)) ? 0.1 : 0);
      }
    }
    if (s.wordCount < 4 && !s.formula) score -= 0.3;
    // "où d est la distance …" names a formula's symbols: it goes with its formula, not alone.
    if (SYMBOL_NAMES.test(s.text)) score -= 0.25;
    if (s.wordCount > detail.preferredWords) score -= 0.15;
    out.push({ s, own, withHeading, relevance: rel, score, defines });
  }
  out.sort((a, b) => b.score - a.score || a.s.index - b.s.index);
  // Keep to the part of the course the best sentence comes from.
  const best = out[0];
  if (best) {
    for (const r of out) if (r !== best && r.s.section === best.s.section && r.s.page.file_id === best.s.page.file_id) r.score += 0.12;
    out.sort((a, b) => b.score - a.score || a.s.index - b.s.index);
  }
  return out;
}

/** Whether the course answers the question: a sentence covers enough of it, and a term of its own. */
export function answers(analysis: CourseAnalysis, ranked: Ranked[], focus: Focus): boolean {
  for (const r of ranked) {
    if (r.withHeading < FOUND_THRESHOLD) continue;
    const heading = headingOf(analysis, r.s);
    // A sentence that shares nothing with the question counts only under a heading that is about it.
    if (r.own <= 0 && !(heading && coverage(focus, [heading.stemSet]) >= FOUND_THRESHOLD)) continue;
    if (focus.current.size && ![...focus.current].some((t) => r.s.stemSet.has(t) || !!heading?.stemSet.has(t))) continue;
    return true;
  }
  return false;
}
