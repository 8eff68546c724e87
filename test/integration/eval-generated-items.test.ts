// What the built-in engine generates from the evaluation set's handouts (../shared/eval), read
// through the document model as an upload reads them: sheets follow each course's outline, and no quiz item, card, sheet line or podcast line
// starts with a list marker, ends on a dangling word, takes a label or a table header for a notion,
// or carries the running header or footer.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalize } from '../eval/structure.js';
import { evalCourses, evalDir, hasEvalSet, type EvalCourse } from '../eval/courses.js';
import { closeExtraction, extractPdf } from '../../functions/pipelines/extraction.js';
import { localEngine } from '../../functions/engine/local/index.js';
import type { Course, CoursePage } from '../../functions/engine/types.js';
import { course as wrapCourse } from '../support/courses.js';
import { parseCourse, furnitureTexts } from '../eval/ground-truth.js';

const MARKER_RE = /^\s*(?:[•●○◦▪▫■□‣∙⁃➢➤►▶▸✓✔*+]|[-–—]\s)/u;
/** Words a sentence or a notion cannot end on (articles, prepositions, conjunctions, relatives). */
const DANGLING_RE =
  /(?:^|\s)(?:le|la|les|l[’']|un|une|des|du|de|d[’']|et|ou|à|au|aux|en|par|pour|sur|dans|avec|qui|que|qu[’']|dont|the|a|an|of|and|or|to|in|on|by|for|with|which|that|whose)$/iu;
const LABEL_RE =
  /^(?:exemples?|examples?|worked examples?|problématique|vocabulaire|vocabulary|key points|à retenir|a retenir|définitions?|definitions?|remarques?|notes?|solution|énoncé|statement|exercices?|exercises?)\s*:?$/iu;

interface Item {
  kind: string;
  text: string;
  /** A notion (a card's front, a quiz's term) rather than a statement. */
  notion?: boolean;
}

let dir: string;
const built: { course: EvalCourse; engineCourse: Course; furniture: string[]; headers: string[] }[] = [];

beforeAll(async () => {
  expect(hasEvalSet(), `the evaluation set is expected at ${evalDir()}`).toBe(true);
  dir = await mkdtemp(path.join(tmpdir(), 'revise-eval-items-'));
  for (const c of evalCourses()) {
    const file = path.join(dir, `${c.id}.pdf`);
    await writeFile(file, c.pdf);
    const extraction = await extractPdf(file, { sizeBytes: c.pdf.byteLength, object: { bucket: 'eval', key: c.id } });
    const pages: CoursePage[] = extraction.pages.map((p) => ({ file_id: c.id, file_name: c.id, page: p.page, text: p.text, language: c.language, spans: p.spans }));
    const gt = parseCourse(c.markdown);
    // What the course's own text says (headings, paragraphs, items, boxes): a header or footer that
    // the course also writes in its body (its title, say) is not told apart by where it stands.
    const body = normalize(gt.pages.flatMap((p) => [...p.headings.map((h) => h.text), ...p.paragraphs, ...p.items, ...p.boxLines]).join(' \n '));
    const furniture = gt.pages
      .flatMap((_, i) => furnitureTexts(gt, i + 1))
      .filter((t) => t.length >= 8 && !/^\d/.test(t) && !body.includes(normalize(t)));
    // A table's header cell is a column's name; one the course also uses as a notion in its text is not.
    const headers = gt.pages.flatMap((p) => p.tableRows.filter((r) => r.header).flatMap((r) => r.cells)).filter((h) => !body.includes(normalize(h)));
    built.push({ course: c, engineCourse: wrapCourse(pages, c.id, c.language), furniture: [...new Set(furniture)], headers });
  }
}, 120_000);

afterAll(async () => {
  await closeExtraction();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function generated(c: (typeof built)[number]): Promise<Item[]> {
  const course = c.engineCourse;
  const items: Item[] = [];
  const sheet = await localEngine.sheet({ course, level: null });
  for (const s of sheet.sections) {
    items.push({ kind: 'sheet heading', text: s.heading, notion: true });
    for (const l of s.lines) items.push({ kind: 'sheet line', text: l.text });
  }
  for (const l of [...sheet.definitions, ...sheet.key_points]) items.push({ kind: 'sheet line', text: l.text });
  const cards = await localEngine.flashcards({ course, fileId: c.course.id, count: 20, exclude: [], level: null });
  for (const card of cards) {
    items.push({ kind: 'card front', text: card.front, notion: true });
    items.push({ kind: 'card back', text: card.back });
  }
  for (const type of ['mcq', 'open'] as const) {
    const exclude: string[] = [];
    for (let i = 0; i < (type === 'mcq' ? 5 : 2); i++) {
      const q = await localEngine.quizQuestion({ course, fileId: c.course.id, type, difficulty: 'easy', exclude, level: null }).catch(() => null);
      if (!q) break;
      exclude.push(q.fact_key);
      items.push({ kind: `${type} question`, text: q.question });
      for (const o of q.options ?? []) items.push({ kind: 'mcq option', text: o, notion: true });
    }
  }
  const script = await localEngine.podcastScript({ course, style: 'host', targetWords: 900, speakers: ['Léa', 'Hugo'], level: null });
  for (const line of script.segments) items.push({ kind: 'podcast line', text: line.text });
  return items;
}

describe('items generated from the evaluation set', () => {
  it('make revision sheets that follow each course’s outline: its main parts, in order', async () => {
    const questions = JSON.parse(readFileSync(path.join(evalDir(), 'questions.json'), 'utf8')) as Record<string, { sheet_headings: string[] }>;
    for (const c of built) {
      const sheet = await localEngine.sheet({ course: c.engineCourse, level: null });
      expect(sheet.sections.map((s) => s.heading), c.course.id).toEqual(questions[c.course.id].sheet_headings);
    }
  }, 120_000);

  it('never start with a list marker, end on a dangling word, take a label or a table header for a notion, or carry the header or footer', async () => {
    const faults: string[] = [];
    let count = 0;
    for (const c of built) {
      const headers = new Set(c.headers.map(normalize));
      for (const item of await generated(c)) {
        count++;
        const text = item.text.trim();
        const where = `${c.course.id} ${item.kind}: ${text.slice(0, 120)}`;
        if (MARKER_RE.test(text)) faults.push(`list marker · ${where}`);
        // In a formula or an algorithm's step, a lone letter is a variable ("return a").
        const trimmed = text.replace(/[\s.…:;,]+$/u, '');
        if (DANGLING_RE.test(trimmed) && !(/[=<>]/u.test(text) && /\s\p{L}$/u.test(trimmed))) faults.push(`dangling word · ${where}`);
        if (item.notion && (LABEL_RE.test(text) || headers.has(normalize(text)))) faults.push(`label or table header · ${where}`);
        const body = normalize(text);
        for (const f of c.furniture) if (body.includes(normalize(f))) faults.push(`header/footer · ${where}`);
      }
    }
    expect(count).toBeGreaterThan(400);
    expect(faults).toEqual([]);
  }, 240_000);
});
