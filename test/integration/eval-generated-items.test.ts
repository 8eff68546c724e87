// What the built-in engine generates from the evaluation set's handouts (../shared/eval), read
// through the document model as an upload reads them: sheets follow each course's outline, and no quiz item, card, sheet line or podcast line
// starts with a list marker, ends on a dangling word, takes a label or a table header for a notion,
// or carries the running header or footer. Podcasts, at each length a student can choose: whole
// sentences only, no line said twice, the subject named in the opening, the episode's parts named
// by the course's main headings in order, every line citing the course's pages, and an episode
// shorter than chosen flagged as such.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalize } from '../eval/structure.js';
import { evalCourses, evalDir, hasEvalSet, type EvalCourse } from '../eval/courses.js';
import { closeExtraction, extractPdf } from '../../functions/pipelines/extraction.js';
import { localEngine } from '../../functions/engine/local/index.js';
import { topicOf } from '../../functions/engine/local/podcast.js';
import { podcastDurations } from '../../functions/core/views.js';
import { plannedWords } from '../../functions/core/podcasts.js';
import { ESPEAK_VOICES } from '../../functions/platform/speech/local-voices.js';
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
        // In a formula (written, or read aloud in a podcast) or an algorithm's step, a lone letter is a
        // variable or a unit ("return a", "… égale 0,050 A").
        const trimmed = text.replace(/[\s.…:;,]+$/u, '');
        if (DANGLING_RE.test(trimmed) && !(/[=<>]|\s(?:égale|equals)\s/u.test(text) && /\s\p{L}$/u.test(trimmed))) faults.push(`dangling word · ${where}`);
        if (item.notion && (LABEL_RE.test(text) || headers.has(normalize(text)))) faults.push(`label or table header · ${where}`);
        const body = normalize(text);
        for (const f of c.furniture) if (body.includes(normalize(f))) faults.push(`header/footer · ${where}`);
      }
    }
    expect(count).toBeGreaterThan(400);
    expect(faults).toEqual([]);
  }, 240_000);

  it('make podcasts of whole sentences, each said once, in parts named by the course’s headings, shorter and flagged when the course is', async () => {
    const questions = JSON.parse(readFileSync(path.join(evalDir(), 'questions.json'), 'utf8')) as Record<string, { sheet_headings: string[] }>;
    const WHOLE = /^[«"“(]?\s*[\p{Lu}\d][\s\S]*[.!?…][»"”)]?$/u;
    const PART = { fr: /^(?:Commençons par la première partie,|Passons à la partie) « (.+?) »/u, en: /^(?:Let's start with the first part,|Next, the part) "(.+?)"/u };
    const OTHER_LANGUAGE = { fr: /\b(?:Welcome|Thanks|What|Here is the answer)\b/u, en: /\b(?:Bienvenue|Merci|Voici la réponse|Passons)\b/u };
    const faults: string[] = [];
    let flagged = 0;
    for (const c of built) {
      const lang = c.course.language;
      const subject = lang === 'fr' ? 'SCIENCES ET SOCIÉTÉ' : 'GENERAL STUDIES';
      const course = { ...c.engineCourse, subjectName: subject };
      // The main parts the course's outline gives (its exercises are not material for an episode).
      const parts = questions[c.course.id].sheet_headings.map(topicOf).filter((h) => !/^(?:exercices?|exercises?)\b/iu.test(h));
      const wpm = [ESPEAK_VOICES[lang][0].wpm, ESPEAK_VOICES[lang][1].wpm] as const;
      const targets = [...podcastDurations.map((d) => ({ what: d, words: plannedWords(d, wpm) })), { what: 'past the course', words: 6_000 }];
      for (const target of targets) {
        const script = await localEngine.podcastScript({ course, fileId: c.course.id, style: 'host', targetWords: target.words, speakers: ['Léa', 'Hugo'], level: null });
        const texts = script.segments.map((l) => l.text);
        const where = (t: string) => `${c.course.id} ${target.what}: ${t.slice(0, 140)}`;
        for (const t of texts) {
          if (!WHOLE.test(t)) faults.push(`not whole sentences · ${where(t)}`);
          // A sentence cut after an abbreviation ("… est nul (art.") leaves a bracket open.
          const open = (re: RegExp) => (t.match(re) ?? []).length;
          if (open(/\(/gu) !== open(/\)/gu) || open(/«/gu) !== open(/»/gu) || /[\s(](?:art|cf|p|ex)\.$/u.test(t)) faults.push(`cut sentence · ${where(t)}`);
          if (/ — /u.test(t)) faults.push(`table row · ${where(t)}`);
          if (MARKER_RE.test(t) || /^\d+[.)]\s/u.test(t)) faults.push(`list marker · ${where(t)}`);
          if (/(?:^|[.!?]\s)(?:key points|à retenir|a retenir)\s*:?\s*$/iu.test(t) || LABEL_RE.test(t.replace(/[.!?]$/u, ''))) faults.push(`label · ${where(t)}`);
          if (OTHER_LANGUAGE[lang].test(t)) faults.push(`other language · ${where(t)}`);
          for (const f of c.furniture) if (normalize(t).includes(normalize(f))) faults.push(`header/footer · ${where(t)}`);
        }
        const twice = texts.filter((t, i) => texts.indexOf(t) !== i);
        if (twice.length) faults.push(`said twice · ${where(twice[0])}`);
        for (const l of script.segments) {
          if (l.citations.length === 0 || l.citations.some((x) => x.file_id !== c.course.id || !(x.page >= 1 && x.page <= c.engineCourse.pages.length))) faults.push(`citation · ${where(l.text)}`);
        }
        // The opening names the subject (not the file) and the parts; the parts follow the outline.
        const opening = texts[0];
        if (!opening.includes(lang === 'fr' ? 'Sciences et société' : 'General studies') || opening.includes(c.course.id)) faults.push(`opening · ${where(opening)}`);
        for (const p of parts) if (!opening.includes(p)) faults.push(`part not announced (${p}) · ${where(opening)}`);
        const named = texts.map((t) => PART[lang].exec(t)?.[1]).filter((t): t is string => t !== undefined);
        if (JSON.stringify(named) !== JSON.stringify(parts)) faults.push(`parts ${JSON.stringify(named)} ≠ ${JSON.stringify(parts)} · ${c.course.id} ${target.what}`);
        // Shorter than chosen only when the course holds too little, and then flagged.
        const words = texts.join(' ').split(/\s+/u).length;
        if (target.what === 'short' && script.short_course) faults.push(`short episode flagged short · ${c.course.id}`);
        if (target.what === 'past the course' && !script.short_course) faults.push(`not flagged · ${c.course.id}`);
        if (words < 0.8 * target.words && !script.short_course) faults.push(`${words} words, not flagged · ${c.course.id} ${target.what}`);
        if (script.short_course) flagged++;
      }
    }
    expect(flagged).toBeGreaterThanOrEqual(built.length);
    expect(faults).toEqual([]);
  }, 240_000);
});
