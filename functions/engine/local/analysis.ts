// Sentence-level analysis of a course: every page cut into sentences (headings, list items and
// formula lines kept whole), each with its content stems, its phrases, and what it says (a
// definition, a formula, a date, an example, a method step, a law), the heading it falls under,
// and the course's key terms. Built in linear passes and cached per course text, so that the
// answer and sheet generators of one subject share it.
import { sentences as splitSentences } from '../text/index.js';
import type { PageSpan } from '../../core/document.js';
import { isLabelTerm } from '../document/build.js';
import type { CourseLanguage } from '../../core/artefacts.js';
import type { CoursePage } from '../types.js';
import { KeyTermCounter, isContentToken, phrases, tokenize, type KeyTerm } from './key-terms.js';
import { detectDate, detectDefinition, isExample, isFormula, isLaw, isMethodStep, type DateMention, type Definition } from './patterns.js';
import { findBoilerplate, structureLines, type LineRole, type StructuredLine } from './structure.js';

export interface SentenceInfo {
  /** Position in `CourseAnalysis.sentences` (document order). */
  index: number;
  page: CoursePage;
  /** Offsets in the page text: `page.text.slice(start, end)` is the sentence as written. */
  start: number;
  end: number;
  /** The sentence with its line breaks and runs of blanks made single spaces. */
  text: string;
  role: LineRole;
  /** Headings only: 1 (chapter) to 3. */
  depth: number;
  /** Content stems (stop words dropped), in order. */
  stems: string[];
  stemSet: Set<string>;
  /** Keys of the 2- and 3-word phrases (filled by `keyTermsOf`, which only sheets need). */
  phraseKeys: string[];
  wordCount: number;
  definition: Definition | null;
  formula: boolean;
  date: DateMention | null;
  example: boolean;
  method: boolean;
  law: boolean;
  /** Part of an exercise statement (under an "Exercice"/"Exercise" heading): data, not course. */
  exercise: boolean;
  /** Index (in `sentences`) of the heading this sentence falls under, or -1. */
  section: number;
}

export interface CourseAnalysis {
  pages: readonly CoursePage[];
  sentences: SentenceInfo[];
  /** Sentences of each page, keyed by `pageKey`. */
  byPage: Map<string, SentenceInfo[]>;
  /** Number of pages each content stem appears on. */
  pageFrequency: Map<string, number>;
}

export const pageKey = (fileId: string, page: number): string => `${fileId}#${page}`;

export function normalizeSpace(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

interface Segment {
  start: number;
  end: number;
  role: LineRole;
  depth: number;
}

/**
 * A page's segments: headings, formula lines and list items (with their wrapped continuation)
 * whole, and runs of prose lines as blocks the sentence splitter cuts.
 */
function segments(page: CoursePage, lines: StructuredLine[]): Segment[] {
  const out: Segment[] = [];
  let block: Segment | null = null;
  const flush = () => {
    if (block) out.push(block);
    block = null;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const prev = lines[i - 1];
    const blankBefore = prev ? page.text.slice(prev.end, line.start).includes('\n\n') : true;
    if (line.role === 'text' && line.cell) {
      flush();
      out.push({ start: line.start, end: line.end, role: 'text', depth: 0 });
      continue;
    }
    if (line.role === 'text') {
      const last = out[out.length - 1];
      // The wrapped continuation of a list item that has not ended yet.
      if (!block && last && last.role === 'item' && !blankBefore && !/[.!?;:]$/u.test(page.text.slice(last.start, last.end))) {
        last.end = line.end;
        continue;
      }
      if (block && blankBefore) flush();
      if (block) (block as Segment).end = line.end;
      else block = { start: line.start, end: line.end, role: 'text', depth: 0 };
      continue;
    }
    flush();
    out.push({ start: line.start, end: line.end, role: line.role, depth: line.depth });
  }
  flush();
  return out;
}

interface PageSentence {
  start: number;
  end: number;
  role: LineRole;
  depth: number;
  /** A label block ("Exercice", "Worked example"): not a sentence, but it opens an exercise. */
  opensExercise?: boolean;
}

/**
 * A page's segments from its document model: headings, list items, formulas and table rows whole,
 * paragraphs and box lines cut into sentences; labels and table headers are not sentences.
 */
function modelSegments(page: CoursePage, spans: readonly PageSpan[]): (Segment & { opensExercise?: boolean })[] {
  const out: (Segment & { opensExercise?: boolean })[] = [];
  for (const s of spans) {
    switch (s.kind) {
      case 'heading':
        out.push({ start: s.start, end: s.end, role: 'heading', depth: s.level ?? 1 });
        break;
      case 'item':
        out.push({ start: s.start, end: s.end, role: 'item', depth: 0 });
        break;
      case 'formula':
        out.push({ start: s.start, end: s.end, role: 'formula', depth: 0 });
        break;
      case 'row':
        out.push({ start: s.start, end: s.end, role: 'row', depth: 0 });
        break;
      case 'label':
        if (s.label === 'exercise') out.push({ start: s.start, end: s.start, role: 'text', depth: 0, opensExercise: true });
        break;
      case 'header':
        break;
      default:
        out.push({ start: s.start, end: s.end, role: 'text', depth: 0 });
    }
  }
  return out;
}

function pageSentences(page: CoursePage, boilerplate: ReadonlySet<string>): PageSentence[] {
  const out: PageSentence[] = [];
  const segs: (Segment & { opensExercise?: boolean })[] = page.spans ? modelSegments(page, page.spans) : segments(page, structureLines(page.text, boilerplate));
  for (const seg of segs) {
    if (seg.opensExercise) {
      out.push({ ...seg });
      continue;
    }
    if (seg.role !== 'text') {
      out.push(seg);
      continue;
    }
    // Line breaks inside a paragraph are layout, not sentence ends: same length, so offsets hold.
    const block = page.text.slice(seg.start, seg.end).replace(/\n/g, ' ');
    for (const s of splitSentences(block, page.language)) {
      const raw = block.slice(s.start, s.end);
      const lead = raw.length - raw.trimStart().length;
      const trimmed = raw.trim();
      if (!trimmed) continue;
      out.push({ start: seg.start + s.start + lead, end: seg.start + s.start + lead + trimmed.length, role: 'text', depth: 0 });
    }
  }
  return out;
}

const EXERCISE_HEADING = /^(?:\d+[.)]?\s*)?(?:exercices?|exercises?|problèmes?|problems?|applications?|entraînement|practice|corrigé|solutions?)(?![\p{L}\p{N}])/iu;

function fingerprint(pages: readonly CoursePage[]): string {
  // FNV-1a over every page's identity and text: two reads of the same course share one analysis.
  let h = 0x811c9dc5;
  const mix = (s: string) => {
    for (let i = 0; i < s.length; i++) {
      h ^= s.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
  };
  for (const p of pages) {
    mix(`${p.file_id}\u0000${p.page}\u0000${p.language}\u0000`);
    mix(p.text);
  }
  return `${pages.length}:${h >>> 0}`;
}

const CACHE_SIZE = 4;
const cache = new Map<string, CourseAnalysis>();
const byArray = new WeakMap<readonly CoursePage[], CourseAnalysis>();

/** The analysis of a course's pages (cached: the same pages are analysed once). */
export function analyzeCourse(pages: readonly CoursePage[]): CourseAnalysis {
  const hit = byArray.get(pages);
  if (hit) return hit;
  const key = fingerprint(pages);
  let analysis = cache.get(key);
  if (analysis) {
    cache.delete(key);
  } else {
    analysis = buildAnalysis(pages);
  }
  cache.set(key, analysis);
  while (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  byArray.set(pages, analysis);
  return analysis;
}

function buildAnalysis(pages: readonly CoursePage[]): CourseAnalysis {
  const boilerplate = findBoilerplate(pages);
  const all: SentenceInfo[] = [];
  const byPage = new Map<string, SentenceInfo[]>();
  const pageFrequency = new Map<string, number>();
  let section = -1;
  let inExercise = false;
  let currentFile = '';
  for (const page of pages) {
    if (page.file_id !== currentFile) {
      currentFile = page.file_id;
      section = -1;
      inExercise = false;
    }
    const lang: CourseLanguage = page.language;
    const list: SentenceInfo[] = [];
    const seen = new Set<string>();
    for (const s of pageSentences(page, boilerplate)) {
      if (s.opensExercise) {
        inExercise = true;
        continue;
      }
      const text = normalizeSpace(page.text.slice(s.start, s.end));
      const tokens = tokenize(text, lang);
      const content = tokens.filter((t) => !t.stop);
      const stems = content.map((t) => t.stem);
      const formula = s.role === 'formula' || isFormula(text);
      const detected = s.role === 'heading' || formula ? null : detectDefinition(text, lang);
      // "Réponse (a) : …", "Problématique : …": a label before a colon is not a term being defined.
      const definition = detected && isLabelTerm(detected.term) ? null : detected;
      if (s.role === 'heading') inExercise = EXERCISE_HEADING.test(text);
      const info: SentenceInfo = {
        index: all.length,
        page,
        start: s.start,
        end: s.end,
        text,
        role: s.role,
        depth: s.depth,
        stems,
        stemSet: new Set(stems),
        phraseKeys: [],
        wordCount: tokens.length,
        definition,
        formula,
        date: s.role === 'heading' ? null : detectDate(text),
        example: isExample(text),
        method: s.role === 'item' || (s.role !== 'heading' && isMethodStep(text)),
        law: isLaw(text),
        exercise: inExercise,
        section: s.role === 'heading' ? all.length : section,
      };
      if (s.role === 'heading') section = all.length;
      all.push(info);
      list.push(info);
      for (const st of info.stemSet) seen.add(st);
    }
    byPage.set(pageKey(page.file_id, page.page), list);
    for (const st of seen) pageFrequency.set(st, (pageFrequency.get(st) ?? 0) + 1);
  }
  return { pages, sentences: all, byPage, pageFrequency };
}

const keyTermCache = new WeakMap<CourseAnalysis, KeyTerm[]>();

/**
 * The course's key terms, best first: 2- and 3-word phrases and single words, counted over every
 * sentence, flagged when a definition defines them or a heading names them. Also fills each
 * sentence's `phraseKeys`. Computed once per analysis, on first use (sheets need it, answers not).
 */
export function keyTermsOf(analysis: CourseAnalysis): KeyTerm[] {
  const hit = keyTermCache.get(analysis);
  if (hit) return hit;
  const counter = new KeyTermCounter();
  const pageIndex = new Map<CoursePage, number>(analysis.pages.map((p, i) => [p, i]));
  for (const s of analysis.sentences) {
    const lang = s.page.language;
    const tokens = tokenize(s.text, lang);
    const ps = phrases(s.text, tokens, lang);
    s.phraseKeys = ps.map((p) => p.key);
    const at = pageIndex.get(s.page) ?? 0;
    const definedStems = s.definition ? new Set(tokenize(s.definition.term, lang).map((t) => t.stem)) : null;
    const heading = s.role === 'heading';
    for (const p of ps) {
      const defined = !!definedStems && p.key.split(' ').every((k) => definedStems.has(k));
      counter.add(p.key, p.surface, p.size, at, { defined, heading });
    }
    if (s.formula) continue;
    for (const t of tokens) {
      if (isContentToken(t)) counter.add(t.stem, t.text, 1, at, { defined: !!definedStems?.has(t.stem), heading });
    }
  }
  const result = counter.result(80);
  keyTermCache.set(analysis, result);
  return result;
}

/** Inverse page frequency of a stem (BM25 form); a stem absent from the course weighs most. */
export function idf(analysis: CourseAnalysis, stem: string): number {
  const n = analysis.pages.length;
  const df = analysis.pageFrequency.get(stem) ?? 0;
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

/** The heading a sentence falls under, if any. */
export function headingOf(analysis: CourseAnalysis, s: SentenceInfo): SentenceInfo | null {
  return s.section >= 0 && s.section !== s.index ? analysis.sentences[s.section] : null;
}
