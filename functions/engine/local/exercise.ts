// Exercises: the data of the question (numbers and units) matched to the symbols of a course
// formula, the formula rearranged for the quantity asked, and the result computed by mathjs with
// its unit — through one intermediate formula when needed (speed from distance and time, then
// kinetic energy); or, when no formula gives the quantity asked, a value read in the course's table
// for a key a formula computes (z, then Φ(z)). Logarithms are decimal ("log") or natural ("ln") as
// courses write them, taken of the number in the symbol's unit. Each step cites the course's worked
// example that applies the same formula, when it has one. A number is never produced without a
// formula (or a table) from the course and data from the question; when either is missing the plan
// is null and the caller falls back to the course's method.
import type { MathNode } from 'mathjs';
import { foldText } from '../../core/fold.js';
import { isStopWord, terms } from '../text/index.js';
import type { CourseLanguage } from '../../core/artefacts.js';
import type { CourseAnalysis, SentenceInfo } from './analysis.js';
import { displayExpression, namedFormulary, solveFor, symbolsOf, type Constant, type Equation, type Variable } from './equations.js';
import { formatGiven, formatNumber, formatValue, parseQuantities, requestedUnits, sameDimension, toValue, type Quantity, type Value } from './quantities.js';
import { isQuestionWord } from './question.js';
import { courseTables, namingSentences, readValue, seriesStems, type TableRead } from './tables.js';
import { workedInstance, workedReading } from './worked.js';

export interface Given {
  symbol: string;
  value: Value;
  /** As the calculation shows it ("45 km", "9,81 N/kg"). */
  written: string;
  origin: 'question' | 'constant' | 'computed';
  /** As a function's argument shows it, without its unit ("5 × 10^(−4)" in "−log(…)"). */
  bare?: string;
  constant?: Constant;
}

export interface CalcStep {
  equation: Equation;
  variable: Variable;
  /** The formula rearranged for the variable ("d = v × t"), or null when it is already alone. */
  rearranged: string | null;
  givens: Given[];
  /** "v = d / t = (45 km) / (1,5 h)". */
  expression: string;
  value: Value;
  /** The value as shown, in the unit asked for or the course's unit ("30 km/h"). */
  result: string;
  /** Other units the result is also given in (asked for, or mathjs's readable choice). */
  conversions: string[];
  /** The course's worked example applying the same formula to its own numbers, when it has one. */
  worked?: { sentence: SentenceInfo; text: string } | null;
  /** A value read in the course's table for the key computed before it (no formula then). */
  lookup?: TableRead;
}

export interface ExercisePlan {
  steps: CalcStep[];
  /** The last step: the quantity the question asks for. */
  final: CalcStep;
}

/** A formula that matched the question but lacked data: what is missing, for an honest message. */
export interface MissingData {
  equation: Equation;
  missing: Variable[];
}

const ASK_RE =
  /(?:calcul\p{L}*|détermin\p{L}*|determin\p{L}*|trouv\p{L}*|exprim\p{L}*|déduire|que vaut|quel(?:le)?s?(?:\s+(?:est|sont))?|comput\p{L}*|find|work out|what is|what are|how (?:much|many|long|far|fast)|estimat\p{L}*)\s+(.+)$/iu;

/** Joins the quantities a question asks for one after the other: "calculer U, puis P", "find Q, then P". */
const THEN_RE = /,?\s+(?:puis|ensuite|and then|then)\s+|,\s+(?:et|and)\s+/iu;

/**
 * Every quantity the question asks to compute, in order: "Calculer la tension U à ses bornes, puis la
 * puissance P qu'elle reçoit" asks U, then P (the first computed, then used to find the next).
 */
export function askedTargets(question: string, lang: CourseLanguage): { stems: string[]; symbols: string[] }[] {
  const parts = question.split(/[.?!;\n]+/u).filter((p) => p.trim());
  for (let i = parts.length - 1; i >= 0; i--) {
    const m = ASK_RE.exec(parts[i]);
    if (!m) continue;
    const phrases = m[1].split(THEN_RE);
    // "…en km/h, puis en m/s" asks one quantity in two units: a later part is another quantity only
    // when it names one ("puis la puissance P").
    const later = phrases
      .slice(1)
      .filter((p) => !/^\s*(?:en|in|into|dans)\s/iu.test(p))
      .map((p) => askedIn(p, lang))
      .filter((t) => t.stems.length > 0);
    return [askedFor(parts[i], lang), ...later];
  }
  return [];
}

/** What a phrase of the question asks for: its words, and the symbol it names. */
function askedIn(phrase: string, lang: CourseLanguage): { stems: string[]; symbols: string[] } {
  const head = phrase.split(/\s(?:en|in|à partir|from|sachant|knowing|si|if)\s|,|\d/u)[0];
  const stems = terms(head, lang).filter((t) => !isQuestionWord(t, lang));
  const symbols = (head.match(/(?<![\p{L}\p{N}'’])[\p{L}Δ][\p{L}\p{N}_]{0,2}(?![\p{L}\p{N}'’])/gu) ?? []).filter(
    (w) => !isStopWord(foldText(w), lang) && (w.length <= 2 || /\p{Lu}/u.test(w)),
  );
  return { stems, symbols };
}

/** The words naming what the question asks to compute, and a symbol if it names one ("calculer v"). */
export function askedFor(question: string, lang: CourseLanguage): { stems: string[]; symbols: string[] } {
  const parts = question.split(/[.?!;\n]+/u).filter((p) => p.trim());
  for (let i = parts.length - 1; i >= 0; i--) {
    const m = ASK_RE.exec(parts[i]);
    if (!m) continue;
    // Stop at the data and at the unit asked for: "sa vitesse moyenne en km/h, puis en m/s".
    const phrase = m[1].split(/\s(?:en|in|à partir|from|sachant|knowing|si|if)\s|,|\d/u)[0];
    const stems = terms(phrase, lang).filter((t) => !isQuestionWord(t, lang));
    // A symbol named in the question ("calculer v", "find Ec"): short, not a word, not an elision ("d'un").
    const symbols = (phrase.match(/(?<![\p{L}\p{N}'’])[\p{L}Δ][\p{L}\p{N}_]{0,2}(?![\p{L}\p{N}'’])/gu) ?? []).filter(
      (w) => !isStopWord(foldText(w), lang) && (w.length <= 2 || /\p{Lu}/u.test(w)),
    );
    return { stems, symbols };
  }
  return { stems: [], symbols: [] };
}

function overlap(a: ReadonlySet<string>, b: readonly string[]): number {
  let n = 0;
  for (const x of b) if (a.has(x)) n++;
  return n;
}

function pairScore(v: Variable, q: Quantity): number {
  let score = 0;
  if (q.symbol === v.symbol) score += 10;
  const value = toValue(q);
  if (v.unit && q.unit) score += sameDimension(value, v.unit) ? 4 : -100;
  else if (v.unit && !q.unit) score -= 3;
  else if (!v.unit && !q.unit) score += 1;
  score += 2 * overlap(v.stems, q.context);
  return score;
}

/** Question data given to each symbol: the best-scoring pairs first, each datum used once. */
function assign(vars: Variable[], qs: Quantity[], taken: ReadonlySet<Quantity>): Map<string, Quantity> {
  const pairs: { v: Variable; q: Quantity; score: number }[] = [];
  for (const v of vars) for (const q of qs) if (!taken.has(q)) pairs.push({ v, q, score: pairScore(v, q) });
  pairs.sort((a, b) => b.score - a.score);
  const out = new Map<string, Quantity>();
  const used = new Set<Quantity>();
  for (const { v, q, score } of pairs) {
    if (score < 1 || out.has(v.symbol) || used.has(q)) continue;
    out.set(v.symbol, q);
    used.add(q);
  }
  // One symbol the course gives no unit ("X" in "Z = (X − μ) / σ") and one datum left
  // over that no other symbol took: that datum is the symbol's value.
  // (A unit the course does not state, only the symbol's usual one, does not count against it.)
  const open = vars.filter((v) => !out.has(v.symbol) && (!v.unit || v.conventional));
  const left = qs.filter((q) => !taken.has(q) && !used.has(q) && !q.symbol);
  const fits = (v: Variable, q: Quantity) => !q.unit || !v.unit || sameDimension(toValue(q), v.unit);
  if (open.length === 1 && left.length === 1 && out.size > 0 && fits(open[0], left[0])) out.set(open[0].symbol, left[0]);
  return out;
}

const solvedCache = new WeakMap<Equation, Map<string, MathNode | null>>();
function solved(eq: Equation, x: string): MathNode | null {
  let m = solvedCache.get(eq);
  if (!m) solvedCache.set(eq, (m = new Map()));
  if (!m.has(x)) m.set(x, solveFor(eq, x));
  return m.get(x) ?? null;
}

function constantFor(v: Variable, constants: Map<string, Constant>): Constant | null {
  const c = constants.get(v.symbol);
  if (!c) return null;
  if (v.unit && !sameDimension(c.value, v.unit)) return null;
  return c;
}

interface Draft {
  eq: Equation;
  target: Variable;
  fromQuestion: Map<string, Quantity>;
  constants: Map<string, Constant>;
  chain: Draft[];
}

/** Every symbol of `eq` but `target` from the question, the course's constants or (depth 1) another formula. */
function draft(eq: Equation, target: Variable, qs: Quantity[], f: ReturnType<typeof namedFormulary>, taken: Set<Quantity>, depth: number): Draft | { missing: Variable[] } {
  const others = eq.symbols.filter((s) => s !== target.symbol).map((s) => eq.variables.get(s) as Variable);
  const fromQuestion = assign(others, qs, taken);
  const constants = new Map<string, Constant>();
  const chain: Draft[] = [];
  const missing: Variable[] = [];
  const used = new Set([...taken, ...fromQuestion.values()]);
  for (const v of others) {
    if (fromQuestion.has(v.symbol)) continue;
    const c = constantFor(v, f.constants);
    if (c) {
      constants.set(v.symbol, c);
      continue;
    }
    let sub: Draft | null = null;
    if (depth > 0) {
      for (const eq2 of f.equations) {
        if (eq2 === eq || !eq2.symbols.includes(v.symbol)) continue;
        const v2 = eq2.variables.get(v.symbol) as Variable;
        if (v.unit && v2.unit && !sameDimension(toValue({ value: 1, unit: v2.unit }), v.unit)) continue;
        const d = draft(eq2, v2, qs, f, used, depth - 1);
        if ('missing' in d || !solved(eq2, v.symbol)) continue;
        if (!sub || d.fromQuestion.size > sub.fromQuestion.size) sub = d;
      }
    }
    if (sub) {
      chain.push(sub);
      for (const q of sub.fromQuestion.values()) used.add(q);
    } else missing.push(v);
  }
  return missing.length ? { missing } : { eq, target, fromQuestion, constants, chain };
}

function usedQuantities(d: Draft): number {
  return d.fromQuestion.size + d.chain.reduce((n, c) => n + usedQuantities(c), 0);
}

/** Computes a draft (its chain first); null when mathjs fails or the unit contradicts the course. */
function compute(d: Draft, question: string, lang: CourseLanguage, asked: string[]): CalcStep[] | null {
  const steps: CalcStep[] = [];
  const givens: Given[] = [];
  for (const sub of d.chain) {
    const s = compute(sub, question, lang, []);
    if (!s) return null;
    steps.push(...s);
    const last = s[s.length - 1];
    givens.push({ symbol: sub.target.symbol, value: last.value, written: last.result, origin: 'computed' });
  }
  for (const [symbol, q] of d.fromQuestion) givens.push({ symbol, value: toValue(q), written: formatGiven(q, lang), origin: 'question' });
  for (const [symbol, c] of d.constants) givens.push({ symbol, value: c.value, written: formatValue(c.value, c.unit, lang), origin: 'constant', constant: c });
  const expr = solved(d.eq, d.target.symbol);
  if (!expr) return null;
  const scope = new Map<string, Value>(givens.map((g) => [g.symbol, g.value]));
  // A symbol left without a value would be read by mathjs as a unit ("m", "g"): never compute then.
  if (symbolsOf(expr).some((s) => !scope.has(s))) return null;
  // A logarithm or an exponential takes a number: the value in the unit the course gives the
  // symbol, else as the question writes it ("pH = −log(c)" with c in mol/L).
  const plain = new Set(symbolsInFunctions(expr));
  for (const g of givens) {
    if (!plain.has(g.symbol) || typeof g.value === 'number') continue;
    const v = d.eq.variables.get(g.symbol);
    const q = d.fromQuestion.get(g.symbol);
    const unit = v?.unit && sameDimension(g.value, v.unit) ? v.unit : (q?.unit ?? g.value.formatUnits());
    g.value = g.value.toNumber(unit);
    // As the question writes the number ("2,0 × 10^(−3)"), when it is in that unit.
    g.bare = q && unit === q.unit ? q.text.replace(/^[€$£]\s*|\s*[^\d\s)⁰¹²³⁴⁵⁶⁷⁸⁹]+$/gu, '') : formatValue(g.value, null, lang);
    scope.set(g.symbol, g.value);
  }
  let value: Value;
  try {
    value = expr.evaluate(new Map<string, unknown>([...scope, ...COURSE_FUNCTIONS])) as Value;
  } catch {
    return null;
  }
  if (typeof value !== 'number' && (typeof value !== 'object' || !('equalBase' in value))) return null;
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  // A result whose dimension is not the one the course gives the quantity means a wrong match.
  if (d.target.unit && !sameDimension(value, d.target.unit)) return null;
  const units = asked.filter((u) => sameDimension(value, u));
  const primary = units[0] ?? (d.target.unit && sameDimension(value, d.target.unit) ? d.target.unit : null);
  const result = formatValue(value, primary, lang);
  const conversions = units.slice(1).map((u) => formatValue(value, u, lang));
  // mathjs's own choice of unit, when it reads well ("200 kJ", "30 km/h"; not "J^0.5/kg^0.5").
  const natural = formatValue(value, null, lang);
  const readable = !/\^|\(/u.test(natural) && natural.split(/[ /]/u).length <= 4;
  if (!units.length && readable && natural !== result && typeof value !== 'number') conversions.push(natural);
  const byName = new Map(givens.map((g) => [g.symbol, g]));
  const shown = displayExpression(expr, (s) => {
    const g = byName.get(s);
    if (!g) return undefined;
    const written = g.bare ?? g.written;
    const compound = /[/ ]/u.test(written.replace(/^-?[\d.,e+]+ /u, '').trim()) || written.trim().startsWith('-');
    return compound ? `(${written})` : written;
  }).replace(/(\p{L})\(\(([^()]*(?:\([^()]*\)[^()]*)*)\)\)/gu, '$1($2)');
  const form = displayExpression(expr);
  const rearranged = d.target.symbol === d.eq.lhs ? null : `${d.target.symbol} = ${form}`;
  const expression = `${d.target.symbol} = ${form} = ${shown}`;
  steps.push({ equation: d.eq, variable: d.target, rearranged, givens, expression, value, result, conversions });
  return steps;
}

/** "log" in a course is the decimal logarithm and "ln" the natural one (mathjs's "log" is natural). */
const COURSE_FUNCTIONS: [string, unknown][] = [
  ['log', (x: number) => Math.log10(x)],
  ['ln', (x: number) => Math.log(x)],
];

const NUMBER_FUNCTIONS = new Set(['log', 'log10', 'ln', 'exp', 'sin', 'cos', 'tan']);

/** The symbols inside a logarithm, an exponential or a trigonometric function. */
function symbolsInFunctions(node: MathNode): string[] {
  const out: string[] = [];
  node.traverse((n) => {
    const f = n as unknown as { type: string; fn?: { name?: string }; args?: MathNode[] };
    if (f.type === 'FunctionNode' && NUMBER_FUNCTIONS.has(f.fn?.name ?? '')) for (const a of f.args ?? []) out.push(...symbolsOf(a));
  });
  return out;
}

/**
 * The calculation the question asks for, from the course's formulas; `relevance` (by page key,
 * 0–1) prefers formulas on the pages retrieval found for the question.
 */
export function planExercise(
  question: string,
  lang: CourseLanguage,
  analysis: CourseAnalysis,
  relevance: ReadonlyMap<string, number>,
): { plan: ExercisePlan | null; missing: MissingData | null } {
  const qs = parseQuantities(question, lang);
  const f = namedFormulary(analysis);
  if (qs.length === 0 || f.equations.length === 0) return { plan: null, missing: null };
  const targets = askedTargets(question, lang);
  const ask = targets[0] ?? askedFor(question, lang);
  let first = bestPlan(ask, qs, question, lang, f, relevance);
  // Not given by a formula: read in the course's table for a key a formula computes (Φ(z) for z).
  if (!first.steps) first = { steps: tableLookup(ask, qs, question, lang, analysis, f, relevance) ?? null, missing: first.missing };
  if (!first.steps) return { plan: null, missing: first.missing };
  let steps = first.steps;
  // The next quantities asked, each from the course's formulas with what the question gives and
  // what was computed before it ("U = 6 V", then P = U × I).
  for (const target of targets.slice(1)) {
    if (target.symbols.some((sym) => steps.some((st) => st.variable.symbol === sym))) continue;
    const computed = steps.map(asQuantity).filter((q): q is Quantity => q !== null);
    const next = bestPlan(target, [...qs, ...computed], question, lang, f, relevance);
    if (next.steps) steps = [...steps, ...next.steps];
  }
  for (const st of steps) if (!st.lookup) st.worked = workedInstance(st.equation, analysis);
  return { plan: { steps, final: steps[steps.length - 1] }, missing: null };
}

/** "At least", "more than": the table gives P(X ≤ x), the question asks its complement. */
const COMPLEMENT =
  /(?:\bat least\b|\bover\b|\babove\b|\bexceed\p{L}*|\b(?!(?:less|smaller|shorter|lighter|lower|fewer|younger|cheaper|earlier)\b)\p{L}+er than\b|\bmore than\b|\bau moins\b|\bplus (?:de|d['’]|que|grand\p{L}*|haut\p{L}*|lourd\p{L}*|long\p{L}*|âgé\p{L}*|cher\p{L}*)|supérieur\p{L}*|dépass\p{L}*|au-delà)/iu;

/**
 * The asked quantity read in a course table: a line of values whose words match the question,
 * keyed by a symbol the course's formulas compute from the data ("z = (x − μ) / σ", then Φ(z)).
 */
function tableLookup(
  ask: { stems: string[]; symbols: string[] },
  qs: Quantity[],
  question: string,
  lang: CourseLanguage,
  analysis: CourseAnalysis,
  f: ReturnType<typeof namedFormulary>,
  relevance: ReadonlyMap<string, number>,
): CalcStep[] | null {
  if (!ask.stems.length) return null;
  // "More than x": only with the course's own rule for the upper tail, P(X ≥ x) = 1 − P(X ≤ x).
  const complement = COMPLEMENT.test(question) ? (analysis.sentences.find((x) => UPPER_TAIL.test(x.text)) ?? null) : null;
  if (COMPLEMENT.test(question) && !complement) return null;
  const asked = new Set(ask.stems);
  let best: { steps: CalcStep[]; score: number } | null = null;
  for (const table of courseTables(analysis)) {
    for (const key of table.series) {
      const symbol = key.label.trim();
      if (!/^[\p{L}Δ][\p{L}\p{N}_]{0,2}$/u.test(symbol)) continue;
      const eqSymbol = f.equations.flatMap((e) => e.symbols).find((x) => x === symbol) ?? f.equations.flatMap((e) => e.symbols).find((x) => x.toLowerCase() === symbol.toLowerCase());
      if (!eqSymbol) continue;
      for (const value of table.series) {
        if (value === key) continue;
        const score = overlap(asked, [...seriesStems(table, value)]);
        if (score === 0 || (best && score <= best.score)) continue;
        const keyPlan = bestPlan({ stems: [], symbols: [eqSymbol] }, qs, question, lang, f, relevance);
        const last = keyPlan.steps?.[keyPlan.steps.length - 1];
        if (!keyPlan.steps || !last || last.variable.symbol !== eqSymbol || typeof last.value !== 'number') continue;
        const read = readValue(table, key, value, Number(last.value.toPrecision(12)));
        if (!read) continue;
        // The table must give the lower tail ("Φ(z) = P(Z ≤ z)") for the rule to apply.
        if (complement && !namingSentences(table, value).some((x) => LOWER_TAIL.test(x.text))) continue;
        const step = lookupStep(read, last, analysis);
        best = { steps: [...keyPlan.steps, step, ...(complement ? [complementStep(step, complement, lang)] : [])], score };
      }
    }
  }
  return best?.steps ?? null;
}

const UPPER_TAIL = /P\s*\(\s*\p{L}+\s*(?:≥|>)\s*\p{L}+\s*\)\s*=\s*1\s*[−-]\s*P\s*\(\s*\p{L}+\s*(?:≤|<)\s*\p{L}+\s*\)/u;
const LOWER_TAIL = /P\s*\(\s*\p{L}+\s*(?:≤|<)\s*\p{L}+\s*\)/u;

/** 1 − the value read, by the course's rule for the upper tail (cited). */
function complementStep(read: CalcStep, rule: SentenceInfo, lang: CourseLanguage): CalcStep {
  const number = 1 - (read.value as number);
  const decimals = /[.,](\d+)$/u.exec(read.result)?.[1].length ?? 4;
  const result = formatNumber(Number(number.toFixed(decimals)), lang);
  const symbol = `1 − ${read.variable.symbol}`;
  const variable: Variable = { ...read.variable, symbol };
  const equation: Equation = { ...read.equation, sentence: rule, written: UPPER_TAIL.exec(rule.text)?.[0] ?? rule.text, lhs: symbol, symbols: [symbol], variables: new Map([[symbol, variable]]) };
  return {
    equation,
    variable,
    rearranged: null,
    givens: [{ symbol: read.variable.symbol, value: read.value, written: read.result, origin: 'computed' }],
    expression: `1 − ${read.variable.symbol} = 1 − ${read.result}`,
    value: number,
    result,
    conversions: [],
    worked: null,
  };
}

function lookupStep(read: TableRead, from: CalcStep, analysis: CourseAnalysis): CalcStep {
  const label = read.value.label;
  const variable: Variable = { symbol: label, description: '', stems: new Set(), unit: null, source: read.sentence };
  const equation: Equation = {
    sentence: read.sentence,
    written: `${read.key.label} = ${read.keyText} → ${label} = ${read.valueText}`,
    lhs: label,
    rhs: from.equation.rhs,
    pages: new Set(),
    symbols: [label],
    variables: new Map([[label, variable]]),
  };
  const reading = workedReading(label, analysis);
  return {
    equation,
    variable,
    rearranged: null,
    givens: [{ symbol: read.key.label, value: from.value, written: from.result, origin: 'computed' }],
    expression: label.includes('(') ? `${label} = ${label.replace(/\(.*\)/u, `(${read.keyText})`)}` : `${label}(${read.key.label} = ${read.keyText})`,
    value: read.number,
    result: read.valueText,
    conversions: [],
    worked: reading ? { sentence: reading, text: '' } : null,
    lookup: read,
  };
}

/** A computed value as data for the next calculation. */
function asQuantity(step: CalcStep): Quantity | null {
  const v = step.value;
  if (typeof v === 'number') return { value: v, unit: null, text: step.result, start: -1, end: -1, context: [], symbol: step.variable.symbol };
  // In the course's unit for the quantity ("6 V", not "6000 Ω mA").
  const unit = step.variable.unit && sameDimension(v, step.variable.unit) ? step.variable.unit : v.formatUnits();
  if (!unit) return null;
  return { value: v.toNumber(unit), unit, text: step.result, start: -1, end: -1, context: [], symbol: step.variable.symbol };
}

/** The best calculation of one asked quantity from the course's formulas and the data. */
function bestPlan(
  ask: { stems: string[]; symbols: string[] },
  qs: Quantity[],
  question: string,
  lang: CourseLanguage,
  f: ReturnType<typeof namedFormulary>,
  relevance: ReadonlyMap<string, number>,
): { steps: CalcStep[] | null; missing: MissingData | null } {
  const asked = requestedUnits(question);
  let best: { steps: CalcStep[]; score: number } | null = null;
  let bestMissing: { m: MissingData; score: number } | null = null;
  for (const eq of f.equations) {
    let rel = 0;
    for (const key of eq.pages) rel = Math.max(rel, relevance.get(key) ?? 0);
    for (const symbol of eq.symbols) {
      const v = eq.variables.get(symbol) as Variable;
      const named = ask.symbols.includes(symbol) ? 1 : 0;
      const match = ask.stems.length ? overlap(v.stems, ask.stems) / ask.stems.length : 0;
      if (ask.stems.length && match === 0 && !named) continue;
      // A quantity the question gives is not the one it asks for.
      if (qs.some((q) => q.symbol === symbol)) continue;
      const d = draft(eq, v, qs, f, new Set(), 1);
      const targetScore = 3 * match + 3 * named + rel;
      if ('missing' in d) {
        const score = targetScore - d.missing.length;
        if (!bestMissing || score > bestMissing.score) bestMissing = { m: { equation: eq, missing: d.missing }, score };
        continue;
      }
      const usedCount = usedQuantities(d);
      if (usedCount === 0) continue;
      const score = targetScore + 2 * (usedCount / qs.length) - 0.4 * d.chain.length;
      if (best && score <= best.score) continue;
      const steps = compute(d, question, lang, asked);
      if (steps) best = { steps, score };
    }
  }
  if (!best) return { steps: null, missing: bestMissing && bestMissing.score > 0 ? bestMissing.m : null };
  return { steps: best.steps, missing: null };
}
