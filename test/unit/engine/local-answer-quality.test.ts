// The built-in engine held to what a student notices: questions phrased as students ask them are
// answered (not refused) with the expected facts first, while off-topic and near-topic questions
// stay refused; a two-part question is answered in both parts; a negated model answer scores low.
import { describe, expect, it } from 'vitest';
import { localEngine } from '../../../functions/engine/local/index.js';
import { localPractice } from '../../../functions/engine/local/practice.js';
import type { Answer, QuizQuestion } from '../../../functions/core/artefacts.js';
import type { Course } from '../../../functions/engine/types.js';
import { ANSWERABLE, REFUSED, leadsWith, measureAnswers, qualityCourses } from '../../support/answer-quality.js';
import { citationsOf, ungrounded } from '../../support/courses.js';

const courses = qualityCourses();
const ask = (c: Course, question: string, mode: 'course' | 'concise' = 'course'): Promise<Answer> => localEngine.answer({ course: c, question, mode, level: 'lycee' });

describe('false and true refusals on French and English courses', () => {
  for (const mode of ['course', 'concise'] as const) {
    it(`${mode}: answers at least 9 in 10 paraphrased questions with the expected facts first, and refuses every off-topic and near-topic one`, async () => {
      const r = await measureAnswers(localEngine, courses, mode);
      expect(ANSWERABLE.length).toBeGreaterThanOrEqual(40);
      expect(r.answered / r.answerable, r.failures.join('\n')).toBeGreaterThanOrEqual(0.9);
      expect(r.factsFirst / r.answerable, r.failures.join('\n')).toBeGreaterThanOrEqual(0.9);
      expect(r.rightPage / r.answerable).toBeGreaterThanOrEqual(0.9);
      expect(r.refused, r.failures.join('\n')).toBe(REFUSED.length);
    });
  }

  it('measures both languages: each is answered 9 times in 10', async () => {
    for (const lang of ['fr', 'en'] as const) {
      const cases = ANSWERABLE.filter((c) => courses[c.course].language === lang);
      expect(cases.length).toBeGreaterThanOrEqual(15);
      let good = 0;
      for (const c of cases) if (leadsWith(await ask(courses[c.course], c.question), c.facts)) good++;
      expect(good / cases.length).toBeGreaterThanOrEqual(0.9);
    }
  });

  it('answers a question that adds words of its own to the course’s terms', async () => {
    for (const [c, q, fact] of [
      [courses.plants, 'Quels facteurs limitent-ils la photosynthèse ?', 'température'],
      [courses.physics, 'What does inertia mean in physics?', 'resist any change'],
      [courses.physics, 'Where did Isaac Newton die?', 'London'],
    ] as const) {
      const a = await ask(c, q);
      expect(a.found, q).toBe(true);
      expect(a.blocks[0].text).toContain(fact);
      expect(ungrounded(c, citationsOf(a))).toEqual([]);
    }
  });

  it('answers a two-part question in both parts, in its first sentence', async () => {
    const born = await ask(courses.physics, 'When and where was Newton born?', 'concise');
    expect(born.blocks[0].text).toMatch(/^Isaac Newton was born in Woolsthorpe, England, in 1643\./u);
    const keynes = await ask(courses.biology, 'Who wrote the General Theory and in which year?', 'concise');
    expect(keynes.blocks[0].text).toMatch(/Keynes.*1936|1936.*Keynes/u);
  });

  it('reads a two-column page column by column', async () => {
    const a = await ask(courses.plants, 'Où a lieu la respiration des cellules ?', 'concise');
    expect(a.blocks[0].text).toMatch(/^Elle a lieu jour et nuit, dans les mitochondries\./u);
    expect(ungrounded(courses.plants, citationsOf(a))).toEqual([]);
  });

  it('opens an answer that lists phases with the phases, in the document’s order', async () => {
    const a = await ask(courses.plants, 'Quelles sont les deux phases de la photosynthèse des plantes ?');
    const text = a.blocks[0].text;
    expect(text).toContain('phase photochimique');
    expect(text.indexOf('phase photochimique')).toBeLessThan(text.indexOf('cycle de Calvin'));
  });
});

describe('grading detects negation and contradiction of a key point', () => {
  async function openQuestion(c: Course, fileId: string, start: string): Promise<QuizQuestion> {
    const exclude: string[] = [];
    for (;;) {
      const q = await localPractice.quizQuestion({ course: c, fileId, type: 'open', difficulty: 'easy', exclude, level: 'lycee' });
      if (q.question.startsWith(start)) return q;
      exclude.push(q.fact_key);
    }
  }
  const grade = (c: Course, question: QuizQuestion, answer: string) => localPractice.evaluate({ course: c, question, answer, level: 'lycee' });

  it('scores the model answer high and the same answer negated low, and says why', async () => {
    const en = await openQuestion(courses.biology, 'en-bio', 'What is “photosynthesis”');
    const model = en.rubric!.model_answer;
    const right = await grade(courses.biology, en, model);
    const negatedAnswer = model.replace(/\b(is|are)\b/u, '$1 not');
    expect(negatedAnswer).not.toBe(model);
    const wrong = await grade(courses.biology, en, negatedAnswer);
    expect(right.score).toBeGreaterThanOrEqual(85);
    expect(wrong.score).toBeLessThanOrEqual(40);
    expect(wrong.improvements.some((x) => x.startsWith('Check this point: your answer says the opposite of the course'))).toBe(true);

    const fr = await openQuestion(courses.mechanics, 'fr-meca', 'Qu’est-ce que « vitesse moyenne »');
    const frModel = fr.rubric!.model_answer;
    expect(frModel).toMatch(/ est /u);
    const frWrong = await grade(courses.mechanics, fr, frModel.replace(/ est /u, " n'est pas "));
    expect((await grade(courses.mechanics, fr, frModel)).score).toBeGreaterThanOrEqual(85);
    expect(frWrong.score).toBeLessThanOrEqual(40);
    expect(frWrong.improvements.some((x) => x.startsWith('Vérifie ce point : ta réponse dit le contraire du cours'))).toBe(true);
  });

  it('reads an opposite word in place of the course’s as a contradiction', async () => {
    const q = await openQuestion(courses.biology, 'en-eco', 'Explain “law of demand”');
    const model = q.rubric!.model_answer;
    expect(model).toContain('falls');
    const right = await grade(courses.biology, q, model);
    const wrong = await grade(courses.biology, q, model.replace('falls', 'rises').replace(/price rises/u, 'price falls'));
    expect(wrong.score).toBeLessThanOrEqual(right.score - 40);
  });
});

describe('questions across languages', () => {
  const inLanguage = (c: Course, question: string, interfaceLanguage: 'fr' | 'en', mode: 'course' | 'concise' = 'concise') =>
    localEngine.answer({ course: c, question, mode, level: 'lycee', interfaceLanguage });

  it('answers a French question about the English course, citing the English text', async () => {
    for (const [q, fact] of [
      ["Qu'est-ce que l'inertie ?", 'resist any change'],
      ['Quelle est la deuxième loi de Newton ?', 'mass multiplied by its acceleration'],
      ['Où est mort Isaac Newton ?', 'London'],
      ['Qu’est-ce que la quantité de mouvement ?', 'product of the mass'],
    ] as const) {
      const a = await inLanguage(courses.physics, q, 'fr');
      expect(a.found, q).toBe(true);
      expect(a.blocks[0].text, q).toContain(fact);
      expect(ungrounded(courses.physics, citationsOf(a))).toEqual([]);
    }
  });

  it('answers an English question about the French course', async () => {
    for (const [q, fact] of [
      ['What is photosynthesis?', 'La photosynthèse se déroule'],
      ['Where does the Calvin cycle take place?', 'stroma'],
      ['What is an autotrophic organism?', 'matière organique'],
      ['What is kinetic energy?', 'énergie cinétique'],
    ] as const) {
      const c = q.includes('kinetic') ? courses.mechanics : courses.plants;
      const a = await inLanguage(c, q, 'en');
      expect(a.found, q).toBe(true);
      expect(a.blocks[0].text, q).toContain(fact);
    }
  });

  it('still refuses an off-topic question in the other language, in the interface’s language, suggesting the course’s', async () => {
    const a = await inLanguage(courses.plants, 'What is the capital of Japan?', 'en');
    expect(a.found).toBe(false);
    expect(a.not_found_message).toBe('The course does not contain the answer to this question. The course is in French: try asking in French, with its terms.');
    const b = await inLanguage(courses.physics, 'Comment les champignons se nourrissent-ils ?', 'fr');
    expect(b.found).toBe(false);
    expect(b.not_found_message).toMatch(/^Le cours ne contient pas la réponse à cette question\. Le cours est en anglais/u);
  });

  it('writes what it says about the answer in the interface’s language, the cited text in the course’s', async () => {
    const a = await inLanguage(courses.physics, "Qu'est-ce que l'inertie ?", 'fr', 'course');
    expect(a.language).toBe('en');
    expect(a.blocks[0].text).toBe('Définition : Inertia is the tendency of an object to resist any change in its state of motion.');
    const related = await inLanguage(courses.physics, "What is Newton's law of cooling?", 'fr', 'course');
    expect(related.found).toBe(false);
    expect(related.not_found_message).toBe('Le cours ne contient pas la réponse à cette question.');
    for (const b of related.blocks) expect(b.text).toMatch(/^Passage du cours en lien avec la question \(il n’y répond pas directement\) : /u);
  });
});

describe('five modes that answer differently, each to its contract', () => {
  const modes = ['course', 'concise', 'detailed', 'step_by_step', 'exercise'] as const;
  const answerIn = (c: Course, question: string, mode: (typeof modes)[number]) => localEngine.answer({ course: c, question, mode, level: 'lycee' });
  const sentencesOf = (a: Answer) => new Set(citationsOf(a).map((c) => c.quote)).size;

  const words = (a: Answer) => new Set(a.blocks.flatMap((b) => b.text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []));
  const overlap = (a: Set<string>, b: Set<string>) => [...a].filter((w) => b.has(w)).length / new Set([...a, ...b]).size;

  for (const [key, question, process] of [
    ['plants', 'Comment se déroule la photosynthèse ?', true],
    ['physics', 'What is momentum?', false],
    ['plants', 'Pourquoi les plantes respirent-elles la nuit ?', false],
  ] as const) {
    it(`gives five different answers to “${question}”`, async () => {
      const c = courses[key];
      const answers = await Promise.all(modes.map((m) => answerIn(c, question, m)));
      const texts = answers.map((a) => a.blocks.map((b) => b.text).join('\n'));
      expect(new Set(texts).size).toBe(5);
      for (const a of answers) {
        expect(a.found).toBe(true);
        expect(ungrounded(c, citationsOf(a))).toEqual([]);
      }
      const [course, concise, detailed, steps] = answers;
      // concise: one block of one or two sentences.
      expect(concise.blocks).toHaveLength(1);
      expect(sentencesOf(concise)).toBeLessThanOrEqual(2);
      // detailed: more than the course answer, under sub-headings.
      expect(sentencesOf(detailed)).toBeGreaterThanOrEqual(sentencesOf(course));
      expect(detailed.blocks.slice(1).some((b) => /^(?:Explication|Formule|Exemple|À retenir|Ailleurs|Explanation|Formula|Example|Key point|Elsewhere)\b/u.test(b.text))).toBe(true);
      // step by step: numbered steps of the process after the answering sentence, or, for a question
      // that asks no process, saying so before the course's answer (never unrelated facts as steps).
      if (process) expect(steps.blocks.filter((b) => b.kind === 'step').length).toBeGreaterThanOrEqual(2);
      else {
        expect(steps.blocks.filter((b) => b.kind === 'step')).toEqual([]);
        expect(steps.blocks[0].text).toMatch(/^(?:Ta question ne demande pas une démarche|Your question does not ask for a process)/u);
      }
      // No two modes say the same thing (their word sets overlap at most 0.8).
      const sets = answers.map(words);
      for (let i = 0; i < sets.length; i++) for (let j = i + 1; j < sets.length; j++) expect(overlap(sets[i], sets[j]), `${modes[i]} / ${modes[j]}`).toBeLessThanOrEqual(0.8);
    });
  }

  it('gives five different answers to every question of the quality set the course answers, the detailed one under a sub-heading', async () => {
    let answered = 0;
    const same: string[] = [];
    for (const q of ANSWERABLE) {
      const c = courses[q.course];
      const answers = await Promise.all(modes.map((m) => answerIn(c, q.question, m)));
      if (!answers[0].found) continue;
      answered++;
      const texts = answers.map((a) => a.blocks.map((b) => b.text).join('\n'));
      if (new Set(texts).size < modes.length) same.push(q.question);
      const detailed = answers[2];
      expect(detailed.blocks.length, q.question).toBeGreaterThanOrEqual(2);
      expect(detailed.blocks.slice(1).some((b) => /^(?:Définition|Explication|Formule|Exemple|À retenir|Ailleurs|Definition|Explanation|Formula|Example|Key point|Elsewhere)\b/u.test(b.text)), q.question).toBe(true);
    }
    expect(answered).toBeGreaterThanOrEqual(38);
    expect(same).toEqual([]);
  });

  it('step by step lists a process’s phases in the document’s order, not its definition and neighbours', async () => {
    const a = await answerIn(courses.plants, 'Comment se déroule la photosynthèse ?', 'step_by_step');
    const steps = a.blocks.filter((b) => b.kind === 'step').map((b) => b.text);
    expect(steps).toHaveLength(2);
    expect(steps[0]).toMatch(/^Étape 1 : D'abord, la phase photochimique/u);
    expect(steps[1]).toMatch(/^Étape 2 : Ensuite, la phase non photochimique, ou cycle de Calvin/u);
  });

  it('concise: a “why” answer opens with the sentence giving the reason', async () => {
    const a = await answerIn(courses.plants, 'Pourquoi les plantes respirent-elles la nuit ?', 'concise');
    expect(a.blocks[0].text).toMatch(/^Les plantes respirent aussi la nuit, parce que/u);
  });
});
