// The course's worked examples: the sections that solve an exercise ("Exercice résolu", "Worked
// example", a block labelled as an exercise), and in them the line where a formula of the course
// is applied to numbers ("pH = −log(2,0 × 10^(−3)) = 2,7"). A worked line is matched to a formula
// only when it writes the same left-hand symbol, the same functions and as many numbers as the
// formula has terms, so that the answer cites the course's own method, never a look-alike.
import type { MathNode } from 'mathjs';
import type { CourseAnalysis, SentenceInfo } from './analysis.js';
import { SYMBOL_PATTERN, symbolsOf, toMathSyntax, type Equation } from './equations.js';
import { math, parseQuantities } from './quantities.js';

const WORKED_HEADING =
  /(?:^|[\s.)–-])(?:exercices?\s+(?:résolus?|corrigés?|guidés?)|exemples?\s+(?:résolus?|corrigés?|d['’]application)|worked\s+(?:examples?|exercises?|problems?)|solved\s+(?:examples?|exercises?|problems?)|exercices?|exercises?)(?![\p{L}])/iu;

const cache = new WeakMap<CourseAnalysis, SentenceInfo[][]>();

/** The course's worked examples, each as its sentences in order (cached per analysis). */
export function workedExamples(analysis: CourseAnalysis): SentenceInfo[][] {
  const hit = cache.get(analysis);
  if (hit) return hit;
  const out: SentenceInfo[][] = [];
  let current: SentenceInfo[] | null = null;
  let depth = 0;
  let file = '';
  for (const s of analysis.sentences) {
    if (s.page.file_id !== file) {
      file = s.page.file_id;
      depth = 0;
      current = null;
    }
    if (s.role === 'heading') {
      if (depth && s.depth <= depth) {
        depth = 0;
        current = null;
      }
      if (!depth && WORKED_HEADING.test(s.text)) {
        depth = Math.max(1, s.depth);
        current = [];
        out.push(current);
      }
      continue;
    }
    if (!depth && s.exercise && !current) {
      current = [];
      out.push(current);
    }
    if (depth || s.exercise) current?.push(s);
    else current = null;
  }
  const examples = out.filter((e) => e.length > 0);
  cache.set(analysis, examples);
  return examples;
}

/** Every sentence of the course's worked examples, in order. */
export function workedSentences(analysis: CourseAnalysis): SentenceInfo[] {
  return workedExamples(analysis).flat();
}

/** A worked line's part "lhs = …" up to the next "=" or the end of the clause. */
export interface WorkedRelation {
  sentence: SentenceInfo;
  lhs: string;
  /** The chain's members after the left-hand side, as written ("P × Q", "100Q − 2Q²"). */
  members: string[];
  /** The chain as written, "lhs = a = b". */
  text: string;
}

const CHAIN_RE = new RegExp(`(?:^|[\\s(:,])(${SYMBOL_PATTERN}(?:\\([^)]*\\))?)\\s*=\\s*`, 'gu');
/** Where a chain of equalities stops: a clause break ("; ", ", so", ". "), or the end. */
const CHAIN_STOP = /;\s|,\s|:\s|\s(?:so|then|hence|thus|and|donc|d['’]où|soit|alors|et|car|since|because|puisque|comme|for|pour|où|where|with|avec)\s|\s\((?=\p{L}{2,})|\.(?:\s|$)/u;

/** The chains of equalities a sentence writes ("TR = P × Q = 100Q − 2Q²", "MR = MC"). */
export function relationsIn(s: SentenceInfo): WorkedRelation[] {
  const out: WorkedRelation[] = [];
  const text = s.text;
  let from = 0;
  for (const m of text.matchAll(CHAIN_RE)) {
    const at = (m.index ?? 0) + m[0].indexOf(m[1]);
    if (at < from) continue;
    const rest = text.slice((m.index ?? 0) + m[0].length);
    const stop = CHAIN_STOP.exec(rest);
    const body = rest.slice(0, stop ? stop.index : rest.length).trim();
    if (!body) continue;
    const members = body.split(/\s*=\s*/u).map((x) => x.trim()).filter(Boolean);
    if (!members.length) continue;
    out.push({ sentence: s, lhs: m[1], members, text: `${m[1]} = ${members.join(' = ')}` });
    from = (m.index ?? 0) + m[0].length + body.length;
  }
  return out;
}

/** A member read as an expression: course notation, currencies and units after numbers removed. */
export function memberExpression(text: string, lang: 'fr' | 'en'): { node: MathNode; unit: string | null } | null {
  let unit: string | null = null;
  let t = text;
  const currency = /[€$£]/u.exec(t);
  if (currency) {
    unit = currency[0] === '€' ? 'EUR' : currency[0] === '$' ? 'USD' : 'GBP';
    t = t.replace(/[€$£]/gu, '');
  }
  // A unit written after the last number ("20 units", "2,0 × 10^(−3) mol/L"): kept apart.
  const qs = parseQuantities(t, lang);
  const last = qs[qs.length - 1];
  if (last?.unit && t.slice(last.end).trim() === '') {
    unit = last.unit;
    t = t.slice(0, last.start) + stripUnit(t.slice(last.start));
  } else {
    const word = /^(.*\d)\s+(units?|unités?|items?|pièces?)$/iu.exec(t.trim());
    if (word) {
      unit = word[2].toLowerCase();
      t = word[1];
    }
  }
  try {
    const node = math.parse(toMathSyntax(t.replace(/(\d)[\s\u00a0\u202f](?=\d{3}\b)/gu, '$1')));
    return { node, unit };
  } catch {
    return null;
  }
}

/** A quantity's text without its unit: "2,0 × 10^(−3) mol/L" → "2,0 × 10^(−3)". */
function stripUnit(text: string): string {
  const m = /^[-−]?[\d\s.,]+(?:\s*[×x*·]\s*10\s*(?:\^\s*\(?\s*[-−]?\d+\)?|[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+))?/u.exec(text);
  return m ? m[0] : text;
}

function functionNames(node: MathNode): string[] {
  const out: string[] = [];
  node.traverse((n) => {
    const f = n as unknown as { type: string; fn?: { name?: string } };
    if (f.type === 'FunctionNode' && f.fn?.name) out.push(f.fn.name);
  });
  return out.sort();
}

/** Symbol and number leaves of a formula's right-hand side. */
function leaves(node: MathNode): number {
  let n = 0;
  node.traverse((x, path, parent) => {
    if (x.type === 'SymbolNode' && !(parent?.type === 'FunctionNode' && path === 'fn')) n++;
    else if (x.type === 'ConstantNode') n++;
  });
  return n;
}

const sameSymbol = (a: string, b: string) => a === b || (a.length <= 2 && b.length <= 2 && a.toLowerCase() === b.toLowerCase());

/**
 * The worked example's line that applies `eq` to numbers, with the part that does
 * ("z = (191 − 175) / 8 = 16 / 8 = 2.0"), or null when the course's worked examples never do.
 */
export function workedInstance(eq: Equation, analysis: CourseAnalysis): { sentence: SentenceInfo; text: string } | null {
  const fns = functionNames(eq.rhs).join(',');
  const size = leaves(eq.rhs);
  for (const s of workedSentences(analysis)) {
    for (const r of relationsIn(s)) {
      if (!sameSymbol(r.lhs, eq.lhs)) continue;
      const first = r.members[0];
      const read = memberExpression(first, s.page.language);
      if (!read || symbolsOf(read.node).length > 0) continue;
      if (functionNames(read.node).join(',') !== fns) continue;
      if (parseQuantities(first.replace(/[€$£]/gu, ''), s.page.language).length !== size) continue;
      return { sentence: s, text: r.text };
    }
  }
  return null;
}

/** The worked example's line that reads `label` for a number ("Φ(2.0) = 0.9772"), if any. */
export function workedReading(label: string, analysis: CourseAnalysis): SentenceInfo | null {
  const head = label.replace(/\(.*$/u, '').trim();
  if (!head) return null;
  const re = new RegExp(`${head.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')}\\(\\s*[-−]?\\d`, 'u');
  return workedSentences(analysis).find((s) => re.test(s.text)) ?? null;
}
