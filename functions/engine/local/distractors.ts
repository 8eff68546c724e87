// The wrong options of a multiple-choice question: of the same kind as the answer (terms with
// terms, definitions with definitions of other terms, dates with dates, numbers with numbers in
// the same unit, persons with persons, formulas with formulas), taken from the course — the same
// file first, then the subject — and, for numbers, dates and formulas, computed when the course
// has too few. Easy questions get distractors far from the answer (other chapters, clearly
// different values); hard ones close ones (same section, similar terms, near values, a formula
// with one change). A distractor is never the answer, never written in the cited sentences
// (which would make it a second supported option), and never equal or equivalent to another
// option once case, accents and blanks are ignored (the same content words, the same number).
import type { CourseLanguage, QuizDifficulty } from '../../core/artefacts.js';
import { sameMeaning } from './sanity.js';
import { toMathSyntax } from './equations.js';
import { isContentToken, tokenize } from './key-terms.js';
import { math } from './quantities.js';
import { capitalize, fold, type DateFact, type DefinitionFact, type Fact, type FormulaFact, type KeyTermFact, type NumberFact, type PersonFact } from './quiz-facts.js';
import type { CourseTerm } from './quiz-keyterms.js';

export const DISTRACTOR_COUNT = 3;

/** What every distractor of a question is checked against. */
export interface Guard {
  answer: string;
  /** The course's language: options meaning the same (sanity.ts) are compared in it. */
  lang: CourseLanguage;
  /** Folded quotes of the cited sentences: a distractor written there would be supported too. */
  quotes: string[];
  /** Reject a distractor containing the answer or contained in it (terms and names). */
  nested: boolean;
}

interface Candidate {
  text: string;
  /** Lower first: e.g. the file’s defined terms (0) before its key terms (1) and other files’ terms. */
  tier: number;
  sameFile: boolean;
  /** Higher is closer to the answer (similar, same section, near value). */
  closeness: number;
}

/** True when `text` may be offered beside the answer and the options already `taken` (folded). */
function acceptable(text: string, guard: Guard, taken: string[]): boolean {
  const f = fold(text);
  const answer = fold(guard.answer);
  if (!f || f === answer || taken.includes(f)) return false;
  // The same meaning in other words ("la masse du corps" / "masse des corps", "0,5" / "1/2"): a second right option.
  if ([answer, ...taken].some((o) => sameMeaning(o, f, guard.lang))) return false;
  if (guard.quotes.some((q) => containsWord(q, f))) return false;
  if (guard.nested && (containsWord(f, answer) || containsWord(answer, f))) return false;
  return true;
}

/** Whether `needle` occurs in `haystack` as whole words (both folded). */
function containsWord(haystack: string, needle: string): boolean {
  for (let i = haystack.indexOf(needle); i >= 0; i = haystack.indexOf(needle, i + 1)) {
    const before = haystack[i - 1];
    const after = haystack[i + needle.length];
    if ((!before || !/[\p{L}\p{N}]/u.test(before)) && (!after || !/[\p{L}\p{N}]/u.test(after))) return true;
  }
  return false;
}

/** Up to three candidates: the same file first, then by closeness (hard) or distance (easy). */
function choose(candidates: Candidate[], difficulty: QuizDifficulty, guard: Guard): string[] {
  const sorted = candidates
    .map((c, i) => ({ c, i }))
    .sort(
      (a, b) =>
        a.c.tier - b.c.tier ||
        Number(b.c.sameFile) - Number(a.c.sameFile) ||
        (difficulty === 'hard' ? b.c.closeness - a.c.closeness : a.c.closeness - b.c.closeness) ||
        a.i - b.i,
    );
  const taken: string[] = [];
  const out: string[] = [];
  for (const { c } of sorted) {
    if (out.length === DISTRACTOR_COUNT) break;
    if (!acceptable(c.text, guard, taken)) continue;
    taken.push(fold(c.text));
    out.push(c.text);
  }
  return out;
}

/** Takes from `ordered` in order, then from `fallback`, until three are found. */
function fill(ordered: string[], fallback: string[], guard: Guard): string[] {
  const taken: string[] = [];
  const out: string[] = [];
  for (const text of [...ordered, ...fallback]) {
    if (out.length === DISTRACTOR_COUNT) break;
    if (!acceptable(text, guard, taken)) continue;
    taken.push(fold(text));
    out.push(text);
  }
  return out;
}

// ---- Closeness of two facts in the course ----

const stemMemo = new Map<string, Set<string>>();
const MAX_MEMO = 20_000;

/** Content stems of a term or definition (memoised: every question compares the same pool). */
function stemsOf(text: string, fact: Fact): Set<string> {
  const key = `${fact.lang}|${text}`;
  let set = stemMemo.get(key);
  if (!set) {
    set = new Set(tokenize(text, fact.lang).filter(isContentToken).map((t) => t.stem));
    if (stemMemo.size >= MAX_MEMO) stemMemo.clear();
    stemMemo.set(key, set);
  }
  return set;
}

function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const x of a) if (b.has(x)) shared++;
  return shared / (a.size + b.size - shared);
}

/** Same section, near in the document, and (for terms) sharing words. */
function placeCloseness(fact: Fact, other: Fact): number {
  const a = fact.sentence;
  const b = other.sentence;
  const sameFile = a.page.file_id === b.page.file_id;
  const sameSection = sameFile && a.section === b.section && a.section >= 0;
  const distance = sameFile ? Math.abs(a.index - b.index) : 1000;
  return (sameSection ? 2 : 0) + 1 / (1 + distance / 10);
}

const sameFile = (fact: Fact, other: Fact) => fact.sentence.page.file_id === other.sentence.page.file_id;

// ---- Terms and definitions ----

/**
 * Other terms of the course: the file's defined terms, then the file's key terms (when it defines
 * too few), then those of the other files; among them, similar ones (shared words, same section)
 * for hard questions and distant ones for easy questions.
 */
export function termDistractors(
  fact: DefinitionFact | KeyTermFact,
  pool: readonly DefinitionFact[],
  keyTerms: () => readonly CourseTerm[],
  difficulty: QuizDifficulty,
  guard: Guard,
): string[] {
  const mine = stemsOf(fact.term, fact);
  const candidates: Candidate[] = [];
  for (const other of pool) {
    if (other.subject === fact.subject) continue;
    const same = sameFile(fact, other);
    candidates.push({ text: capitalize(other.term), tier: same ? 0 : 2, sameFile: same, closeness: 3 * jaccard(mine, stemsOf(other.term, other)) + placeCloseness(fact, other) });
  }
  const fromFile = choose(
    candidates.filter((c) => c.tier === 0),
    difficulty,
    guard,
  );
  if (fromFile.length === DISTRACTOR_COUNT) return fromFile;
  for (const t of keyTerms()) {
    const at = t.first.get(fact.sentence.page.file_id);
    const place = at ? (at.section === fact.sentence.section ? 2 : 0) + 1 / (1 + Math.abs(at.index - fact.sentence.index) / 10) : 0;
    candidates.push({ text: capitalize(t.term), tier: at ? 1 : 3, sameFile: !!at, closeness: 3 * jaccard(mine, t.stems) + place });
  }
  return choose(candidates, difficulty, guard);
}

/** What other terms are: definitions of the same shape (noun phrases with noun phrases, clauses with clauses). */
export function definitionDistractors(fact: DefinitionFact, pool: readonly DefinitionFact[], difficulty: QuizDifficulty, guard: Guard): string[] {
  const mine = stemsOf(`${fact.term} ${fact.body ?? ''}`, fact);
  const candidates: Candidate[] = [];
  for (const other of pool) {
    // A clause among noun phrases (or the reverse) would give the answer away.
    if (other.subject === fact.subject || !other.body || other.shape !== fact.shape) continue;
    candidates.push({
      text: capitalize(other.body),
      tier: 0,
      sameFile: sameFile(fact, other),
      closeness: 3 * jaccard(mine, stemsOf(`${other.term} ${other.body}`, other)) + placeCloseness(fact, other),
    });
  }
  return choose(candidates, difficulty, guard);
}

export function personDistractors(fact: PersonFact, pool: readonly PersonFact[], difficulty: QuizDifficulty, guard: Guard): string[] {
  const candidates: Candidate[] = [];
  for (const other of pool) {
    if (other.subject === fact.subject) continue;
    candidates.push({ text: other.name, tier: 0, sameFile: sameFile(fact, other), closeness: placeCloseness(fact, other) });
  }
  return choose(candidates, difficulty, guard);
}

// ---- Numbers ----

/** Near values (hard) or clearly different ones (easy), as factors of the answer. */
const NUMBER_FACTORS: Record<QuizDifficulty, number[]> = {
  hard: [1.5, 0.5, 2, 0.75, 1.25, 0.8, 2.5, 0.4],
  easy: [10, 0.1, 5, 0.2, 100, 0.01, 20],
};
const NUMBER_BANDS: Record<QuizDifficulty, (ratio: number) => boolean> = {
  hard: (r) => r > 1 && r <= 2.5,
  easy: (r) => r >= 4,
};

/** Percentages between 0 and 100: a few points away (hard) or tens of points away (easy). */
function shares(value: number, difficulty: QuizDifficulty): number[] {
  const deltas = difficulty === 'hard' ? [5, -5, 10, -10, 15, -15, 3, -3] : [40, -40, 55, -55, 30, -30, 70, -70];
  return deltas.map((d) => value + d).filter((v) => v > 0 && v < 100);
}

function ratio(a: number, b: number): number {
  if (a === 0 || b === 0 || Math.sign(a) !== Math.sign(b)) return Infinity;
  return Math.max(a / b, b / a);
}

/** Significant digits the course writes the answer with (2 to 4). */
function significantDigits(fact: NumberFact): number {
  const digits = fact.written.slice(fact.prefix.length, fact.written.length - fact.suffix.length).replace(/[^\d]/gu, '').replace(/^0+/u, '');
  return Math.min(4, Math.max(2, digits.replace(/0+$/u, '').length));
}

/** The thousands separator a written number uses ("10,000 km" → ","; "1 000 kg" → " "), if any. */
function groupingOf(written: string, lang: NumberFact['lang']): string | null {
  const group = /\d([ \u00a0\u202f,])\d{3}(?!\d)/u.exec(written);
  return group && (lang === 'fr' || group[1] === ',') ? group[1] : null;
}

/** A computed value written as the course writes the answer: same decimal style, grouping, unit and counted noun. */
export function writeLike(fact: NumberFact, value: number, grouping: string | null = groupingOf(fact.written, fact.lang)): string | null {
  const abs = Math.abs(value);
  if (!Number.isFinite(value) || value === 0 || abs >= 1e7 || abs < 1e-4) return null;
  let x = Number(value.toPrecision(significantDigits(fact)));
  if (fact.decimals === 0 && Number.isInteger(fact.value) && abs >= 1) x = Math.round(x);
  // "1 dollars": a count of one would need the singular.
  if (x === 1 && /\p{L}s$/u.test(fact.suffix)) return null;
  // A share in percent stays a share: no "120 %" for a 78 % answer.
  if (/%/u.test(fact.suffix) && fact.value <= 100 && x >= 100) return null;
  let s = String(x);
  if (/e/u.test(s)) return null;
  if (fact.lang === 'fr') s = s.replace('.', ',');
  // Thousands grouped as the course groups them ("10,000 km", "1 000 kg/m³").
  if (grouping) s = s.replace(/^(-?\d+)/u, (int) => int.replace(/\B(?=(\d{3})+(?!\d))/gu, grouping));
  return `${fact.prefix}${s}${fact.suffix}`;
}

/** Values of the same unit from the course within the difficulty's band, else computed ones. */
export function numberDistractors(fact: NumberFact, pool: readonly NumberFact[], difficulty: QuizDifficulty, guard: Guard): string[] {
  const inBand = NUMBER_BANDS[difficulty];
  const course = pool
    .filter((o) => o.subject !== fact.subject && o.prefix === fact.prefix && o.suffix === fact.suffix && o.unit === fact.unit && inBand(ratio(o.value, fact.value)))
    .sort((a, b) => Number(sameFile(fact, b)) - Number(sameFile(fact, a)) || ratio(a.value, fact.value) - ratio(b.value, fact.value))
    .map((o) => o.written);
  const peers = pool.filter((o) => o.suffix === fact.suffix && o.prefix === fact.prefix);
  const grouping = groupingOf(fact.written, fact.lang) ?? peers.map((o) => groupingOf(o.written, o.lang)).find((g) => g) ?? null;
  const values = /%/u.test(fact.suffix) && fact.value > 0 && fact.value < 100 ? shares(fact.value, difficulty) : NUMBER_FACTORS[difficulty].map((k) => fact.value * k);
  const computed = values.map((v) => writeLike(fact, v, grouping)).filter((s): s is string => !!s);
  return fill(course.slice(0, 1), computed.concat(course.slice(1)), guard);
}

// ---- Dates ----

/** The latest year a computed date may take (the course's dates are in the past). */
const LATEST_YEAR = 2024;
const YEAR_DELTAS: Record<QuizDifficulty, number[]> = {
  hard: [3, -4, 7, -9, 12, -2, 15, -6],
  easy: [60, -85, 120, -150, 45, -200, 250],
};
const CENTURY_DELTAS: Record<QuizDifficulty, number[]> = { hard: [1, -1, 2, -2], easy: [5, -5, 7, -7, 4, -4] };
const DECADE_DELTAS: Record<QuizDifficulty, number[]> = { hard: [10, -10, 20, -20, 30], easy: [60, -100, 150, -200, 80] };
const YEAR_BANDS: Record<QuizDifficulty, (delta: number) => boolean> = {
  hard: (d) => d > 0 && d <= 25,
  easy: (d) => d >= 40,
};

function shiftedYear(year: number, delta: number): number | null {
  const y = year + delta <= LATEST_YEAR ? year + delta : year - delta;
  return y >= 1000 && y <= LATEST_YEAR && y !== year ? y : null;
}

function romanOf(n: number): string {
  const table: [number, string][] = [[10, 'X'], [9, 'IX'], [5, 'V'], [4, 'IV'], [1, 'I']];
  let out = '';
  let rest = n;
  for (const [v, r] of table) {
    while (rest >= v) {
      out += r;
      rest -= v;
    }
  }
  return out;
}

function ordinalOf(n: number): string {
  const suffix = n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th';
  return `${n}${suffix}`;
}

/** Century n written like the answer ("XVIIe siècle", "17th century"). */
function centuryLike(answer: string, n: number): string | null {
  if (n < 1 || n > 21) return null;
  const fr = /^([IVXL]+)(e|ème|è)(\s+siècle)$/u.exec(answer);
  if (fr) return `${romanOf(n)}${fr[2]}${fr[3]}`;
  const en = /^(\d{1,2})(?:st|nd|rd|th)(\s+century)$/iu.exec(answer);
  return en ? `${ordinalOf(n)}${en[2]}` : null;
}

function computedDates(fact: DateFact, difficulty: QuizDifficulty): string[] {
  const { text, year } = fact.date;
  if (fact.form === 'century') {
    const n = Math.round((year + 50) / 100);
    return CENTURY_DELTAS[difficulty].map((d) => centuryLike(text, n + d)).filter((s): s is string => !!s);
  }
  const deltas = fact.form === 'decade' ? DECADE_DELTAS[difficulty] : YEAR_DELTAS[difficulty];
  const out: string[] = [];
  for (const d of deltas) {
    const y = shiftedYear(year, d);
    if (y !== null) out.push(text.replace(String(year), String(y)));
  }
  return out;
}

/** Same form of date (years with years, full dates with full dates…), near (hard) or far (easy) in time. */
export function dateDistractors(fact: DateFact, pool: readonly DateFact[], difficulty: QuizDifficulty, guard: Guard): string[] {
  const inBand = YEAR_BANDS[difficulty];
  const scale = fact.form === 'century' ? 100 : 1;
  const course: { text: string; delta: number; same: boolean }[] = [];
  for (const o of pool) {
    if (o.subject === fact.subject) continue;
    const delta = Math.abs(o.date.year - fact.date.year) / scale;
    // A year question takes the years of other events, whatever their form (but centuries).
    const text = fact.form === 'year' && o.form !== 'century' && o.form !== 'decade' ? String(o.date.year) : o.form === fact.form ? o.date.text : null;
    const bandDelta = fact.form === 'century' ? delta * 25 : delta;
    if (text && inBand(bandDelta)) course.push({ text, delta, same: sameFile(fact, o) });
  }
  course.sort((a, b) => Number(b.same) - Number(a.same) || a.delta - b.delta);
  // Two course dates a year apart ("1850", "1851") make one distractor, not two.
  const texts: string[] = [];
  const years: number[] = [];
  for (const o of course) {
    const y = Number(/\d{4}/u.exec(o.text)?.[0] ?? NaN);
    if (Number.isFinite(y) && years.some((x) => Math.abs(x - y) < 3)) continue;
    if (Number.isFinite(y)) years.push(y);
    texts.push(o.text);
  }
  return fill(texts.slice(0, 2), computedDates(fact, difficulty).concat(texts.slice(2)), guard);
}

// ---- Formulas ----

interface Variant {
  text: string;
  /** How many changes from the course's formula (1: one slip). */
  distance: number;
}

const OPERATOR_RE = /\s*([×*·∙/+−-])\s*/gu;
const ATOM_RE = /^(?:[\p{L}Δ][\p{L}\p{N}_]{0,5}[²³]?|\d+(?:[.,]\d+)?(?:\/\d+)?)$/u;

/** Operands and operators of a right-hand side written without parentheses ("1/2 × m × v²"). */
function splitExpression(rhs: string): { operands: string[]; operators: string[] } | null {
  if (/[()]/u.test(rhs)) return null;
  // "1/2" is one number.
  const protectedRhs = rhs.replace(/(\d)\s*\/\s*(\d)/gu, '$1\u2044$2');
  const operands: string[] = [];
  const operators: string[] = [];
  let last = 0;
  for (const m of protectedRhs.matchAll(OPERATOR_RE)) {
    operands.push(protectedRhs.slice(last, m.index).trim());
    operators.push(m[1]);
    last = (m.index ?? 0) + m[0].length;
  }
  operands.push(protectedRhs.slice(last).trim());
  if (operands.some((o) => !o)) return null;
  return { operands: operands.map((o) => o.replace(/\u2044/gu, '/')), operators };
}

function join(operands: string[], operators: string[]): string {
  let s = operands[0];
  for (let i = 0; i < operators.length; i++) s += ` ${operators[i]} ${operands[i + 1]}`;
  return s;
}

/** The formula with one slip (a power, a factor, an operator, a quotient upside down) or two. */
function formulaVariants(rhs: string): Variant[] {
  const parts = splitExpression(rhs);
  if (!parts) return [];
  const { operands, operators } = parts;
  const times = operators.find((o) => /[×*·∙]/u.test(o)) ?? '×';
  const out: Variant[] = [];
  if (operators.length === 1 && operators[0] === '/') out.push({ text: join([operands[1], operands[0]], operators), distance: 1 });
  operands.forEach((op, i) => {
    const replace = (value: string, distance: number) => {
      const next = [...operands];
      next[i] = value;
      out.push({ text: join(next, operators), distance });
    };
    if (/[²³]$/u.test(op)) {
      replace(op.slice(0, -1), 1);
      replace(`${op.slice(0, -1)}${op.endsWith('²') ? '³' : '²'}`, 1);
    } else if (/^\d/u.test(op)) {
      if (op === '1/2') replace('2', 1);
      else replace(String(Number(op.replace(',', '.')) * 2).replace('.', ','), 1);
      if (operators.length > 0) {
        const rest = operands.filter((_, k) => k !== i);
        const ops = operators.filter((_, k) => k !== Math.max(0, i - 1));
        out.push({ text: join(rest, ops), distance: 1 });
      }
    } else if (ATOM_RE.test(op) && op.length <= 3) {
      replace(`${op}²`, 2);
    }
  });
  operators.forEach((op, i) => {
    const alternatives = /[×*·∙]/u.test(op) ? ['/'] : op === '/' ? [times] : op === '+' ? ['−'] : ['+'];
    for (const alt of alternatives) {
      const next = [...operators];
      next[i] = alt;
      out.push({ text: join(operands, next), distance: 2 });
    }
  });
  return out;
}

/** A chemical equation with a coefficient changed, or read backwards. */
function equationVariants(fact: FormulaFact): Variant[] {
  const out: Variant[] = [];
  const species = [...fact.written.matchAll(/(?<![\p{L}\p{N}])(\d*)([A-Z][A-Za-z0-9]*)/gu)];
  for (const m of species) {
    const coef = m[1] ? Number(m[1]) : 1;
    const changed = coef === 1 ? '2' : coef % 2 === 0 ? String(coef / 2) : String(coef * 2);
    const at = m.index ?? 0;
    out.push({ text: `${fact.written.slice(0, at)}${changed}${m[2]}${fact.written.slice(at + m[0].length)}`, distance: 1 });
  }
  out.push({ text: `${fact.rhs} ${fact.relation} ${fact.lhs}`, distance: 2 });
  return out;
}

const isSymbolic = (rhs: string) => {
  const parts = splitExpression(rhs);
  return !!parts && parts.operands.every((o) => ATOM_RE.test(o));
};

const sampleMemo = new Map<string, number[] | null>();

/** Evaluates an expression at fixed points; null when it cannot be read (memoised: pools repeat). */
function samples(expression: string, symbols: string[]): number[] | null {
  const key = `${expression}|${symbols.join(',')}`;
  let hit = sampleMemo.get(key);
  if (hit === undefined) {
    hit = evaluateAt(expression, symbols);
    if (sampleMemo.size >= MAX_MEMO) sampleMemo.clear();
    sampleMemo.set(key, hit);
  }
  return hit;
}

function evaluateAt(expression: string, symbols: string[]): number[] | null {
  try {
    const compiled = math.compile(toMathSyntax(expression));
    return [1.37, 2.91, 4.43].map((base, k) => {
      const scope: Record<string, number> = {};
      symbols.forEach((sym, i) => (scope[sym] = base + 0.71 * i + 0.13 * k * i));
      const v = compiled.evaluate(scope) as unknown;
      return typeof v === 'number' ? v : NaN;
    });
  } catch {
    return null;
  }
}

function symbolsIn(rhs: string): string[] {
  return [...new Set((rhs.match(/[\p{L}Δ][\p{L}\p{N}_]*/gu) ?? []).filter((s) => s !== 'pi'))];
}

/** False when `variant` gives the same values as `rhs` (a commuted product is the same formula). */
function differs(rhs: string, variant: string): boolean {
  if (!isSymbolic(rhs) || !isSymbolic(variant)) return fold(rhs).replace(/\s+/gu, '') !== fold(variant).replace(/\s+/gu, '');
  const symbols = [...new Set([...symbolsIn(toMathSyntax(rhs)), ...symbolsIn(toMathSyntax(variant))])];
  const a = samples(rhs, symbols);
  const b = samples(variant, symbols);
  if (!a || !b) return true;
  return a.some((x, i) => !Number.isFinite(x) || !Number.isFinite(b[i]) || Math.abs(x - b[i]) > 1e-9 * Math.max(1, Math.abs(x)));
}

/** Formulas with one slip (hard) or other formulas of the course given for the same quantity (easy). */
export function formulaDistractors(fact: FormulaFact, pool: readonly FormulaFact[], difficulty: QuizDifficulty, guard: Guard): string[] {
  const write = (rhs: string) => `${fact.lhs} ${fact.relation} ${rhs}`;
  const lhsRe = new RegExp(`(?<![\\p{L}\\p{N}_])${fact.lhs.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}_])`, 'u');
  const others = pool
    .filter((o) => o.subject !== fact.subject && o.chemical === fact.chemical && (fact.chemical || !lhsRe.test(o.rhs)))
    .map((o) => ({ o, same: sameFile(fact, o), closeness: placeCloseness(fact, o) }))
    .sort((a, b) => Number(b.same) - Number(a.same) || (difficulty === 'hard' ? b.closeness - a.closeness : a.closeness - b.closeness))
    .map(({ o }) => (fact.chemical ? o.written : write(o.rhs)))
    .filter((text) => fact.chemical || differs(fact.rhs, text.slice(text.indexOf(fact.relation) + 1).trim()));
  const variants = (fact.chemical ? equationVariants(fact) : formulaVariants(fact.rhs).map((v) => ({ ...v, text: write(v.text) })))
    .filter((v) => fact.chemical || differs(fact.rhs, v.text.slice(v.text.indexOf(fact.relation) + 1).trim()))
    .sort((a, b) => (difficulty === 'hard' ? a.distance - b.distance : b.distance - a.distance))
    .map((v) => v.text);
  return difficulty === 'hard' ? fill(variants, others, guard) : fill(others, variants, guard);
}
