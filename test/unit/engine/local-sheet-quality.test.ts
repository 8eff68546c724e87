// A revision sheet that summarises: on held-out-like courses (a French and an English 3-page
// course), about a quarter of the course's length, its outline intact with numbering, nothing
// said twice, every defined term present, chemistry written with subscripts.
import { describe, expect, it } from 'vitest';
import { analyzeCourse } from '../../../functions/engine/local/analysis.js';
import { compressLine, symbolLegend } from '../../../functions/engine/local/compress.js';
import { localEngine } from '../../../functions/engine/local/index.js';
import type { Sheet } from '../../../functions/core/artefacts.js';
import type { Course } from '../../../functions/engine/types.js';
import { qualityCourses } from '../../support/answer-quality.js';
import { citationsOf, ungrounded } from '../../support/courses.js';

const courses = qualityCourses();
const lines = (s: Sheet) => [...s.sections.flatMap((x) => x.lines), ...s.definitions, ...s.formulas, ...s.key_dates, ...s.key_points];
const words = (text: string) => text.split(/\s+/u).filter(Boolean).length;

describe('revision sheets that summarise', () => {
  for (const key of ['plants', 'physics'] as const) {
    it(`${key}: about a quarter of the course (physics: a half), outline intact, nothing twice, every defined term present`, async () => {
      const c: Course = courses[key];
      const sheet = await localEngine.sheet({ course: c, level: 'lycee' });
      const analysis = analyzeCourse(c.pages);
      const courseWords = analysis.sentences.filter((s) => s.role !== 'heading').reduce((n, s) => n + s.wordCount, 0);
      const sheetWords = lines(sheet).reduce((n, l) => n + words(l.text), 0);
      // A 3-page course: a quarter of it, every line shortened; every definition and formula
      // (with its symbols as a legend) is shown whatever the budget, and every section keeps a
      // line: the English course, whose two formulas and three laws alone take a quarter of it,
      // stays above.
      expect(sheetWords / courseWords).toBeLessThanOrEqual(key === 'plants' ? 0.32 : 0.56);
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

  it('shortens lines without rewording them, and writes a formula’s symbols as a legend', () => {
    expect(compressLine('Les plantes vertes sont autotrophes grâce à la photosynthèse, alors que les animaux sont hétérotrophes : ils se nourrissent de matière organique déjà produite.')).toBe(
      'Les plantes vertes sont autotrophes grâce à la photosynthèse.',
    );
    expect(compressLine('Second, draw an arrow for each force acting on the object, starting from the object.')).toBe('Draw an arrow for each force acting on the object, starting from the object.');
    expect(compressLine('En 1961, Melvin Calvin reçoit le prix Nobel de chimie.', { date: '1961' })).toBe('Melvin Calvin reçoit le prix Nobel de chimie.');
    // A list announced by a colon, and a short sentence, stay whole.
    expect(compressLine('Elle comprend quatre étapes : la prophase, la métaphase, l’anaphase et la télophase.')).toBe('Elle comprend quatre étapes : la prophase, la métaphase, l’anaphase et la télophase.');
    expect(compressLine('Au voisinage de la Terre, g = 9,81 N/kg.')).toBe('Au voisinage de la Terre, g = 9,81 N/kg.');
    expect(symbolLegend('where F is the resultant force in newtons (N), m is the mass in kilograms (kg) and a is the acceleration in metres per second squared (m/s²).')).toBe(
      'F : resultant force (N) ; m : mass (kg) ; a : acceleration (m/s²)',
    );
    expect(symbolLegend("avec Ep en joules (J), m la masse en kilogrammes (kg) et h l'altitude en mètres (m).")).toBe('Ep (J) ; m : masse (kg) ; h : altitude (m)');
    expect(symbolLegend('où la constante dépend du milieu traversé par la lumière et de sa longueur d’onde dans le vide.')).toBeNull();
  });

  it('keeps a wrapped line out of the headings and writes chemistry with subscripts', async () => {
    const sheet = await localEngine.sheet({ course: courses.plants, level: 'master' });
    expect(sheet.sections.some((x) => x.heading.startsWith('Quand l')).valueOf()).toBe(false);
    expect(lines(sheet).map((l) => l.text)).toContain('6 CO₂ + 6 H₂O → C₆H₁₂O₆ + 6 O₂');
  });
});
