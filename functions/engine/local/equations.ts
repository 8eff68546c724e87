// The course's formulas as equations the engine can compute with: "v = d / t" read into a mathjs
// expression, each symbol with the name and unit the course gives it ("où d est la distance
// parcourue en mètres (m)"), constants the course states ("g = 9,81 N/kg"), and the rearranging
// of a formula for one of its symbols (products and quotients of powers, sums). A relation the course
// states as a condition ("si pH = pKa", "if P = MC") is not a formula. `namedFormulary` also names
// the symbols the course only names in passing ("de concentration apportée c"), for exercises.
import type { MathNode } from 'mathjs';
import { foldText } from '../../core/fold.js';
import { isStopWord, terms } from '../text/index.js';
import type { CourseLanguage } from '../../core/artefacts.js';
import { normalizeSpace, pageKey, type CourseAnalysis, type SentenceInfo } from './analysis.js';
import { math, parseQuantities, parseUnit, toValue, type Value } from './quantities.js';

export interface Variable {
  symbol: string;
  /** How the course names it ("la distance parcourue", "the actual size of the specimen"), or ''. */
  description: string;
  stems: Set<string>;
  /** mathjs unit the course gives it (or the usual one for the symbol when the course says nothing). */
  unit: string | null;
  /** The sentence that describes it, when there is one. */
  source: SentenceInfo | null;
  /** The unit is the usual one for the symbol, not one the course states. */
  conventional?: boolean;
}

export interface Equation {
  sentence: SentenceInfo;
  /** The relation as written in the course ("v = d / t", "Ec = 1/2 × m × v²"). */
  written: string;
  lhs: string;
  rhs: MathNode;
  /** Pages (by `pageKey`) that state the same formula: courses repeat them in recaps. */
  pages: Set<string>;
  /** Every symbol, the left-hand side first. */
  symbols: string[];
  variables: Map<string, Variable>;
}

export interface Constant {
  symbol: string;
  value: Value;
  unit: string | null;
  written: string;
  sentence: SentenceInfo;
}

export interface Formulary {
  equations: Equation[];
  constants: Map<string, Constant>;
}

const SYMBOL = '[\\p{L}Δ][\\p{L}\\p{N}_]{0,5}';
/** A symbol as course formulas write it ("v", "Ec", "pH", "MR", "Δt"). */
export const SYMBOL_PATTERN = SYMBOL;
const RELATION_RE = new RegExp(`(?:^|[\\s(:,])(${SYMBOL})\\s*=\\s*`, 'gu');
const RHS_STOP = /,\s|;|\s(?:où|avec|with|where|soit|i\.e\.|c['’]est-à-dire|en|in)\s|\s\((?=\p{L}{2,}\s|en\s|in\s)|\.(?:\s|$)|=|$/u;
const SUPERSCRIPTS: Record<string, string> = { '⁰': '0', '¹': '1', '²': '2', '³': '3', '⁴': '4', '⁵': '5', '⁶': '6', '⁷': '7', '⁸': '8', '⁹': '9' };

/** Usual units of common symbols, used only when the course does not describe a symbol. */
const CONVENTIONS: Record<string, string> = {
  d: 'm', x: 'm', t: 's', Δt: 's', m: 'kg', v: 'm/s', a: 'm/s^2', g: 'm/s^2', F: 'N', E: 'J', Ec: 'J', Ep: 'J', Em: 'J', W: 'J', U: 'V', R: 'ohm', ρ: 'kg/m^3',
};

/** Course notation → mathjs syntax: ×, ÷, −, ½, ², √, π and decimal commas. */
export function toMathSyntax(s: string): string {
  return s
    .replace(/[×·∙⋅]/gu, '*')
    .replace(/÷/gu, '/')
    .replace(/[−–]/gu, '-')
    .replace(/½/gu, '(1/2)')
    .replace(/(\d),(\d)/gu, '$1.$2')
    .replace(/⁻?[⁰¹²³⁴⁵⁶⁷⁸⁹]+/gu, (m) => {
      const digits = m.replace('⁻', '').replace(/./gu, (c) => SUPERSCRIPTS[c] ?? '');
      return m.startsWith('⁻') ? `^(-${digits})` : `^${digits}`;
    })
    .replace(/√\s*\(/gu, 'sqrt(')
    .replace(/√\s*([\p{L}\p{N}_]+)/gu, 'sqrt($1)')
    .replace(/π/gu, 'pi');
}

/** The symbols of an expression (function names and pi left out). */
export function symbolsOf(node: MathNode): string[] {
  const out: string[] = [];
  node.traverse((n, path, parent) => {
    if (n.type !== 'SymbolNode') return;
    if (parent?.type === 'FunctionNode' && path === 'fn') return;
    const name = (n as unknown as { name: string }).name;
    if (name !== 'pi' && !out.includes(name)) out.push(name);
  });
  return out;
}

/** A symbol, not a word of prose: short, or a letter with an index ("E_c", "v0"). */
export function isSymbolName(name: string): boolean {
  if (name.length <= 3) return true;
  return /^[\p{Lu}Δ][\p{L}]?[_\p{N}]/u.test(name) || /^\p{Lu}{2,4}$/u.test(name);
}

/** Functions a course formula may use; anything else (assignments, matrices, other calls) is not read. */
const FUNCTIONS = new Set(['sqrt', 'exp', 'log', 'log10', 'ln', 'sin', 'cos', 'tan', 'abs']);
const NODE_TYPES = new Set(['OperatorNode', 'ParenthesisNode', 'ConstantNode', 'SymbolNode', 'FunctionNode']);

/** Only arithmetic on numbers and symbols: course text is never evaluated beyond that. */
function isPlainExpression(node: MathNode): boolean {
  let plain = true;
  node.traverse((n) => {
    if (!NODE_TYPES.has(n.type)) plain = false;
    if (n.type === 'FunctionNode') {
      const fn = (n as unknown as { fn: { type: string; name?: string } }).fn;
      if (fn.type !== 'SymbolNode' || !FUNCTIONS.has(fn.name ?? '')) plain = false;
    }
  });
  return plain;
}

const cache = new WeakMap<CourseAnalysis, Formulary>();

/** Every equation and constant the course states (cached per analysis). */
export function formulary(analysis: CourseAnalysis): Formulary {
  const hit = cache.get(analysis);
  if (hit) return hit;
  const equations: Equation[] = [];
  const byText = new Map<string, Equation>();
  const constants = new Map<string, Constant>();
  for (const s of analysis.sentences) {
    if (!s.formula) continue;
    for (const found of relations(s)) {
      if ('value' in found) {
        if (!constants.has(found.symbol)) constants.set(found.symbol, found);
        continue;
      }
      const key = pageKey(s.page.file_id, s.page.page);
      const same = byText.get(found.written);
      if (same) {
        same.pages.add(key);
        continue;
      }
      const context = describingSentences(analysis, s);
      const variables = new Map<string, Variable>();
      for (const sym of found.symbols) variables.set(sym, describe(sym, s, context, analysis));
      const eq: Equation = { ...found, pages: new Set([key]), variables };
      byText.set(found.written, eq);
      equations.push(eq);
    }
  }
  const result = { equations, constants };
  cache.set(analysis, result);
  return result;
}

const CONDITION_BEFORE = /(?:^|[\s(,;:])(?:si|if|when|whenever|lorsque|quand|unless)\s*$/iu;

const namedCache = new WeakMap<CourseAnalysis, Formulary>();

/**
 * The formulary for computing exercises: each symbol the course does not describe is also named by
 * the words just before it in prose ("de concentration apportée c", "with mean μ"), from the
 * formula's sentences, else (for its data, not its result) from the rest of the course; and by the
 * name another formula of the same page gives it. The equations are copies: `formulary` stays as
 * the course describes its symbols.
 */
export function namedFormulary(analysis: CourseAnalysis): Formulary {
  const hit = namedCache.get(analysis);
  if (hit) return hit;
  const base = formulary(analysis);
  const prose = analysis.sentences.filter((x) => !x.exercise && x.role !== 'heading');
  const equations = base.equations.map((eq) => {
    const lang = eq.sentence.page.language;
    const near = byDistance(describingSentences(analysis, eq.sentence), eq.sentence);
    const variables = new Map<string, Variable>();
    for (const [sym, v] of eq.variables) {
      const before = v.description || /^[aày]$/u.test(sym) ? null : (namedBefore(sym, near, lang) ?? (sym === eq.lhs ? null : namedBefore(sym, prose, lang)));
      variables.set(sym, before ? { ...v, description: before.description, stems: new Set(terms(before.description, lang)), source: v.source ?? before.source } : v);
    }
    return { ...eq, variables };
  });
  // A symbol named at one formula and not at another of the same page is the same quantity (on
  // another page, "m" may be another mass).
  const named = new Map<string, Variable>();
  const at = (eq: Equation, sym: string) => `${pageKey(eq.sentence.page.file_id, eq.sentence.page.page)} ${sym}`;
  for (const eq of equations) for (const v of eq.variables.values()) if (v.description && !named.has(at(eq, v.symbol))) named.set(at(eq, v.symbol), v);
  for (const eq of equations) {
    for (const [sym, v] of eq.variables) {
      const other = named.get(at(eq, sym));
      if (v.description || !other) continue;
      eq.variables.set(sym, { ...v, description: other.description, stems: other.stems, unit: v.unit ?? other.unit, source: other.source });
    }
  }
  const result = { equations, constants: base.constants };
  namedCache.set(analysis, result);
  return result;
}

type Relation = Omit<Equation, 'variables' | 'pages'> | Constant;

function relations(s: SentenceInfo): Relation[] {
  const out: Relation[] = [];
  const text = s.text;
  for (const m of text.matchAll(RELATION_RE)) {
    const lhs = m[1];
    if (!isSymbolName(lhs)) continue;
    // "Si pH = pKa, …", "neutre si pH = 7", "if P = MC": a condition the course states, not a formula.
    if (CONDITION_BEFORE.test(text.slice(0, m.index ?? 0) + m[0].slice(0, m[0].indexOf(lhs)))) continue;
    const from = (m.index ?? 0) + m[0].length;
    const rest = text.slice(from);
    const stop = RHS_STOP.exec(rest);
    const rhsText = rest.slice(0, stop ? stop.index : rest.length).trim();
    if (!rhsText) continue;
    const written = normalizeSpace(`${lhs} = ${rhsText}`);
    const lang = s.page.language;
    const qs = parseQuantities(rhsText, lang);
    if (qs.length === 1 && qs[0].start === 0 && qs[0].end === rhsText.length) {
      out.push({ symbol: lhs, value: toValue(qs[0]), unit: qs[0].unit, written, sentence: s });
      continue;
    }
    let rhs: MathNode;
    try {
      rhs = math.parse(toMathSyntax(rhsText));
    } catch {
      continue;
    }
    if (!isPlainExpression(rhs)) continue;
    const symbols = symbolsOf(rhs);
    if (symbols.length === 0 || symbols.includes(lhs) || !symbols.every(isSymbolName)) continue;
    out.push({ sentence: s, written, lhs, rhs, symbols: [lhs, ...symbols] });
  }
  return out;
}

/** The formula's sentence, the two after it and the one before, on the same page. */
function describingSentences(analysis: CourseAnalysis, s: SentenceInfo): SentenceInfo[] {
  const page = analysis.byPage.get(pageKey(s.page.file_id, s.page.page)) ?? [];
  const i = page.indexOf(s);
  return [page[i], page[i + 1], page[i + 2], page[i - 1]].filter((x): x is SentenceInfo => !!x && x.role !== 'heading');
}

const CHUNK_SPLIT = /,\s+|;\s*|\s+(?:et|and)\s+(?=[\p{L}Δ][\p{L}\p{N}_]{0,4}\s)/u;
const LEAD = /^(?:où|avec|et|where|with|and|in which)\s+/iu;
const VERB = /^(?:est|sont|désigne|représente|correspond\s+à|is|are|denotes|represents|stands\s+for|:|=)\s+/iu;
const UNIT_TAIL = /(?:\s*,\s*|\s+)(?:(?:exprimée?s?\s+)?en|(?:measured\s+|expressed\s+)?in)\s+([^()]+?)\s*(?:\(([^)]+)\))?\s*[.]?$|\s*\(([^)]+)\)\s*[.]?$/iu;

function describe(symbol: string, formula: SentenceInfo, context: SentenceInfo[], analysis: CourseAnalysis): Variable {
  const lang: CourseLanguage = formula.page.language;
  const named = describedIn(symbol, context, lang);
  if (named?.description) return named;
  // The left-hand side is often named by the definition just before the formula
  // ("On appelle énergie cinétique …" then "Ec = 1/2 × m × v²").
  const page = analysis.byPage.get(pageKey(formula.page.file_id, formula.page.page)) ?? [];
  const i = page.indexOf(formula);
  const def = [page[i - 1], page[i - 2]].find((x) => x?.definition);
  const isLhs = formula.text.trimStart().startsWith(symbol);
  const unit = named ? named.unit : (CONVENTIONS[symbol] ?? null);
  const conventional = !named && !!CONVENTIONS[symbol];
  if (def?.definition && isLhs) {
    const term = def.definition.term;
    return { symbol, description: term, stems: new Set(terms(term, lang)), unit, source: named?.source ?? def, ...(conventional ? { conventional } : {}) };
  }
  return named ?? { symbol, description: '', stems: new Set(), unit, source: null, ...(conventional ? { conventional } : {}) };
}

/** The formula's sentence, then the nearest ones, the one before first ("la tension U …" then "U = R × I"). */
function byDistance(context: SentenceInfo[], formula: SentenceInfo): SentenceInfo[] {
  return [...context].sort((a, b) => Math.abs(a.index - formula.index) - Math.abs(b.index - formula.index) || a.index - b.index);
}

const NAMING = /^(?:not[ée]e?s?|appel[ée]e?s?|désign[ée]e?s?|symbolis[ée]e?s?|called|denoted|named|written|noted)$/iu;

/** The content words just before the symbol in prose ("concentration apportée" before "c"). */
function namedBefore(symbol: string, sentences: SentenceInfo[], lang: CourseLanguage): { description: string; source: SentenceInfo } | null {
  const sym = symbol.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
  const re = new RegExp(`((?:[\\p{L}'’-]+\\s+){1,4})${sym}(?=$|[\\s,.;:)])(?!\\s*[=≈(~<>≤≥])`, 'gu');
  for (const s of sentences) {
    for (const m of s.text.matchAll(re)) {
      const words = m[1].trim().split(/\s+/u);
      const run: string[] = [];
      let lead: string | undefined;
      for (let k = words.length - 1; k >= 0 && run.length < 3; k--) {
        const word = words[k];
        const bare = word.replace(/^.*['’]/u, '');
        if (!bare || isStopWord(foldText(bare), lang)) {
          lead = word;
          break;
        }
        run.unshift(word);
        // "l’intensité": the elided article opens the noun phrase.
        if (bare !== word) {
          lead = word.slice(0, word.length - bare.length);
          break;
        }
      }
      const before = words[words.length - run.length - 1];
      if (lead === undefined && before && isStopWord(foldText(before.replace(/^.*['’]/u, '') || before), lang)) lead = before;
      // A noun phrase after an article or a preposition ("with mean μ"), not "notée U" nor "earns a".
      if (!run.length || lead === undefined || NAMING.test(run[run.length - 1]) || !terms(run.join(' '), lang).length) continue;
      const article = lead.toLowerCase();
      let description = run.join(' ');
      if (/^(?:le|la|les|un|une|the|an)$/u.test(article)) description = `${article} ${description}`;
      else if (POSSESSIVES[article]) description = `${POSSESSIVES[article]}${description}`;
      return { description, source: s };
    }
  }
  return null;
}

/** "v sa vitesse" names "la vitesse": a possessive reads as an article out of its sentence. */
const POSSESSIVE = /^(?:sa|son|ses|its|their)\s/iu;
const POSSESSIVES: Record<string, string> = { sa: 'la ', son: 'le ', ses: 'les ', its: 'the ', their: 'the ' };

/** The symbol's name and unit from sentences like "où d est la distance parcourue en mètres (m)". */
function describedIn(symbol: string, context: SentenceInfo[], lang: CourseLanguage): Variable | null {
  for (const s of context) {
    for (const raw of s.text.split(CHUNK_SPLIT)) {
      // "v = d / t" is the formula itself, "g = 9,81 N/kg" a value: neither names the symbol.
      if (/[=≈]/u.test(raw)) continue;
      let chunk = raw.trim().replace(LEAD, '');
      if (!chunk.startsWith(symbol)) continue;
      chunk = chunk.slice(symbol.length);
      if (chunk && !/^\s/u.test(chunk)) continue;
      chunk = chunk.trim().replace(VERB, '');
      let unit: string | null = null;
      let description = chunk.replace(/[.]$/u, '').trim();
      const tail = UNIT_TAIL.exec(` ${chunk}`);
      if (tail) {
        unit = parseUnit(tail[2] ?? '') ?? parseUnit(tail[1] ?? '') ?? parseUnit(tail[3] ?? '');
        if (unit || tail[1]) description = chunk.slice(0, Math.max(0, tail.index - 1)).trim();
      }
      description = description.replace(POSSESSIVE, (m) => POSSESSIVES[m.trim().toLowerCase()] ?? m);
      return { symbol, description, stems: new Set(terms(description, lang)), unit, source: s };
    }
  }
  return null;
}

interface Monomial {
  coef: number;
  powers: Map<string, number>;
}

function constantValue(node: MathNode): number | null {
  if (symbolsOf(node).length > 0) return null;
  try {
    const v = node.evaluate();
    return typeof v === 'number' && Number.isFinite(v) ? v : null;
  } catch {
    return null;
  }
}

function asMonomial(node: MathNode): Monomial | null {
  const c = constantValue(node);
  if (c !== null) return { coef: c, powers: new Map() };
  const n = node as unknown as { type: string; name?: string; op?: string; args?: MathNode[]; content?: MathNode; fn?: { name: string } };
  if (n.type === 'SymbolNode' && n.name) return { coef: 1, powers: new Map([[n.name, 1]]) };
  if (n.type === 'ParenthesisNode' && n.content) return asMonomial(n.content);
  if (n.type === 'FunctionNode' && n.fn?.name === 'sqrt' && n.args?.length === 1) return power(asMonomial(n.args[0]), 0.5);
  if (n.type !== 'OperatorNode' || !n.args) return null;
  if (n.op === '-' && n.args.length === 1) {
    const m = asMonomial(n.args[0]);
    return m && { coef: -m.coef, powers: m.powers };
  }
  if (n.args.length !== 2) return null;
  const [a, b] = n.args;
  if (n.op === '^') {
    const k = constantValue(b);
    return k === null ? null : power(asMonomial(a), k);
  }
  if (n.op === '*' || n.op === '/') {
    const ma = asMonomial(a);
    const mb = n.op === '*' ? asMonomial(b) : power(asMonomial(b), -1);
    if (!ma || !mb) return null;
    const powers = new Map(ma.powers);
    for (const [s, p] of mb.powers) powers.set(s, (powers.get(s) ?? 0) + p);
    return { coef: ma.coef * mb.coef, powers };
  }
  return null;
}

function power(m: Monomial | null, k: number): Monomial | null {
  if (!m) return null;
  return { coef: m.coef ** k, powers: new Map([...m.powers].map(([s, p]) => [s, p * k])) };
}

function factor(symbol: string, p: number): string {
  return p === 1 ? symbol : `${symbol}^${Number.isInteger(p) ? p : `(${p})`}`;
}

/**
 * The equation rearranged for `x`: `x` alone on the left, or null when the formula is not a
 * product of powers nor a sum in which `x` stands alone.
 */
export function solveFor(eq: Equation, x: string): MathNode | null {
  if (x === eq.lhs) return eq.rhs;
  const mono = asMonomial(eq.rhs);
  const p = mono?.powers.get(x);
  if (mono && p) {
    // x^p = lhs / (coef × others): numerator and denominator of the right side.
    const num: string[] = [];
    const den: string[] = [];
    if (p > 0) num.push(eq.lhs);
    else den.push(eq.lhs);
    // The coefficient moves across as an integer when it can ("Ec = 1/2 m v²" → "2 × Ec / m").
    const c = p > 0 ? 1 / mono.coef : mono.coef;
    if (Math.abs(c - Math.round(c)) < 1e-9 && Math.round(c) !== 1) num.unshift(String(Math.round(c)));
    else if (Math.abs(1 / c - Math.round(1 / c)) < 1e-9 && Math.round(1 / c) !== 1) den.push(String(Math.round(1 / c)));
    else if (c !== 1) num.unshift(`(${c})`);
    for (const [s, q] of mono.powers) {
      if (s === x) continue;
      // A factor that divides the right side multiplies the other side, and the reverse.
      if ((q < 0) === (p > 0)) num.push(factor(s, Math.abs(q)));
      else den.push(factor(s, Math.abs(q)));
    }
    const frac = den.length ? `(${num.join(' * ') || '1'}) / (${den.join(' * ')})` : num.join(' * ');
    const k = Math.abs(p);
    const text = k === 1 ? frac : k === 2 ? `sqrt(${frac})` : `(${frac})^(1/${k})`;
    try {
      return math.parse(text);
    } catch {
      return null;
    }
  }
  // A sum: lhs = a + b − x … → x = ±(lhs − other terms).
  const sum = asSum(eq.rhs);
  if (sum) {
    const own = sum.filter((t) => t.symbol === x);
    if (own.length === 1 && sum.every((t) => t.symbol === x || !symbolsOf(t.node).includes(x))) {
      const others = sum.filter((t) => t !== own[0]).map((t) => `${t.sign > 0 ? '-' : '+'} (${t.node.toString()})`);
      const body = `${eq.lhs} ${others.join(' ')}`;
      try {
        return math.simplify(own[0].sign > 0 ? body : `-(${body})`);
      } catch {
        return null;
      }
    }
  }
  return null;
}

function asSum(node: MathNode): { sign: number; node: MathNode; symbol: string | null }[] | null {
  const out: { sign: number; node: MathNode; symbol: string | null }[] = [];
  const walk = (n: MathNode, sign: number): boolean => {
    const o = n as unknown as { type: string; op?: string; args?: MathNode[]; content?: MathNode; name?: string };
    if (o.type === 'ParenthesisNode' && o.content) return walk(o.content, sign);
    if (o.type === 'OperatorNode' && (o.op === '+' || o.op === '-') && o.args?.length === 2) {
      return walk(o.args[0], sign) && walk(o.args[1], o.op === '-' ? -sign : sign);
    }
    out.push({ sign, node: n, symbol: o.type === 'SymbolNode' ? (o.name ?? null) : null });
    return true;
  };
  walk(node, 1);
  return out.length >= 2 ? out : null;
}

/**
 * An expression as a course writes it: "2 × Ec / m", "√(2 × Ec / m)", "v²"; with `substitute`,
 * symbols replaced by values ("45 km / 1,5 h", "(20 m/s)²"), a value in brackets when it is raised
 * to a power, negative, or has a compound unit.
 */
export function displayExpression(node: MathNode, substitute?: (symbol: string) => string | undefined): string {
  let shown = node;
  if (substitute) {
    // Mark the symbols raised to a power: their value needs brackets ("(20 m/s)²").
    shown = node.transform((n) => {
      const o = n as unknown as { type: string; op?: string; fn?: string; args?: MathNode[] };
      const base = o.args?.[0] as unknown as { type: string; name: string } | undefined;
      if (o.type === 'OperatorNode' && o.op === '^' && o.args && base?.type === 'SymbolNode') {
        return new math.OperatorNode('^', 'pow', [new math.SymbolNode(`${POWER_BASE}${base.name}`), o.args[1]]);
      }
      return n;
    });
  }
  const text = shown.toString({
    parenthesis: 'auto',
    implicit: 'show',
    handler: (n: MathNode) => {
      if (n.type !== 'SymbolNode' || !substitute) return undefined;
      const name = (n as unknown as { name: string }).name;
      if (!name.startsWith(POWER_BASE)) return substitute(name);
      const value = substitute(name.slice(POWER_BASE.length));
      return value && /\s|^-/u.test(value) && !value.startsWith('(') ? `(${value})` : value;
    },
  });
  return prettyMath(text);
}

const POWER_BASE = '__power_base__';

export function prettyMath(text: string): string {
  return text
    .replace(/\s\*\s/g, ' × ')
    .replace(/ - /g, ' − ')
    .replace(/(^|[(\s])-(?=[\p{L}\d(])/gu, '$1−')
    .replace(/(\d) \/ (\d)/g, '$1/$2')
    .replace(/\s*\^\s*2\b/g, '²')
    .replace(/\s*\^\s*3\b/g, '³')
    .replace(/sqrt\(/g, '√(');
}
