// The checks that hold a model's quiz questions and flashcards to the course, and the bookkeeping
// that keeps a quiz session from asking the same thing twice. A question's fact key is built by the
// engine, not trusted to the model: `{file id}#{page}#{folded fact}`, so that the fact a student
// was asked is recognised again whatever the model calls it next time (same words once folded and
// stemmed, or one naming a narrower form of the other). Texts are compared folded (case, accents,
// quotes, punctuation and LaTeX markup ignored), so "Énergie cinétique" is found in "l'energie
// cinetique" and "\frac{1}{2} m v^2" in "1/2 m v²".
import { createHash } from 'node:crypto';
import { foldText } from '../../core/fold.js';
import { isStopWord, sentences, terms, words } from '../text/index.js';
import { seededShuffle } from '../text/shuffle.js';
import type { CourseLanguage } from '../../core/artefacts.js';
import type { CoursePage } from '../types.js';
import type { SuppliedPassage } from './budget.js';

/** Longest folded fact label kept in a key (the key itself is at most 200 characters). */
const FACT_LABEL_CHARS = 120;
/** A sentence of at least this many words can hold a fact worth a question. */
const FACT_SENTENCE_WORDS = 5;

/** Folded words separated by one space: what two texts are compared on. */
export function foldedWords(text: string): string {
  return foldText(
    text
      .normalize('NFKD')
      // LaTeX commands (\frac, \times, \mathrm) are markup, not words.
      .replace(/\\[a-zA-Z]+/g, ' '),
  )
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The fact as a key's last part: folded words, cut at a word. */
export function factLabel(fact: string): string {
  const folded = foldedWords(fact);
  if (folded.length <= FACT_LABEL_CHARS) return folded;
  const head = folded.slice(0, FACT_LABEL_CHARS);
  const space = head.lastIndexOf(' ');
  return space > 0 ? head.slice(0, space) : head;
}

export function factKey(fileId: string, page: number, fact: string): string {
  return `${fileId}#${page}#${factLabel(fact)}`;
}

export interface ParsedFactKey {
  fileId: string;
  page: number;
  label: string;
}

/** A key this engine wrote; null for anything else (then matched on its words, see AskedFacts). */
export function parseFactKey(key: string): ParsedFactKey | null {
  const match = /^(.+)#(\d+)#([a-z0-9 ]*)$/.exec(key);
  if (!match) return null;
  return { fileId: match[1], page: Number(match[2]), label: match[3] };
}

/** What makes two fact names the same fact: their index terms (folded, stop words out, stemmed). */
function termSet(label: string, language: CourseLanguage): Set<string> {
  const found = terms(label, language);
  return new Set(found.length > 0 ? found : words(label));
}

function sameFact(a: Set<string>, b: Set<string>): boolean {
  if (a.size === 0 || b.size === 0) return false;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  const inside = [...small].every((t) => large.has(t));
  // "vitesse moyenne" is "définition de la vitesse moyenne"; "vitesse" alone is not "vitesse moyenne".
  return inside && (small.size === large.size || small.size >= 2);
}

/** The facts a session has asked about in one file: which pages they came from, and their names. */
export class AskedFacts {
  private readonly labels: Set<string>[] = [];
  private readonly perPage = new Map<number, Set<string>>();
  /** How the exclusions read in the prompt (one line each). */
  readonly lines: string[] = [];

  constructor(
    exclude: readonly string[],
    fileId: string,
    private readonly language: CourseLanguage,
  ) {
    for (const key of new Set(exclude)) {
      const parsed = parseFactKey(key);
      if (!parsed) {
        // Another writer's key: matched on its words (a fact named inside it counts as asked).
        this.labels.push(termSet(factLabel(key), language));
        this.lines.push(key);
        continue;
      }
      if (parsed.fileId !== fileId) continue;
      this.add(parsed.label, parsed.page);
    }
  }

  private add(label: string, page: number): void {
    this.labels.push(termSet(label, this.language));
    this.lines.push(`page ${page}: ${label}`);
    const onPage = this.perPage.get(page) ?? new Set<string>();
    onPage.add(label);
    this.perPage.set(page, onPage);
  }

  has(fact: string): boolean {
    const asked = termSet(factLabel(fact), this.language);
    return this.labels.some((l) => sameFact(l, asked));
  }

  askedOn(page: number): number {
    return this.perPage.get(page)?.size ?? 0;
  }

  /**
   * The file's pages that may still hold an unasked fact, those not asked about at all first (the
   * others only when none is left). A page holds at most one fact per sentence of some length.
   */
  pagesLeft(pages: readonly CoursePage[]): CoursePage[] {
    const open = pages.filter((p) => this.askedOn(p.page) < factCapacity(p.text, this.language));
    const untouched = open.filter((p) => this.askedOn(p.page) === 0);
    return untouched.length > 0 ? untouched : open;
  }
}

/** How many questions a page can give: its sentences of at least five words (at least one when it has text). */
export function factCapacity(text: string, language: CourseLanguage): number {
  if (words(text).length < 3) return 0;
  const long = sentences(text, language).filter((s) => words(s.text).length >= FACT_SENTENCE_WORDS).length;
  return Math.max(1, long);
}

/** The option as compared: folded words, with leading and trailing grammar words dropped ("la vitesse" → "vitesse"). */
function optionCore(option: string, language: CourseLanguage): string {
  const parts = foldedWords(option).split(' ').filter(Boolean);
  while (parts.length > 1 && isStopWord(parts[0], language)) parts.shift();
  while (parts.length > 1 && isStopWord(parts[parts.length - 1], language)) parts.pop();
  return parts.join(' ');
}

/**
 * Whether `option` is printed in `text`: as whole words once folded, or, for a formula or a
 * number (where spacing and symbols vary: "1 000", "v²", "\frac{1}{2}"), with every separator
 * left out.
 */
export function textContains(text: string, option: string, language: CourseLanguage): boolean {
  const core = optionCore(option, language);
  if (!core) return false;
  const page = foldedWords(text);
  if (` ${page} `.includes(` ${core} `)) return true;
  const compactOption = core.replace(/ /g, '');
  if (compactOption.length < 3 || !/\d|[=+^/×·²³]/.test(option)) return false;
  return page.replace(/ /g, '').includes(compactOption);
}

/** The options as compared for distinctness: folded words. */
export function distinctOptions(options: readonly string[]): boolean {
  const folded = options.map((o) => foldedWords(o));
  return folded.every((f) => f.length > 0) && new Set(folded).size === options.length;
}

/** The supplied passages' texts by page, to look an answer up in. */
export function textsByPage(passages: readonly SuppliedPassage[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const p of passages) {
    const key = `${p.file_id}#${p.page}`;
    out.set(key, [...(out.get(key) ?? []), p.text]);
  }
  return out;
}

/**
 * The options in an order fixed by the fact key (so the right one is not always where the model
 * put it, and the same question always reads the same), with the right one's new index.
 */
export function shuffleOptions(options: readonly string[], correctIndex: number, seed: string): { options: string[]; correctIndex: number } {
  const order = seededShuffle(
    options.map((_, i) => i),
    seed,
  );
  return { options: order.map((i) => options[i]), correctIndex: order.indexOf(correctIndex) };
}

/** A fence for the student's answer that the answer itself cannot close: its tag is a hash of the answer. */
export function answerTag(answer: string): string {
  return `student_answer_${createHash('sha256').update(answer).digest('hex').slice(0, 12)}`;
}
