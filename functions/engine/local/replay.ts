// A worked example of the course replayed with the question's data. The question gives relations
// between the course's symbols ("P = 120 − 3Q", "MC = €30") where the worked example gave its own
// ("P = 100 − 2Q", "MC = €20"); each line of the worked example is then redone in order, with
// mathjs, on the new data: a general relation of the course ("TR = P × Q") is substituted; a line
// that only shows the example's numbers ("MR = 100 − 4Q") is used only when the engine can say how
// it was obtained from the lines before it, checked on the example's own numbers (the derivative
// of TR, 100 − 4Q); a condition ("MR = MC") is solved for the unknown, and the solution must give
// the example's own result; values are then substituted. Any line it cannot account for stops the
// replay: no number is ever given without the course's worked example and the question's data.
import type { MathNode } from 'mathjs';
import type { CitedText, CourseLanguage, ExerciseSolution } from '../../core/artefacts.js';
import type { CourseAnalysis, SentenceInfo } from './analysis.js';
import { citeAll } from './citations.js';
import { prettyMath, symbolsOf } from './equations.js';
import { exerciseMessages } from './exercise-messages.js';
import { formatGiven, formatNumber, math } from './quantities.js';
import { memberExpression, relationsIn, workedExamples, type WorkedRelation } from './worked.js';

export type ReplayKind = 'define' | 'derive' | 'solve' | 'evaluate';

export interface ReplayStep {
  kind: ReplayKind;
  symbol: string;
  /** The worked example's line this step redoes (cited). */
  sentence: SentenceInfo;
  /** The relation of the course it applies, as written ("TR = P × Q", "MR = MC"). */
  relation: string;
  /** define/derive: the new expression ("120Q − 3Q²"); solve: the equation solved ("120 − 6Q = 30"). */
  expression: string;
  /** solve/evaluate: "(75 − 30) × 15"; the value and how it reads ("€675", "15 units"). */
  substituted?: string;
  value?: number;
  result?: string;
  /** derive: the symbol derived and the variable. */
  of?: string;
  by?: string;
}

export interface ReplayPlan {
  /** The question's relations as it writes them. */
  givens: string[];
  /** The worked example's statement (cited as the method). */
  statement: SentenceInfo;
  steps: ReplayStep[];
  /** The values computed, in the worked example's order. */
  results: { symbol: string; value: number; result: string; sentence: SentenceInfo }[];
}

type Env = Map<string, MathNode>;

const STOP_LINE = /^(?:answer|réponse|conclusion|check|vérification|remarque|note|for comparison|pour comparer)\b/iu;

function simplified(node: MathNode): MathNode {
  try {
    return math.simplify(node);
  } catch {
    return node;
  }
}

/** `node` with every defined symbol replaced by its expression (repeatedly). */
function substitute(node: MathNode, env: Env): MathNode {
  let out = node;
  for (let i = 0; i < 6; i++) {
    const next = out.transform((n) => {
      if (n.type !== 'SymbolNode') return n;
      const e = env.get((n as unknown as { name: string }).name);
      return e ? new math.ParenthesisNode(e) : n;
    });
    if (next.toString() === out.toString()) break;
    out = next;
  }
  return out;
}

function freeSymbols(node: MathNode, env: Env): string[] {
  return symbolsOf(node).filter((s) => !env.has(s));
}

/** Whether two expressions of the same variables agree (at a few points). */
function agree(a: MathNode, b: MathNode, vars: string[]): boolean {
  for (const x of [0.5, 1.7, 3.1]) {
    const scope = new Map(vars.map((v, i) => [v, x + i]));
    try {
      const va = a.evaluate(scope) as unknown;
      const vb = b.evaluate(scope) as unknown;
      if (typeof va !== 'number' || typeof vb !== 'number' || Math.abs(va - vb) > 1e-9 * Math.max(1, Math.abs(va))) return false;
    } catch {
      return false;
    }
  }
  return true;
}

function numeric(node: MathNode): number | null {
  if (symbolsOf(node).length) return null;
  try {
    const v = node.evaluate() as unknown;
    return typeof v === 'number' && Number.isFinite(v) ? v : null;
  } catch {
    return null;
  }
}

/** The roots of a polynomial equation `node = 0` in `x` (degree 1 or 2), real and positive first. */
function solve(node: MathNode, x: string): number[] {
  let coefficients: number[];
  try {
    const r = math.rationalize(node, {}, true) as unknown as { coefficients: number[]; variables: string[] };
    if (r.variables.length !== 1 || r.variables[0] !== x) return [];
    coefficients = r.coefficients;
  } catch {
    return [];
  }
  const [c, b, a] = [coefficients[0] ?? 0, coefficients[1] ?? 0, coefficients[2] ?? 0];
  if (coefficients.length > 3) return [];
  if (Math.abs(a) < 1e-12) return Math.abs(b) < 1e-12 ? [] : [-c / b];
  const disc = b * b - 4 * a * c;
  if (disc < 0) return [];
  const roots = [(-b + Math.sqrt(disc)) / (2 * a), (-b - Math.sqrt(disc)) / (2 * a)];
  const positive = roots.filter((r) => r > 0);
  return positive.length === 1 ? positive : roots;
}

function numbersOf(node: MathNode): number[] {
  const out: number[] = [];
  node.traverse((n) => {
    if (n.type === 'ConstantNode') {
      const v = (n as unknown as { value: unknown }).value;
      if (typeof v === 'number') out.push(v);
    }
  });
  return out;
}

/** An expression as a course writes it: "120Q − 3Q²", "(75 − 30) × 15". */
function show(node: MathNode, lang: CourseLanguage): string {
  const text = prettyMath(node.toString({ parenthesis: 'auto', implicit: 'show' }))
    .replace(/(\d) × (?=[\p{L}(])/gu, '$1')
    .replace(/ - /gu, ' − ')
    .replace(/(^|[(\s])-(?=[\p{L}\d(])/gu, '$1−');
  return lang === 'fr' ? text.replace(/(\d)\.(\d)/gu, '$1,$2') : text;
}

function shown(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

interface Relation {
  lhs: string;
  node: MathNode;
  unit: string | null;
  written: string;
}

function questionRelations(question: string, lang: CourseLanguage): Relation[] {
  const fake = { text: question.replace(/\s+/gu, ' '), page: { language: lang } } as unknown as SentenceInfo;
  const out: Relation[] = [];
  for (const r of relationsIn(fake)) {
    if (r.members.length !== 1) continue;
    const read = memberExpression(r.members[0], lang);
    if (read) out.push({ lhs: r.lhs, node: read.node, unit: read.unit, written: `${r.lhs} = ${r.members[0]}` });
  }
  return out;
}

/**
 * The question solved by replaying a worked example of the course with its data, or null when
 * no worked example has the same kind of data or a line of it cannot be accounted for.
 */
export function replayExercise(question: string, lang: CourseLanguage, analysis: CourseAnalysis): ReplayPlan | null {
  const given = questionRelations(question, lang);
  // Only a question that gives a relation between symbols ("P = 120 − 3Q") asks for a replay.
  if (!given.some((g) => symbolsOf(g.node).length > 0)) return null;
  for (const example of workedExamples(analysis)) {
    const plan = replay(example, given, lang);
    if (plan) return plan;
  }
  return null;
}

function replay(example: SentenceInfo[], given: Relation[], lang: CourseLanguage): ReplayPlan | null {
  // Long because: one pass over the worked example's lines, where each kind of line (statement,
  // result, derived line, condition, value) reads and extends the same environments and steps.
  const lines: WorkedRelation[] = [];
  for (const s of example) {
    if (STOP_LINE.test(s.text)) break;
    lines.push(...relationsIn(s));
  }
  // The example's statement: the first line giving each symbol the question gives, of the same kind.
  const W: Env = new Map();
  const N: Env = new Map();
  const units = new Map<string, string | null>();
  const used = new Set<WorkedRelation>();
  let statement: SentenceInfo | null = null;
  for (const g of given) {
    const line = lines.find((l) => l.lhs === g.lhs && l.members.length === 1 && !used.has(l));
    if (!line) return null;
    const read = memberExpression(line.members[0], line.sentence.page.language);
    if (!read) return null;
    const a = symbolsOf(read.node).sort().join(',');
    if (a !== symbolsOf(g.node).sort().join(',')) return null;
    used.add(line);
    W.set(g.lhs, read.node);
    N.set(g.lhs, g.node);
    units.set(g.lhs, g.unit ?? read.unit);
    statement ??= line.sentence;
  }
  if (!statement) return null;
  const data = new Set([...W.values()].flatMap(numbersOf));
  const solvedW = new Map<string, number>();
  const solvedN = new Map<string, number>();
  const steps: ReplayStep[] = [];
  const results: ReplayPlan['results'] = [];
  const valueOf = (node: MathNode, env: Env, solved: Map<string, number>): number | null => {
    const full = substitute(node, env);
    const free = symbolsOf(full);
    if (free.some((s) => !solved.has(s))) return null;
    try {
      const v = full.evaluate(new Map(solved)) as unknown;
      return typeof v === 'number' && Number.isFinite(v) ? v : null;
    } catch {
      return null;
    }
  };
  const format = (value: number, unit: string | null) => (unit ? formatGiven({ value, unit }, lang) : formatNumber(value, lang));
  const start = Math.max(...[...used].map((l) => lines.indexOf(l)));
  const freeW = new Set([...W.values()].flatMap((e) => freeSymbols(e, W)));
  for (const line of lines.slice(start + 1)) {
    if (used.has(line)) continue;
    const members = line.members.map((m) => memberExpression(m, line.sentence.page.language));
    if (members.some((m) => !m)) return null;
    const reads = members as { node: MathNode; unit: string | null }[];
    const lhs = line.lhs;
    const lastUnit = reads[reads.length - 1].unit;
    const isFree = !W.has(lhs) && [...W.values()].some((e) => freeSymbols(substitute(e, W), W).includes(lhs));
    if (isFree) {
      // "Q = 20 units": the example's result for the unknown; the replay must have found it too.
      const v = reads.map((r) => numeric(r.node)).find((x) => x !== null);
      if (v === undefined || v === null) continue;
      if (lastUnit && !units.get(lhs)) units.set(lhs, lastUnit);
      const mine = solvedW.get(lhs);
      if (mine === undefined || Math.abs(mine - v) > 1e-6 * Math.max(1, Math.abs(v))) return null;
      for (const r of [...results, ...steps]) if (r.symbol === lhs && r.value !== undefined) r.result = format(r.value, units.get(lhs) ?? null);
      continue;
    }
    const symbolic = reads.findIndex((r) => symbolsOf(r.node).length > 0);
    const numericValue = reads.map((r) => numeric(r.node)).filter((x): x is number => x !== null);
    if (!W.has(lhs)) {
      if (symbolic < 0) return null;
      const m = reads[symbolic];
      const general = numbersOf(m.node).every((n) => !data.has(n)) && symbolsOf(m.node).every((s) => W.has(s) || freeW.has(s) || solvedW.has(s));
      if (general) {
        W.set(lhs, m.node);
        N.set(lhs, m.node);
        const expanded = simplified(substitute(m.node, N));
        if (!numericValue.length) {
          steps.push({ kind: 'define', symbol: lhs, sentence: line.sentence, relation: `${lhs} = ${shown(line.members[symbolic])}`, expression: show(expanded, lang) });
          continue;
        }
      } else {
        // A line with the example's numbers only ("MR = 100 − 4Q"): how it follows from a line before.
        const vars = symbolsOf(m.node);
        if (vars.length !== 1) return null;
        const x = vars[0];
        let found: string | null = null;
        for (const [sym, e] of W) {
          const full = substitute(e, W);
          if (freeSymbols(full, W).join(',') !== x) continue;
          let d: MathNode;
          try {
            d = math.derivative(full, x);
          } catch {
            continue;
          }
          if (agree(d, m.node, [x])) {
            found = sym;
            break;
          }
        }
        if (!found) return null;
        const dW = math.derivative(substitute(W.get(found) as MathNode, W), x);
        const dN = simplified(math.derivative(substitute(N.get(found) as MathNode, N), x));
        W.set(lhs, dW);
        N.set(lhs, dN);
        steps.push({ kind: 'derive', symbol: lhs, sentence: line.sentence, relation: line.text, expression: show(dN, lang), of: found, by: x });
        continue;
      }
    } else if (symbolic === 0 && numbersOf(reads[0].node).length === 0 && !numericValue.length) {
      // "MR = MC": a condition, solved for the unknown, on the example's data and on the question's.
      const eqW = substitute(new math.OperatorNode('-', 'subtract', [new math.SymbolNode(lhs), reads[0].node]), W);
      const eqN = substitute(new math.OperatorNode('-', 'subtract', [new math.SymbolNode(lhs), reads[0].node]), N);
      const free = freeSymbols(eqN, N);
      if (free.length !== 1) return null;
      const x = free[0];
      const rootsW = solve(simplified(eqW), x);
      const rootsN = solve(simplified(eqN), x);
      if (rootsW.length !== 1 || rootsN.length !== 1) return null;
      solvedW.set(x, rootsW[0]);
      solvedN.set(x, rootsN[0]);
      const left = show(simplified(substitute(new math.SymbolNode(lhs), N)), lang);
      const right = show(simplified(substitute(reads[0].node, N)), lang);
      steps.push({
        kind: 'solve',
        symbol: x,
        sentence: line.sentence,
        relation: line.text,
        expression: `${left} = ${right}`,
        value: rootsN[0],
        result: format(rootsN[0], units.get(x) ?? null),
        of: lhs,
        by: shown(line.members[0]),
      });
      results.push({ symbol: x, value: rootsN[0], result: format(rootsN[0], units.get(x) ?? null), sentence: line.sentence });
      continue;
    }
    // A value: the relation (the course's, or the one already known) with the solved unknowns.
    if (!numericValue.length) continue;
    const vW = valueOf(new math.SymbolNode(lhs), W, solvedW);
    if (vW === null || Math.abs(vW - numericValue[numericValue.length - 1]) > 1e-6 * Math.max(1, Math.abs(vW))) return null;
    const vN = valueOf(new math.SymbolNode(lhs), N, solvedN);
    if (vN === null) return null;
    if (lastUnit) units.set(lhs, lastUnit);
    const unit = units.get(lhs) ?? null;
    const expr = N.get(lhs) as MathNode;
    const withValues = expr.transform((n) => {
      if (n.type !== 'SymbolNode') return n;
      const name = (n as unknown as { name: string }).name;
      const v = solvedN.get(name) ?? valueOf(n, N, solvedN);
      return v === null ? n : new math.ConstantNode(Number(v.toPrecision(10)));
    });
    const result = format(vN, unit);
    steps.push({
      kind: 'evaluate',
      symbol: lhs,
      sentence: line.sentence,
      relation: `${lhs} = ${symbolic >= 0 ? shown(line.members[symbolic]) : (given.find((g) => g.lhs === lhs)?.written.replace(/^.*?=\s*/u, '') ?? show(expr, lang))}`,
      expression: show(expr, lang),
      substituted: show(withValues, lang),
      value: vN,
      result,
    });
    results.push({ symbol: lhs, value: vN, result, sentence: line.sentence });
  }
  if (!results.length) return null;
  return { givens: given.map((g) => shown(g.written)), statement, steps, results };
}

/** The replayed worked example as an exercise solution: each line cited where the course writes it. */
export function replaySolution(plan: ReplayPlan, ui: CourseLanguage): ExerciseSolution {
  const xm = exerciseMessages(ui);
  const sep = ui === 'fr' ? ' ; ' : '; ';
  const cited = (text: string, sources: SentenceInfo[]): CitedText => ({ text, citations: citeAll(sources) });
  const steps: CitedText[] = [cited(xm.given(plan.givens.join(sep)), [plan.statement]), cited(xm.workedMethod(''), [plan.statement])];
  const formulas: CitedText[] = [];
  const calculations: ExerciseSolution['calculations'] = [];
  for (const st of plan.steps) {
    const fromQuestion = plan.givens.some((g) => g.startsWith(`${st.symbol} =`));
    if (!formulas.some((f) => f.text === st.relation) && st.kind !== 'derive' && !fromQuestion) formulas.push(cited(st.relation, [st.sentence]));
    if (st.kind === 'define') steps.push(cited(xm.define(`${st.relation} = ${st.expression}`), [st.sentence]));
    else if (st.kind === 'derive') steps.push(cited(xm.derive(st.symbol, st.of ?? '', st.by ?? '', st.expression), [st.sentence]));
    else if (st.kind === 'solve') {
      steps.push(cited(xm.setEqual(st.of ?? '', st.by ?? '', st.symbol, `${st.expression}, ${st.symbol} = ${st.result ?? ''}`), [st.sentence]));
      calculations.push({ expression: `${st.expression} ⇒ ${st.symbol}`, result: st.result ?? '', citations: citeAll([st.sentence]) });
    } else {
      const expression = `${st.relation}${st.relation.endsWith(st.expression) ? '' : ` = ${st.expression}`} = ${st.substituted ?? ''}`;
      steps.push(cited(xm.substitute(`${expression} = ${st.result ?? ''}`), [st.sentence]));
      calculations.push({ expression, result: st.result ?? '', citations: citeAll([st.sentence]) });
    }
  }
  const list = plan.results.map((r) => `${r.symbol} = ${r.result}`).join(sep);
  return {
    objective: cited(xm.replayObjective(plan.results.map((r) => r.symbol).join(', '), plan.givens.join(sep)), [plan.statement]),
    steps,
    theorems: [],
    formulas,
    calculations,
    final_answer: cited(xm.finalValues(list), [plan.statement, ...plan.results.map((r) => r.sentence)]),
  };
}
