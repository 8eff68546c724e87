// The quiz workspace's decisions (web/src/components/quiz/quiz-state.ts): a new question, an
// answer and the summary land in the session they belong to only, an error leads to the "no more
// questions" note, a fresh read of the session or a message, the screen shows the right thing at
// each step, and the verdict read out after an answer says what the student got (in French).
import { describe, expect, it } from 'vitest';
import type { AnsweredQuestion, Card, PendingQuestion, QuizSession, QuizSummary } from '../../../functions/core/views.js';
import {
  announcementFor,
  answerErrorKey,
  answerFailure,
  generateFailure,
  quizView,
  startProblem,
  verdictText,
  withQuestion,
  withRefreshed,
  withResult,
  withSummary,
  type Translate,
} from '../../../web/src/components/quiz/quiz-state.js';

// The French catalogue is loaded by path: the server's type check does not follow the web app's
// (bundler-resolved) imports, which web/tsconfig.json checks.
const web = (path: string) => import(/* @vite-ignore */ path);
const { fr } = (await web('../../../web/src/i18n/fr.ts')) as { fr: Record<string, string> };
const t: Translate = (key, params = {}) => Object.entries(params).reduce<string>((text, [name, value]) => text.replaceAll(`{${name}}`, String(value)), fr[key]);

const pending = (id: string, index = 1): PendingQuestion => ({ id, index, type: 'mcq', difficulty: 'easy', kind: 'definition', question: `Q${index}`, options: ['A', 'B', 'C', 'D'] });
const answered = (id: string, over: Partial<AnsweredQuestion> = {}): AnsweredQuestion => ({
  ...pending(id),
  status: 'correct',
  choice: 1,
  correct_index: 1,
  explanation: 'Parce que.',
  citations: [],
  ...over,
});
const session = (id: string, questions: (PendingQuestion | AnsweredQuestion)[] = [], over: Partial<QuizSession> = {}): QuizSession => ({
  id,
  subject_id: 's1',
  file_id: 'f1',
  file_name: 'cours.pdf',
  difficulty: 'easy',
  created_at: '2026-03-04T10:00:00Z',
  ended_at: null,
  questions,
  summary: null,
  ...over,
});
const summary: QuizSummary = { questions: 2, correct: 1, mcq_total: 2, mcq_correct: 1, open_total: 0, average_open_score: null, skipped: 0, cards_created: 1 };

describe('the quiz session on screen', () => {
  it('adds a generated question last, once, and only to its own session', () => {
    const s = session('q1', [answered('a')]);
    const next = withQuestion(s, 'q1', pending('b', 2));
    expect(next?.questions.map((q: { id: string }) => q.id)).toEqual(['a', 'b']);
    expect(withQuestion(next, 'q1', pending('b', 2))?.questions.map((q: { id: string }) => q.id)).toEqual(['a', 'b']);
    expect(withQuestion(s, 'other', pending('b', 2))).toBe(s);
    expect(withQuestion(null, 'q1', pending('b', 2))).toBeNull();
  });

  it('replaces the answered question with its correction', () => {
    const s = session('q1', [pending('a')]);
    const next = withResult(s, 'q1', answered('a', { status: 'incorrect', choice: 0 }));
    expect(next?.questions).toEqual([answered('a', { status: 'incorrect', choice: 0 })]);
    expect(withResult(s, 'q2', answered('a'))).toBe(s);
  });

  it('closes the session with its summary, keeping an end time the server already gave', () => {
    const open = withSummary(session('q1'), 'q1', summary, '2026-03-04T11:00:00Z');
    expect(open).toMatchObject({ ended_at: '2026-03-04T11:00:00Z', summary });
    const closed = withSummary(session('q1', [], { ended_at: '2026-03-04T10:30:00Z' }), 'q1', summary, '2026-03-04T11:00:00Z');
    expect(closed?.ended_at).toBe('2026-03-04T10:30:00Z');
  });

  it('takes a fresh read of the session only while that session is still on screen', () => {
    const fresh = session('q1', [answered('a', { status: 'skipped' })]);
    expect(withRefreshed(session('q1', [pending('a')]), fresh)).toBe(fresh);
    const other = session('q2');
    expect(withRefreshed(other, fresh)).toBe(other);
    expect(withRefreshed(null, fresh)).toBeNull();
  });
});

describe('what a failure leads to', () => {
  it('shows the "no more questions" note when the file has nothing new or the session is full', () => {
    expect(generateFailure('quiz_exhausted')).toBe('exhausted');
    expect(generateFailure('quiz_session_full')).toBe('exhausted');
    expect(generateFailure('quiz_session_ended')).toBe('refresh');
    expect(generateFailure('network')).toBe('problem');
    expect(generateFailure(null)).toBe('problem');
  });

  it('reads the session again when the answer was already given or the session ended elsewhere', () => {
    expect(answerFailure('quiz_already_answered')).toBe('refresh');
    expect(answerFailure('quiz_session_ended')).toBe('refresh');
    expect(answerFailure(null)).toBe('problem');
    expect(answerErrorKey(true)).toBe('quiz.evaluateError');
    expect(answerErrorKey(false)).toBe('study.networkError');
  });

  it('asks for a file before starting', () => {
    expect(startProblem('')).toBe('quiz.fileRequired');
    expect(startProblem('f1')).toBeNull();
  });
});

describe('what the student sees', () => {
  it('before any question: the "generate" button', () => {
    const v = quizView(session('q1'), null, null);
    expect(v).toMatchObject({ current: null, ended: false, loading: false, showQuestion: false, showNext: true, nextLabel: 'quiz.generate', answeredCount: 0 });
  });

  it('while a question is generated: the loading line, no question and no next button', () => {
    for (const busy of ['starting', 'generating'] as const) {
      const v = quizView(session('q1', [answered('a')]), busy, null);
      expect(v).toMatchObject({ loading: true, showQuestion: false, showNext: false });
    }
  });

  it('a pending question: the question, no next button; answered: both, with "next question"', () => {
    expect(quizView(session('q1', [pending('a')]), null, null)).toMatchObject({ showQuestion: true, showNext: false, currentAnswered: false });
    expect(quizView(session('q1', [answered('a')]), null, null)).toMatchObject({ showQuestion: true, showNext: true, currentAnswered: true, nextLabel: 'quiz.next' });
  });

  it('once no question can come: the answered question and the next button give way to the note', () => {
    const v = quizView(session('q1', [answered('a')]), null, 'Plus rien de neuf');
    expect(v).toMatchObject({ showQuestion: false, showNext: false });
    expect(quizView(session('q1', [pending('a')]), null, 'Plus rien de neuf').showQuestion).toBe(true);
  });

  it('counts answered questions in the progress line, singular and plural', () => {
    const one = quizView(session('q1', [answered('a'), pending('b', 2)]), null, null);
    expect(t(one.progressLabel, { count: one.answeredCount })).toBe('1 question répondue');
    const two = quizView(session('q1', [answered('a'), answered('b', { index: 2 })]), null, null);
    expect(t(two.progressLabel, { count: two.answeredCount })).toBe('2 questions répondues');
  });

  it('knows an ended session', () => {
    expect(quizView(session('q1', [], { ended_at: '2026-03-04T11:00:00Z' }), null, null).ended).toBe(true);
    expect(quizView(null, null, null)).toMatchObject({ ended: false, current: null, answeredCount: 0 });
  });
});

describe('the verdict read out after an answer', () => {
  it('says a right answer is right', () => {
    expect(verdictText(answered('a'), t)).toBe('Bonne réponse !');
  });

  it('gives the right option after a wrong or skipped multiple-choice answer', () => {
    expect(verdictText(answered('a', { status: 'incorrect', choice: 0, correct_index: 2 }), t)).toBe('Mauvaise réponse. La bonne réponse : C');
    expect(verdictText(answered('a', { status: 'skipped', choice: undefined, correct_index: 3 }), t)).toBe('Question passée. La bonne réponse : D');
  });

  it('gives the rounded score of a graded written answer', () => {
    const open = answered('a', { type: 'open', status: 'evaluated', evaluation: { score: 72.6 } as AnsweredQuestion['evaluation'] });
    expect(verdictText(open, t)).toBe('Score : 73 sur 100');
  });

  it('adds that a review card was made of the mistake', () => {
    const wrong = answered('a', { status: 'incorrect', choice: 0, correct_index: 1 });
    expect(announcementFor(wrong, { id: 'c1' } as Card, t)).toBe('Mauvaise réponse. La bonne réponse : B. Ajoutée à tes cartes de révision');
    expect(announcementFor(answered('a'), null, t)).toBe('Bonne réponse !');
  });
});
