// The facts of a course that quizzes and flashcards test: definitions (term → what it is),
// formulas (quantity → relation), dates (event → date), numbers with their units, persons, and
// the steps of a method. Each fact keeps the sentence it comes from (and the ones that complete
// it: the sentence naming a formula's symbols, the example of a definition), so that every
// question and card cites the page it rests on. Extracted once per course (cached on its pages
// array) from the shared sentence analysis, in linear passes.
import { foldText } from '../../core/fold.js';
import type { CourseLanguage } from '../../core/artefacts.js';
import type { CoursePage } from '../types.js';
import { analyzeCourse, normalizeSpace, pageKey, type CourseAnalysis, type SentenceInfo } from './analysis.js';
import { formulary } from './equations.js';
import { isContentToken, tokenize, type Token } from './key-terms.js';
import type { DateMention } from './patterns.js';
import { parseQuantities } from './quantities.js';
import { SYMBOL_NAMES } from './retrieval.js';

export type FactType = 'definition' | 'formula' | 'date' | 'number' | 'person' | 'steps' | 'keyterm';

/** The blank of a sentence to complete. */
export const BLANK = '_____';

interface FactBase {
  /** The quiz's `fact_key`: type, folded subject, file and page. */
  key: string;
  type: FactType;
  /** Folded identity of what is asked (a term, a formula, a date and its event…): equal subjects are the same fact. */
  subject: string;
  /** The sentence that states the fact. */
  sentence: SentenceInfo;
  /** Every sentence a question on this fact cites, the stating one first. */
  support: SentenceInfo[];
  lang: CourseLanguage;
  /** How central the fact is to the course, 0–1 (headline terms high). */
  weight: number;
}

export interface DefinitionFact extends FactBase {
  type: 'definition';
  /** The defined term without its article ("énergie cinétique", "Photosynthesis"). */
  term: string;
  /** What the term is, as the course words it, without the term and its verb; null when it cannot be cut out. */
  body: string | null;
  /** 'np': the body names a thing ("l'énergie que…"); 'clause': it states something ("that all living things…"). */
  shape: 'np' | 'clause';
  /** The sentence with the term replaced by the blank, or null when the term is not written whole in it. */
  masked: string | null;
  /** A law, principle or theory ("states that", "loi selon laquelle"): asked as "what does it state". */
  statement: boolean;
  /** The formula and the example that follow the definition in its section, if any. */
  formula: SentenceInfo | null;
  example: SentenceInfo | null;
}

export interface FormulaFact extends FactBase {
  type: 'formula';
  lhs: string;
  /** The relation sign as written ("=", "→"). */
  relation: string;
  rhs: string;
  /** "lhs = rhs" as written in the course. */
  written: string;
  /** What the formula gives ("la vitesse moyenne", "photosynthesis"), or ''. */
  name: string;
  /**
   * For a relation between two expressions ("C1 × V1 = C2 × V2"), what the course says it
   * expresses ("au cours d'une dilution, la quantité de matière de soluté se conserve"); else ''.
   */
  statement: string;
  /** A chemical equation (reactants → products). */
  chemical: boolean;
  /** Each symbol with the name and unit the course gives it, and the sentence that names it. */
  variables: { symbol: string; description: string; unit: string | null; source: SentenceInfo | null }[];
  /** The sentence naming the symbols ("où d est …"), if any. */
  symbolNames: SentenceInfo | null;
}

export type DateForm = 'year' | 'full' | 'month' | 'century' | 'decade';

export interface DateFact extends FactBase {
  type: 'date';
  date: DateMention;
  form: DateForm;
  /** What happened, when the sentence opens with its date ("Isaac Newton publie les Principia…"); else null. */
  event: string | null;
  /** The sentence with the date replaced by the blank. */
  cloze: string;
}

export interface NumberFact extends FactBase {
  type: 'number';
  value: number;
  /** As written, with its unit or the thing it counts: "9,81 N/kg", "600 km", "300 loaves", "400". */
  written: string;
  /** What is written before and after the number in `written` ("$", " N/kg", " loaves"). */
  prefix: string;
  suffix: string;
  /** mathjs unit, or null. */
  unit: string | null;
  /** Decimals shown in the course's writing of the number. */
  decimals: number;
  cloze: string;
  /** The number comes from a worked example rather than a value to know. */
  example: boolean;
}

export interface PersonFact extends FactBase {
  type: 'person';
  name: string;
  cloze: string;
}

export interface StepsFact extends FactBase {
  type: 'steps';
  /** The heading of the method, as a student reads it ("Steps of mitosis"). */
  title: string;
  steps: SentenceInfo[];
}

/** A key term of the course in a sentence of its own (quiz-keyterms.ts): asked when a file has few definitions. */
export interface KeyTermFact extends FactBase {
  type: 'keyterm';
  /** As written in the sentence. */
  term: string;
  cloze: string;
}

export type Fact = DefinitionFact | FormulaFact | DateFact | NumberFact | PersonFact | StepsFact | KeyTermFact;

export interface CourseFacts {
  analysis: CourseAnalysis;
  /** Every fact, in document order, one per subject and file. */
  all: Fact[];
  byFile: Map<string, Fact[]>;
}

const byPages = new WeakMap<readonly CoursePage[], CourseFacts>();
const byAnalysis = new WeakMap<CourseAnalysis, CourseFacts>();

/** The facts of a course (cached per pages array, and per analysis: the same text read twice is extracted once). */
export function courseFacts(pages: readonly CoursePage[]): CourseFacts {
  const hit = byPages.get(pages);
  if (hit) return hit;
  const analysis = analyzeCourse(pages);
  let facts = byAnalysis.get(analysis);
  if (!facts) {
    facts = extractFacts(analysis);
    byAnalysis.set(analysis, facts);
  }
  byPages.set(pages, facts);
  return facts;
}

/** Folded and blank-normalised: the form facts and options are compared in. */
export function fold(text: string): string {
  return foldText(normalizeSpace(text));
}

/** Units and symbols written in lower case, which a capital would change ("mol", "kg", "min"). */
const LOWER_CASE_UNITS = new Set(['mol', 'mmol', 'g', 'kg', 'mg', 'm', 'cm', 'mm', 'km', 'nm', 's', 'ms', 'min', 'h']);

/**
 * First letter in capitals (options and card fronts read alike), unless the first word is written
 * with a capital past its first letter ("pH", "mL", "kJ", "eBay") or is a unit ("mol"): those are
 * symbols, and a capital would change them.
 */
export function capitalize(text: string): string {
  const word = /^[\p{L}\p{N}]*/u.exec(text)?.[0] ?? '';
  if (/\p{Lu}/u.test(word.slice(1)) || LOWER_CASE_UNITS.has(word)) return text;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A label without its page decoration: "Les solutions — page 3" → "Les solutions". */
export function withoutPageMark(text: string): string {
  return text.replace(/\s*(?:[—–-]|,|\()?\s*(?:page|p\.)\s*\d+\s*\)?\s*$/iu, '').trim();
}

/** Headings without their numbering ("2. ", "IV – ", "B) "; a heading's first word "A" stays), and in
 * capitals read as sentences: "MÉTHODE : RÉSOUDRE" → "Méthode : résoudre". */
export function displayHeading(text: string): string {
  const t = withoutPageMark(text.replace(/^(?:(?:\d+(?:\.\d+)*|[IVXLC]+)\s*[.)–-]?|[A-Z]\s*[.)–-])\s+(?=\p{L})/u, ''));
  return t === t.toUpperCase() ? capitalize(t.toLowerCase()) : t;
}

const ARTICLE_RE = /^(?:l['’]\s*|(?:le|la|les|un|une|des|the|a|an)\s+)/iu;
/** "d'un système", "of a cell": a generic complement a term reads as well without. */
const COMPLEMENT_RE = /\s+(?:d['’]une?|of\s+an?)\s+\p{L}+$/u;

/** The term as a student names it: no article, no generic complement ("L'énergie mécanique d'un système" → "énergie mécanique"). */
export function cleanTerm(term: string): string {
  let t = normalizeSpace(term).replace(/^[«"“(]+|[»"”)]+$/gu, '').trim();
  t = t.replace(ARTICLE_RE, '');
  // Capitalised only because it opened the sentence ("Photosynthesis is…"): not an acronym or a name of two capitals.
  if (/^\p{Lu}\p{Ll}+(?:\s+\p{Ll}|$)/u.test(t)) t = t.charAt(0).toLowerCase() + t.slice(1);
  const shorter = t.replace(COMPLEMENT_RE, '');
  if (shorter !== t && shorter.split(/\s+/u).length >= 2) t = shorter;
  return t.trim();
}

/** Escapes a string for a regular expression. */
export function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

function extractFacts(analysis: CourseAnalysis): CourseFacts {
  const weights = termWeights(analysis);
  const raw: Fact[] = [];
  const formulas = formulaFacts(analysis, weights);
  for (const s of analysis.sentences) {
    // A table row is a record, not a statement: it is read by answers, not made into questions.
    if (s.role === 'heading' || s.role === 'row' || s.exercise) continue;
    if (s.definition && !s.formula && !SYMBOL_NAMES.test(s.text)) {
      const d = definitionFact(analysis, s, weights);
      if (d) raw.push(d);
    }
    if (s.date) {
      const d = dateFact(s, s.date);
      if (d) raw.push(d);
    }
    raw.push(...personFacts(s));
    raw.push(...numberFacts(s));
  }
  raw.push(...formulas);
  raw.push(...stepsFacts(analysis, weights));
  raw.sort((a, b) => a.sentence.index - b.sentence.index || TYPE_ORDER.indexOf(a.type) - TYPE_ORDER.indexOf(b.type));
  // One fact per subject and file: a course repeating a definition in a recap asks it once.
  const seen = new Set<string>();
  const all: Fact[] = [];
  const byFile = new Map<string, Fact[]>();
  for (const f of raw) {
    const id = `${f.type}|${f.subject}|${f.sentence.page.file_id}`;
    if (seen.has(id)) continue;
    seen.add(id);
    all.push(f);
    const list = byFile.get(f.sentence.page.file_id);
    if (list) list.push(f);
    else byFile.set(f.sentence.page.file_id, [f]);
  }
  return { analysis, all, byFile };
}

const TYPE_ORDER: FactType[] = ['definition', 'formula', 'steps', 'date', 'person', 'number', 'keyterm'];

export function factKey(type: FactType, subject: string, s: SentenceInfo): string {
  const file = s.page.file_id.slice(0, 80);
  return `${type}:${subject.slice(0, 90)}:${file}:${s.page.page}`;
}

/**
 * How central a term's words are: the pages they appear on, against the course's most widespread
 * content word (a headline term is used throughout; a detail on one page). Read from the page
 * frequencies the analysis already counted, so nothing more is scanned.
 */
interface Spread {
  frequency: ReadonlyMap<string, number>;
  max: number;
}

function termWeights(analysis: CourseAnalysis): Spread {
  let max = 1;
  for (const n of analysis.pageFrequency.values()) if (n > max) max = n;
  return { frequency: analysis.pageFrequency, max };
}

/** A word that can name something: not a grammar word, two letters or more (units included: "joule"). */
function isNamingToken(t: Token): boolean {
  return !t.stop && /\p{L}{2,}/u.test(t.text);
}

function termKey(term: string, lang: CourseLanguage): string {
  const tokens = tokenize(term, lang);
  const content = tokens.filter(isContentToken);
  return (content.length ? content : tokens.filter(isNamingToken)).map((t) => t.stem).join(' ');
}

function weightOf(spread: Spread, term: string, lang: CourseLanguage): number {
  const key = termKey(term, lang);
  if (!key) return 0.1;
  const parts = key.split(' ');
  let sum = 0;
  for (const part of parts) sum += Math.log(1 + (spread.frequency.get(part) ?? 0));
  return Math.max(0.1, Math.min(1, sum / parts.length / Math.log(1 + spread.max)));
}

// ---- Definitions ----

const CUE: Record<CourseLanguage, RegExp> = {
  fr: /^\s*(?:,\s*)?(?:(?:est|sont)\s+(?:appel[ée]e?s?\s+|défini[e]?s?\s+comme\s+|nommée?s?\s+)?|(?:désigne(?:nt)?|représente(?:nt)?|correspond(?:ent)?\s+à|se\s+défini(?:t|ssent)\s+comme|signifie(?:nt)?|mesure(?:nt)?|stipule(?:nt)?|énonce(?:nt)?)\s+(?:que\s+|qu['’])?|:\s*)/iu,
  en: /^\s*(?:,\s*)?(?:(?:is|are)\s+(?:defined\s+as\s+|called\s+|known\s+as\s+)?|(?:refers?\s+to|means|denotes|represents|describes|is\s+defined\s+as|are\s+defined\s+as|consists?\s+of|measures?|states?(?:\s+that)?)\s*,?\s*|:\s*)/iu,
};
const STATEMENT_CUE = /^\s*(?:states?|stipule(?:nt)?|énonce(?:nt)?)\b|\b(?:selon\s+laquelle|selon\s+lequel|according\s+to\s+which)\b/iu;
const LAW_TERM = /(?<![\p{L}])(?:lois?|théorèmes?|principes?|théorie|laws?|theorems?|principles?|theory|rules?|règles?)(?![\p{L}])/iu;
const CLAUSE_START = /^(?:that|how|when|whenever|if|whether|why|what|where|que|qu['’]|comment|lorsqu|lorsque|quand|si|s['’]|pourquoi|dès)\b/iu;

function definitionFact(analysis: CourseAnalysis, s: SentenceInfo, weights: Spread): DefinitionFact | null {
  const lang = s.page.language;
  const written = s.definition?.term ?? '';
  const term = cleanTerm(written);
  if (!term || term.split(/\s+/u).length > 6 || !tokenize(term, lang).some(isNamingToken)) return null;
  const text = s.text;
  // Where the term is written whole in the sentence (it is not for "Un mouvement est dit rectiligne uniforme…").
  const at = findTerm(text, term);
  let body: string | null = null;
  let masked: string | null = null;
  if (at) {
    const lead = /^(?:l['’]\s*|(?:le|la|les|un|une|des|the|a|an)\s+)$/iu.test(text.slice(0, at.start)) ? 0 : at.start;
    masked = `${text.slice(0, lead)}${BLANK}${text.slice(at.end)}`;
    // "L'énergie mécanique d'un système est …": the complement left out of the term comes before the verb.
    const rest = text.slice(at.end).replace(/^\s+(?:d['’]une?|of\s+an?)\s+\p{L}+(?=\s)/u, '');
    const cue = CUE[lang].exec(rest);
    const onAppelle = at.start > 0 && /^(?:on\s+(?:appelle|nomme|définit|désigne\s+par)|nous\s+appelons|we\s+call|we\s+define)\s+$/iu.test(text.slice(0, at.start));
    if (cue) body = rest.slice(cue[0].length);
    else if (onAppelle) body = rest.replace(/^\s*(?:comme|as)\s+/iu, '');
    if (countOccurrences(fold(text), fold(term)) > 1) masked = null;
  } else {
    // "X est dit Y lorsque …": what follows the condition is the definition.
    const cond = /\s((?:lorsqu['’]|lorsque|quand|si|dès que|when|whenever|if)\b.*)$/iu.exec(text);
    if (cond) body = cond[1];
  }
  if (body !== null) body = trimBody(body);
  if (body !== null && (body.length < 8 || fold(body).includes(fold(term)))) body = null;
  const after = text.slice(at?.end ?? 0);
  const statement = STATEMENT_CUE.test(after) || LAW_TERM.test(term);
  // "states that …", "stipule que …": the body is a clause whatever its first word.
  const thatClause = /^\s*(?:,\s*)?(?:states?|stipule(?:nt)?|énonce(?:nt)?)\b/iu.test(after);
  const shape = body && !CLAUSE_START.test(body) && !thatClause ? 'np' : 'clause';
  const { formula, example } = followers(analysis, s);
  const subject = fold(term);
  return {
    key: factKey('definition', subject, s),
    type: 'definition',
    subject,
    sentence: s,
    support: [s],
    lang,
    weight: weightOf(weights, term, lang),
    term,
    body,
    shape,
    masked,
    statement,
    formula,
    example,
  };
}

/** The term's first whole-word occurrence in the sentence (case and accents ignored). */
export function findTerm(text: string, term: string): { start: number; end: number } | null {
  const lower = text.toLowerCase();
  const needle = term.toLowerCase();
  if (lower.length !== text.length) return null;
  const word = /[\p{L}\p{N}]/u;
  for (let i = lower.indexOf(needle); i >= 0; i = lower.indexOf(needle, i + 1)) {
    const end = i + needle.length;
    if ((i === 0 || !word.test(text[i - 1])) && (end === text.length || !word.test(text[end]))) return { start: i, end };
  }
  return null;
}

export function countOccurrences(haystack: string, needle: string): number {
  let n = 0;
  for (let i = haystack.indexOf(needle); i >= 0; i = haystack.indexOf(needle, i + needle.length)) n++;
  return n;
}

/** The body up to the end of its first clause group (";", " : ", final stop), without closing punctuation. */
function trimBody(body: string): string {
  let b = body.trim();
  const cut = /\s*(?:;|\s:\s|\s—\s|\.\s)/u.exec(b);
  if (cut) b = b.slice(0, cut.index);
  b = b.replace(/^[,:\s]+/u, '').replace(/[\s.;:,!?]+$/u, '');
  if (b.length > 220) {
    const space = b.lastIndexOf(' ', 200);
    b = `${b.slice(0, space > 100 ? space : 200)}…`;
  }
  return b;
}

/** The formula and the example that follow a sentence under the same heading (within four sentences). */
function followers(analysis: CourseAnalysis, s: SentenceInfo): { formula: SentenceInfo | null; example: SentenceInfo | null } {
  let formula: SentenceInfo | null = null;
  let example: SentenceInfo | null = null;
  for (let i = s.index + 1; i < Math.min(analysis.sentences.length, s.index + 5); i++) {
    const n = analysis.sentences[i];
    if (n.section !== s.section || n.role === 'heading' || n.page.file_id !== s.page.file_id) break;
    if (n.definition && !n.formula) break;
    if (!formula && n.formula && !/\d\s*\p{L}*\s*[.]?$/u.test(n.text.replace(/[²³]/gu, ''))) formula = n;
    if (!example && n.example) example = n;
  }
  return { formula, example };
}

// ---- Formulas ----

const RELATION_SIGN_RE = /\s*(=|→|⟶|⇌)\s*/gu;

function formulaFacts(analysis: CourseAnalysis, weights: Spread): FormulaFact[] {
  const out: FormulaFact[] = [];
  const { equations } = formulary(analysis);
  const done = new Set<number>();
  for (const eq of equations) {
    const s = eq.sentence;
    if (s.exercise || done.has(s.index)) continue;
    const rhs = eq.written.slice(eq.written.indexOf('=') + 1).trim();
    // "C1 × V1 = C2 × V2" is read from "V1 =": the relation keeps its whole left side, and is asked
    // by what the course says it expresses — or not at all (its left side names no quantity).
    const whole = wholeRelation(s.text, eq.lhs);
    if (whole) {
      const statement = statementOf(analysis, s, whole.start);
      if (statement) out.push(formulaFact(s, whole.lhs, '=', rhs, '', false, [], symbolSentence(analysis, s), weights, statement));
      done.add(s.index);
      continue;
    }
    const lhsVar = eq.variables.get(eq.lhs);
    const name = cleanName(lhsVar?.description || nameBefore(analysis, s));
    const names = symbolSentence(analysis, s);
    const definition = definitionBefore(analysis, s);
    const variables = eq.symbols
      .map((sym) => eq.variables.get(sym))
      .filter((v) => !!v && !!v.description)
      .map((v) => {
        // "avec Ep en joules (J)" gives the unit; the definition before the formula gives the name.
        const said = (x: SentenceInfo | null) => !!x && x.page.file_id === s.page.file_id && fold(x.text).includes(fold(v!.description));
        const source = said(v!.source) ? v!.source : said(definition) ? definition : null;
        return { symbol: v!.symbol, description: cleanName(v!.description), unit: v!.unit, source };
      });
    out.push(formulaFact(s, eq.lhs, '=', rhs, name, false, variables, names, weights));
    done.add(s.index);
  }
  for (const s of analysis.sentences) {
    if (!s.formula || s.exercise || done.has(s.index) || s.role === 'heading') continue;
    const signs = [...s.text.matchAll(RELATION_SIGN_RE)];
    if (signs.length !== 1) continue;
    const sign = signs[0];
    const lhs = s.text.slice(0, sign.index).trim();
    const rhs = s.text.slice((sign.index ?? 0) + sign[0].length).replace(/[.;]$/u, '').trim();
    const chemical = sign[1] !== '=';
    if (!lhs || !rhs || (!chemical && lhs.split(/\s+/u).length > 4) || lhs.length > 80) continue;
    // A value ("g = 9,81 N/kg") is a number to know, not a formula.
    const qs = parseQuantities(rhs, s.page.language);
    if (!chemical && qs.length === 1 && qs[0].start === 0 && qs[0].end === rhs.length) continue;
    if (!chemical && /,|\s(?:où|avec|where|with)\s/u.test(lhs)) continue;
    if (!chemical && /[×*·∙/+−]/u.test(lhs)) {
      // A relation between two expressions: asked by what it expresses, or not at all.
      const statement = statementOf(analysis, s, 0);
      if (statement) out.push(formulaFact(s, lhs, sign[1], rhs, '', false, [], symbolSentence(analysis, s), weights, statement));
      done.add(s.index);
      continue;
    }
    // A chemical equation is named after a reaction or a process, never after a defined thing
    // ("autotrophe"): without one, no "which equation …" item is made of it.
    const named = definitionBefore(analysis, s);
    const name = chemical && !(named && PROCESS_RE.test(named.text)) ? '' : cleanName(nameBefore(analysis, s));
    out.push(formulaFact(s, lhs, sign[1], rhs, name, chemical, [], symbolSentence(analysis, s), weights));
    done.add(s.index);
  }
  return out;
}

function formulaFact(
  s: SentenceInfo,
  lhs: string,
  relation: string,
  rhs: string,
  name: string,
  chemical: boolean,
  variables: FormulaFact['variables'],
  names: SentenceInfo | null,
  weights: Spread,
  statement = '',
): FormulaFact {
  const written = `${lhs} ${relation} ${rhs}`;
  const subject = fold(written).replace(/\s+/gu, '');
  const lang = s.page.language;
  return {
    key: factKey('formula', subject, s),
    type: 'formula',
    subject,
    sentence: s,
    support: names ? [s, names] : [s],
    lang,
    weight: name ? Math.max(0.3, weightOf(weights, name, lang)) : 0.3,
    lhs,
    relation,
    rhs,
    written,
    name,
    statement,
    chemical,
    variables,
    symbolNames: names,
  };
}

/** "L'énergie mécanique d'un système" → "l'énergie mécanique"; headings lose their numbers. */
function cleanName(name: string): string {
  let n = normalizeSpace(name).replace(/[.:;,]+$/u, '');
  const shorter = n.replace(COMPLEMENT_RE, '');
  if (shorter !== n && shorter.replace(ARTICLE_RE, '').split(/\s+/u).length >= 2) n = shorter;
  // A name that opened its sentence reads in lower case inside a question ("the formula for price elasticity…").
  if (/^(?:L['’]|Le |La |Les |The |\p{Lu}\p{Ll})/u.test(n)) n = n.charAt(0).toLowerCase() + n.slice(1);
  return n;
}

/** The definition just before a formula, under the same heading (within two sentences). */
function definitionBefore(analysis: CourseAnalysis, s: SentenceInfo): SentenceInfo | null {
  for (let i = s.index - 1; i >= Math.max(0, s.index - 2); i--) {
    const p = analysis.sentences[i];
    if (p.section !== s.section || p.page.file_id !== s.page.file_id) break;
    if (p.definition && !p.formula) return p;
  }
  return null;
}

/**
 * What a formula is about: the definition just before it, or ''. A heading is no quantity
 * ("Chapitre 2 : Les solutions — page 3"): the formula is then asked by its left side.
 */
/** A definition of a reaction or a process (what a chemical equation can be the equation of). */
const PROCESS_RE = /(?<![\p{L}])(?:processus|process|réactions?|reactions?|transformations?|conversion|combustion|respiration|synthèse|synthesis|libération|release|fermentation|oxydation|oxidation|dissolution|électrolyse|electrolysis)(?![\p{L}])/iu;

function nameBefore(analysis: CourseAnalysis, s: SentenceInfo): string {
  const definition = definitionBefore(analysis, s);
  return definition?.definition ? withoutPageMark(definition.definition.term) : '';
}

const ATOM = '(?:[\\p{L}Δ][\\p{L}\\p{N}_]{0,5}[²³]?|\\d+(?:[.,]\\d+)?)';
const OPERATOR = '[×*·∙/+−-]';

/** "C1 × V1" when the equation read from "V1 =" has an expression before it; else null. */
function wholeRelation(text: string, lhs: string): { lhs: string; start: number } | null {
  const escaped = lhs.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const re = new RegExp(`(?<![\\p{L}\\p{N}_])((?:${ATOM}\\s*${OPERATOR}\\s*)+)${escaped}(?=\\s*=)`, 'u');
  const m = re.exec(text);
  return m ? { lhs: normalizeSpace(m[0]), start: m.index } : null;
}

/**
 * What a relation expresses, as the course says it just before: the clause before it in its
 * sentence, or the sentence before it, ending in a colon ("Au cours d'une dilution, la quantité de
 * matière de soluté se conserve : C1 × V1 = C2 × V2"); '' when the course does not say.
 */
function statementOf(analysis: CourseAnalysis, s: SentenceInfo, start: number): string {
  let lead = s.text.slice(0, start).trim();
  if (!lead) {
    const p = analysis.sentences[s.index - 1];
    if (p && p.section === s.section && p.page.file_id === s.page.file_id && p.role !== 'heading') lead = p.text.trim();
  }
  if (!/[:：]$/u.test(lead)) return '';
  const clause = withoutPageMark(normalizeSpace(lead.replace(/\s*[:：]$/u, '')));
  if (clause.split(/\s+/u).length < 4 || /\b(?:suivante?s?|ci-dessous|following|below)\b/iu.test(clause)) return '';
  return /^\p{Lu}\p{Ll}/u.test(clause) ? clause.charAt(0).toLowerCase() + clause.slice(1) : clause;
}

/** The sentence right after a formula that names its symbols ("où d est …", "where M is …"). */
function symbolSentence(analysis: CourseAnalysis, s: SentenceInfo): SentenceInfo | null {
  const page = analysis.byPage.get(pageKey(s.page.file_id, s.page.page)) ?? [];
  const next = page[page.indexOf(s) + 1];
  return next && SYMBOL_NAMES.test(next.text) ? next : null;
}

// ---- Dates ----

function dateForm(d: DateMention): DateForm {
  if (/^\d{4}$/u.test(d.text)) return 'year';
  if (/siècle|century/iu.test(d.text)) return 'century';
  if (/^\d{4}s$|années/iu.test(d.text)) return 'decade';
  if (/\d{1,2}(?:st|nd|rd|th|er)?\s+\p{L}+\s+\d{4}|\p{L}+\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}/u.test(d.text)) return 'full';
  return 'month';
}

function dateFact(s: SentenceInfo, date: DateMention): DateFact | null {
  const text = s.text;
  const at = text.indexOf(date.text);
  if (at < 0) return null;
  const lead = new RegExp(`^(?:(?:en|au|le|dès|depuis|vers|à\\s+partir\\s+de|in|on|by|since|around|during|from|at)\\s+)?(?:the\\s+)?${escapeRe(date.text)}\\s*,?\\s*`, 'iu').exec(text);
  const event = lead && lead[0].length < text.length - 10 ? capitalize(text.slice(lead[0].length)) : null;
  const cloze = `${text.slice(0, at)}${BLANK}${text.slice(at + date.text.length)}`;
  const subject = `${fold(date.text)}|${fold(event ?? cloze).slice(0, 50)}`;
  return {
    key: factKey('date', subject, s),
    type: 'date',
    subject,
    sentence: s,
    support: [s],
    lang: s.page.language,
    weight: 0.35,
    date,
    form: dateForm(date),
    event,
    cloze,
  };
}

// ---- Persons ----

const PERSON_VERBS =
  /^(?:,\s*)?(?:a\s+|avait\s+|has\s+|had\s+)?(?:publi\p{L}*|découvr\p{L}*|découvert|montr\p{L}*|énon\p{L}*|invent\p{L}*|propos\p{L}*|observ\p{L}*|étudi\p{L}*|démontr\p{L}*|formul\p{L}*|établi\p{L}*|introdui\p{L}*|décri\p{L}*|nomm\p{L}*|développ\p{L}*|écri\p{L}*|écrit|élabor\p{L}*|fond\p{L}*|mesur\p{L}*|construi\p{L}*|breve\p{L}*|crée|créa\p{L}*|conç\p{L}*|conçoit|amélior\p{L}*|ouvr\p{L}*|inaugur\p{L}*|dirig\p{L}*|peint|compos\p{L}*|built|builds|build|patent\p{L}*|open\p{L}*|creat\p{L}*|design\p{L}*|improv\p{L}*|launch\p{L}*|led|lead\p{L}*|paint\p{L}*|compos\p{L}*|publish\p{L}*|discover\p{L}*|show\p{L}*|stat\p{L}*|propos\p{L}*|observ\p{L}*|invent\p{L}*|introduc\p{L}*|describ\p{L}*|nam\p{L}*|develop\p{L}*|wrote|writ\p{L}*|formulat\p{L}*|demonstrat\p{L}*|found\p{L}*|studi\p{L}*|stud\p{L}*|identif\p{L}*|measur\p{L}*|conduct\p{L}*|coin\p{L}*|argu\p{L}*)(?![\p{L}])/u;
/** Last words of names of things, places and institutions ("Railway", "Act", "Revolution", "Street"). */
const NOT_PERSON_TAIL =
  /(?<![\p{L}])(?:Railways?|Act|Acts|Revolution|Street|Road|River|Company|Companies|University|Universities|Conference|Conférence|Exhibition|Exposition|War|Guerre|Treaty|Traité|Empire|Kingdom|Royaume|Republic|République|Party|Parti|Bank|Banque|Theory|Théorie|Law|Loi|Mills?|Station|Gare|Canal|Bridge|Pont|Society|Société|Institute|Institut|Academy|Académie|Council|Conseil|Union|Church|Église|College|School|École|Museum|Musée|Depression|Crisis|Crise|Ocean|Océan|Sea|Mer|Mountains?|Island|Île)$/u;
const TITLE_BEFORE =
  /(?:physicien(?:ne)?|chimiste|mathématicien(?:ne)?|savant|philosophe|économiste|biologiste|naturaliste|astronome|ingénieur|médecin|chercheu(?:r|se)|physicist|chemist|mathematician|scientist|economist|biologist|naturalist|astronomer|philosopher|engineer|physician|researcher)\s+$/iu;
const NAME_RE = /(?<![\p{L}\p{N}'’])\p{Lu}[\p{Ll}'’-]+(?:\s+(?:(?:de|du|van|von|der|da|di|le|la)\s+)?(?:\p{Lu}\.|\p{Lu}[\p{Ll}'’-]+)){0,3}(?![\p{L}\p{N}])/gu;
/** Capitalised words that open sentences or name places and things, never a person on their own. */
const NOT_NAMES = new Set(
  'le la les un une des en au aux dans pour par lors selon ce cette ces il elle ils elles on the a an in on at for by this that these those it they we he she there when then first next finally'.split(' '),
);

function personFacts(s: SentenceInfo): PersonFact[] {
  const text = s.text;
  // A name is a capitalised word past the sentence's first: most sentences have none.
  if (!/\s\p{Lu}\p{Ll}/u.test(text)) return [];
  const out: PersonFact[] = [];
  const dateLead = s.date ? new RegExp(`^(?:\\p{L}+\\s+)?(?:the\\s+)?${escapeRe(s.date.text)}\\s*,?\\s*`, 'iu').exec(text)?.[0].length ?? -1 : -1;
  const matches = [...text.matchAll(NAME_RE)];
  matches.forEach((m, i) => {
    const name = m[0];
    const start = m.index ?? 0;
    const end = start + name.length;
    if (NOT_NAMES.has(foldText(name.split(/\s+/u)[0]))) return;
    if (start === 0 || (start !== dateLead && /[.!?]\s*$/u.test(text.slice(0, start)))) return;
    // "the Stockton and Darlington Railway", "the Factory Act": a name ending with a thing is no person.
    if (NOT_PERSON_TAIL.test(name)) return;
    let after = text.slice(end);
    // "Theodor Schwann and Matthias Schleiden proposed": both share the verb.
    const next = matches[i + 1];
    const joint = next && /^\s+(?:and|et)\s+$/u.test(text.slice(end, next.index));
    if (joint) after = text.slice((next.index ?? 0) + next[0].length);
    const verb = PERSON_VERBS.test(after.trimStart()) && /^\s/u.test(after);
    const titled = TITLE_BEFORE.test(text.slice(Math.max(0, start - 40), start));
    if (!titled && !verb) return;
    const subject = fold(name);
    out.push({
      key: factKey('person', subject, s),
      type: 'person',
      subject,
      sentence: s,
      support: [s],
      lang: s.page.language,
      weight: 0.3,
      name,
      cloze: `${text.slice(0, start)}${BLANK}${text.slice(end)}`,
    });
  });
  return out;
}

// ---- Numbers ----

const NUMBER_PART_RE = /[-−]?\d[\d \u00a0\u202f.,]*(?:\s*[×x*·]\s*10\s*(?:\^\s*\(?\s*[-−]?\d+\)?|[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)|[eE][-−]?\d+)?/u;

function numberFacts(s: SentenceInfo): NumberFact[] {
  if (!/\d/u.test(s.text)) return [];
  const lang = s.page.language;
  if (s.method && /^\d+\s*[.)]/u.test(s.text) && !/\d\s*\p{L}/u.test(s.text.slice(3))) return [];
  const text = s.text;
  const dateSpan = s.date ? [text.indexOf(s.date.text), text.indexOf(s.date.text) + s.date.text.length] : null;
  const candidates: NumberFact[] = [];
  for (const q of parseQuantities(text, lang)) {
    if (dateSpan && q.start < dateSpan[1] && q.end > dateSpan[0]) continue;
    if (/^\d{4}s$/u.test(q.text)) continue;
    if (!q.unit && Number.isInteger(q.value) && Math.abs(q.value) >= 1000 && Math.abs(q.value) <= 2100) continue;
    if (s.formula && !(q.symbol && q.unit)) continue;
    let written = q.text;
    let end = q.end;
    if (!q.unit) {
      // A bare number counts something: "300 loaves", "3 lois", or is a percentage or a temperature ("5 %", "100 °C").
      // Small integers are list numbers or grammar.
      const sign = /^[\s\u00a0\u202f]?(?:%|‰|°\s?[CF]\b|°)/u.exec(text.slice(q.end));
      const noun = /^\s+(\p{Ll}{3,})(?![\p{L}\p{N}])/u.exec(text.slice(q.end));
      if (sign) {
        written = text.slice(q.start, q.end + sign[0].length);
        end = q.end + sign[0].length;
      } else if (noun && !NOT_COUNTED.has(foldText(noun[1]))) {
        written = text.slice(q.start, q.end + noun[0].length);
        end = q.end + noun[0].length;
      } else if (Number.isInteger(q.value) && Math.abs(q.value) <= 10) continue;
    }
    const num = NUMBER_PART_RE.exec(written);
    if (!num) continue;
    const prefix = written.slice(0, num.index);
    const suffix = written.slice(num.index + num[0].trimEnd().length);
    const digits = num[0].trim();
    const decimals = /[.,](\d+)$/u.exec(digits.replace(/[ \u00a0\u202f]/gu, ''))?.[1].length ?? 0;
    const cloze = `${text.slice(0, q.start)}${BLANK}${text.slice(end)}`;
    const subject = `${fold(cloze).slice(0, 70)}|${q.value}`;
    candidates.push({
      key: factKey('number', subject, s),
      type: 'number',
      subject,
      sentence: s,
      support: [s],
      lang,
      weight: s.example ? 0.15 : 0.3,
      value: q.value,
      written,
      prefix,
      suffix,
      unit: q.unit,
      decimals: lang === 'en' && /^\d{1,3}(?:,\d{3})+$/u.test(digits) ? 0 : decimals,
      cloze,
      example: s.example,
    });
  }
  // At most two numbers per sentence: the given values and the last one (often the result).
  if (candidates.length <= 2) return candidates;
  const last = candidates[candidates.length - 1];
  const withUnit = candidates.filter((c) => c !== last && c.unit);
  return [withUnit[0] ?? candidates[0], last];
}

const NOT_COUNTED = new Set(
  'fois times pour per par and et ou or est sont is are was were dans in on the les des une with avec sur de du ans years'.split(' '),
);

// ---- Steps of a method ----

function stepsFacts(analysis: CourseAnalysis, weights: Spread): StepsFact[] {
  const out: StepsFact[] = [];
  const bySection = new Map<number, SentenceInfo[]>();
  for (const s of analysis.sentences) {
    if (s.section < 0 || s.role === 'heading' || s.exercise || !s.method || s.formula) continue;
    const list = bySection.get(s.section);
    if (list) list.push(s);
    else bySection.set(s.section, [s]);
  }
  for (const [section, steps] of bySection) {
    if (steps.length < 3) continue;
    const heading = analysis.sentences[section];
    const title = displayHeading(heading.text);
    const lang = heading.page.language;
    const subject = fold(title);
    const kept = steps.slice(0, 6);
    // "Steps of mitosis" is asked as the steps of "mitosis".
    const topic = title.replace(/^(?:(?:les\s+)?étapes\s+(?:de\s+la\s+|de\s+l['’]|du\s+|des\s+|de\s+|d['’])|(?:the\s+)?steps\s+(?:of|in|for)\s+(?:the\s+)?|méthode\s*:\s*|method\s*:\s*)/iu, '') || title;
    out.push({
      key: factKey('steps', subject, kept[0]),
      type: 'steps',
      subject,
      sentence: kept[0],
      support: kept,
      lang,
      weight: Math.max(0.3, weightOf(weights, title, lang)),
      title: topic,
      steps: kept,
    });
  }
  return out;
}
