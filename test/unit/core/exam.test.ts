// Exam rules: how many questions a length and format ask, how they are shared across files by
// size and interleaved, what is saved as an answer, and the grade out of 20 with the corrections.
import { describe, expect, it } from 'vitest';
import { allocateQuestions, examAnswer, examQuestionCount, examTypeAt, examView, gradeExam, interleave, type ExamRecord } from '../../../functions/core/exam.js';
import type { Evaluation, QuizQuestion } from '../../../functions/core/artefacts.js';

const cite = { file_id: 'f1', file_name: 'Cours', page: 2, quote: 'La cellule est…' };
const mcq = (key: string, correct: number): QuizQuestion => ({
  type: 'mcq',
  difficulty: 'hard',
  fact_key: key,
  kind: 'term',
  question: `Question ${key} ?`,
  options: ['a', 'b', 'c', 'd'],
  correct_index: correct,
  explanation: 'Parce que.',
  citations: [cite],
});
const open = (key: string): QuizQuestion => ({
  type: 'open',
  difficulty: 'hard',
  fact_key: key,
  kind: 'definition',
  question: `Définir ${key}.`,
  rubric: { key_points: ['point'], model_answer: 'Réponse modèle.' },
  explanation: 'Le cours le dit.',
  citations: [cite],
});

function exam(over: Partial<ExamRecord> = {}): ExamRecord {
  return {
    id: 'e1',
    subject_id: 's1',
    file_ids: null,
    format: 'mixed',
    minutes: 20,
    created_at: '2026-03-01T10:00:00.000Z',
    deadline: '2026-03-01T10:20:00.000Z',
    status: 'running',
    submitted_at: null,
    grading_until: null,
    questions: [
      { id: 'q1', index: 1, file_id: 'f1', generated: mcq('a', 2) },
      { id: 'q2', index: 2, file_id: 'f1', generated: open('b') },
      { id: 'q3', index: 3, file_id: 'f1', generated: mcq('c', 0) },
      { id: 'q4', index: 4, file_id: 'f1', generated: open('d') },
    ],
    answers: {},
    result: null,
    ...over,
  };
}

const evaluation = (score: number): Evaluation => ({ score, strengths: [], improvements: [], missing_concepts: [], further_study: [], key_points: ['point'], model_answer: 'Réponse modèle.' });

describe('exam questions', () => {
  it('are as many as the length allows at the format’s pace, 40 at most', () => {
    expect(examQuestionCount(20, 'mcq')).toBe(13);
    expect(examQuestionCount(20, 'open')).toBe(5);
    expect(examQuestionCount(20, 'mixed')).toBe(7);
    expect(examQuestionCount(60, 'mixed')).toBe(21);
    expect(examQuestionCount(120, 'mcq')).toBe(40);
    expect([1, 2, 3, 4].map((i) => examTypeAt('mixed', i))).toEqual(['mcq', 'open', 'mcq', 'open']);
    expect(examTypeAt('open', 1)).toBe('open');
  });

  it('are shared across files in proportion to their size and interleaved', () => {
    const share = allocateQuestions(
      [
        { file_id: 'big', size: 6000 },
        { file_id: 'small', size: 2000 },
        { file_id: 'empty', size: 0 },
        { file_id: 'mid', size: 2000 },
      ],
      10,
    );
    expect(share).toEqual([
      { file_id: 'big', count: 6 },
      { file_id: 'small', count: 2 },
      { file_id: 'mid', count: 2 },
    ]);
    const order = interleave(share);
    expect(order).toHaveLength(10);
    expect(order.filter((f) => f === 'big')).toHaveLength(6);
    // Never more than two questions in a row from the big file: the exam moves across the material.
    expect(order.join(',')).not.toMatch(/big,big,big/);
    expect(allocateQuestions([{ file_id: 'a', size: 1 }, { file_id: 'b', size: 1 }, { file_id: 'c', size: 1 }], 2).map((f) => f.count)).toEqual([1, 1]);
  });
});

describe('exam answers', () => {
  const during = new Date('2026-03-01T10:05:00.000Z');
  it('take a choice for an mcq and a text for an open question, with the time spent capped by the exam’s length', () => {
    expect(examAnswer(exam(), 'q1', { choice: 2, time_ms: 10_000 }, during)).toMatchObject({ choice: 2, time_ms: 10_000 });
    expect(examAnswer(exam(), 'q2', { answer: '  La cellule  ', time_ms: 7_000_000 }, during)).toMatchObject({ answer: 'La cellule', time_ms: 1_200_000 });
    expect(examAnswer(exam(), 'q2', { answer: '  ', time_ms: 1 }, during).answer).toBeUndefined();
    expect(() => examAnswer(exam(), 'q1', { answer: 'a', time_ms: 1 }, during)).toThrow('invalid_input');
    expect(() => examAnswer(exam(), 'q2', { choice: 1, time_ms: 1 }, during)).toThrow('invalid_input');
    expect(() => examAnswer(exam(), 'q9', { choice: 1, time_ms: 1 }, during)).toThrow('exam_question_not_found');
  });

  it('are refused once the time is up or the exam submitted', () => {
    expect(() => examAnswer(exam(), 'q1', { choice: 1, time_ms: 1 }, new Date('2026-03-01T10:20:00.000Z'))).toThrow('exam_time_over');
    expect(() => examAnswer(exam({ status: 'grading' }), 'q1', { choice: 1, time_ms: 1 }, during)).toThrow('exam_submitted');
  });

  it('are shown back while the exam runs, never the right answers', () => {
    const view = examView(exam({ answers: { q1: { choice: 1, time_ms: 5, at: during.toISOString() } } }), during);
    expect(view.remaining_ms).toBe(15 * 60_000);
    expect(view.answers.q1).toEqual({ choice: 1, time_ms: 5 });
    expect(JSON.stringify(view.questions)).not.toMatch(/correct_index|rubric|explanation|citations/);
    expect(view.result).toBeNull();
  });
});

describe('the grade', () => {
  it('is the mean score out of 20 in half points, with a correction per question and its time', () => {
    const at = '2026-03-01T10:12:00.000Z';
    const e = exam({
      answers: {
        q1: { choice: 2, time_ms: 30_000, at },
        q2: { answer: 'Une réponse', time_ms: 90_000, at },
        q3: { choice: 3, time_ms: 20_000, at },
      },
    });
    const result = gradeExam(e, new Map([['q2', evaluation(70)]]), at);
    // (100 + 70 + 0 + 0) / 4 = 42.5 % of 20 = 8.5
    expect(result.grade).toBe(8.5);
    expect(result).toMatchObject({ total: 4, correct: 2, answered: 3, time_ms: 140_000 });
    expect(result.questions.map((q) => [q.status, q.score, q.time_ms])).toEqual([
      ['correct', 100, 30_000],
      ['evaluated', 70, 90_000],
      ['incorrect', 0, 20_000],
      ['unanswered', 0, 0],
    ]);
    expect(result.questions[2]).toMatchObject({ correct_index: 0, choice: 3, citations: [cite], explanation: 'Parce que.' });
    expect(result.questions[3].rubric?.model_answer).toBe('Réponse modèle.');
    expect(gradeExam(exam(), new Map(), at).grade).toBe(0);
  });
});
