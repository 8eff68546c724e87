// What each model call sends, held: every operation of the Bedrock engine on a 300-page subject,
// against the Converse fake answering as a model would (test/support/model-replies.ts), must send
// at most the input tokens it sends today, as the fake counts them (the request's JSON at four
// characters a token: prompt, tool schema and course). Before each operation had its own budget,
// every call filled the 12,000-token ceiling whatever it asked. A change that sends more fails
// here; one that sends less lowers the figure below. Quiz questions come in batches of
// QUIZ_BATCH_SIZE sharing one call: their figure is per question, the call's input divided among
// the batch's questions.
import { describe, expect, it } from 'vitest';
import { bedrockEngine, type GenerationFacts } from '../../../functions/engine/bedrock/index.js';
import type { QuizQuestion } from '../../../functions/core/artefacts.js';
import { QUIZ_BATCH_SIZE } from '../../../functions/core/limits.js';
import type { CoachRecordLine } from '../../../functions/engine/types.js';
import { largeCourse } from '../../support/courses.js';
import { useConverseFake, type ConverseFake } from '../../support/converse-fake.js';
import { modelReply, newReplyState } from '../../support/model-replies.js';

/** Input tokens per call, as the fake counted them on this course (the figures `npm run bench cost` prints are of the same kind). */
const HELD: Record<GenerationFacts['task'], number> = {
  // A follow-up with its earlier turns (4,636 today); a question alone sends less.
  answer: 4_700,
  sheet: 7_100,
  // Per question of a batch (a call of one question alone sent 3,100).
  quiz_question: 650,
  evaluation: 1_200,
  flashcards: 5_500,
  coach: 2_700,
  // An episode of 1,200 words.
  podcast: 6_300,
};

let fake: ConverseFake;
const { options, facts } = useConverseFake<GenerationFacts>((f) => (fake = f));

describe('the input each operation sends', () => {
  it('stays at or below its figure, on a 300-page subject, in every mode', async () => {
    const course = largeCourse(300, 'fr');
    const state = newReplyState();
    fake.otherwise((call) => modelReply(call, state));
    const engine = bedrockEngine(options());
    for (const mode of ['course', 'concise', 'detailed', 'step_by_step', 'exercise'] as const) {
      await engine.answer({ course, question: 'Comment définit-on la vitesse moyenne et quelle est son unité ?', mode, level: 'lycee' });
    }
    await engine.answer({
      course,
      question: 'Et son unité ?',
      mode: 'detailed',
      level: 'lycee',
      history: Array.from({ length: 6 }, (_, i) => ({ question: `Question ${i} sur la vitesse moyenne ?`, answer: 'La vitesse moyenne est le quotient de la distance par la durée. '.repeat(20) })),
    });
    await engine.sheet({ course, level: 'lycee' });
    await engine.sheet({ course, fileId: 'big-0', level: 'master' });
    await engine.flashcards({ course, fileId: 'big-1', count: 20, exclude: [], level: null });
    const asked: string[] = [];
    let open: QuizQuestion | undefined;
    const perQuestion: number[] = [];
    for (const type of ['mcq', 'open'] as const) {
      const calls = fake.calls.length;
      const batch = await engine.quizQuestions({ course, fileId: 'big-2', type, difficulty: 'hard', exclude: asked, level: null }, QUIZ_BATCH_SIZE);
      // One call for the whole batch, each question on a fact of its own.
      expect(fake.calls.length - calls).toBe(1);
      expect(batch).toHaveLength(QUIZ_BATCH_SIZE);
      expect(new Set([...asked, ...batch.map((q) => q.fact_key)]).size).toBe(asked.length + batch.length);
      perQuestion.push(facts.at(-1)!.inputTokens / batch.length);
      asked.push(...batch.map((q) => q.fact_key));
      if (type === 'open') open = batch[0];
    }
    await engine.evaluate({ course, question: open!, answer: 'La vitesse moyenne est la distance divisée par la durée.', level: null });
    const record: CoachRecordLine[] = [{ topic: 'went_well', text: 'Tu as répondu juste à 6 questions sur 8.', figures: [{ id: 'stats.quiz.correct', value: 6 }], citations: [] }];
    await engine.coach!({ course, message: 'Comment réviser la vitesse moyenne et la quantité de mouvement ?', level: 'lycee', interfaceLanguage: 'fr', record });
    await engine.podcastScript({ course, fileId: 'big-3', style: 'host', targetWords: 1_200, speakers: ['Léa', 'Rémi'], level: null });

    const most = new Map<string, number>();
    for (const f of facts) if (f.task !== 'quiz_question') most.set(f.task, Math.max(most.get(f.task) ?? 0, f.inputTokens));
    most.set('quiz_question', Math.max(...perQuestion));
    expect([...most.keys()].sort()).toEqual(Object.keys(HELD).sort());
    for (const [task, tokens] of most) expect(tokens, task).toBeLessThanOrEqual(HELD[task as GenerationFacts['task']]);
    // Far under the former ceiling that every call filled.
    for (const tokens of most.values()) expect(tokens).toBeLessThan(8_000);

  });
});
