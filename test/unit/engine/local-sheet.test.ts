import { describe, expect, it } from 'vitest';
import { analyzeCourse } from '../../../functions/engine/local/analysis.js';
import { localEngine } from '../../../functions/engine/local/index.js';
import { sheetSchema, type Sheet } from '../../../functions/core/artefacts.js';
import { type Course } from '../../../functions/engine/types.js';
import type { EducationLevel } from '../../../functions/core/profile.js';
import { citationsOf, englishCourse, frenchCourse, largeCourse, ungrounded } from '../../support/courses.js';

const fr = frenchCourse();
const en = englishCourse();

const sheet = (course: Course, level: EducationLevel | null = 'lycee', fileId?: string) => localEngine.sheet({ course, level, fileId });

function allLines(s: Sheet) {
  return [...s.sections.flatMap((x) => x.lines), ...s.definitions, ...s.formulas, ...s.key_dates, ...s.key_points];
}

describe('revision sheet', () => {
  it('is titled in the course’s language and every line cites the page it is copied from', async () => {
    for (const [course, title] of [
      [fr, 'Fiche de révision : Physique'],
      [en, 'Revision sheet: Sciences'],
    ] as const) {
      const s = await sheet(course);
      expect(() => sheetSchema.parse(s)).not.toThrow();
      expect(s.title).toBe(title);
      expect(s.language).toBe(course.language);
      const lines = allLines(s);
      expect(lines.length).toBeGreaterThan(10);
      for (const line of lines) expect(line.citations.length).toBeGreaterThan(0);
      expect(ungrounded(course, citationsOf(s))).toEqual([]);
    }
  });

  it('follows the document’s headings, in their order', async () => {
    const s = await sheet(fr, 'master');
    const headings = analyzeCourse(fr.pages)
      .sentences.filter((x) => x.role === 'heading')
      .map((x) => x.text);
    // A chapter title with nothing under it is kept in front of its first section ("Chapitre 2 : … — 2.1 …").
    const positions = s.sections.flatMap((x) => x.heading.split(' — ').map((h) => headings.indexOf(h)));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(s.sections.map((x) => x.heading)).toEqual(
      expect.arrayContaining(['1.2 La vitesse moyenne', 'Chapitre 2 : Énergie cinétique — 2.1 Définition', 'Chapitre 3 : Énergie potentielle et énergie mécanique — 3.1 Énergie potentielle de pesanteur']),
    );
    // Each section's lines come from under its heading.
    const speed = s.sections.find((x) => x.heading === '1.2 La vitesse moyenne');
    expect(speed?.lines.every((l) => l.citations[0].page === 1)).toBe(true);
    // Exercise statements are practice, not revision content.
    expect(s.sections.some((x) => x.heading.startsWith('Exercice'))).toBe(false);
  });

  it('shows the definitions, formulas with their symbols, and dates in chronological order, each once', async () => {
    const s = await sheet(fr);
    expect(allLines(s).map((d) => d.text)).toEqual(
      expect.arrayContaining([
        "On appelle énergie cinétique l'énergie que possède un corps du fait de son mouvement.",
        'La vitesse moyenne est le quotient de la distance parcourue par la durée du parcours.',
      ]),
    );
    expect(allLines(s).map((f) => f.text)).toEqual(
      expect.arrayContaining([
        // The sentence naming the symbols, as a legend.
        'v = d / t — d : distance parcourue (m) ; t : durée du parcours (s) ; v : vitesse moyenne (m/s)',
        'Em = Ec + Ep',
      ]),
    );
    // The dates the outline does not show, in chronological order.
    const years = s.key_dates.map((d) => Number(/\d{4}/u.exec(d.text)?.[0] ?? 1600));
    expect(s.key_dates.length).toBeGreaterThan(0);
    expect([...years].sort((a, b) => a - b)).toEqual(years);
    const texts = allLines(s).map((l) => l.citations.map((c) => c.quote).join('|'));
    expect(new Set(texts).size).toBe(texts.length);
    const english = await sheet(en);
    // Chemistry is written as text, with subscripts.
    expect(allLines(english).map((f) => f.text)).toContain('6CO₂ + 6H₂O → C₆H₁₂O₆ + 6O₂');
  });

  it('narrows to one file when asked, titled with the file’s name', async () => {
    const s = await sheet(en, 'lycee', 'en-eco');
    expect(s.title).toBe('Revision sheet: Introduction to economics');
    const citations = citationsOf(s);
    expect(citations.length).toBeGreaterThan(0);
    expect(citations.every((c) => c.file_id === 'en-eco')).toBe(true);
    expect(allLines(s).map((d) => d.text)).toContain('Total revenue is the amount of money a firm receives from selling its output.');
  });

  it('gives a middle-school student a shorter sheet than a master’s student', async () => {
    const words = (x: Sheet) => allLines(x).reduce((n, l) => n + l.text.split(/\s+/u).length, 0);
    const little = words(await sheet(fr, 'college'));
    const much = words(await sheet(fr, 'master'));
    expect(much).toBeGreaterThan(little);
    const college = await sheet(en, 'college');
    expect(college.sections.every((x) => x.lines.length <= 2)).toBe(true);
  });

  // Its time is measured by `npm run bench engine`, not asserted here.
  it('builds a 300-page sheet with capped sections', async () => {
    for (const language of ['fr', 'en'] as const) {
      const s = await sheet(largeCourse(300, language), 'master');
      expect(s.sections.length).toBeGreaterThan(0);
      expect(s.sections.length).toBeLessThanOrEqual(20 + 10);
      expect(s.sections.every((x) => x.lines.length <= 5)).toBe(true);
    }
  }, 60_000);
});
