// Quiz session rules as a student meets them: a question shown without its answer, the one left
// pending skipped when another is asked, no fact twice, a batch's other questions waiting unseen and
// served once each, answers read by the question's type, the card a mistake gives, and the summary.
import { describe, expect, it } from 'vitest';
import { MAX_ANSWER_CHARS, PASSING_SCORE } from '../../../functions/core/limits.js';
import {
  answerInput,
  ended,
  evaluated,
  FactTaken,
  judged,
  mistakeCardText,
  nextWaiting,
  pendingQuestion,
  questionView,
  sessionView,
  summarize,
  withBatch,
  withOutcome,
  withQuestion,
  withWaitingServed,
  type QuizSessionRecord,
} from '../../../functions/core/quiz.js';
import type { QuizQuestion } from '../../../functions/core/artefacts.js';

const cite = [{ file_id: 'f1', file_name: 'Biologie', page: 2, quote: 'La mitose produit deux cellules filles identiques.' }];
const mcq = (fact: string): QuizQuestion => ({
  type: 'mcq',
  difficulty: 'easy',
  fact_key: fact,
  kind: 'definition',
  question: `Que produit la ${fact} ?`,
  options: ['Deux cellules filles identiques', 'Quatre gamètes', 'Une protéine', 'Un noyau'],
  correct_index: 0,
  explanation: 'La mitose produit deux cellules filles identiques.',
  citations: cite,
});
const open = (fact: string): QuizQuestion => ({
  ...mcq(fact),
  type: 'open',
  options: undefined,
  correct_index: undefined,
  rubric: { key_points: ['deux cellules filles'], model_answer: 'Deux cellules filles identiques.' },
});

const session = (): QuizSessionRecord => ({
  id: 's1',
  subject_id: 'sub',
  file_id: 'f1',
  file_name: 'Biologie',
  difficulty: 'easy',
  created_at: '2026-11-25T10:00:00.000Z',
  updated_at: '2026-11-25T10:00:00.000Z',
  ended_at: null,
  version: 1,
  questions: [],
});
const at = new Date('2026-11-25T10:05:00.000Z');

describe('quiz session rules', () => {
  it('shows a pending question without its answer; asking another skips it; a fact is never asked twice', () => {
    let s = withQuestion(session(), mcq('mitose'), 'q1', at);
    const shown = questionView(s.questions[0]);
    expect(shown).toEqual({ id: 'q1', index: 1, type: 'mcq', difficulty: 'easy', kind: 'definition', question: 'Que produit la mitose ?', options: mcq('mitose').options });
    s = withQuestion(s, open('méiose'), 'q2', at);
    expect(s.questions.map((q) => [q.id, q.status, q.auto_skipped])).toEqual([
      ['q1', 'skipped', true],
      ['q2', 'pending', undefined],
    ]);
    expect(() => withQuestion(s, mcq('mitose'), 'q3', at)).toThrow(FactTaken);
    expect(() => withQuestion(ended(s, at), mcq('gamète'), 'q3', at)).toThrow(expect.objectContaining({ code: 'quiz_session_ended' }));
  });

  it('reads an answer by the question’s type', () => {
    expect(answerInput({ choice: 2 }, 'mcq')).toEqual({ kind: 'choice', choice: 2 });
    expect(answerInput({ skip: true }, 'open')).toEqual({ kind: 'skip' });
    expect(answerInput({ answer: '  Deux cellules.  ' }, 'open')).toEqual({ kind: 'answer', answer: 'Deux cellules.' });
    expect(() => answerInput({ answer: '   ' }, 'open')).toThrow(expect.objectContaining({ code: 'answer_empty' }));
    expect(() => answerInput({ answer: 'A' }, 'mcq')).toThrow(expect.objectContaining({ code: 'invalid_input' }));
    expect(() => answerInput({ choice: 1 }, 'open')).toThrow(expect.objectContaining({ code: 'invalid_input' }));
    expect(() => answerInput({ answer: 'x'.repeat(MAX_ANSWER_CHARS + 1) }, 'open')).toThrow(expect.objectContaining({ code: 'invalid_input' }));
  });

  it('records one answer per question; a wrong choice, "I don’t know" or a low score is a mistake with its review card', () => {
    let s = withQuestion(session(), mcq('mitose'), 'q1', at);
    const wrong = judged({ kind: 'choice', choice: 1 }, s.questions[0]);
    expect(wrong).toEqual({ status: 'incorrect', choice: 1, mistake: true });
    expect(judged({ kind: 'skip' }, s.questions[0]).mistake).toBe(true);
    expect(judged({ kind: 'choice', choice: 0 }, s.questions[0]).mistake).toBe(false);
    s = withOutcome(s, 'q1', wrong, { id: 'm1', created: true }, at);
    expect(() => pendingQuestion(s, 'q1')).toThrow(expect.objectContaining({ code: 'quiz_already_answered' }));
    expect(mistakeCardText(mcq('mitose'))).toEqual({
      front: 'Que produit la mitose ?',
      back: 'Deux cellules filles identiques\n\nLa mitose produit deux cellules filles identiques.',
    });

    const e = (score: number) => ({ score, strengths: [], improvements: [], missing_concepts: [], pages_to_reread: [] }) as never;
    expect(evaluated('Deux cellules.', e(PASSING_SCORE - 1)).mistake).toBe(true);
    expect(evaluated('Deux cellules.', e(PASSING_SCORE)).mistake).toBe(false);
  });

  it('sums up: MCQs right plus open answers at the passing score, the average over evaluated answers', () => {
    let s = withQuestion(session(), mcq('a'), 'q1', at);
    s = withOutcome(s, 'q1', judged({ kind: 'choice', choice: 0 }, s.questions[0]), null, at);
    s = withQuestion(s, open('b'), 'q2', at);
    s = withOutcome(s, 'q2', { status: 'evaluated', answer: 'x', evaluation: { score: 80 } as never, mistake: false }, null, at);
    s = withQuestion(s, open('c'), 'q3', at);
    s = withOutcome(s, 'q3', { status: 'evaluated', answer: 'y', evaluation: { score: 30 } as never, mistake: true }, { id: 'm3', created: true }, at);
    s = ended(withQuestion(s, mcq('d'), 'q4', at), at);
    expect(summarize(s)).toEqual({
      questions: 4,
      correct: 2,
      mcq_total: 2,
      mcq_correct: 1,
      open_total: 2,
      average_open_score: 55,
      skipped: 1,
      cards_created: 1,
    });
  });

  it('serves the first question of a batch and keeps the others waiting, unseen; each waiting question is served once, by type', () => {
    let s = withBatch(session(), [mcq('mitose'), mcq('méiose'), mcq('mitose'), mcq('gamète')], 'q1', at);
    expect(s.questions.map((q) => q.generated.fact_key)).toEqual(['mitose']);
    expect(s.waiting?.map((w) => w.fact_key)).toEqual(['méiose', 'gamète']);
    expect(JSON.stringify(sessionView(s))).not.toContain('méiose');
    expect(nextWaiting(s, 'open')).toBeNull();

    const next = nextWaiting(s, 'mcq') as QuizQuestion;
    expect(next.fact_key).toBe('méiose');
    const served = withWaitingServed(s, next, 'q2', at);
    expect(served.questions.map((q) => [q.id, q.generated.fact_key, q.status])).toEqual([
      ['q1', 'mitose', 'skipped'],
      ['q2', 'méiose', 'pending'],
    ]);
    expect(served.waiting?.map((w) => w.fact_key)).toEqual(['gamète']);
    // Another request served it meanwhile: this one must take another.
    expect(() => withWaitingServed(served, next, 'q3', at)).toThrow(FactTaken);

    // A batch whose facts the session already holds, asked or waiting, serves nothing.
    s = served;
    expect(() => withBatch(s, [mcq('mitose'), mcq('gamète')], 'q3', at)).toThrow(FactTaken);
    s = withBatch(s, [mcq('gamète'), open('cytokinèse')], 'q3', at);
    expect(s.questions.at(-1)?.generated.fact_key).toBe('cytokinèse');
    expect(nextWaiting(s, 'mcq')?.fact_key).toBe('gamète');
    expect(ended(s, at).waiting).toEqual([]);
  });
});
