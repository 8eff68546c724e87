// Exam mode (Premium, `exam_mode`): a timed exam on chosen files or the whole
// subject, 20, 60 or 120 minutes, multiple-choice, open or mixed questions, drawn across the
// material in proportion to its size at the quiz generator's hardest difficulty. Answers are saved
// as the student goes with no feedback; the deadline is stored, so the timer survives a reload;
// the exam is submitted once, and graded out of 20 with a correction per question. Pure rules
// over the exam as stored: the caller passes the clock, the evaluations and the cards made.
import { z } from 'zod';
import type { Citation, Evaluation, QuizQuestion, QuizType } from './artefacts.js';
import { AppError } from './errors.js';
import { ID_MAX, MAX_ANSWER_CHARS, PASSING_SCORE } from './limits.js';
import { ANSWER_WITH_CHOICE, ANSWER_WITH_TEXT } from './validation.js';

export const examLengths = [20, 60, 120] as const;
export type ExamLength = (typeof examLengths)[number];
export const examFormats = ['mcq', 'open', 'mixed'] as const;
export type ExamFormat = (typeof examFormats)[number];

/** Minutes a question of each type is given: an exam of N minutes asks N / this many. */
const MINUTES_PER_QUESTION: Record<QuizType, number> = { mcq: 1.5, open: 4 };
/** At most this many questions, whatever the length (the item holds them all). */
export const MAX_EXAM_QUESTIONS = 40;
/** How long a grading claim holds before another submission may take it over (a grader that died). */
export const GRADING_LEASE_MS = 120_000;

export const createExamBody = z
  .object({
    /** The files examined; absent or empty: the whole subject. */
    file_ids: z.array(z.string().min(1).max(ID_MAX)).max(50).optional(),
    minutes: z.union([z.literal(20), z.literal(60), z.literal(120)]),
    format: z.enum(examFormats),
    /** The browser's IANA time zone: the day the results count on in the statistics. */
    timezone: z.string().min(1).max(64).optional(),
  })
  .strict();
export type CreateExamBody = z.infer<typeof createExamBody>;

/** One saved answer: the option chosen (mcq) or the text written (open; empty clears it), and the time spent so far. */
export const examAnswerBody = z
  .object({
    choice: z.number().int().min(0).max(3).optional(),
    answer: z.string().max(MAX_ANSWER_CHARS).optional(),
    time_ms: z.number().int().min(0).max(120 * 60_000),
  })
  .strict();
export type ExamAnswerBody = z.infer<typeof examAnswerBody>;

export const examParams = z.object({ subjectId: z.string().min(1).max(ID_MAX), examId: z.string().min(1).max(ID_MAX) });
export const examQuestionParams = examParams.extend({ questionId: z.string().min(1).max(ID_MAX) });

/** How many questions an exam of `minutes` asks in `format` (mixed: one open question for each mcq). */
export function examQuestionCount(minutes: ExamLength, format: ExamFormat): number {
  const per = format === 'mixed' ? (MINUTES_PER_QUESTION.mcq + MINUTES_PER_QUESTION.open) / 2 : MINUTES_PER_QUESTION[format];
  return Math.min(MAX_EXAM_QUESTIONS, Math.max(1, Math.floor(minutes / per)));
}

/** The type of the question at `index` (1-based): mixed exams alternate, multiple choice first. */
export const examTypeAt = (format: ExamFormat, index: number): QuizType => (format === 'mixed' ? (index % 2 === 1 ? 'mcq' : 'open') : format);

/**
 * How many of `count` questions each file gets, in proportion to its size (largest remainders;
 * a file with no text gets none). Files keep their order.
 */
export function allocateQuestions(files: readonly { file_id: string; size: number }[], count: number): { file_id: string; count: number }[] {
  const sized = files.filter((f) => f.size > 0);
  const total = sized.reduce((sum, f) => sum + f.size, 0);
  if (!total || count <= 0) return [];
  const shares = sized.map((f, i) => ({ file_id: f.file_id, i, exact: (count * f.size) / total }));
  const out = shares.map((s) => ({ file_id: s.file_id, count: Math.floor(s.exact) }));
  let left = count - out.reduce((sum, f) => sum + f.count, 0);
  for (const s of [...shares].sort((a, b) => b.exact - Math.floor(b.exact) - (a.exact - Math.floor(a.exact)) || a.i - b.i)) {
    if (left <= 0) break;
    out[s.i].count++;
    left--;
  }
  return out.filter((f) => f.count > 0);
}

/**
 * The order questions are asked in: the files' shares interleaved (a question from each file in
 * turn, the larger files more often), so the exam moves across the material.
 */
export function interleave(allocation: readonly { file_id: string; count: number }[]): string[] {
  const total = allocation.reduce((sum, f) => sum + f.count, 0);
  const taken = allocation.map(() => 0);
  const order: string[] = [];
  for (let k = 0; k < total; k++) {
    // The file furthest behind its share at this point goes next.
    let best = -1;
    let lag = -Infinity;
    allocation.forEach((f, i) => {
      if (taken[i] >= f.count) return;
      const behind = ((k + 1) * f.count) / total - taken[i];
      if (behind > lag) {
        lag = behind;
        best = i;
      }
    });
    taken[best]++;
    order.push(allocation[best].file_id);
  }
  return order;
}

export interface ExamQuestion {
  id: string;
  /** 1-based. */
  index: number;
  file_id: string;
  /** As generated, with its answer: shown only in the result. */
  generated: QuizQuestion;
}

export interface ExamAnswer {
  choice?: number;
  answer?: string;
  time_ms: number;
  at: string;
}

export type ExamStatus = 'running' | 'grading' | 'graded';

/** What the stored exam and its view share. */
export interface ExamHead {
  id: string;
  subject_id: string;
  /** null: the whole subject. */
  file_ids: string[] | null;
  format: ExamFormat;
  minutes: ExamLength;
  created_at: string;
  /** When the time runs out (ISO); no answer is taken from then on. */
  deadline: string;
  status: ExamStatus;
}

/** The head's fields of an exam (or of anything holding them). */
export const examHead = (e: ExamHead): ExamHead => ({
  id: e.id,
  subject_id: e.subject_id,
  file_ids: e.file_ids,
  format: e.format,
  minutes: e.minutes,
  created_at: e.created_at,
  deadline: e.deadline,
  status: e.status,
});

export interface ExamRecord extends ExamHead {
  /** When it was submitted (by the student, or by the clock: then the deadline). */
  submitted_at: string | null;
  grading_until: string | null;
  questions: ExamQuestion[];
  answers: Record<string, ExamAnswer>;
  result: ExamResult | null;
  /** The student's time zone when it started (the day its results count on), if the browser said. */
  timezone?: string | null;
}

export type ExamQuestionStatus = 'correct' | 'incorrect' | 'evaluated' | 'unanswered';

export interface ExamCorrection {
  id: string;
  index: number;
  type: QuizType;
  question: string;
  options?: string[];
  correct_index?: number;
  choice?: number;
  answer?: string;
  status: ExamQuestionStatus;
  /** 0–100: an mcq is 0 or 100, an open answer its evaluation's score. */
  score: number;
  explanation: string;
  citations: Citation[];
  rubric?: { key_points: string[]; model_answer: string };
  evaluation?: Evaluation;
  time_ms: number;
  /** The review card this mistake gave (new or already there). */
  card_id?: string;
}

export interface ExamResult {
  /** Out of 20, in half points. */
  grade: number;
  total: number;
  /** Multiple-choice right + open answers at or above the passing score. */
  correct: number;
  answered: number;
  time_ms: number;
  cards_created: number;
  submitted_at: string;
  questions: ExamCorrection[];
}

/** A question as the student sees it during the exam: nothing that gives the answer away. */
export interface ExamQuestionView {
  id: string;
  index: number;
  type: QuizType;
  question: string;
  options?: string[];
}

export interface ExamView extends ExamHead {
  /** Milliseconds left by the server's clock (0 once over): the page's timer starts from it. */
  remaining_ms: number;
  questions: ExamQuestionView[];
  /** The answers saved so far (while running). */
  answers: Record<string, { choice?: number; answer?: string; time_ms: number }>;
  result: ExamResult | null;
}

export interface ExamListItem {
  id: string;
  format: ExamFormat;
  minutes: ExamLength;
  created_at: string;
  deadline: string;
  status: ExamStatus;
  grade: number | null;
  total: number;
}

export function questionView(q: ExamQuestion): ExamQuestionView {
  const view: ExamQuestionView = { id: q.id, index: q.index, type: q.generated.type, question: q.generated.question };
  if (q.generated.options) view.options = [...q.generated.options];
  return view;
}

export const timeIsUp = (exam: Pick<ExamRecord, 'deadline'>, now: Date): boolean => now.getTime() >= Date.parse(exam.deadline);

export function examView(exam: ExamRecord, now: Date): ExamView {
  const running = exam.status === 'running';
  return {
    ...examHead(exam),
    remaining_ms: running ? Math.max(0, Date.parse(exam.deadline) - now.getTime()) : 0,
    questions: exam.questions.map(questionView),
    answers: running ? Object.fromEntries(Object.entries(exam.answers).map(([id, a]) => [id, answerView(a)])) : {},
    result: exam.status === 'graded' ? exam.result : null,
  };
}

function answerView(a: ExamAnswer): { choice?: number; answer?: string; time_ms: number } {
  const out: { choice?: number; answer?: string; time_ms: number } = { time_ms: a.time_ms };
  if (a.choice !== undefined) out.choice = a.choice;
  if (a.answer !== undefined) out.answer = a.answer;
  return out;
}

export const listItem = (exam: ExamRecord): ExamListItem => ({
  id: exam.id,
  format: exam.format,
  minutes: exam.minutes,
  created_at: exam.created_at,
  deadline: exam.deadline,
  status: exam.status,
  grade: exam.result?.grade ?? null,
  total: exam.questions.length,
});

/**
 * The answer to store for a question, refused when it does not fit the question (an mcq takes a
 * choice, an open question a text) or the exam no longer takes answers.
 */
export function examAnswer(exam: ExamRecord, questionId: string, body: ExamAnswerBody, now: Date): ExamAnswer {
  if (exam.status !== 'running') throw new AppError('exam_submitted');
  if (timeIsUp(exam, now)) throw new AppError('exam_time_over');
  const q = exam.questions.find((x) => x.id === questionId);
  if (!q) throw new AppError('exam_question_not_found');
  // Time spent on one question cannot exceed the exam's length.
  const time_ms = Math.min(body.time_ms, exam.minutes * 60_000);
  if (q.generated.type === 'mcq') {
    if (body.choice === undefined || body.answer !== undefined) throw new AppError('invalid_input', { details: ANSWER_WITH_CHOICE });
    return { choice: body.choice, time_ms, at: now.toISOString() };
  }
  if (body.answer === undefined || body.choice !== undefined) throw new AppError('invalid_input', { details: ANSWER_WITH_TEXT });
  const answer = body.answer.trim();
  // A blank answer clears the question (stored without text).
  return answer ? { answer, time_ms, at: now.toISOString() } : { time_ms, at: now.toISOString() };
}

/** The open answers that need the engine's evaluation: written, not blank. */
export const answersToEvaluate = (exam: ExamRecord): ExamQuestion[] =>
  exam.questions.filter((q) => q.generated.type === 'open' && (exam.answers[q.id]?.answer ?? '').trim() !== '');

/** Whether the corrected question is a mistake that makes a review card. */
export const isMistake = (c: Pick<ExamCorrection, 'score'>): boolean => c.score < PASSING_SCORE;

/**
 * Grades the exam: each question corrected (an mcq right or wrong, an open answer by its
 * evaluation, a question left blank unanswered and 0), the grade out of 20 the mean score in half
 * points, the time spent per question as saved with its answer.
 */
export function gradeExam(exam: ExamRecord, evaluations: ReadonlyMap<string, Evaluation>, submittedAt: string): ExamResult {
  const questions = exam.questions.map((q): ExamCorrection => {
    const g = q.generated;
    const a = exam.answers[q.id];
    const c: ExamCorrection = {
      id: q.id,
      index: q.index,
      type: g.type,
      question: g.question,
      status: 'unanswered',
      score: 0,
      explanation: g.explanation,
      citations: g.citations,
      time_ms: a?.time_ms ?? 0,
    };
    if (g.options) c.options = [...g.options];
    if (g.correct_index !== undefined) c.correct_index = g.correct_index;
    if (g.rubric) c.rubric = g.rubric;
    if (g.type === 'mcq' && a?.choice !== undefined) {
      c.choice = a.choice;
      c.status = a.choice === g.correct_index ? 'correct' : 'incorrect';
      c.score = c.status === 'correct' ? 100 : 0;
    } else if (g.type === 'open' && a?.answer) {
      c.answer = a.answer;
      const evaluation = evaluations.get(q.id);
      if (evaluation) {
        c.evaluation = evaluation;
        c.status = 'evaluated';
        c.score = Math.round(evaluation.score);
      }
    }
    return c;
  });
  const total = questions.length;
  const mean = total ? questions.reduce((sum, c) => sum + c.score, 0) / total : 0;
  return {
    grade: Math.round((mean / 100) * 20 * 2) / 2,
    total,
    correct: questions.filter((c) => c.score >= PASSING_SCORE).length,
    answered: questions.filter((c) => c.status !== 'unanswered').length,
    time_ms: questions.reduce((sum, c) => sum + c.time_ms, 0),
    cards_created: 0,
    submitted_at: submittedAt,
    questions,
  };
}

/** The moment an exam counts as submitted: now, or the deadline when the clock ended it. */
export const submissionTime = (exam: Pick<ExamRecord, 'deadline'>, now: Date): string => (timeIsUp(exam, now) ? exam.deadline : now.toISOString());
