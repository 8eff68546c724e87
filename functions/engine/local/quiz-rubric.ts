// The rubric of an open question: the key points a good answer must contain — the content
// clauses of the cited sentences, cut at their connecting words ("qui", "lorsque", "which",
// "by", ",") into two to five points of a few content words each — and the model answer, the
// cited sentences themselves, joined. Points are copied from the course, so the model answer
// covers every one of them.
import type { EducationLevel } from '../../core/profile.js';
import type { CourseLanguage } from '../../core/artefacts.js';
import { normalizeSpace, type SentenceInfo } from './analysis.js';
import { tokenize, type Token } from './key-terms.js';
import { prettyUnit } from './quantities.js';
import type { DefinitionFact, FormulaFact, StepsFact } from './quiz-facts.js';

export interface Rubric {
  key_points: string[];
  model_answer: string;
  /** The sentences the question cites, in order. */
  cited: SentenceInfo[];
}

/** Words that open a new clause: a point ends before them. */
const STRONG: Record<CourseLanguage, ReadonlySet<string>> = {
  fr: new Set(['qui', 'que', 'qu', 'dont', 'ou', 'lorsque', 'lorsqu', 'quand', 'si', 'car', 'mais', 'donc', 'selon', 'tandis', 'alors', 'puis']),
  en: new Set(['which', 'that', 'who', 'whose', 'where', 'when', 'whenever', 'while', 'if', 'because', 'but', 'so', 'whereas', 'although', 'then']),
};
/** Words a long clause may be cut before (prepositions and conjunctions). */
const WEAK: Record<CourseLanguage, ReadonlySet<string>> = {
  fr: new Set(['et', 'pour', 'par', 'avec', 'sans', 'dans', 'en', 'sur', 'vers', 'entre', 'pendant', 'au', 'aux']),
  en: new Set(['and', 'or', 'to', 'by', 'with', 'from', 'into', 'in', 'for', 'at', 'during', 'on']),
};
/** Connecting words a point does not start with once cut out ("qui", "which", "et", "and"). */
const LEADING: Record<CourseLanguage, RegExp> = {
  fr: /^(?:(?:qui|que|qu['’]|dont|où|lorsque|lorsqu['’]|quand|si|car|mais|donc|et|ou|puis|alors|tandis\s+que)\s+)+/iu,
  en: /^(?:(?:which|that|who|whose|where|when|whenever|while|if|because|but|so|and|or|then|by\s+which|in\s+which)\s+)+/iu,
};
const COORDINATORS: ReadonlySet<string> = new Set(['et', 'ou', 'and', 'or']);
/** Largest number of content words in one point before it is cut at a weak word. */
const LONG_POINT = 5;

/** Key points per level: a middle-school student is asked for fewer. */
export function maxKeyPoints(level: EducationLevel | null): number {
  if (level === 'college') return 3;
  if (level === 'prepa' || level === 'licence' || level === 'master' || level === 'doctorat') return 5;
  return 4;
}

const isWeighty = (t: Token) => !t.stop && (t.folded.length >= 2 || /\d/u.test(t.folded));

interface Piece {
  start: number;
  end: number;
  content: number;
}

/**
 * The content clauses of a text, at most `max`: cut at punctuation and clause words, short
 * pieces joined to their neighbour, long ones cut at prepositions, the smallest merged when
 * there are too many.
 */
export function clauses(text: string, lang: CourseLanguage, max: number): string[] {
  const tokens = tokenize(text, lang);
  if (tokens.length === 0) return [];
  const strong: number[] = [];
  const weak: number[] = [];
  for (let i = 1; i < tokens.length; i++) {
    const gap = text.slice(tokens[i - 1].end, tokens[i].start);
    // "1,000 m" and "6,5 V" are one number, not two clauses.
    const inNumber = /^[,.]$/u.test(gap) && /\d$/u.test(tokens[i - 1].text) && /^\d/u.test(tokens[i].text);
    if ((/[,;:()—–]/u.test(gap) && !inNumber) || STRONG[lang].has(tokens[i].folded)) strong.push(i);
    else if (WEAK[lang].has(tokens[i].folded)) weak.push(i);
  }
  const piece = (from: number, to: number): Piece => ({
    start: from,
    end: to,
    content: tokens.slice(from, to).filter(isWeighty).length,
  });
  let pieces: Piece[] = [];
  let from = 0;
  for (const cut of [...strong, tokens.length]) {
    if (cut > from) pieces.push(piece(from, cut));
    from = cut;
  }
  pieces = mergeShort(pieces, piece);
  pieces = pieces.flatMap((p) => splitLong(p, weak, tokens, piece));
  while (pieces.length > Math.max(1, max)) {
    let best = 0;
    for (let i = 1; i < pieces.length - 1; i++) if (pieces[i].content + pieces[i + 1].content < pieces[best].content + pieces[best + 1].content) best = i;
    pieces.splice(best, 2, piece(pieces[best].start, pieces[best + 1].end));
  }
  return pieces.map((p) => cleanPoint(text.slice(tokens[p.start].start, tokens[p.end - 1].end), lang)).filter((s) => s.length > 1);
}

/** Pieces with fewer than two content words join the next one (the last joins the previous). */
function mergeShort(pieces: Piece[], piece: (from: number, to: number) => Piece): Piece[] {
  const out: Piece[] = [];
  let pending: Piece | null = null;
  for (const p of pieces) {
    const current: Piece = pending ? piece(pending.start, p.end) : p;
    if (current.content < 2) pending = current;
    else {
      out.push(current);
      pending = null;
    }
  }
  if (pending) {
    const last = out.pop();
    out.push(last ? piece(last.start, pending.end) : pending);
  }
  return out;
}

/** A piece of more than LONG_POINT content words, cut at the weak word nearest its middle (two content words each side at least). */
function splitLong(p: Piece, weak: number[], tokens: Token[], piece: (from: number, to: number) => Piece): Piece[] {
  if (p.content <= LONG_POINT) return [p];
  let best = -1;
  let bestGap = Infinity;
  for (const cut of weak) {
    if (cut <= p.start || cut >= p.end) continue;
    const left = piece(p.start, cut);
    const right = piece(cut, p.end);
    if (left.content < 2 || right.content < 2) continue;
    // "carbon dioxide and water" stays whole when a preposition can cut instead.
    const gap = Math.abs(left.content - right.content) + (COORDINATORS.has(tokens[cut].folded) ? 2.5 : 0);
    if (gap < bestGap) [best, bestGap] = [cut, gap];
  }
  if (best < 0) return [p];
  return [...splitLong(piece(p.start, best), weak, tokens, piece), ...splitLong(piece(best, p.end), weak, tokens, piece)];
}

function cleanPoint(text: string, lang: CourseLanguage): string {
  return normalizeSpace(text)
    .replace(/^[\s,;:.()—–-]+|[\s,;:.()—–-]+$/gu, '')
    .replace(LEADING[lang], '')
    .replace(TRAILING[lang], '')
    .trim();
}

/** Grammar words a point does not end with ("… est une droite et"). */
const TRAILING: Record<CourseLanguage, RegExp> = {
  fr: /(?:\s+(?:et|ou|de|du|des|la|le|les|l['’]|d['’]|à|au|aux|en|par|pour|que|qui))+$/iu,
  en: /(?:\s+(?:and|or|of|the|a|an|to|by|in|for|that|which))+$/iu,
};

/** "Exemple : un train…" → "un train…"; a step's number or sequencing word dropped. */
function stripLabel(text: string): string {
  return text
    .replace(/^(?:exemples?|examples?|ex\.|par exemple|for example|for instance)\s*[:,]?\s*/iu, '')
    .replace(/^(?:\d+\s*[.)]|[-–•]|d['’]abord|tout d['’]abord|ensuite|puis|enfin|premièrement|deuxièmement|first(?:ly)?|second(?:ly)?|then|next|finally)\s*,?\s*/iu, '')
    .trim();
}

/** A sentence cut to its first `words` words (with "…"), for a point that quotes an example. */
function shorten(text: string, words: number): string {
  const ws = text.split(/\s+/u);
  return ws.length <= words ? text.replace(/[.;]$/u, '') : `${ws.slice(0, words).join(' ')}…`;
}

/** The cited sentences as one text; a formula line before a new sentence gets its full stop. */
function modelOf(sentences: SentenceInfo[]): string {
  return sentences
    .map((s, i) => {
      const next = sentences[i + 1];
      return next && !/[.!?;:]$/u.test(s.text) && /^\p{Lu}/u.test(next.text) ? `${s.text}.` : s.text;
    })
    .join(' ');
}

/** A definition: what the term is (its clauses), its formula and its example. */
export function definitionRubric(fact: DefinitionFact, level: EducationLevel | null): Rubric | null {
  const max = maxKeyPoints(level);
  const extras: string[] = [];
  if (fact.formula && fact.formula.role === 'formula') extras.push(fact.formula.text.replace(/[.;]$/u, ''));
  if (fact.example) extras.push(shorten(stripLabel(fact.example.text), 14));
  const room = Math.max(2, max - extras.length);
  const source = fact.body ?? fact.sentence.text;
  let points = clauses(source, fact.lang, room);
  if (points.length + extras.length < 2) points = forceTwo(source, fact.lang);
  const key_points = [...points, ...extras].slice(0, max);
  if (key_points.length < 2) return null;
  const cited = [fact.sentence, ...(fact.formula ? [fact.formula] : []), ...(fact.example ? [fact.example] : [])];
  return { key_points, model_answer: modelOf(cited), cited };
}

/** One long clause cut in two halves of content words (for a definition that is a single clause). */
function forceTwo(text: string, lang: CourseLanguage): string[] {
  const tokens = tokenize(text, lang);
  const total = tokens.filter(isWeighty).length;
  if (total < 4) return clauses(text, lang, 1);
  // Before a grammar word that follows a content word ("l'unité d'énergie | du Système international"), nearest the middle.
  let best = -1;
  let bestGap = Infinity;
  let before = 0;
  for (let i = 1; i < tokens.length; i++) {
    if (isWeighty(tokens[i - 1])) before++;
    if (!tokens[i].stop || !isWeighty(tokens[i - 1]) || before < 2 || total - before < 2) continue;
    const gap = Math.abs(total - 2 * before);
    if (gap < bestGap) [best, bestGap] = [i, gap];
  }
  if (best < 0) return clauses(text, lang, 1);
  return [text.slice(0, tokens[best].start), text.slice(tokens[best].start)].map((s) => cleanPoint(s, lang)).filter(Boolean);
}

/** A formula: what each symbol stands for, and its unit. */
export function formulaRubric(fact: FormulaFact, level: EducationLevel | null): Rubric | null {
  const max = maxKeyPoints(level);
  const named = fact.variables.filter((v) => v.description);
  let key_points = named.map((v) => {
    const unit = v.unit ? ` (${prettyUnit(v.unit)})` : '';
    return fact.lang === 'fr' ? `${v.symbol} : ${v.description}${unit}` : `${v.symbol}: ${v.description}${unit}`;
  });
  if (key_points.length < 2 && fact.symbolNames) key_points = clauses(fact.symbolNames.text, fact.lang, max);
  key_points = key_points.slice(0, max);
  if (key_points.length < 2) return null;
  // The sentences naming the symbols (the definition before the formula names its left side).
  const sources = named.map((v) => v.source).filter((x): x is SentenceInfo => !!x);
  const cited = [...new Set([fact.sentence, ...(fact.symbolNames ? [fact.symbolNames] : []), ...sources])].sort((a, b) => a.index - b.index);
  return { key_points, model_answer: modelOf(cited), cited };
}

/** A method: its steps, in order. */
export function stepsRubric(fact: StepsFact, level: EducationLevel | null): Rubric | null {
  const max = maxKeyPoints(level);
  // The model answer keeps every step; the rubric asks for the first ones.
  const key_points = fact.steps.slice(0, max).map((s) => shorten(stripLabel(s.text), 12));
  if (key_points.length < 2) return null;
  return { key_points, model_answer: modelOf(fact.steps), cited: fact.steps };
}

/**
 * The rubric of a model answer given as text (a teacher's own, say): its content clauses as the
 * key points, cut as a cited sentence is (a single clause cut in two halves), the text itself as
 * the model answer.
 */
export function rubricOfText(text: string, lang: CourseLanguage, level: EducationLevel | null): { key_points: string[]; model_answer: string } {
  let points = clauses(text, lang, maxKeyPoints(level));
  if (points.length < 2) points = forceTwo(text, lang);
  const model = normalizeSpace(text);
  return { key_points: points.length ? points : [model], model_answer: model };
}
