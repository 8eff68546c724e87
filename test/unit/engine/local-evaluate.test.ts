import { describe, expect, it } from 'vitest';
import { localPractice } from '../../../functions/engine/local/practice.js';
import { evaluationSchema, type Evaluation, type QuizQuestion } from '../../../functions/core/artefacts.js';
import { type Course } from '../../../functions/engine/types.js';
import { englishCourse, frenchCourse, ungrounded } from '../../support/courses.js';

const fr = frenchCourse();
const en = englishCourse();

/** The open question of `fileId` whose text starts with `start` (a session is walked until it comes). */
async function openQuestion(course: Course, fileId: string, start: string): Promise<QuizQuestion> {
  const exclude: string[] = [];
  for (;;) {
    const q = await localPractice.quizQuestion({ course, fileId, type: 'open', difficulty: 'easy', exclude, level: 'lycee' });
    if (q.question.startsWith(start)) return q;
    exclude.push(q.fact_key);
  }
}

function grade(course: Course, question: QuizQuestion, answer: string): Promise<Evaluation> {
  return localPractice.evaluate({ course, question, answer, level: 'lycee' });
}

const kinetic = () => openQuestion(fr, 'fr-meca', 'Qu’est-ce que « énergie cinétique »');
const speedFormula = () => openQuestion(fr, 'fr-meca', 'Explique la formule « v = d / t »');
const photosynthesis = () => openQuestion(en, 'en-bio', 'What is “photosynthesis”');
const mitosis = () => openQuestion(en, 'en-bio', 'Explain, in the course\'s order, the steps of “mitosis”');
const revenue = () => openQuestion(en, 'en-eco', 'What is “total revenue”');

describe('evaluation of open answers', () => {
  it('gives the model answer a high score, with every key point covered and nothing missing', async () => {
    for (const [course, q] of [
      [fr, await kinetic()],
      [fr, await speedFormula()],
      [en, await photosynthesis()],
      [en, await mitosis()],
      [en, await revenue()],
    ] as const) {
      const e = await grade(course, q, q.rubric!.model_answer);
      expect(() => evaluationSchema.parse(e)).not.toThrow();
      expect(e.score, q.question).toBeGreaterThanOrEqual(85);
      expect(e.missing_concepts).toEqual([]);
      expect(e.key_points).toEqual(q.rubric!.key_points);
      expect(e.model_answer).toBe(q.rubric!.model_answer);
    }
  });

  it('scores a paraphrase high: other words, synonyms, no accents, another order', async () => {
    const cases: [Course, QuizQuestion, string][] = [
      [fr, await kinetic(), 'C’est l’énergie qu’un corps a grâce à son mouvement ; elle vaut Ec = ½ m v².'],
      [fr, await kinetic(), 'ec = 1/2 m v^2 : l energie cinetique est l energie d un objet du fait de son mouvement'],
      [fr, await speedFormula(), 'd est la distance parcourue en mètres, t la durée du trajet en secondes, et v la vitesse moyenne en m/s.'],
      [en, await photosynthesis(), 'Photosynthesis is how green plants use the energy of light to turn carbon dioxide and water into glucose and oxygen.'],
      [en, await mitosis(), 'Prophase: the chromosomes condense. Metaphase: they line up along the middle of the cell. Anaphase: sister chromatids are pulled to opposite poles. Telophase: a nuclear membrane forms around each set.'],
      [en, await revenue(), 'It is the money a company earns by selling its output, TR = P × Q; e.g. a bakery selling 300 loaves at 2 dollars each earns 600 dollars.'],
    ];
    for (const [course, q, answer] of cases) {
      const e = await grade(course, q, answer);
      expect(e.score, answer).toBeGreaterThanOrEqual(70);
    }
  });

  it('scores an empty, unrelated or question-repeating answer low, and says why', async () => {
    const q = await kinetic();
    for (const answer of ['', '   ', 'La photosynthèse produit du glucose et du dioxygène.', "L'énergie cinétique est une énergie."]) {
      const e = await grade(fr, q, answer);
      expect(e.score, answer).toBeLessThan(20);
      expect(e.missing_concepts).toEqual(q.rubric!.key_points);
      expect(e.improvements.length).toBeGreaterThan(0);
      expect(e.strengths).toEqual([]);
    }
    expect((await grade(fr, q, '')).improvements[0]).toMatch(/vide/u);
    const english = await photosynthesis();
    expect((await grade(en, english, 'The stock market crashed in 1929.')).score).toBeLessThan(20);
  });

  it('lists the missing concepts of a partial answer and scores it between the empty and the complete one', async () => {
    const q = await kinetic();
    const partial = await grade(fr, q, "L'énergie cinétique est l'énergie que possède un corps du fait de son mouvement.");
    expect(partial.missing_concepts).toEqual(['Ec = 1/2 × m × v²']);
    expect(partial.score).toBeGreaterThan(30);
    expect(partial.score).toBeLessThan(80);
    expect(partial.strengths).toEqual(["Tu as bien indiqué : « l'énergie que possède un corps du fait de son mouvement »."]);
    expect(partial.improvements).toContain('Ajoute ce point du cours : « Ec = 1/2 × m × v² ».');
    // The definition of another notion, word for word, is worth less than the right one in other words.
    const other = await grade(fr, q, "C'est l'énergie que possède un corps du fait de sa position par rapport à la Terre.");
    const right = await grade(fr, q, "C'est l'énergie qu'un corps a grâce à son mouvement.");
    expect(other.score).toBeLessThan(right.score);
  });

  it('sends the student back to the cited pages, naming what each one explains', async () => {
    const q = await revenue();
    const e = await grade(en, q, 'Total revenue is the money a firm receives from selling its output.');
    expect(e.missing_concepts.length).toBeGreaterThan(0);
    expect(e.further_study.length).toBeGreaterThan(0);
    for (const item of e.further_study) {
      expect(item.text).toMatch(/^Reread page \d+ of “Introduction to economics”: it explains /u);
      expect(ungrounded(en, item.citations)).toEqual([]);
      for (const c of item.citations) expect(q.citations.some((x) => x.file_id === c.file_id && x.page === c.page)).toBe(true);
    }
    expect(e.further_study.map((x) => x.text).join(' ')).toContain(e.missing_concepts[0]);
    const complete = await grade(en, q, q.rubric!.model_answer);
    expect(complete.further_study).toHaveLength(1);
    expect(complete.further_study[0].text).toMatch(/^Reread page 1 of “Introduction to economics” to consolidate/u);
  });

  it('takes points off for a value that contradicts the course, and says which', async () => {
    const q = await revenue();
    const right = await grade(en, q, 'Total revenue is the money a firm receives from selling its output: TR = P × Q. A bakery selling 300 loaves at 2 dollars earns 600 dollars.');
    const wrong = await grade(en, q, 'Total revenue is the money a firm receives from selling its output: TR = P × Q. A bakery selling 300 loaves at 2 dollars earns 900 dollars.');
    expect(wrong.score).toBeLessThanOrEqual(right.score - 10);
    expect(wrong.improvements).toContain('Check the value “900 dollars”: the course gives “600 dollars”.');
  });

  it('writes its feedback in the course’s language', async () => {
    const french = await grade(fr, await kinetic(), "C'est l'énergie d'un corps due à son mouvement.");
    for (const text of [...french.strengths, ...french.improvements, ...french.further_study.map((x) => x.text)]) expect(text).toMatch(/^(?:Tu |Ajoute |Développe |Relis |Vérifie |Ta réponse )/u);
    const english = await grade(en, await photosynthesis(), 'Plants make glucose.');
    for (const text of [...english.strengths, ...english.improvements, ...english.further_study.map((x) => x.text)]) expect(text).toMatch(/^(?:You |Add |Develop |Reread |Check |Your answer )/u);
  });

  it('reads a very short answer as incomplete even when its words are right', async () => {
    const q = await photosynthesis();
    const short = await grade(en, q, 'light glucose');
    const longer = await grade(en, q, 'Green plants use light energy to convert carbon dioxide and water into glucose and oxygen.');
    expect(short.score).toBeLessThan(40);
    expect(short.improvements).toContain('Develop your answer: it is too short to cover the question.');
    expect(longer.score).toBeGreaterThanOrEqual(85);
  });
});
