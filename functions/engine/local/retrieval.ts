// From a question to the course sentences that answer it: the passages the index finds, cut back
// into the analysed sentences of their pages, re-ranked by how much of the question's topic each
// sentence covers (terms weighted by rarity), with a bonus for definitions of the asked term.
// Also decides whether the course answers at all: the best sentence (with its heading) must cover
// at least half of the question's weighted topic terms.
// The question's intent (a formula, a date, a person, a unit …) raises the sentences of that kind
// that stand with the topic: under a heading about it, right after a sentence about it in the same
// paragraph ("Cette notion a été étudiée par Galilée en 1638."), or about it themselves. A sentence
// the course repeats word for word on several pages is ranked once, its other places kept for
// citations.
import { foldText } from '../../core/fold.js';
import type { CourseLanguage } from '../../core/artefacts.js';
import type { AnswerRequest } from '../types.js';
import { headingOf, normalizeSpace, pageKey, type CourseAnalysis, type SentenceInfo } from './analysis.js';
import type { Detail } from './levels.js';
import { tokenize } from './key-terms.js';
import { factIntents, questionIntents, type Intent } from './question.js';
import { courseTopic, type TopicOptions, type TopicTerm } from './vocabulary.js';

/** Share of the question's weighted topic terms the best sentence must cover to count as an answer. */
export const FOUND_THRESHOLD = 0.5;
/** Passages asked of the index. */
export const PASSAGES = 8;
/** Weight of the previous question's terms in a follow-up. */
const HISTORY_WEIGHT = 0.5;
/** Weight of a word of the question's wording that the course happens to use ("make", "passe"). */
const FILLER_WEIGHT = 0.25;
/** Weight of the question's verb, which the course may say otherwise ("fournit" / "a une tension de"). */
const PREDICATE_WEIGHT = 0.5;
/** Weight of a term found through a word of the same meaning. */
const RELATED_WEIGHT = 0.8;
/** Weight of an everyday noun the course does not use ("le sang"): a topic the course may lack, or phrasing. */
const EVERYDAY_WEIGHT = 0.3;

/** A sentence that names a formula's symbols ("où d est …", "where M is …"). */
export const SYMBOL_NAMES =
  /^(?:où|avec|with|where|in which|here)\s+[\p{L}Δ][\p{L}\p{N}_]{0,3}\s+(?:(?:est|sont|is|are|désigne|représente|represents|denotes|stands|la|le|les|sa|son|ses|en|in|the|its|:|=)(?![\p{L}\p{N}])|l['’])/iu;

export interface Focus {
  /** Topic stem → weight (rarity in the course; halved for terms from the previous question). */
  weights: Map<string, number>;
  /** Stems of the current question itself. */
  current: Set<string>;
  total: number;
  /** Text sent to the index. */
  query: string;
  /** What kind of answer the current question asks for. */
  intents: ReadonlySet<Intent>;
  /** The kinds of fact only a sentence holding one answers (a number, a person, a date named as such). */
  facts: ReadonlySet<Intent>;
  /** Other stems of the course for a topic stem (derived words: "cellul" → "cellulair"). */
  variants: ReadonlyMap<string, readonly string[]>;
  /** Topic stems the course never uses: a topic it does not hold (or a word it says otherwise). */
  unknown: ReadonlySet<string>;
  /** The language the question is written in (the course's, or the other). */
  language: CourseLanguage;
}

export interface Ranked {
  s: SentenceInfo;
  /** Weighted share of the topic the sentence covers, alone and with its heading. */
  own: number;
  withHeading: number;
  /** 0–1, from the passage rank. */
  relevance: number;
  score: number;
  /** The sentence defines a term most of whose words are in the question. */
  defines: boolean;
  /** 0–1: how well the sentence is of the kind the question asks for and stands with its topic. */
  intent: number;
  /** The same sentence elsewhere in the course (same folded, space-normalised text), best first. */
  copies: SentenceInfo[];
}

const PRONOUN_RE = /^(?:it|they|this|these|he|she|il|elle|ils|elles|ce|cet|cette|ces|celle|celui|celles|ceux|son|sa|ses|leur|leurs|its|their)\s/iu;

/** Relevance of a sentence of the section a passage cut short, beside the passage's own. */
const NEIGHBOUR_RELEVANCE = 0.5;
/** How far, in sentences of the same section, a passage's sentence brings its neighbours in. */
const NEIGHBOURS = 2;

/** Extra score of a sentence fully of the asked kind and right with the topic. */
const INTENT_BONUS = 0.6;
/** Sentences after one about the topic, in the same paragraph, that still speak of it ("Cette notion …"). */
const FOLLOW_WINDOW = 2;

const keys = new WeakMap<SentenceInfo, string>();
/** The key two sentences share when they say the same thing: folded, spaces normalised (memoised: analyses are cached). */
export function textKey(s: SentenceInfo): string {
  let key = keys.get(s);
  if (key === undefined) {
    key = foldText(s.text);
    keys.set(s, key);
  }
  return key;
}

// A name inside a sentence: a capitalised word (not all capitals, not a symbol such as "Ec") that
// does not open the sentence or a clause after a colon.
const NAME_RE = /(?<=[\p{L}\p{N},)»”]\s+)\p{Lu}\p{Ll}{2,}(?:[-\s]\p{Lu}\p{Ll}+)*/gu;
const NOT_NAMES = new Set(
  `January February March April May June July August September October November December Monday Tuesday Wednesday
  Thursday Friday Saturday Sunday The This That These Those Terre Soleil Lune Earth Sun Moon`.split(/\s+/),
);
const UNIT_RE =
  /(?<![\p{L}\p{N}])(?:unit[eé]s?|units?|exprim[eé]e?s?\s+en|s['’]exprimen?t?\s+en|mesur[eé]e?s?\s+en|expressed\s+in|measured\s+in)(?![\p{L}\p{N}])|\([\p{L}Ωµ°%][\p{L}Ωµ°%/.·²³⁻¹\d-]{0,9}\)/iu;
/** A reason given: "car", "parce que", "because", "due to" … */
const CAUSE_RE: Record<CourseLanguage, RegExp> = {
  fr: /(?<![\p{L}\p{N}])(?:car|parce\s+qu|puisqu|grâce\s+à|à\s+cause\s+d|en\s+raison\s+d|c['’]est\s+pourquoi|ce\s+qui\s+explique)(?![\p{L}\p{N}])/iu,
  en: /(?<![\p{L}\p{N}])(?:because|since|due\s+to|owing\s+to|as\s+a\s+result|therefore|which\s+explains|this\s+is\s+why)(?![\p{L}\p{N}])/iu,
};
/** Where something is or happens: "dans les chloroplastes", "a lieu", "in London", "takes place". */
const PLACE_RE: Record<CourseLanguage, RegExp> = {
  fr: /(?<![\p{L}\p{N}])(?:a\s+lieu|ont\s+lieu|se\s+(?:déroulen?t?|produisent|produit|trouven?t?|situen?t?)|situ[ée]e?s?\s|entren?t?\s+dans|au\s+niveau\s+d|à\s+l['’]intérieur\s+d|(?:à|en|dans)\s+\p{Lu}\p{Ll})/u,
  en: /(?<![\p{L}\p{N}])(?:takes?\s+place|took\s+place|located|occurs?\s+in|found\s+in|(?:in|at|near)\s+\p{Lu}\p{Ll})/u,
};
/** The question's own cue word, written in the sentence ("l'unité d'énergie", "the formula"). */
const CUE_RE: Partial<Record<Intent, RegExp>> = {
  formula: /(?<![\p{L}\p{N}])(?:formules?|formulas?|formulae|équations?|equations?|relations?)(?![\p{L}\p{N}])/iu,
  unit: /(?<![\p{L}\p{N}])(?:unités?|units?)(?![\p{L}\p{N}])/iu,
  example: /(?<![\p{L}\p{N}])(?:exemples?|examples?)(?![\p{L}\p{N}])/iu,
  definition: /(?<![\p{L}\p{N}])(?:définitions?|définit|definitions?|defined)(?![\p{L}\p{N}])/iu,
};

/** A length of time: a number of years, centuries, months … ("over 30 years", "pendant 40 ans"). */
const DURATION_RE =
  /\d[\d\s,.]*\s*(?:years?|centuries|century|decades?|months?|days?|ans|années|siècles?|décennies|mois|jours)(?![\p{L}\p{N}])/iu;

function namesPerson(text: string): boolean {
  NAME_RE.lastIndex = 0;
  for (let m = NAME_RE.exec(text); m; m = NAME_RE.exec(text)) {
    if (NOT_NAMES.has(m[0].split(/[-\s]/u)[0])) continue;
    // "World Health Organization (WHO)": an institution, named by three words or more, or with its acronym after it.
    if (m[0].split(/\s+/u).length >= 3 || /^\s*\(\p{Lu}{2,}\)/u.test(text.slice(m.index + m[0].length))) continue;
    return true;
  }
  return false;
}

/** Whether the sentence is of the kind an intent asks for. */
function ofKind(s: SentenceInfo, intent: Intent, defines: boolean): boolean {
  switch (intent) {
    case 'formula':
      return s.formula;
    case 'definition':
      return defines;
    case 'date':
      return !!s.date;
    case 'person':
      return namesPerson(s.text);
    case 'unit':
      return UNIT_RE.test(s.text);
    case 'example':
      return s.example;
    case 'cause':
      return CAUSE_RE[s.page.language].test(s.text);
    case 'method':
      return s.method;
    case 'place':
      return PLACE_RE[s.page.language].test(s.text);
    case 'number':
      return /\d/u.test(s.text);
    case 'duration':
      return DURATION_RE.test(s.text);
  }
}

/** True when a sentence close before this one, in the same paragraph and section, is about the topic. */
function followsTopic(analysis: CourseAnalysis, focus: Focus, s: SentenceInfo): boolean {
  for (let k = 1; k <= FOLLOW_WINDOW; k++) {
    const p = analysis.sentences[s.index - k];
    if (!p || p.page !== s.page || p.section !== s.section || p.role === 'heading' || p.exercise) return false;
    // A blank line between them: another paragraph.
    if (/\n[ \t]*\n/u.test(s.page.text.slice(p.end, s.start))) return false;
    if (knownCoverage(focus, [p.stemSet]) >= FOUND_THRESHOLD) return true;
    // Beyond the sentence just before, only a sentence that refers back ("Cette notion …") still speaks of it.
    if (!PRONOUN_RE.test(s.text)) return false;
  }
  return false;
}

function weight(analysis: CourseAnalysis, stem: string): number {
  // A term the course never uses weighs more than its rarest terms: it is likely the missing topic,
  // so that a rare word of the question's wording ("découvert") cannot make up for it alone.
  const n = analysis.pages.length;
  const df = analysis.pageFrequency.get(stem) ?? 0;
  return Math.log(1 + (n - df + 0.5) / (df + 0.5)) + 0.05;
}

/** How much a question term counts beside its rarity in the course. */
function termWeight(t: TopicTerm): number {
  if (t.filler) return FILLER_WEIGHT;
  if (t.predicate) return PREDICATE_WEIGHT;
  if (t.related) return RELATED_WEIGHT;
  if (t.everyday) return EVERYDAY_WEIGHT;
  return 1;
}

export function focusOf(analysis: CourseAnalysis, question: string, history: AnswerRequest['history'], lang: CourseLanguage, opts: TopicOptions = {}): Focus {
  const { terms: current, language } = courseTopic(analysis, question, lang, opts);
  const weights = new Map<string, number>();
  const unknown = new Set<string>();
  const queryWords: string[] = [];
  const variants = new Map<string, readonly string[]>();
  for (const t of [...current]) if (t.variants) variants.set(t.stem, t.variants);
  for (const t of current) {
    weights.set(t.stem, termWeight(t) * weight(analysis, t.stem));
    if (!t.known) unknown.add(t.stem);
    queryWords.push(t.word);
  }
  const previous = history?.length ? history[history.length - 1].question : '';
  if (previous) {
    const prev = courseTopic(analysis, previous, lang, opts).terms;
    // A follow-up with no topic of its own ("et pourquoi ?") takes the previous one in full.
    const w = current.length ? HISTORY_WEIGHT : 1;
    for (const t of prev) {
      if (weights.has(t.stem)) continue;
      weights.set(t.stem, w * weight(analysis, t.stem));
      if (!t.known) unknown.add(t.stem);
      if (t.variants) variants.set(t.stem, t.variants);
      queryWords.push(t.word);
    }
  }
  let total = 0;
  for (const w of weights.values()) total += w;
  // The index reads the course's words; the question itself too when it is in the course's language.
  const query = `${language === lang ? `${question} ${previous}` : ''} ${queryWords.join(' ')}`.trim();
  return {
    weights,
    current: new Set(current.map((t) => t.stem)),
    unknown,
    variants,
    total,
    query,
    intents: questionIntents(question, language),
    facts: factIntents(question, language),
    language,
  };
}

/** The stem set holds the topic term or one of its variants. */
function hasTerm(focus: Focus, set: ReadonlySet<string>, t: string): boolean {
  if (set.has(t)) return true;
  const vs = focus.variants.get(t);
  return !!vs && vs.some((v) => set.has(v));
}

/** The topic term a stem of the course stands for (itself, or the term it is a variant of). */
function topicOf(focus: Focus, st: string): string | null {
  if (focus.weights.has(st)) return st;
  for (const [t, vs] of focus.variants) if (vs.includes(st)) return t;
  return null;
}

function unknownWeight(focus: Focus): number {
  let w = 0;
  for (const t of focus.unknown) w += focus.weights.get(t) ?? 0;
  return w;
}

/** Coverage of the topic terms the course uses. */
function knownCoverage(focus: Focus, stems: Iterable<Set<string>>): number {
  const known = focus.total - unknownWeight(focus);
  return known > 0 ? (coverage(focus, stems) * focus.total) / known : 0;
}

function coverage(focus: Focus, stems: Iterable<Set<string>>): number {
  if (focus.total === 0) return 0;
  const sets = [...stems];
  let got = 0;
  for (const [t, w] of focus.weights) if (sets.some((s) => hasTerm(focus, s, t))) got += w;
  return got / focus.total;
}

/** Sentences of the retrieved passages, best first. */
export function rankSentences(analysis: CourseAnalysis, focus: Focus, passages: { file_id: string; page: number; text: string }[], detail: Detail): Ranked[] {
  const relevance = new Map<SentenceInfo, number>();
  passages.forEach((p, rank) => {
    const pageSentences = analysis.byPage.get(pageKey(p.file_id, p.page)) ?? [];
    const text = normalizeSpace(p.text);
    let inside = pageSentences.filter((s) => text.includes(s.text));
    if (inside.length === 0) inside = pageSentences;
    const rel = 1 - rank / Math.max(PASSAGES, passages.length);
    for (const s of inside) relevance.set(s, Math.max(relevance.get(s) ?? 0, rel));
    // A passage may cut a paragraph short ("Example: linear search …" without its "Average case: …"):
    // the sentences next to its own in the same section are read too, as less relevant.
    const near = (s: SentenceInfo) => inside.some((x) => x.section === s.section && Math.abs(x.index - s.index) <= NEIGHBOURS);
    for (const s of pageSentences) if (!relevance.has(s) && near(s)) relevance.set(s, NEIGHBOUR_RELEVANCE * rel);
  });
  const out: Ranked[] = [];
  for (const [s, rel] of relevance) {
    if (s.role === 'heading' || s.exercise) continue;
    const heading = headingOf(analysis, s);
    // "It forced Germany …", "Elle a lieu …": a sentence opening on a pronoun speaks of the previous one's subject.
    const prev = PRONOUN_RE.test(s.text) ? analysis.sentences[s.index - 1] : undefined;
    const alone = coverage(focus, [s.stemSet]);
    const own =
      prev && prev.page === s.page && prev.section === s.section && prev.role !== 'heading' ? alone + 0.5 * (coverage(focus, [s.stemSet, prev.stemSet]) - alone) : alone;
    const withHeading = heading ? Math.max(own, coverage(focus, [s.stemSet, heading.stemSet])) : own;
    let defines = false;
    let score = own + 0.5 * (withHeading - own) + 0.15 * rel;
    if (s.definition) {
      const termStems = tokenize(s.definition.term, s.page.language).filter((t) => !t.stop).map((t) => t.stem);
      const hit = termStems.filter((t) => topicOf(focus, t) !== null).length;
      if (hit > 0) {
        defines = hit / termStems.length >= 0.5;
        score += 0.4 * (hit / termStems.length) + (termStems.every((t) => topicOf(focus, t) !== null) ? 0.1 : 0);
      }
    }
    if (s.wordCount < 4 && !s.formula) score -= 0.3;
    // "où d est la distance …" names a formula's symbols: it goes with its formula, not alone.
    if (SYMBOL_NAMES.test(s.text)) score -= 0.25;
    if (s.wordCount > detail.preferredWords) score -= 0.15;
    const intent = focus.intents.size ? intentOf(analysis, focus, s, own, withHeading, defines) : 0;
    score += INTENT_BONUS * intent;
    out.push({ s, own, withHeading, relevance: rel, score, defines, intent, copies: [] });
  }
  out.sort((a, b) => b.score - a.score || a.s.index - b.s.index);
  // Keep to the part of the course the best sentence comes from.
  const best = out[0];
  if (best) {
    for (const r of out) if (r !== best && r.s.section === best.s.section && r.s.page.file_id === best.s.page.file_id) r.score += 0.12;
    out.sort((a, b) => b.score - a.score || a.s.index - b.s.index);
  }
  // A sentence repeated on several pages is ranked once, at its best place.
  const first = new Map<string, Ranked>();
  return out.filter((r) => {
    const key = textKey(r.s);
    const kept = first.get(key);
    if (kept) {
      kept.copies.push(r.s);
      return false;
    }
    first.set(key, r);
    return true;
  });
}

/**
 * How much a sentence is what the question asks for (the share of its intents it meets) times how
 * surely it stands with the topic: fully when it is about the topic itself or follows a sentence
 * about it in the same paragraph, half when only its heading is about the topic or when it shares
 * some of the topic and names the asked thing ("Le joule désigne l'unité d'énergie …").
 */
function intentOf(analysis: CourseAnalysis, focus: Focus, s: SentenceInfo, own: number, withHeading: number, defines: boolean): number {
  let met = 0;
  let cued = false;
  for (const intent of focus.intents) {
    if (!ofKind(s, intent, defines)) continue;
    met++;
    if (CUE_RE[intent]?.test(s.text)) cued = true;
  }
  if (!met) return 0;
  // A sentence that defines the asked term is about it, whatever else the question names ("selon Brønsted").
  if (defines && focus.intents.has('definition')) return met / focus.intents.size;
  // Measured against the terms the course uses: a word of the student's own does not unanchor it.
  const known = focus.total > 0 ? focus.total / Math.max(1e-9, focus.total - unknownWeight(focus)) : 1;
  const anchor =
    own * known >= FOUND_THRESHOLD || followsTopic(analysis, focus, s) ? 1 : withHeading * known >= FOUND_THRESHOLD || (own > 0 && cued) ? 0.5 : 0;
  return (met / focus.intents.size) * anchor;
}

/** Share of the question's topic weight the terms the course never uses may hold in an answered question. */
export const UNKNOWN_SHARE = 0.5;
/** Share of the question's known topic weight one sentence with its heading and neighbours must carry. */
export const KNOWN_COVERAGE = 0.6;

/** The sentence, its heading, and the sentences just before and after it in the same section of the page. */
function windowSentences(analysis: CourseAnalysis, s: SentenceInfo): SentenceInfo[] {
  const out = [s];
  const heading = headingOf(analysis, s);
  if (heading) out.push(heading);
  for (const k of [-1, 1]) {
    const n = analysis.sentences[s.index + k];
    if (n && n.page === s.page && n.section === s.section && n.role !== 'heading' && !n.exercise) out.push(n);
  }
  return out;
}

/**
 * Whether the course answers the question: the topic terms the course uses are nearly all carried
 * by one sentence with its heading and neighbours, while the terms it never uses are a minor part
 * of the question (a word of the student's own, not a topic the course lacks), and the sentence
 * holds a term of the question itself. Two terms found only on different pages ("the role of
 * ribosomes in photosynthesis") are not an answer.
 */
export function answers(e: Evidence): boolean {
  return e.unknownShare < UNKNOWN_SHARE && e.knownCoverage >= KNOWN_COVERAGE;
}

export interface Evidence {
  /** Share of the question's topic weight held by terms the course never uses. */
  unknownShare: number;
  /**
   * Best share of the known topic weight that one sentence with its heading and neighbours carries
   * — among those that hold the kind of fact asked (a date, a person, a number) when it asks one.
   */
  knownCoverage: number;
}

export function answerEvidence(analysis: CourseAnalysis, ranked: Ranked[], focus: Focus): Evidence {
  const unknown = unknownWeight(focus);
  const unknownShare = focus.total > 0 && focus.total - unknown > 0 ? unknown / focus.total : 1;
  const facts = [...focus.facts];
  let best = 0;
  for (const r of ranked) {
    const heading = headingOf(analysis, r.s);
    // A sentence that shares nothing with the question counts only under a heading that is about it.
    if (r.own <= 0 && !(heading && coverage(focus, [heading.stemSet]) >= FOUND_THRESHOLD)) continue;
    if (focus.current.size && ![...focus.current].some((t) => hasTerm(focus, r.s.stemSet, t) || (!!heading && hasTerm(focus, heading.stemSet, t)))) continue;
    const window = windowSentences(analysis, r.s);
    if (facts.length && !facts.every((i) => window.some((w) => ofKind(w, i, false)))) continue;
    best = Math.max(best, knownCoverage(focus, window.map((w) => w.stemSet)));
  }
  return { unknownShare, knownCoverage: best };
}
