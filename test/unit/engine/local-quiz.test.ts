import { describe, expect, it } from 'vitest';
import type { EducationLevel } from '../../../functions/core/profile.js';
import { isEngineError } from '../../../functions/engine/errors.js';
import { analyzeCourse } from '../../../functions/engine/local/analysis.js';
import { localPractice } from '../../../functions/engine/local/practice.js';
import { capitalize, displayHeading } from '../../../functions/engine/local/quiz-facts.js';
import { quizQuestionSchema, type QuizDifficulty, type QuizQuestion, type QuizType } from '../../../functions/core/artefacts.js';
import { type Course } from '../../../functions/engine/types.js';
import { largeCourse, ungrounded } from '../../support/courses.js';
import { englishPracticeCourse, frenchDilutionCourse, frenchPracticeCourse } from '../../support/quiz-courses.js';

const fr = frenchPracticeCourse();
const en = englishPracticeCourse();
const FILES: [Course, string][] = [
  [fr, 'fr-meca'],
  [fr, 'fr-hist'],
  [fr, 'fr-chimie'],
  [en, 'en-bio'],
  [en, 'en-eco'],
  [en, 'en-industry'],
];
/** Notes that describe rather than define: asked about their key terms. */
const NOTES: [Course, string] = [en, 'en-rivers'];

/** Case, accents and blanks ignored; a quote's closing ellipsis dropped. */
const norm = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[’]/gu, "'")
    .replace(/\s+/gu, ' ')
    .replace(/…$/u, '')
    .trim();

/** Whether `text` contains `option` as whole words (both normalised). */
function mentions(text: string, option: string): boolean {
  const escaped = norm(option).replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'u').test(norm(text));
}

const quotesOf = (q: QuizQuestion) => q.citations.map((c) => c.quote ?? '').join('\n');
const correctOf = (q: QuizQuestion) => q.options![q.correct_index!];
const distractorsOf = (q: QuizQuestion) => q.options!.filter((_, i) => i !== q.correct_index);

/** Every question of a session until the engine says the file is exhausted. */
async function session(course: Course, fileId: string, type: QuizType, difficulty: QuizDifficulty, level: EducationLevel | null = 'lycee'): Promise<QuizQuestion[]> {
  const asked: QuizQuestion[] = [];
  for (let i = 0; i < 200; i++) {
    try {
      asked.push(await localPractice.quizQuestion({ course, fileId, type, difficulty, exclude: asked.map((q) => q.fact_key), level }));
    } catch (error) {
      expect(isEngineError(error) && error.kind === 'exhausted').toBe(true);
      return asked;
    }
  }
  throw new Error('the session never ran out of questions');
}

const FRENCH_QUESTION = /^(?:Que |Quel |Quelle |Qu’|En quelle|À quel|Explique)/u;
const ENGLISH_QUESTION = /^(?:What |Which |In which|On which|Explain)/u;

function expectLanguage(course: Course, q: QuizQuestion) {
  if (course.language === 'fr') {
    expect(q.question).toMatch(FRENCH_QUESTION);
    expect(q.explanation).toMatch(/^D’après le cours \(/u);
  } else {
    expect(q.question).toMatch(ENGLISH_QUESTION);
    expect(q.explanation).toMatch(/^The course says \(/u);
  }
}

/** Definitions of the course: the terms (without article) and the sentences. */
function definitionsOf(course: Course) {
  const sentences = analyzeCourse(course.pages).sentences.filter((s) => s.definition);
  return {
    terms: sentences.map((s) => norm(s.definition!.term).replace(/^(?:l'|le |la |les |un |une |des |the |a |an )/u, '')),
    sentences: sentences.map((s) => norm(s.text)),
    indexOfTerm: (option: string) => sentences.find((s) => norm(s.definition!.term).includes(norm(option)))?.index ?? -1,
    indexOfBody: (option: string) => sentences.find((s) => norm(s.text).includes(norm(option)))?.index ?? -1,
  };
}

const YEAR_RE = /\b(1\d{3}|20\d{2})\b/u;
const NUMBER_RE = /^[$€£]?-?\d[\d\s\u00a0\u202f.,]*/u;
const suffixOf = (option: string) => option.replace(NUMBER_RE, '').trim();
const valueOf = (option: string, course: Course) => {
  const digits = (NUMBER_RE.exec(option)?.[0] ?? '').replace(/^[$€£]/u, '').replace(/[\s\u00a0\u202f]/gu, '');
  return Number(course.language === 'fr' ? digits.replace(',', '.') : digits.replace(/,/gu, ''));
};

describe('multiple-choice questions', () => {
  for (const [course, fileId] of [...FILES, NOTES]) {
    for (const difficulty of ['easy', 'hard'] as const) {
      it(`${fileId} (${difficulty}): four distinct options, only the right one in the cited passage, cited from the file, in the course's language`, async () => {
        const questions = await session(course, fileId, 'mcq', difficulty);
        expect(questions.length).toBeGreaterThanOrEqual(5);
        for (const q of questions) {
          expect(() => quizQuestionSchema.parse(q)).not.toThrow();
          expect(q).toMatchObject({ type: 'mcq', difficulty });
          expect(new Set(q.options!.map(norm)).size).toBe(4);
          expect(ungrounded(course, q.citations)).toEqual([]);
          expect(q.citations.every((c) => c.file_id === fileId)).toBe(true);
          // The passage supports the right option, and none of the others.
          expect(mentions(quotesOf(q), correctOf(q)), `${q.question} → ${correctOf(q)}`).toBe(true);
          for (const d of distractorsOf(q)) expect(mentions(quotesOf(q), d), `${q.question} → ${d}`).toBe(false);
          expectLanguage(course, q);
          expect(q.explanation).toContain(q.citations[0].file_name);
        }
      });
    }
  }

  it('distractors are of the answer’s kind: dates, values in the same unit, terms, definitions, persons, formulas of the course', async () => {
    const kinds = new Set<string>();
    for (const [course, fileId] of [...FILES, NOTES]) {
      const defs = definitionsOf(course);
      const text = norm(course.pages.map((p) => p.text).join('\n'));
      for (const difficulty of ['easy', 'hard'] as const) {
        for (const q of await session(course, fileId, 'mcq', difficulty)) {
          kinds.add(q.kind);
          const options = q.options!;
          if (q.kind === 'date') for (const o of options) expect(o).toMatch(/\b\d{4}\b|siècle|century/u);
          if (q.kind === 'number') {
            for (const o of options) {
              expect(o).toMatch(/\d/u);
              expect(suffixOf(o), `${q.question}: ${o}`).toBe(suffixOf(correctOf(q)));
            }
          }
          // A term the course defines, or one of its key terms (written in the course).
          if (q.kind === 'term') for (const o of options) expect(defs.terms.some((t) => t.includes(norm(o))) || text.includes(norm(o)), o).toBe(true);
          if (q.kind === 'definition') for (const o of options) expect(defs.sentences.some((s) => s.includes(norm(o))), o).toBe(true);
          if (q.kind === 'person') for (const o of options) expect(o).toMatch(/^\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’.-]*)*$/u);
          if (q.kind === 'formula') {
            const sides = options.map((o) => o.split(/\s*[=→]\s*/u));
            expect(sides.every((s) => s.length === 2)).toBe(true);
            if (correctOf(q).includes('=')) expect(new Set(sides.map((s) => s[0])).size).toBe(1);
          }
        }
      }
    }
    expect([...kinds].sort()).toEqual(['date', 'definition', 'formula', 'number', 'person', 'term']);
  });

  it('asks about definitions, formulas, dates, values and persons in questions a student reads naturally', async () => {
    const french = await session(fr, 'fr-meca', 'mcq', 'easy');
    const texts = french.map((q) => q.question);
    expect(texts).toContain('Que désigne « énergie cinétique » dans le cours ?');
    expect(texts).toContain('Quelle est la formule de la vitesse moyenne (v) ?');
    expect(texts).toContain('Quelle valeur complète cette phrase du cours : « Au voisinage de la Terre, g = _____. » ?');
    const formula = french.find((q) => q.question === 'Quelle est la formule de la vitesse moyenne (v) ?')!;
    expect(correctOf(formula)).toBe('v = d / t');
    const history = await session(fr, 'fr-hist', 'mcq', 'easy');
    const newton = history.find((q) => q.question.includes('Isaac Newton publie les Principia'))!;
    expect(newton.question.startsWith('En quelle année')).toBe(true);
    expect(correctOf(newton)).toBe('1687');
    const industry = await session(en, 'en-industry', 'mcq', 'easy');
    const watt = industry.find((q) => q.kind === 'person' && q.question.includes('patented a separate condenser'))!;
    expect(correctOf(watt)).toBe('James Watt');
    expect(distractorsOf(watt).sort()).toEqual(['George Stephenson', 'Richard Trevithick', 'Thomas Newcomen']);
  });

  it('asks notes that define little about their key terms, with the file’s other key terms as distractors', async () => {
    const [course, fileId] = NOTES;
    const questions = await session(course, fileId, 'mcq', 'easy');
    expect(questions.length).toBeGreaterThanOrEqual(4);
    const notes = norm(course.pages.filter((p) => p.file_id === fileId).map((p) => p.text).join('\n'));
    for (const q of questions) {
      expect(q.kind).toBe('term');
      expect(q.question).toMatch(/^Which term completes this sentence from the course: “.*_____.*”\?$/u);
      // Most distractors come from the same notes, so that none is eliminated for being off-subject.
      expect(distractorsOf(q).filter((d) => notes.includes(norm(d))).length).toBeGreaterThanOrEqual(2);
    }
    const lateral = questions.find((q) => correctOf(q) === 'Lateral erosion')!;
    expect(lateral.question).toContain('In the lower course, _____ widens the valley floor');
  });

  it('never repeats a fact in a session, then says the file is exhausted; a fact asked as a multiple-choice question is not asked again as an open one', async () => {
    for (const [course, fileId] of FILES) {
      const mcq = await session(course, fileId, 'mcq', 'easy');
      expect(new Set(mcq.map((q) => q.fact_key)).size).toBe(mcq.length);
      expect(new Set(mcq.map((q) => norm(q.question))).size).toBe(mcq.length);
      await expect(localPractice.quizQuestion({ course, fileId, type: 'mcq', difficulty: 'easy', exclude: mcq.map((q) => q.fact_key), level: null })).rejects.toMatchObject({
        name: 'EngineError',
        kind: 'exhausted',
      });
    }
    const mcq = await session(fr, 'fr-meca', 'mcq', 'easy');
    const open = await localPractice.quizQuestion({ course: fr, fileId: 'fr-meca', type: 'open', difficulty: 'easy', exclude: mcq.map((q) => q.fact_key), level: null }).catch((e: unknown) => e);
    if (!isEngineError(open)) expect(mcq.map((q) => q.fact_key)).not.toContain((open as QuizQuestion).fact_key);
    await expect(localPractice.quizQuestion({ course: fr, fileId: 'no-such-file', type: 'mcq', difficulty: 'easy', exclude: [], level: null })).rejects.toMatchObject({ kind: 'exhausted' });
  });

  it('shuffles the options with a seed from the fact: the right answer moves, and the same fact gives the same order', async () => {
    const questions = await session(en, 'en-bio', 'mcq', 'hard');
    expect(new Set(questions.map((q) => q.correct_index)).size).toBeGreaterThanOrEqual(3);
    const again = await session(en, 'en-bio', 'mcq', 'hard');
    expect(again).toEqual(questions);
  });

  it('hard questions have close distractors (near dates and values, terms of the same section); easy ones far ones', async () => {
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const yearGap: Record<QuizDifficulty, number[]> = { easy: [], hard: [] };
    const valueGap: Record<QuizDifficulty, number[]> = { easy: [], hard: [] };
    const termGap: Record<QuizDifficulty, number[]> = { easy: [], hard: [] };
    for (const [course, fileId] of FILES) {
      const defs = definitionsOf(course);
      for (const difficulty of ['easy', 'hard'] as const) {
        for (const q of await session(course, fileId, 'mcq', difficulty)) {
          const answer = correctOf(q);
          if (q.kind === 'date' && YEAR_RE.test(answer)) {
            const year = Number(YEAR_RE.exec(answer)![1]);
            yearGap[difficulty].push(mean(distractorsOf(q).map((d) => Math.abs(Number(YEAR_RE.exec(d)?.[1] ?? year) - year))));
          }
          if (q.kind === 'number') {
            const v = valueOf(answer, course);
            valueGap[difficulty].push(mean(distractorsOf(q).map((d) => Math.abs(Math.log(valueOf(d, course) / v)))));
          }
          const places = q.options!.map((o) => defs.indexOfTerm(o));
          if (q.kind === 'term' && places.every((p) => p >= 0)) {
            const at = defs.indexOfTerm(answer);
            termGap[difficulty].push(mean(distractorsOf(q).map((d) => Math.abs(defs.indexOfTerm(d) - at))));
          }
        }
      }
    }
    for (const gaps of [yearGap, valueGap, termGap]) {
      expect(gaps.easy.length).toBeGreaterThan(2);
      expect(gaps.hard.length).toBeGreaterThan(2);
    }
    expect(mean(yearGap.easy)).toBeGreaterThan(4 * mean(yearGap.hard));
    expect(Math.max(...yearGap.hard)).toBeLessThan(30);
    expect(mean(valueGap.easy)).toBeGreaterThan(2 * mean(valueGap.hard));
    expect(mean(termGap.easy)).toBeGreaterThan(mean(termGap.hard));
  });

  it('easy sessions open on the course’s headline terms, hard ones on values, formulas and dates', async () => {
    for (const [course, fileId] of [
      [fr, 'fr-meca'],
      [en, 'en-eco'],
    ] as const) {
      const easy = await session(course, fileId, 'mcq', 'easy');
      const hard = await session(course, fileId, 'mcq', 'hard');
      expect(['term', 'definition']).toContain(easy[0].kind);
      expect(['number', 'formula', 'date']).toContain(hard[0].kind);
      const early = (qs: QuizQuestion[]) => qs.slice(0, 4).filter((q) => ['number', 'formula', 'date'].includes(q.kind)).length;
      expect(early(hard)).toBeGreaterThan(early(easy));
    }
  });
});

describe('open questions', () => {
  for (const [course, fileId] of FILES) {
    it(`${fileId}: a rubric of 2 to 5 key points copied from the cited passage, and a model answer made of it`, async () => {
      const questions = await session(course, fileId, 'open', 'easy');
      expect(questions.length).toBeGreaterThanOrEqual(2);
      for (const q of questions) {
        expect(() => quizQuestionSchema.parse(q)).not.toThrow();
        expect(q.type).toBe('open');
        expect(q.options).toBeUndefined();
        expect(ungrounded(course, q.citations)).toEqual([]);
        expect(q.citations.every((c) => c.file_id === fileId)).toBe(true);
        const points = q.rubric!.key_points;
        expect(points.length).toBeGreaterThanOrEqual(2);
        expect(points.length).toBeLessThanOrEqual(5);
        for (const p of points) {
          const symbol = /^[\p{L}\p{N}Δ]+ ?: (.*?)(?: \([^)]*\))?$/u.exec(p);
          // A formula's quantity ("v : la vitesse (m/s)") is named with the words of the sentence that describes it.
          if (symbol) for (const w of norm(symbol[1]).split(' ').filter((x) => x.length >= 4)) expect(norm(quotesOf(q)), p).toContain(w);
          else expect(norm(quotesOf(q)), p).toContain(norm(p));
        }
        for (const c of q.citations) expect(norm(q.rubric!.model_answer)).toContain(norm(c.quote!));
        expectLanguage(course, q);
      }
    });
  }

  it('asks for a definition, a formula’s quantities or a method’s steps, as the course states them', async () => {
    const french = await session(fr, 'fr-meca', 'open', 'easy');
    const kinetic = french.find((q) => q.question.startsWith('Qu’est-ce que « énergie cinétique » ?'))!;
    expect(kinetic.question).toBe('Qu’est-ce que « énergie cinétique » ? Donne sa définition et la formule qui l’exprime.');
    expect(kinetic.rubric!.key_points).toEqual(["l'énergie que possède un corps du fait de son mouvement", 'Ec = 1/2 × m × v²']);
    const speed = french.find((q) => q.question.startsWith('Explique la formule « v = d / t »'))!;
    expect(speed.rubric!.key_points).toEqual(['v : la vitesse moyenne (m/s)', 'd : la distance parcourue (m)', 't : la durée du parcours (s)']);
    const english = await session(en, 'en-bio', 'open', 'hard');
    const mitosis = english.find((q) => q.question === 'Explain, in the course\'s order, the steps of “mitosis”.')!;
    expect(mitosis.rubric!.key_points[0]).toBe('during prophase, the chromosomes condense and become visible');
    expect(mitosis.citations.map((c) => c.page)).toEqual([3, 3, 3, 3]);
  });

  it('asks a middle-school student for fewer key points', async () => {
    const college = await session(fr, 'fr-meca', 'open', 'easy', 'college');
    const master = await session(fr, 'fr-meca', 'open', 'easy', 'master');
    expect(college.every((q) => q.rubric!.key_points.length <= 3)).toBe(true);
    const total = (qs: QuizQuestion[]) => qs.reduce((n, q) => n + q.rubric!.key_points.length, 0);
    expect(total(master)).toBeGreaterThan(total(college));
  });
});

describe('relations and symbols', () => {
  const dilution = frenchDilutionCourse();
  const everything = async (fileId: string) => [
    ...(await session(dilution, fileId, 'mcq', 'easy')),
    ...(await session(dilution, fileId, 'mcq', 'hard')),
    ...(await session(dilution, fileId, 'open', 'easy')),
  ];

  it('keeps a relation between two expressions whole and asks it by what the course says it expresses, not by a heading', async () => {
    const qs = await everything('fr-dilution');
    const relations = qs.filter((q) => q.kind === 'formula' && q.options);
    expect(relations.length).toBeGreaterThan(0);
    for (const q of relations) {
      expect(q.question).toBe('Quelle relation traduit le fait qu’au cours d\'une dilution, la quantité de matière de soluté se conserve ?');
      expect(correctOf(q)).toBe('C1 × V1 = C2 × V2');
      // Every option keeps the whole left side; none is the answer again.
      for (const option of q.options!) expect(option.startsWith('C1 × V1 = ')).toBe(true);
      expect(new Set(q.options).size).toBe(q.options!.length);
    }
    for (const q of qs) {
      expect(q.question).not.toMatch(/page|solutions —|\(V1\)/iu);
      for (const option of q.options ?? []) expect(option).not.toBe('V1 = C2 × V2');
    }
  });

  it('skips a relation the course does not describe rather than naming it after its heading', async () => {
    const qs = await everything('fr-bare');
    expect(qs.length).toBeGreaterThan(0);
    expect(qs.filter((q) => q.kind === 'formula')).toEqual([]);
    for (const q of qs) expect(q.question).not.toMatch(/page|Les solutions/iu);
  });

  it('keeps the case of symbols and units in options: “pH” is not “PH”', async () => {
    const qs = await everything('fr-dilution');
    const options = qs.flatMap((q) => q.options ?? []);
    expect(options).toContain('pH d\'une solution');
    for (const option of options) expect(option).not.toMatch(/^PH\b/u);
  });

  it('capitalises only plain lower-case words', () => {
    expect(capitalize('pH d’une solution')).toBe('pH d’une solution');
    expect(capitalize('mL de solution')).toBe('mL de solution');
    expect(capitalize('kJ')).toBe('kJ');
    expect(capitalize('mol')).toBe('mol');
    expect(capitalize('solvant')).toBe('Solvant');
    expect(capitalize('énergie cinétique')).toBe('Énergie cinétique');
    expect(displayHeading('Chapitre 2 : Les solutions — page 3')).toBe('Chapitre 2 : Les solutions');
    expect(displayHeading('MASSE VOLUMIQUE (p. 12)')).toBe('Masse volumique');
    expect(displayHeading('B) Les forces')).toBe('Les forces');
    expect(displayHeading('IV – Les ondes')).toBe('Les ondes');
    expect(displayHeading('A brief history of the cell')).toBe('A brief history of the cell');
  });
});

describe('a large course', () => {
  // Time per item is measured by `npm run bench engine`, not asserted here.
  it('gives a session of grounded, distinct questions on a 300-page course', async () => {
    const big = largeCourse(300, 'en');
    let asked = 0;
    for (const type of ['mcq', 'open'] as const) {
      const exclude: string[] = [];
      for (let i = 0; i < 15; i++) {
        const q = await localPractice.quizQuestion({ course: big, fileId: 'big-4', type, difficulty: i % 2 ? 'hard' : 'easy', exclude, level: null }).catch(() => null);
        if (!q) break;
        expect(exclude).not.toContain(q.fact_key);
        exclude.push(q.fact_key);
        expect(ungrounded(big, q.citations)).toEqual([]);
        asked++;
      }
    }
    expect(asked).toBeGreaterThan(20);
  }, 60_000);
});

describe('a batch of questions', () => {
  it('holds the questions one by one would give, in their order, each on a new fact, and stops short when the file runs out', async () => {
    for (const type of ['mcq', 'open'] as const) {
      const whole = await session(fr, 'fr-meca', type, 'easy');
      expect(whole.length).toBeGreaterThan(2);
      const request = { course: fr, fileId: 'fr-meca', type, difficulty: 'easy' as const, level: 'lycee' as const };
      const first = await localPractice.quizQuestions({ ...request, exclude: [] }, 2);
      expect(first).toEqual(whole.slice(0, 2));
      const rest = await localPractice.quizQuestions({ ...request, exclude: first.map((q) => q.fact_key) }, whole.length + 5);
      expect(rest).toEqual(whole.slice(2));
      const none = await localPractice.quizQuestions({ ...request, exclude: whole.map((q) => q.fact_key) }, 5).catch((e: unknown) => e);
      expect(isEngineError(none) && none.kind === 'exhausted').toBe(true);
    }
  });
});
