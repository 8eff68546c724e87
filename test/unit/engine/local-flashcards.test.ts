import { describe, expect, it } from 'vitest';
import { analyzeCourse } from '../../../functions/engine/local/analysis.js';
import { localPractice } from '../../../functions/engine/local/practice.js';
import { flashcardSchema, type Flashcard } from '../../../functions/core/artefacts.js';
import { type Course } from '../../../functions/engine/types.js';
import { englishCourse, frenchCourse, largeCourse, ungrounded } from '../../support/courses.js';
import { frenchDilutionCourse } from '../../support/quiz-courses.js';

const fr = frenchCourse();
const en = englishCourse();

const norm = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

function deck(course: Course, count: number, exclude: string[] = [], fileId?: string): Promise<Flashcard[]> {
  return localPractice.flashcards({ course, count, exclude, fileId, level: null });
}

function expectValidDeck(course: Course, cards: Flashcard[]) {
  for (const card of cards) {
    expect(() => flashcardSchema.parse(card)).not.toThrow();
    expect(card.citations.length).toBeGreaterThan(0);
    expect(ungrounded(course, card.citations)).toEqual([]);
    // The back is the course's own text: the first cited sentence is in it.
    expect(norm(card.back)).toContain(norm(card.citations[0].quote!).split(' ').slice(0, 6).join(' '));
  }
  expect(new Set(cards.map((c) => norm(c.front))).size).toBe(cards.length);
}

describe('flashcards', () => {
  it('gives the number of cards asked when the course has enough facts, each cited, no two with the same front', async () => {
    for (const course of [fr, en]) {
      for (const count of [5, 10, 20]) {
        const cards = await deck(course, count);
        expect(cards).toHaveLength(count);
        expectValidDeck(course, cards);
      }
    }
  });

  it('gives fewer cards rather than filler when the course has fewer facts than asked', async () => {
    const cards = await deck(fr, 40);
    expect(cards.length).toBeGreaterThan(15);
    expect(cards.length).toBeLessThan(40);
    expectValidDeck(fr, cards);
    const single = await deck(en, 40, [], 'en-eco');
    expect(single.length).toBeGreaterThan(4);
    expect(single.length).toBeLessThan(15);
  });

  it('makes term cards from definitions and question cards from formulas, dates and laws, in the course’s language', async () => {
    const french = await deck(fr, 40);
    const kinetic = french.find((c) => c.front === 'Énergie cinétique')!;
    expect(kinetic.kind).toBe('term');
    expect(kinetic.back).toContain("On appelle énergie cinétique l'énergie que possède un corps du fait de son mouvement.");
    const speed = french.find((c) => c.front === 'Quelle est la formule de la vitesse moyenne (v) ?')!;
    expect(speed.kind).toBe('qa');
    expect(speed.back.startsWith('v = d / t')).toBe(true);
    const newton = french.find((c) => c.front.startsWith('En quelle année') && c.front.includes('Isaac Newton'))!;
    expect(newton.back.startsWith('1687')).toBe(true);
    expect(french.filter((c) => c.kind === 'qa').every((c) => /^(?:Quel|Quelle|En quelle|À quel|Que dit|Complète)/u.test(c.front))).toBe(true);

    const english = await deck(en, 40);
    const defined = analyzeCourse(en.pages).sentences.filter((s) => s.definition).map((s) => norm(s.definition!.term));
    for (const card of english.filter((c) => c.kind === 'term')) expect(defined.some((t) => t.includes(norm(card.front)))).toBe(true);
    expect(english.find((c) => c.front === 'What is the formula for the magnification (M)?')?.back).toMatch(/^M = I \/ A — where M is the magnification/u);
    expect(english.find((c) => c.front === 'What does “law of demand” state?')?.back).toContain('the quantity demanded of a good falls when its price rises');
    expect(english.filter((c) => c.kind === 'qa').every((c) => /^(?:What|Which|In which|On which|Fill in)/u.test(c.front))).toBe(true);
    const kinds = new Set(english.map((c) => c.kind));
    expect(kinds).toEqual(new Set(['term', 'qa']));
  });

  it('mixes definitions with formulas and dates, puts the course’s key terms first, and keeps the course’s order', async () => {
    const short = await deck(en, 4);
    expect(short.map((c) => c.front)).toContain('Cell');
    // Definitions: term cards, and "what does the law state" cards for laws and theories.
    expect(short.filter((c) => c.kind === 'term' || c.front.endsWith('state?')).length).toBeGreaterThanOrEqual(2);
    const cards = await deck(en, 20);
    expect(cards.filter((c) => c.kind === 'term').length).toBeGreaterThanOrEqual(8);
    expect(cards.some((c) => c.front.startsWith('What is the formula for'))).toBe(true);
    expect(cards.some((c) => /^(?:In which year|On which date)/u.test(c.front))).toBe(true);
    const order = cards.map((c) => analyzeCourse(en.pages).sentences.find((s) => norm(c.back).includes(norm(s.text)))?.index ?? -1);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('skips the fronts the student already has, whatever their case and accents', async () => {
    const first = await deck(fr, 10);
    const exclude = first.map((c, i) => (i % 2 ? c.front.toUpperCase() : norm(c.front)));
    const second = await deck(fr, 10, exclude);
    expect(second).toHaveLength(10);
    const had = new Set(first.map((c) => norm(c.front)));
    for (const card of second) expect(had.has(norm(card.front))).toBe(false);
    expectValidDeck(fr, second);
  });

  it('keeps to one file when asked', async () => {
    const cards = await deck(fr, 20, [], 'fr-hist');
    expect(cards.length).toBeGreaterThan(3);
    expect(cards.every((c) => c.citations.every((x) => x.file_id === 'fr-hist'))).toBe(true);
    expect(await deck(fr, 20, [], 'no-such-file')).toEqual([]);
  });

  it('keeps a relation whole, fronts it by what it expresses, and keeps the case of symbols (“pH”)', async () => {
    const dilution = frenchDilutionCourse();
    const cards = await deck(dilution, 20, [], 'fr-dilution');
    expectValidDeck(dilution, cards);
    const relation = cards.find((c) => c.back.startsWith('C1 × V1 = C2 × V2'));
    expect(relation?.front).toBe('Quelle relation traduit le fait qu’au cours d\'une dilution, la quantité de matière de soluté se conserve ?');
    expect(cards.map((c) => c.front)).toContain('pH d\'une solution');
    for (const card of cards) expect(card.front).not.toMatch(/page|^PH\b|\(V1\)/u);
    // A relation the course does not describe gets no card named after its heading.
    const bare = await deck(dilution, 20, [], 'fr-bare');
    expect(bare.length).toBeGreaterThan(0);
    for (const card of bare) expect(card.back).not.toContain('C1 × V1');
  });

  // Timings are measured by `npm run bench engine`, not asserted here.
  it('makes a deck of 20 on a 300-page course, and a second deck without the first one\'s fronts', async () => {
    const big = largeCourse(300, 'fr');
    analyzeCourse(big.pages);
    const cards = await deck(big, 20);
    expect(cards).toHaveLength(20);
    expectValidDeck(big, cards);
    const fronts = new Set(cards.map((c) => c.front));
    const next = await deck(big, 20, [...fronts]);
    expect(next.filter((c) => fronts.has(c.front))).toEqual([]);
  }, 60_000);
});
