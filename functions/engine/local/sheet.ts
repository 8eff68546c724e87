// Revision sheets: the course's structure (its headings, each with its most informative
// sentences), its definitions, formulas (with the sentence naming their symbols), dates in
// chronological order and key points (the sentences that carry most of the course's key terms).
// Every line is a sentence of the course with its citation. Linear in the size of the course.
import { sheetSchema, type CitedText, type Sheet, type SheetRequest } from '../types.js';
import { analyzeCourse, keyTermsOf, type SentenceInfo } from './analysis.js';
import { citeAll } from './citations.js';
import { detailFor, type Detail } from './levels.js';
import { labelled, messages } from './messages.js';
import { SYMBOL_NAMES } from './retrieval.js';

/** The sheet for a subject or one of its files, validated against the shared schema. */
export function buildSheet(req: SheetRequest): Sheet {
  const { course, fileId } = req;
  const lang = course.language;
  const detail = detailFor(req.level);
  const analysis = analyzeCourse(course.pages);
  // Exercise statements are data for practice, not course content to revise.
  const sentences = analysis.sentences.filter((s) => (!fileId || s.page.file_id === fileId) && !(s.exercise && s.role !== 'heading'));
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
    list.map((s) => ({ text: text ? text(s) : s.text, citations: citeAll([s]) }));
  const best = (list: SentenceInfo[], n: number) =>
    [...list].sort((a, b) => (score.get(b.index) ?? 0) - (score.get(a.index) ?? 0) || a.index - b.index).slice(0, n);

  const sections = buildSections(sentences, detail, score, best);
  const definitions = uniqueByTerm(best(sentences.filter((s) => s.definition && s.role !== 'heading'), detail.definitions)).sort(byIndex);
  const formulas = best(sentences.filter((s) => s.formula), detail.formulas).sort(byIndex);
  const dated = best(sentences.filter((s) => s.date), detail.dates).sort((a, b) => (a.date?.year ?? 0) - (b.date?.year ?? 0) || a.index - b.index);
  const listed = new Set([...definitions, ...formulas, ...dated].map((s) => s.index));
  const keyPoints = best(
    sentences.filter((s) => s.role !== 'heading' && !s.formula && !s.example && !SYMBOL_NAMES.test(s.text) && !listed.has(s.index) && s.wordCount >= 6),
    detail.keyPoints,
  ).sort(byIndex);

  const sheet: Sheet = {
    title,
    language: lang,
    sections,
    definitions: lines(definitions),
    formulas: formulas.map((s) => formulaLine(s, analysis.sentences)),
    key_dates: lines(dated, (s) => labelled(lang, s.date?.text ?? '', s.text)),
    key_points: lines(keyPoints),
  };
  return sheetSchema.parse(sheet);
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
function formulaLine(s: SentenceInfo, all: SentenceInfo[]): CitedText {
  const next = all[s.index + 1];
  const names = next && next.page === s.page && SYMBOL_NAMES.test(next.text) ? next : null;
  return { text: names ? `${s.text} — ${names.text}` : s.text, citations: citeAll(names ? [s, names] : [s]) };
}

/**
 * Sections follow the document's headings, file by file. Each file gets a share of the section
 * budget; within it the deepest heading level that fits is kept, and the sentences under deeper
 * headings fall in the enclosing kept section. Text before a file's first kept heading goes in
 * a section named after the file.
 */
function buildSections(
  sentences: SentenceInfo[],
  detail: Detail,
  score: Map<number, number>,
  best: (list: SentenceInfo[], n: number) => SentenceInfo[],
): Sheet['sections'] {
  const files: SentenceInfo[][] = [];
  for (const s of sentences) {
    const last = files[files.length - 1];
    if (last && last[0].page.file_id === s.page.file_id) last.push(s);
    else files.push([s]);
  }
  const total = sentences.length || 1;
  const out: Sheet['sections'] = [];
  for (const file of files) {
    const budget = Math.max(2, Math.ceil((detail.sections * file.length) / total));
    const headings = file.filter((s) => s.role === 'heading');
    let depth = 3;
    while (depth > 1 && headings.filter((h) => h.depth <= depth).length > budget) depth--;
    const groups: { heading: string; members: SentenceInfo[] }[] = [];
    let current: { heading: string; members: SentenceInfo[] } | null = null;
    for (const s of file) {
      if (s.role === 'heading') {
        if (s.depth <= depth) {
          current = { heading: s.text, members: [] };
          groups.push(current);
        }
        continue;
      }
      if (!current) {
        current = { heading: s.page.file_name.trim() || 'Introduction', members: [] };
        groups.push(current);
      }
      current.members.push(s);
    }
    let kept = groups.filter((g) => g.members.length > 0);
    if (kept.length > budget) {
      // Too many top-level headings: keep the richest, still in the document's order.
      const weight = (g: { members: SentenceInfo[] }) => g.members.reduce((n, s) => n + (score.get(s.index) ?? 0), 0);
      const chosen = new Set([...kept].sort((a, b) => weight(b) - weight(a)).slice(0, budget));
      kept = kept.filter((g) => chosen.has(g));
    }
    for (const g of kept) {
      const lines = best(g.members.filter((s) => (s.wordCount >= 3 || s.formula) && !SYMBOL_NAMES.test(s.text)), detail.sectionLines).sort(byIndex);
      if (lines.length) out.push({ heading: g.heading, lines: lines.map((s) => ({ text: s.text, citations: citeAll([s]) })) });
    }
  }
  return out;
}
