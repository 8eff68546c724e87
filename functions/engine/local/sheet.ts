// Revision sheets: the course's structure (its headings, each with its most informative
// sentences), its definitions, formulas (with the sentence naming their symbols), dates in
// chronological order and key points (the sentences that carry most of the course's key terms).
// Every line is a sentence of the course, shortened (compress.ts), with its citation. The length
// budget counts the words the sheet shows. Linear in the size of the course.
import { sheetSchema, type CitedText, type CourseLanguage, type Sheet } from '../../core/artefacts.js';
import { type SheetRequest } from '../types.js';
import { analyzeCourse, keyTermsOf, type SentenceInfo } from './analysis.js';
import { citeAll } from './citations.js';
import { compressLine, symbolLegend } from './compress.js';
import { detailFor, type Detail } from './levels.js';
import { labelled, messages } from './messages.js';
import { SYMBOL_NAMES, textKey } from './retrieval.js';

/** The sheet for a subject or one of its files, validated against the shared schema. */
export function buildSheet(req: SheetRequest): Sheet {
  const { course, fileId } = req;
  const lang = course.language;
  const detail = detailFor(req.level);
  const analysis = analyzeCourse(course.pages);
  // Exercise statements are data for practice, not course content to revise.
  const sentences = analysis.sentences.filter((s) => (!fileId || s.page.file_id === fileId) && !(s.exercise && s.role !== 'heading') && s.role !== 'row');
  const fileName = fileId ? course.pages.find((p) => p.file_id === fileId)?.file_name : undefined;
  const title = messages(lang).sheetTitle(fileName ?? displayName(course.subjectName));

  // Sentence weight: the key terms it carries (phrases count for their words), per its length.
  const weights = new Map<string, number>();
  const top = keyTermsOf(analysis).slice(0, 40);
  const max = top[0]?.score ?? 1;
  for (const k of top) weights.set(k.key, k.score / max);
  const score = new Map<number, number>();
  for (const s of sentences) score.set(s.index, sentenceScore(s, weights));

  const lines = (list: SentenceInfo[], text?: (s: SentenceInfo) => string): CitedText[] =>
    list.map((s) => ({ text: text ? text(s) : lineText(s), citations: citeAll([s]) }));
  const best = (list: SentenceInfo[], n: number) =>
    [...list].sort((a, b) => (score.get(b.index) ?? 0) - (score.get(a.index) ?? 0) || a.index - b.index).slice(0, n);

  // Length budget: a share of the course's words, smaller for a long course.
  const courseWords = sentences.reduce((n, s) => n + (s.role === 'heading' ? 0 : s.wordCount), 0);
  let budget = Math.max(30, Math.round(courseWords * detail.sheetShare * Math.min(1, Math.sqrt(LONG_COURSE_WORDS / Math.max(1, courseWords)))));
  // Words each sentence takes on the sheet, computed once.
  const costs = new Map<number, number>();
  const costOf = (s: SentenceInfo): number => {
    let n = costs.get(s.index);
    if (n === undefined) costs.set(s.index, (n = shownWords(s, lang)));
    return n;
  };
  // Nothing is said twice: each sentence's text goes in one place.
  const shown = new Set<string>();
  const take = (list: SentenceInfo[], n: number, words = Infinity, atLeastOne = false) => {
    const out: SentenceInfo[] = [];
    let used = 0;
    for (const s of list) {
      if (out.length >= n) break;
      const key = textKey(s);
      const cost = costOf(s);
      if (shown.has(key) || ((out.length > 0 || !atLeastOne) && used + cost > words)) continue;
      shown.add(key);
      out.push(s);
      used += cost;
    }
    budget -= used;
    return out;
  };

  // Definitions and formulas are always on the sheet: in the outline when their section shows them
  // (its line costs nothing more), else in their boxes. The rest of the budget goes to the outline.
  const definitionList = uniqueByTerm(best(sentences.filter((s) => s.definition && s.role !== 'heading'), sentences.length)).slice(0, detail.definitions);
  const formulaList = best(sentences.filter((s) => s.formula), sentences.length).slice(0, detail.formulas);
  const anyway = new Set([...definitionList, ...formulaList].map((s) => s.index));
  const boxWords = [...definitionList, ...formulaList].reduce((n, s) => n + costOf(s), 0);
  const sections = buildSections(sentences, detail, score, anyway, (list, n, words) => take(list, n, words, true), Math.max(0, Math.round((budget - boxWords) * OUTLINE_SHARE)), analysis.sentences);
  // Then the boxes: the definitions, formulas (with their symbols) and dates the outline does not show.
  const definitions = take(definitionList, detail.definitions).sort(byIndex);
  const formulas = take(formulaList, detail.formulas).sort(byIndex);
  for (const f of formulas) {
    const names = symbolsOf(f, analysis.sentences);
    if (names) shown.add(textKey(names));
  }
  // Dates and key points only within what is left of the budget; one date at least when the outline shows none.
  const datedSentences = sentences.filter((s) => s.date);
  const outlineDated = datedSentences.some((s) => shown.has(textKey(s)));
  const dated = take(best(datedSentences, sentences.length), detail.dates, Math.max(budget, 0), !outlineDated).sort(
    (a, b) => (a.date?.year ?? 0) - (b.date?.year ?? 0) || a.index - b.index,
  );
  const keyPoints = take(
    best(sentences.filter((s) => s.role !== 'heading' && !s.formula && !s.example && !SYMBOL_NAMES.test(s.text) && s.wordCount >= 6), detail.keyPoints),
    detail.keyPoints,
    Math.max(budget, 0),
  ).sort(byIndex);

  const sheet: Sheet = {
    title,
    language: lang,
    sections,
    definitions: lines(definitions),
    formulas: formulas.map((s) => formulaLine(s, analysis.sentences)),
    key_dates: lines(dated, (s) => dateText(s, lang)),
    key_points: lines(keyPoints),
  };
  return sheetSchema.parse(sheet);
}

/** A sheet line: the sentence shortened, chemistry and units as text. */
function lineText(s: SentenceInfo): string {
  return asText(compressLine(s.text));
}

function dateText(s: SentenceInfo, lang: CourseLanguage): string {
  const date = s.date?.text ?? '';
  return labelled(lang, date, asText(compressLine(s.text, { date })));
}

/** Words a sentence takes on the sheet, as shown. */
function shownWords(s: SentenceInfo, lang: CourseLanguage): number {
  const text = s.date ? dateText(s, lang) : s.formula ? s.text : lineText(s);
  return text.split(/\s+/u).filter(Boolean).length;
}

/** A course of this many words gets the level's full share; a longer one, less (by the square root). */
const LONG_COURSE_WORDS = 1500;
/** Share of the sheet's budget the outline takes once definitions and formulas are counted; dates and key points take what is left. */
const OUTLINE_SHARE = 0.8;
/** Rank of a section's line: a definition or formula the sheet shows anyway, then its heading's words. */
const ANYWAY_BONUS = 10;
const HEADING_BONUS = 1;

/** Share of the words of the heading a sentence falls under that the sentence carries. */
function headingShare(s: SentenceInfo, all: SentenceInfo[]): number {
  const heading = s.section >= 0 ? all[s.section] : undefined;
  if (!heading || heading.stemSet.size === 0) return 0;
  let n = 0;
  for (const t of heading.stemSet) if (s.stemSet.has(t)) n++;
  return n / heading.stemSet.size;
}

const SUBSCRIPTS: Record<string, string> = { 0: '₀', 1: '₁', 2: '₂', 3: '₃', 4: '₄', 5: '₅', 6: '₆', 7: '₇', 8: '₈', 9: '₉' };
const SUPERSCRIPTS: Record<string, string> = { 2: '²', 3: '³', '-': '⁻', 1: '¹' };

/**
 * Chemistry and units as text: "6 CO2 + 6 H2O → C6H12O6" → "6 CO₂ + 6 H₂O → C₆H₁₂O₆", "m/s^2" →
 * "m/s²", "m2" after a number → "m²" (a sheet line is read, not typeset as maths).
 */
export function asText(text: string): string {
  return text
    .replace(/(?<![\p{L}\p{N}])(\d*)((?:[A-Z][a-z]?\d*){2,}|[A-Z][a-z]?\d+)(?![\p{L}\p{N}])/gu, (whole: string, coefficient: string, formula: string) =>
      /\d/.test(formula) ? coefficient + formula.replace(/(?<=[A-Za-z])\d+/gu, (d) => [...d].map((c) => SUBSCRIPTS[c]).join('')) : whole,
    )
    .replace(/\^(-?[123])/gu, (_, p: string) => [...p].map((c) => SUPERSCRIPTS[c]).join(''))
    .replace(/(?<=\d\s?(?:c|m|k)?m)([23])(?![\p{L}\p{N}])/gu, (d: string) => SUPERSCRIPTS[d]);
}

const byIndex = (a: SentenceInfo, b: SentenceInfo) => a.index - b.index;

/** Subject names are stored in capitals: "PHYSIQUE-CHIMIE" reads "Physique-chimie" on a sheet. */
function displayName(name: string): string {
  const t = name.trim();
  if (t !== t.toUpperCase()) return t;
  return t.charAt(0) + t.slice(1).toLowerCase();
}

function sentenceScore(s: SentenceInfo, weights: Map<string, number>): number {
  let sum = 0;
  const seen = new Set<string>();
  for (const k of [...s.phraseKeys, ...s.stems]) {
    if (seen.has(k)) continue;
    seen.add(k);
    sum += weights.get(k) ?? 0;
  }
  const bonus = (s.definition ? 0.6 : 0) + (s.law ? 0.3 : 0) + (s.formula ? 0.3 : 0);
  return (sum + bonus) / (1 + Math.log(1 + s.wordCount / 15));
}

function uniqueByTerm(list: SentenceInfo[]): SentenceInfo[] {
  const seen = new Set<string>();
  return list.filter((s) => {
    const key = s.definition?.term.toLowerCase().replace(/^(?:l['’]|le |la |les |un |une |des |the |a |an )/u, '') ?? '';
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A formula with the sentence that names its symbols ("où d est …"), when one follows it. */
function symbolsOf(s: SentenceInfo, all: SentenceInfo[]): SentenceInfo | null {
  const next = all[s.index + 1];
  return next && next.page === s.page && SYMBOL_NAMES.test(next.text) ? next : null;
}

function formulaLine(s: SentenceInfo, all: SentenceInfo[]): CitedText {
  const names = symbolsOf(s, all);
  return { text: asText(names ? `${s.text} — ${symbolLegend(names.text) ?? names.text}` : s.text), citations: citeAll(names ? [s, names] : [s]) };
}

/**
 * Sections follow the document's outline, file by file, headings kept as written (with their
 * numbers). Each file gets a share of the section budget; within it the deepest heading level that
 * fits is kept, and the sentences under deeper headings fall in the enclosing kept section. A
 * heading with nothing under it before the next (a chapter title over its first section) is kept
 * in front of that section's heading. Text before a file's first heading goes in a section named
 * after the file. Each section takes its most informative sentences not shown elsewhere, up to its
 * share of the word budget (at least one).
 */
function buildSections(
  sentences: SentenceInfo[],
  detail: Detail,
  score: Map<number, number>,
  anyway: ReadonlySet<number>,
  take: (list: SentenceInfo[], n: number, words: number) => SentenceInfo[],
  budget: number,
  all: SentenceInfo[],
): Sheet['sections'] {
  const files: SentenceInfo[][] = [];
  for (const s of sentences) {
    const last = files[files.length - 1];
    if (last && last[0].page.file_id === s.page.file_id) last.push(s);
    else files.push([s]);
  }
  const total = sentences.length || 1;
  const groups: { heading: string; members: SentenceInfo[] }[] = [];
  for (const file of files) {
    const cap = Math.max(2, Math.ceil((detail.sections * file.length) / total));
    const outlined = outlineGroups(file, cap);
    if (outlined) {
      groups.push(...outlined);
      continue;
    }
    const headings = file.filter((s) => s.role === 'heading');
    let depth = 3;
    while (depth > 1 && headings.filter((h) => h.depth <= depth).length > cap) depth--;
    const fileGroups: { heading: string; members: SentenceInfo[] }[] = [];
    let current: { heading: string; members: SentenceInfo[] } | null = null;
    for (const s of file) {
      if (s.role === 'heading') {
        if (s.depth <= depth) {
          // A heading with nothing under it yet stays in front of the next one ("Chapitre 1 : … — 1.1 …").
          const heading: string = current && current.members.length === 0 ? `${current.heading} — ${s.text}` : s.text;
          if (current && current.members.length === 0) current.heading = heading;
          else {
            current = { heading, members: [] };
            fileGroups.push(current);
          }
        }
        continue;
      }
      if (!current) {
        current = { heading: s.page.file_name.trim() || 'Introduction', members: [] };
        fileGroups.push(current);
      }
      current.members.push(s);
    }
    let kept = fileGroups.filter((g) => g.members.length > 0);
    if (kept.length > cap) {
      // Too many top-level headings: keep the richest, still in the document's order.
      const weight = (g: { members: SentenceInfo[] }) => g.members.reduce((n, s) => n + (score.get(s.index) ?? 0), 0);
      const chosen = new Set([...kept].sort((a, b) => weight(b) - weight(a)).slice(0, cap));
      kept = kept.filter((g) => chosen.has(g));
    }
    groups.push(...kept);
  }
  const words = groups.reduce((n, g) => n + g.members.reduce((m, s) => m + s.wordCount, 0), 0) || 1;
  const out: Sheet['sections'] = [];
  for (const g of groups) {
    const share = (budget * g.members.reduce((m, s) => m + s.wordCount, 0)) / words;
    // A definition or formula the sheet shows anyway first (in its section, it costs nothing more),
    // then the sentences carrying most of the section's key terms and its heading's words.
    const rank = (s: SentenceInfo) => (anyway.has(s.index) ? ANYWAY_BONUS : 0) + (score.get(s.index) ?? 0) + HEADING_BONUS * headingShare(s, all);
    const candidates = g.members
      .filter((s) => (s.wordCount >= 3 || s.formula) && !SYMBOL_NAMES.test(s.text))
      .sort((a, b) => rank(b) - rank(a) || a.index - b.index);
    const lines = take(candidates, detail.sectionLines, share).sort(byIndex);
    if (lines.length) out.push({ heading: asText(g.heading), lines: lines.map((s) => (s.formula ? formulaLine(s, all) : { text: lineText(s), citations: citeAll([s]) })) });
  }
  return out;
}

/** Main parts a sheet shows at most when it follows a file's outline (a longer book is cut by weight). */
const OUTLINE_SECTIONS_MAX = 12;

/**
 * A file read through the document model (its pages carry their blocks): the sheet's sections are
 * the file's main parts as its outline gives them: the level under the title (the title itself is
 * not a part, its introduction goes with the first part), subsections inside their part. Null
 * when the file has no outline to follow (pages stored before the model, no headings).
 */
function outlineGroups(file: SentenceInfo[], cap: number): { heading: string; members: SentenceInfo[] }[] | null {
  if (!file.every((s) => s.page.spans)) return null;
  const headings = file.filter((s) => s.role === 'heading');
  if (headings.length === 0) return null;
  const depths = [...new Set(headings.map((h) => h.depth))].sort((a, b) => a - b);
  const top = depths[0];
  // The title: the top-level headings that open the file before any other heading of a lower
  // level ("ECON 202 – …", then "Topic 5: …"), when the top level has no other heading.
  let opening = 0;
  for (const h of headings) {
    if (h.depth !== top) break;
    opening++;
  }
  const titled = depths.length > 1 && opening === headings.filter((h) => h.depth === top).length && opening <= 3;
  const level = titled ? depths[1] : top;
  const groups: { heading: string; members: SentenceInfo[] }[] = [];
  const intro: SentenceInfo[] = [];
  let current: { heading: string; members: SentenceInfo[] } | null = null;
  for (const s of file) {
    if (s.role === 'heading' && s.depth <= level) {
      if (s.depth === level) {
        current = { heading: s.text, members: current || groups.length ? [] : intro.splice(0) };
        groups.push(current);
      }
      continue;
    }
    if (s.role === 'heading') continue;
    (current ? current.members : intro).push(s);
  }
  const kept = groups.filter((g) => g.members.length > 0);
  if (kept.length === 0) return null;
  const max = Math.max(cap, OUTLINE_SECTIONS_MAX);
  if (kept.length <= max) return kept;
  const chosen = new Set([...kept].sort((a, b) => b.members.length - a.members.length).slice(0, max));
  return kept.filter((g) => chosen.has(g));
}
