// Matching an engine's answer against the evaluation set's expectations (../shared/eval/README.md):
// `expect` tokens found in the answer's text once both are folded (case, whitespace, minus signs
// and dashes, apostrophes, spaces inside numbers and before a unit or a percent sign), citations on
// the expected page or one of `also_pages`, and an exercise's final quantities (number to the
// precision given, with its unit). Pure: no I/O.
import type { Answer, Citation } from '../../functions/core/artefacts.js';

/**
 * Text as compared: NFKC (no-break and narrow spaces become spaces), lower case, soft hyphens and
 * zero-width characters dropped, every dash and the minus sign as '-', curly apostrophes as "'",
 * whitespace collapsed, and the spaces that a number may or may not carry removed: thousands
 * ("20 000" → "20000"), before a unit or a percent sign ("4,5 V" → "4,5v", "21 %" → "21%"), and
 * after a currency sign ("€ 75" → "€75").
 */
export function foldText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u00ad\u200b-\u200d\u2060\ufeff]/g, '')
    .replace(/[\u2010-\u2015\u2212\u2043\ufe63\uff0d]/g, '-')
    .replace(/[\u2018\u2019\u201b\u02bc\u2032\u00b4`]/g, "'")
    .replace(/\s+/g, ' ')
    .replace(/(\d) (?=\d{3}(?!\d))/g, '$1')
    .replace(/(\d) (?=[%‰°\p{L}])/gu, '$1')
    .replace(/([€$£]) (?=\d)/g, '$1')
    .trim();
}

const isLetter = (c: string | undefined): boolean => c !== undefined && /\p{L}/u.test(c);
const isDigit = (c: string | undefined): boolean => c !== undefined && /\d/.test(c);

/**
 * Whether `neighbour` continues the token's edge character `edge` (so the occurrence is part of a
 * longer word or number): a letter next to a letter, a digit next to a digit. A decimal
 * separator between two digits ("2,4" inside "2,45" or "12,4") continues the number too.
 */
function continues(edge: string | undefined, neighbour: string | undefined, beyond: string | undefined): boolean {
  if (isLetter(edge) && isLetter(neighbour)) return true;
  if (isDigit(edge) && isDigit(neighbour)) return true;
  if (isDigit(edge) && (neighbour === ',' || neighbour === '.') && isDigit(beyond)) return true;
  return false;
}

/**
 * Whether the folded `text` holds `token` (folded here) as a whole word or number: the token may
 * start or end with any character, but an occurrence that is part of a longer word ("ke" in
 * "market") or number ("2,4" in "12,4" or "2,45") does not count.
 */
export function containsToken(foldedText: string, token: string): boolean {
  const needle = foldText(token);
  if (!needle) return true;
  for (let at = foldedText.indexOf(needle); at >= 0; at = foldedText.indexOf(needle, at + 1)) {
    const end = at + needle.length;
    const before = continues(needle[0], foldedText[at - 1], foldedText[at - 2]);
    const after = continues(needle[needle.length - 1], foldedText[end], foldedText[end + 1]);
    if (!before && !after) return true;
  }
  return false;
}

/** The tokens of `expect` that `text` lacks, in their order. */
export function missingTokens(text: string, expect: readonly string[]): string[] {
  const folded = foldText(text);
  return expect.filter((token) => !containsToken(folded, token));
}

/** Every page an answer may rightly cite: `page` and `also_pages`. */
export const rightPages = (item: { page: number; also_pages?: readonly number[] }): number[] => [item.page, ...(item.also_pages ?? [])];

/** Whether a citation points at one of `pages` (of `fileId`, when given). */
export function citesPage(citations: readonly Pick<Citation, 'page' | 'file_id'>[], pages: readonly number[], fileId?: string): boolean {
  return citations.some((c) => pages.includes(c.page) && (fileId === undefined || c.file_id === fileId));
}

/** The text of an answer as matched: every block, then the exercise solution's parts. */
export function answerText(answer: Answer): string {
  const parts = answer.blocks.map((b) => b.text);
  const ex = answer.exercise;
  if (ex) {
    parts.push(ex.objective.text, ...ex.steps.map((s) => s.text), ...ex.theorems.map((t) => t.text), ...ex.formulas.map((f) => f.text));
    parts.push(...ex.calculations.map((c) => `${c.expression} = ${c.result}`), ex.final_answer.text);
  }
  return parts.join('\n');
}

/** Every citation of an answer: blocks, then the exercise solution's parts. */
export function answerCitations(answer: Answer): Citation[] {
  const out = answer.blocks.flatMap((b) => b.citations);
  const ex = answer.exercise;
  if (ex) {
    for (const part of [ex.objective, ...ex.steps, ...ex.theorems, ...ex.formulas, ...ex.calculations, ex.final_answer]) out.push(...part.citations);
  }
  return out;
}

// ---- Exercise final answers ----

/** A number with its unit, as a final answer states it. */
export interface Quantity {
  /** As written in the final answer ("U = 6,0 V"). */
  text: string;
  value: number;
  /** Digits after the decimal separator: the precision an answer must reach. */
  decimals: number;
  /** Folded unit ("v", "€", "%", "units"), or null when the quantity has none. */
  unit: string | null;
}

/** A quantity that must appear, or one of its equivalent forms ("0.9332 (about 93.3%)"). */
export interface RequiredQuantity {
  text: string;
  forms: Quantity[];
}

/** A number: thousands separated by spaces or not, a decimal comma or point, an optional minus. */
const NUMBER = String.raw`-?\d{1,3}(?: \d{3})+(?:[.,]\d+)?|-?\d+(?:[.,]\d+)?`;
const CURRENCY = /[€$£]/;
/** A unit after a number: a percent or per-mille sign, degrees, or letters (with a "/letters" or a "²"/"³"). */
const UNIT_AFTER = /^(%|‰|°\s?[cfk]?|[\p{L}µΩ]+(?:[²³])?(?:\/[\p{L}µΩ]+(?:[²³])?)?)/u;
/** What else a unit may be written as (currencies and percent, in either language). */
const UNIT_ALIASES: Record<string, string[]> = {
  '€': ['€', 'euro', 'euros', 'eur'],
  $: ['$', 'dollar', 'dollars', 'usd'],
  '£': ['£', 'pound', 'pounds', 'gbp'],
  '%': ['%', 'percent', 'per cent', 'pour cent'],
};
/** Where a final answer stops stating its result and starts justifying it. */
const JUSTIFICATION = /[,;]?\s+(?:since|because|car|puisque|parce que)\s+.*$/i;

function parseNumber(raw: string): { value: number; decimals: number } {
  const clean = raw.replace(/ /g, '').replace(',', '.');
  const dot = clean.indexOf('.');
  return { value: Number(clean), decimals: dot < 0 ? 0 : clean.length - dot - 1 };
}

/** The first quantity of a folded piece of text ("u=6,0v" → 6.0 v; "p=€75" → 75 €), or null. */
function firstQuantity(folded: string, text: string): Quantity | null {
  const right = folded.includes('=') ? folded.slice(folded.lastIndexOf('=') + 1) : folded;
  const m = new RegExp(NUMBER).exec(right);
  if (!m) return null;
  const { value, decimals } = parseNumber(m[0]);
  const before = right.slice(0, m.index).trimEnd();
  const after = right.slice(m.index + m[0].length).trimStart();
  let unit: string | null = null;
  if (CURRENCY.test(before.slice(-1))) unit = before.slice(-1);
  else {
    const u = UNIT_AFTER.exec(after);
    if (u) unit = u[1].replace(/\s/g, '');
  }
  return { text, value, decimals, unit };
}

/**
 * The quantities a final answer requires, in order: the result is what comes before a
 * justification ("since z = ...", "car ..."); parts separated by ';' or ', ' are separate
 * quantities ("U = 6,0 V ; P = 0,24 W"), and a number in brackets after one is another form of it
 * ("0.9332 (about 93.3%)"). Brackets without a number ("(grandeur sans unité)") are ignored.
 */
export function parseFinalAnswer(finalAnswer: string): RequiredQuantity[] {
  const result = finalAnswer.replace(JUSTIFICATION, '');
  const out: RequiredQuantity[] = [];
  for (const part of result.split(/\s*;\s*|,\s+/)) {
    const main = part.replace(/\([^)]*\)/g, ' ').trim();
    const q = firstQuantity(foldText(main), main);
    if (!q) continue;
    const forms = [q];
    for (const [, inside] of part.matchAll(/\(([^)]*)\)/g)) {
      const alt = firstQuantity(foldText(inside), inside.trim());
      if (alt) forms.push(alt);
    }
    out.push({ text: part.trim(), forms });
  }
  return out;
}

/** Whether `candidate` states `expected` to its precision: equal, or more precise and rounding to it. */
function sameValue(candidate: { value: number; decimals: number }, expected: Quantity): boolean {
  if (!Number.isFinite(candidate.value)) return false;
  if (candidate.decimals <= expected.decimals) return Math.abs(candidate.value - expected.value) < 1e-9;
  return Math.abs(candidate.value - expected.value) <= 0.5 * 10 ** -expected.decimals + 1e-9;
}

function unitAt(folded: string, from: number, unit: string): boolean {
  const rest = folded.slice(from).replace(/^ /, '');
  return (UNIT_ALIASES[unit] ?? [unit]).some((alias) => rest.startsWith(alias) && !isLetter(rest[alias.length]));
}

/** Whether `text` states the quantity: its number (to its precision) with its unit next to it. */
export function containsQuantity(text: string, quantity: Quantity): boolean {
  const folded = foldText(text);
  for (const m of folded.matchAll(new RegExp(NUMBER, 'g'))) {
    let at = m.index ?? 0;
    let raw = m[0];
    // A minus sign right after a word, a number or a bracket is a subtraction ("120-3q"): not the number's.
    if (raw.startsWith('-') && /[\p{L}\d)]/u.test(folded[at - 1] ?? '')) {
      raw = raw.slice(1);
      at += 1;
    }
    // Part of a word ("x2") or of a longer number.
    if (isDigit(folded[at - 1]) || isLetter(folded[at - 1])) continue;
    if (!sameValue(parseNumber(raw), quantity)) continue;
    if (quantity.unit === null) return true;
    if (unitAt(folded, at + raw.length, quantity.unit)) return true;
    if (CURRENCY.test(quantity.unit) && folded.slice(0, at).trimEnd().endsWith(quantity.unit)) return true;
  }
  return false;
}

/** The required quantities that `text` does not state in any of their forms. */
export function missingQuantities(text: string, required: readonly RequiredQuantity[]): RequiredQuantity[] {
  return required.filter((r) => !r.forms.some((q) => containsQuantity(text, q)));
}

// ---- Judging one answer ----

/** An item of the set that has an answer in the course. */
export interface ExpectedAnswer {
  page: number;
  expect: readonly string[];
  also_pages?: readonly number[];
}

/**
 * The answer's text (folded) without the question repeated in it ("Objectif : répondre à « ... »"):
 * a token or a number that the answer only echoes from the question does not count.
 */
export function withoutEcho(text: string, question?: string): string {
  const folded = foldText(text);
  const q = question ? foldText(question) : '';
  return q ? folded.split(q).join('|') : folded;
}

const pagesOf = (citations: readonly Pick<Citation, 'page'>[]): number[] => [...new Set(citations.map((c) => c.page))].sort((a, b) => a - b);

/**
 * Why an answer is not right, or null when it is: it must be found, hold every `expect` token
 * (beyond a repeat of the question `q`), and cite `page` or one of `also_pages` (of `fileId`, when given). Reasons: "refused", "missing tokens
 * [...]", "wrong page [cited ...; expected ...]" (the last two may come together).
 */
export function judgeAnswer(answer: Answer, item: ExpectedAnswer & { q?: string }, fileId?: string): string | null {
  if (!answer.found) return 'refused';
  const reasons: string[] = [];
  const missing = missingTokens(withoutEcho(answerText(answer), item.q), item.expect);
  if (missing.length) reasons.push(`missing tokens [${missing.join(', ')}]`);
  const citations = answerCitations(answer);
  if (!citesPage(citations, rightPages(item), fileId)) reasons.push(`wrong page [cited ${pagesOf(citations).join(',') || 'none'}; expected ${rightPages(item).join(',')}]`);
  return reasons.length ? reasons.join('; ') : null;
}

/**
 * Why an exercise answer is not right, or null when it is: found, every quantity of the final
 * answer stated (number to its precision, unit next to it; a repeat of the statement `q` does not
 * count), and the worked example's page cited.
 */
export function judgeExercise(answer: Answer, exercise: { final_answer: string; page: number; q?: string }, fileId?: string): string | null {
  if (!answer.found) return 'refused';
  const reasons: string[] = [];
  const missing = missingQuantities(withoutEcho(answerText(answer), exercise.q), parseFinalAnswer(exercise.final_answer));
  if (missing.length) reasons.push(`missing result [${missing.map((m) => m.text).join(' ; ')}]`);
  const citations = answerCitations(answer);
  if (!citesPage(citations, [exercise.page], fileId)) reasons.push(`wrong page [cited ${pagesOf(citations).join(',') || 'none'}; expected ${exercise.page}]`);
  return reasons.length ? reasons.join('; ') : null;
}
