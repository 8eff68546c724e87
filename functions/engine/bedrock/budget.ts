// What part of a course goes to the model: a token budget caps every request, so a 900-page
// subject costs no more than a 9-page one. Answers send the best passages retrieval found, best
// first, until the budget is spent; sheets send a selection of pages spread over every file of the
// course (so that the sheet follows the document's structure), each cut to a fair share. Tokens
// are estimated at about 4 characters each, the usual figure for French and English text.
import type { CoursePage, Passage } from '../types.js';

export const CHARS_PER_TOKEN = 4;

/** The ceiling of any request's input unless configured (BEDROCK_INPUT_TOKENS): each operation's own budget is below it. */
export const DEFAULT_INPUT_TOKEN_BUDGET = 12_000;

/** The operations a model engine runs, each sized on its own. */
export type SizedOperation = 'answer' | 'sheet' | 'quiz_question' | 'evaluation' | 'flashcards' | 'coach' | 'podcast';

/**
 * Input tokens each operation may send (prompt, tool schema and course together), under the
 * configured ceiling; an answer outside exercise mode sends the exercise's schema's share less. A question gets the passages retrieval ranks best (about a dozen), not the
 * whole budget; a grading the pages its question cites; a sheet or a deck pages spread over its
 * file; a quiz question a few pages not yet asked. The answer's earlier turns come on top
 * (ANSWER_HISTORY_TOKENS), so a follow-up keeps its passages. A podcast is sized by its length
 * (podcastInputBudget).
 */
export const OPERATION_INPUT_TOKENS: Record<Exclude<SizedOperation, 'podcast'>, number> = {
  answer: 4_600,
  sheet: 8_000,
  quiz_question: 3_600,
  evaluation: 3_000,
  flashcards: 6_000,
  coach: 4_000,
};

/** Most tokens a follow-up's earlier turns add to an answer's input. */
export const ANSWER_HISTORY_TOKENS = 1_500;

/** A podcast's course material: about five tokens of course per word of script, at least 3,000 tokens. */
export function podcastInputBudget(fixedTokens: number, targetWords: number): number {
  return fixedTokens + Math.max(3_000, Math.round(targetWords * 5));
}

/** An operation's input budget: its own, never above the configured ceiling. */
export function operationBudget(operation: Exclude<SizedOperation, 'podcast'>, ceiling: number = DEFAULT_INPUT_TOKEN_BUDGET): number {
  return Math.min(ceiling, OPERATION_INPUT_TOKENS[operation]);
}

export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

/** A piece of the course as the model sees it: numbered, with the page it comes from. */
export interface SuppliedPassage {
  /** 1-based number in the prompt. */
  n: number;
  file_id: string;
  file_name: string;
  page: number;
  text: string;
}

type Unnumbered = Omit<SuppliedPassage, 'n'>;

/** The shortest excerpt a sheet page gets (a heading and a paragraph or two): fewer pages, not thinner ones. */
const MIN_EXCERPT_CHARS = 700;
/** Below this a passage is not worth sending cut. */
const MIN_CUT_PASSAGE_CHARS = 240;

/**
 * Cuts `text` to at most `max` characters, at the end of a sentence or line when one falls in the
 * last 40 %, else at a space; an ellipsis marks the cut.
 */
export function cutText(text: string, max: number): string {
  const clean = text.trim();
  if (clean.length <= max) return clean;
  const room = Math.max(1, max - 1);
  const head = clean.slice(0, room);
  const floor = Math.floor(room * 0.6);
  const sentenceEnd = Math.max(head.lastIndexOf('. '), head.lastIndexOf('.\n'), head.lastIndexOf('\n'), head.lastIndexOf('? '), head.lastIndexOf('! '));
  if (sentenceEnd >= floor) return `${head.slice(0, sentenceEnd + 1).trimEnd()}…`;
  const space = head.lastIndexOf(' ');
  return `${(space >= floor ? head.slice(0, space) : head).trimEnd()}…`;
}

function numbered(list: Unnumbered[]): SuppliedPassage[] {
  return list.map((p, i) => ({ n: i + 1, ...p }));
}

/**
 * The retrieved passages to send, best first, whose rendered size (`cost`, in tokens) fits in
 * `budgetTokens`. Duplicates are dropped; the last one that does not fit whole is cut if enough of
 * it fits.
 */
export function selectAnswerPassages(
  found: readonly Passage[],
  budgetTokens: number,
  cost: (p: SuppliedPassage) => number,
): SuppliedPassage[] {
  const chosen: Unnumbered[] = [];
  const seen = new Set<string>();
  let left = budgetTokens;
  for (const passage of found) {
    const text = passage.text.trim();
    const key = `${passage.file_id}#${passage.page}#${text}`;
    if (!text || seen.has(key)) continue;
    seen.add(key);
    const candidate: SuppliedPassage = { n: chosen.length + 1, file_id: passage.file_id, file_name: passage.file_name, page: passage.page, text };
    const whole = cost(candidate);
    if (whole <= left) {
      chosen.push(candidate);
      left -= whole;
      continue;
    }
    const overhead = cost({ ...candidate, text: '' });
    const room = (left - overhead) * CHARS_PER_TOKEN;
    if (room >= MIN_CUT_PASSAGE_CHARS) chosen.push({ ...candidate, text: cutText(text, room) });
    break;
  }
  return numbered(chosen.map(({ file_id, file_name, page, text }) => ({ file_id, file_name, page, text })));
}

/** `count` indexes spread evenly over `0..length-1`, always including the first. */
function spread(length: number, count: number): number[] {
  if (count >= length) return Array.from({ length }, (_, i) => i);
  if (count === 1) return [0];
  const picked = new Set<number>();
  for (let i = 0; i < count; i++) picked.add(Math.round((i * (length - 1)) / (count - 1)));
  return [...picked].sort((a, b) => a - b);
}

/** Splits `total` picks over groups in proportion to their sizes, at least one each while picks last. */
function apportion(sizes: number[], total: number): number[] {
  const counts = sizes.map(() => 0);
  if (total <= 0) return counts;
  if (total < sizes.length) {
    for (const i of spread(sizes.length, total)) counts[i] = 1;
    return counts;
  }
  sizes.forEach((_, i) => (counts[i] = 1));
  const sum = sizes.reduce((a, b) => a + b, 0);
  let left = total - sizes.length;
  const shares = sizes.map((size, i) => ({ i, exact: (left * size) / sum }));
  for (const s of shares) {
    const extra = Math.min(Math.floor(s.exact), sizes[s.i] - counts[s.i]);
    counts[s.i] += extra;
    left -= extra;
  }
  // Largest remainders first, then anyone with pages left.
  const order = [...shares].sort((a, b) => (b.exact % 1) - (a.exact % 1));
  while (left > 0) {
    const next = order.find((s) => counts[s.i] < sizes[s.i]);
    if (!next) break;
    counts[next.i] += 1;
    left -= 1;
    order.push(order.splice(order.indexOf(next), 1)[0]);
  }
  return counts;
}

/**
 * Pages for a revision sheet. When the whole text fits it is all sent; otherwise as many pages as
 * the budget allows at a useful size, spread over every file in proportion to its pages (first
 * page of each file included), each cut to its share of the budget, in document order.
 */
export function selectSheetPages(
  pages: readonly CoursePage[],
  budgetTokens: number,
  cost: (p: SuppliedPassage) => number,
): SuppliedPassage[] {
  const usable = pages.filter((p) => p.text.trim().length > 0);
  const all = numbered(usable.map((p) => ({ file_id: p.file_id, file_name: p.file_name, page: p.page, text: p.text.trim() })));
  if (all.reduce((sum, p) => sum + cost(p), 0) <= budgetTokens) return all;

  const overhead = Math.max(...all.map((p) => cost({ ...p, text: '' })));
  const count = Math.max(1, Math.min(all.length, Math.floor(budgetTokens / (overhead + Math.ceil(MIN_EXCERPT_CHARS / CHARS_PER_TOKEN)))));
  const files: SuppliedPassage[][] = [];
  for (const p of all) {
    const last = files.at(-1);
    if (last && last[0].file_id === p.file_id) last.push(p);
    else files.push([p]);
  }
  const counts = apportion(files.map((f) => f.length), count);
  const picked = files.flatMap((f, i) => spread(f.length, counts[i]).slice(0, counts[i]).map((index) => f[index]));

  // Share the characters left after the headers (and one token each for rounding): short pages
  // give their surplus to long ones.
  let chars = Math.max(0, budgetTokens - (overhead + 1) * picked.length) * CHARS_PER_TOKEN;
  const allowance = new Map<SuppliedPassage, number>();
  const byLength = [...picked].sort((a, b) => a.text.length - b.text.length);
  byLength.forEach((p, i) => {
    const share = Math.floor(chars / (byLength.length - i));
    const given = Math.min(p.text.length, share);
    allowance.set(p, given);
    chars -= given;
  });
  return numbered(
    picked
      .map((p) => ({ file_id: p.file_id, file_name: p.file_name, page: p.page, text: cutText(p.text, allowance.get(p) ?? 0) }))
      .filter((p) => p.text.length > 0),
  );
}
