// Exam mode (Premium: free accounts get 403 `premium_only`). Creating an exam
// generates all its questions at once (the quiz generator at its hardest difficulty, drawn across
// the chosen files in proportion to their size) and only then starts the clock: the deadline is
// stored, so a reload finds the same time left. Answers are saved one by one without feedback and
// refused once the time is up or the exam is submitted. Submitting (the student, the page's timer
// at zero, or any read after the deadline) claims the grading once; the grader scores each
// question, turns the mistakes into review cards, records each answer in the history that
// statistics and the coach read, and stores the result every later read returns.
import { newCardRecord } from '../core/cards.js';
import { AppError } from '../core/errors.js';
import { byIdNewestFirst, pageOf, pageQuery } from '../core/paging.js';
import {
  allocateQuestions,
  answersToEvaluate,
  createExamBody,
  examAnswer,
  examAnswerBody,
  examParams,
  examQuestionCount,
  examQuestionParams,
  examTypeAt,
  examView,
  gradeExam,
  GRADING_LEASE_MS,
  interleave,
  isMistake,
  submissionTime,
  timeIsUp,
  type ExamQuestion,
  type ExamRecord,
  type ExamView,
} from '../core/exam.js';
import { mistakeCardText } from '../core/quiz.js';
import { subjectParams } from '../core/schemas.js';
import { truncate } from '../core/text.js';
import { PASSING_SCORE } from '../core/limits.js';
import { evaluationSchema, quizQuestionSchema, type Evaluation, type QuizQuestion, type QuizType } from '../core/artefacts.js';
import { type Course, type PracticeEngine } from '../engine/types.js';
import type { EducationLevel } from '../core/profile.js';
import { recordActivity } from '../platform/activity.js';
import { Reply, userRoute } from '../platform/http.js';
import { currentPlan, type Plan } from '../platform/plan.js';
import { createMistakeCard, mistakeCardId } from '../platform/store/cards.js';
import { newItemId } from '../platform/store/drafts.js';
import { claimGrading, createExam, deleteExamItem, findExam, getExamOrThrow, listExams, releaseGrading, saveExamAnswer, saveExamResult } from '../platform/store/exams.js';
import { findSubject, getSubjectOrThrow } from '../platform/store/subjects.js';
import { loadPracticeEngine, practiceGenerate, studyContext } from '../platform/study-context.js';
import { requirePremium } from '../platform/usage.js';

/** How long a submission that lost the race waits for the winner's result before answering `grading`. */
const WAIT_FOR_RESULT_MS = 20_000;

/** The text size of each examined file, in the course's order. */
function fileSizes(course: Course, fileIds: string[] | null): { file_id: string; size: number }[] {
  const sizes = new Map<string, number>();
  for (const p of course.pages) {
    if (fileIds && !fileIds.includes(p.file_id)) continue;
    sizes.set(p.file_id, (sizes.get(p.file_id) ?? 0) + p.text.length);
  }
  return [...sizes].map(([file_id, size]) => ({ file_id, size }));
}

/** One question on `fileId`, or null when the file has no fact of that type left. */
async function questionOn(engine: PracticeEngine, course: Course, fileId: string, type: QuizType, exclude: string[], level: EducationLevel | null, userId: string): Promise<QuizQuestion | null> {
  try {
    return await practiceGenerate('quiz_generation_failed', 'quiz_exhausted', { userId, subjectId: course.subjectId, type, exam: 'true' }, async () => {
      const q = quizQuestionSchema.parse(await engine.quizQuestion({ course, fileId, type, difficulty: 'hard', exclude, level }));
      if (q.type !== type || q.citations.some((c) => c.file_id !== fileId) || exclude.includes(q.fact_key)) return null;
      return q;
    });
  } catch (err) {
    if (err instanceof AppError && err.code === 'quiz_exhausted') return null;
    throw err;
  }
}

/**
 * The exam's questions: each slot on its file at its type; a file with nothing left of that type
 * hands its slot to the next file that has (then to the other type, in a mixed exam).
 */
async function generateQuestions(course: Course, fileIds: string[] | null, count: number, format: ExamRecord['format'], level: EducationLevel | null, userId: string, at: Date, plan: Plan): Promise<ExamQuestion[]> {
  const engine = await practiceGenerate('quiz_generation_failed', null, { userId }, () => loadPracticeEngine(plan));
  const files = fileSizes(course, fileIds);
  const order = interleave(allocateQuestions(files, count));
  const exclude: string[] = [];
  const questions: ExamQuestion[] = [];
  for (const fileId of order) {
    const type = examTypeAt(format, questions.length + 1);
    const types: QuizType[] = format === 'mixed' ? [type, type === 'mcq' ? 'open' : 'mcq'] : [type];
    const candidates = [fileId, ...files.map((f) => f.file_id).filter((id) => id !== fileId)];
    let made: { q: QuizQuestion; fileId: string } | null = null;
    for (const t of types) {
      for (const id of candidates) {
        const q = await questionOn(engine, course, id, t, exclude, level, userId);
        if (q) {
          made = { q, fileId: id };
          break;
        }
      }
      if (made) break;
    }
    if (!made) break;
    exclude.push(made.q.fact_key);
    questions.push({ id: `q${questions.length + 1}-${newItemId(at).slice(-6)}`, index: questions.length + 1, file_id: made.fileId, generated: made.q });
  }
  if (questions.length === 0) throw new AppError('quiz_exhausted');
  return questions;
}

export const startExam = userRoute({ params: subjectParams, body: createExamBody }, async ({ params, body, user }) => {
  await getSubjectOrThrow(user.id, params.subjectId);
  const plan = await currentPlan(user.id, new Date());
  await requirePremium(user.id, 'exam_mode', { plan });
  const { course, level } = await studyContext(user.id, params.subjectId, { now: new Date() });
  const fileIds = body.file_ids?.length ? [...new Set(body.file_ids)] : null;
  if (fileIds?.some((id) => !course.pages.some((p) => p.file_id === id))) throw new AppError('file_not_found');
  const created = new Date();
  const questions = await generateQuestions(course, fileIds, examQuestionCount(body.minutes, body.format), body.format, level, user.id, created, plan);
  // The clock starts once the questions exist.
  const now = new Date();
  const exam: ExamRecord = {
    id: newItemId(now),
    subject_id: params.subjectId,
    file_ids: fileIds,
    format: body.format,
    minutes: body.minutes,
    created_at: now.toISOString(),
    deadline: new Date(now.getTime() + body.minutes * 60_000).toISOString(),
    status: 'running',
    submitted_at: null,
    grading_until: null,
    questions,
    answers: {},
    result: null,
    timezone: body.timezone ?? null,
  };
  await createExam(user.id, exam);
  if (!(await findSubject(user.id, params.subjectId))) {
    await deleteExamItem(user.id, params.subjectId, exam.id);
    throw new AppError('subject_not_found');
  }
  return new Reply(201, examView(exam, now));
});

export const listSubjectExams = userRoute({ params: subjectParams, query: pageQuery }, async ({ params, query, user }) => {
  await getSubjectOrThrow(user.id, params.subjectId);
  const page = pageOf(await listExams(user.id, params.subjectId), byIdNewestFirst, query);
  return { exams: page.items, ...(page.next ? { next: page.next } : {}) };
});

/** The exam; one whose time ran out is submitted by this read (the student never came back). */
export const getExam = userRoute({ params: examParams }, async ({ params, user }) => {
  const now = new Date();
  const exam = await getExamOrThrow(user.id, params.subjectId, params.examId);
  if (exam.status === 'running' && timeIsUp(exam, now)) return submit(user.id, exam, now);
  return examView(exam, now);
});

export const saveAnswer = userRoute({ params: examQuestionParams, body: examAnswerBody }, async ({ params, body, user }) => {
  const now = new Date();
  const exam = await getExamOrThrow(user.id, params.subjectId, params.examId);
  const answer = examAnswer(exam, params.questionId, body, now);
  await saveExamAnswer(user.id, params.subjectId, params.examId, params.questionId, answer, now);
  return { saved: true, question_id: params.questionId, remaining_ms: Math.max(0, Date.parse(exam.deadline) - now.getTime()) };
});

export const submitExam = userRoute({ params: examParams }, async ({ params, user }) => {
  const exam = await getExamOrThrow(user.id, params.subjectId, params.examId);
  return submit(user.id, exam, new Date());
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Submits once: the caller that claims the grading grades; any other waits for its result (or,
 * past WAIT_FOR_RESULT_MS, answers with the exam still `grading`, which the page reads again).
 */
async function submit(userId: string, exam: ExamRecord, now: Date): Promise<ExamView> {
  if (exam.status === 'graded') return examView(exam, now);
  const claimed = await claimGrading(userId, exam.subject_id, exam.id, submissionTime(exam, now), now, GRADING_LEASE_MS);
  if (claimed) return examView(await grade(userId, claimed), new Date());
  const until = Date.now() + WAIT_FOR_RESULT_MS;
  for (;;) {
    const current = await getExamOrThrow(userId, exam.subject_id, exam.id);
    if (current.status === 'graded' || Date.now() > until) return examView(current, new Date());
    await sleep(250);
  }
}

async function evaluations(userId: string, exam: ExamRecord): Promise<Map<string, Evaluation>> {
  const out = new Map<string, Evaluation>();
  const toEvaluate = answersToEvaluate(exam);
  if (!toEvaluate.length) return out;
  const { plan, course, level } = await studyContext(userId, exam.subject_id, { now: new Date() });
  const engine = await practiceGenerate('evaluation_failed', null, { userId }, () => loadPracticeEngine(plan));
  for (const q of toEvaluate) {
    const evaluation = await practiceGenerate('evaluation_failed', null, { userId, subjectId: exam.subject_id, exam: exam.id }, async () =>
      evaluationSchema.parse(await engine.evaluate({ course, question: q.generated, answer: exam.answers[q.id].answer as string, level })),
    );
    out.set(q.id, evaluation);
  }
  return out;
}

/** Grades the claimed exam, makes the mistakes' cards, records the history, stores the result. */
async function grade(userId: string, exam: ExamRecord): Promise<ExamRecord> {
  let result;
  try {
    result = gradeExam(exam, await evaluations(userId, exam), exam.submitted_at ?? new Date().toISOString());
  } catch (err) {
    await releaseGrading(userId, exam);
    throw err;
  }
  const byId = new Map(exam.questions.map((q) => [q.id, q]));
  for (const c of result.questions) {
    const q = byId.get(c.id) as ExamQuestion;
    if (isMistake(c)) {
      const made = await createMistakeCard(
        userId,
        newCardRecord(
          { id: mistakeCardId(q.generated.fact_key), subjectId: exam.subject_id, ...mistakeCardText(q.generated), kind: 'mistake', source: 'mistake', citations: q.generated.citations, quizSessionId: exam.id, factKey: q.generated.fact_key },
          new Date(),
        ),
      );
      c.card_id = made.card.id;
      if (made.created) result.cards_created++;
    }
    await recordActivity(userId, `${exam.id}-${q.id}`, {
      kind: 'quiz',
      at: exam.submitted_at ?? new Date().toISOString(),
      subject_id: exam.subject_id,
      file_id: q.file_id,
      type: q.generated.type,
      difficulty: 'hard',
      correct: c.status === 'unanswered' ? null : c.score >= PASSING_SCORE,
      score: c.type === 'open' && c.status === 'evaluated' ? c.score : null,
      topic: truncate(q.generated.question, 140),
      pages: q.generated.citations.map((x) => ({ file_id: x.file_id, file_name: x.file_name, page: x.page })),
    }, exam.timezone ?? undefined);
  }
  if (!(await saveExamResult(userId, exam, result))) {
    // The lease ran out and another grader took over: its result is the one kept.
    return (await findExam(userId, exam.subject_id, exam.id)) ?? exam;
  }
  return { ...exam, status: 'graded', grading_until: null, result };
}
