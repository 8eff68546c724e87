// Quiz sessions (generate, answer or skip, submit, next, end with a summary): on one file of a
// subject, at a difficulty; the student asks
// for a question (mcq or open), answers it, says "I don't know" or moves on, and ends the session
// with a summary. The rules are core/quiz.ts; here each request is parsed, loads what the rules
// need and stores what they decide. Questions are generated QUIZ_BATCH_SIZE at a time, sharing one
// reading of the course; the batch's others wait in the session, unseen, and the next request of
// their type serves one of them. Each question served takes one `quiz_generation` unit on the free
// plan, given back when no question could be made (a failure, or every fact of the file already
// asked: `quiz_exhausted`); evaluating an open answer costs nothing. Every mistake becomes a review
// card, once per fact per subject.
import { z } from 'zod';
import { newCardRecord, toCard } from '../core/cards.js';
import { AppError } from '../core/errors.js';
import type { EducationLevel } from '../core/profile.js';
import {
  answerInput,
  ended,
  evaluated,
  FactTaken,
  findQuestion,
  judged,
  mistakeCardText,
  pendingQuestion,
  pendingView,
  questionView,
  refuseIfClosed,
  sessionView,
  summarize,
  withCardCreated,
  nextWaiting,
  withBatch,
  withOutcome,
  withWaitingServed,
  type AnswerInput,
  type Outcome,
  type QuizSessionRecord,
  type SessionQuestion,
} from '../core/quiz.js';
import { asFields, checkStartQuiz, questionParams, quizAnswerBody, quizQuestionBody, sessionParams, startQuizBody, subjectParams } from '../core/schemas.js';
import type { AnsweredQuestion, Card } from '../core/views.js';
import { EngineError } from '../engine/errors.js';
import { evaluationSchema, quizQuestionSchema, type QuizQuestion, type QuizType } from '../core/artefacts.js';
import { type Course, type PracticeEngine } from '../engine/types.js';
import { parse, Reply, userRoute } from '../platform/http.js';
import { createMistakeCard, deleteCard, findCard, mistakeCardId } from '../platform/store/cards.js';
import { newItemId } from '../platform/store/drafts.js';
import { changeQuizSession, createQuizSession, deleteQuizSession, getQuizSessionOrThrow } from '../platform/store/quiz-sessions.js';
import { findSubject } from '../platform/store/subjects.js';
import { loadPracticeEngine, practiceGenerate, studyContext } from '../platform/study-context.js';
import { withUsage } from '../platform/usage.js';
import { PASSING_SCORE, QUIZ_BATCH_SIZE } from '../core/limits.js';
import { recordActivity } from '../platform/activity.js';
import { truncate } from '../core/text.js';

/**
 * Tries for one request at most when requests racing in the same session keep taking its question
 * or its fact first (each round sees what the others took).
 */
const GENERATION_ROUNDS = 5;

// ---- Starting a session ----

export const startQuizSession = userRoute({ params: subjectParams, body: z.unknown() }, async ({ params, body, user }) => {
  const start = parse(startQuizBody, checkStartQuiz(body));
  const now = new Date();
  // Checks the subject, the file and that the file has text (404, 404, 409) and warms the course.
  const { course } = await studyContext(user.id, params.subjectId, { fileId: start.file_id, now });
  const session = await createQuizSession(
    user.id,
    { id: newItemId(now), subject_id: params.subjectId, file_id: start.file_id, file_name: course.pages[0].file_name, difficulty: start.difficulty },
    now,
  );
  // The subject was deleted meanwhile: its sessions must not outlive it.
  if (!(await findSubject(user.id, params.subjectId))) {
    await deleteQuizSession(user.id, params.subjectId, session.id);
    throw new AppError('subject_not_found');
  }
  return new Reply(201, sessionView(session));
});

export const getQuizSession = userRoute({ params: sessionParams }, async ({ params, user }) =>
  sessionView(await getQuizSessionOrThrow(user.id, params.subjectId, params.sessionId, new Date())),
);

// ---- Asking a question ----

/**
 * A batch of up to QUIZ_BATCH_SIZE questions of `type` in one engine request, none on a fact the
 * session asked or holds waiting; a question of the wrong type, citing another file or repeating
 * a fact is dropped, and a batch left empty is a failure.
 */
async function generateBatch(
  engine: PracticeEngine,
  course: Course,
  session: QuizSessionRecord,
  type: QuizType,
  level: EducationLevel | null,
  userId: string,
): Promise<QuizQuestion[]> {
  const fileId = session.file_id;
  const exclude = [...session.questions.map((q) => q.generated.fact_key), ...(session.waiting ?? []).map((w) => w.fact_key)];
  return practiceGenerate('quiz_generation_failed', 'quiz_exhausted', { userId, subjectId: session.subject_id, type }, async () => {
    const made = await engine.quizQuestions({ course, fileId, type, difficulty: session.difficulty, exclude, level }, QUIZ_BATCH_SIZE);
    const batch: QuizQuestion[] = [];
    const problems: string[] = [];
    for (const item of made) {
      const parsed = quizQuestionSchema.safeParse(item);
      if (!parsed.success) problems.push('question does not match its schema');
      else if (parsed.data.type !== type) problems.push(`asked for ${type}, got ${parsed.data.type}`);
      else if (parsed.data.citations.some((c) => c.file_id !== fileId)) problems.push('question cites another file');
      else if (exclude.includes(parsed.data.fact_key) || batch.some((q) => q.fact_key === parsed.data.fact_key)) problems.push('question repeats a fact of the session');
      else batch.push(parsed.data);
    }
    if (batch.length === 0) throw new EngineError('invalid_output', problems[0] ?? 'no question generated');
    return batch;
  });
}

export const askQuizQuestion = userRoute({ params: sessionParams, body: quizQuestionBody }, async ({ params, body, user }) => {
  const now = new Date();
  let session = await getQuizSessionOrThrow(user.id, params.subjectId, params.sessionId, now);
  refuseIfClosed(session);
  // The file may have been deleted or be re-read since the session started: 404 / 409, at no cost.
  const { plan, course, level } = await studyContext(user.id, params.subjectId, { fileId: session.file_id, now });
  const { value, usage } = await withUsage(
    user.id,
    'quiz_generation',
    async () => {
      let engine: PracticeEngine | undefined;
      for (let round = 0; round < GENERATION_ROUNDS; round++) {
        // A question left waiting by an earlier batch is served first; else a new batch is made.
        const waiting = nextWaiting(session, body.type);
        let batch: QuizQuestion[] | null = null;
        if (!waiting) {
          engine ??= await practiceGenerate('quiz_generation_failed', null, { userId: user.id }, () => loadPracticeEngine(plan));
          batch = await generateBatch(engine, course, session, body.type, level, user.id);
        }
        try {
          const at = new Date();
          const id = newItemId(at);
          const made = batch;
          const updated = await changeQuizSession(user.id, params.subjectId, params.sessionId, at, (s) =>
            made ? withBatch(s, made, id, at) : withWaitingServed(s, waiting as QuizQuestion, id, at),
          );
          return updated.questions[updated.questions.length - 1];
        } catch (err) {
          if (!(err instanceof FactTaken)) throw err;
          session = await getQuizSessionOrThrow(user.id, params.subjectId, params.sessionId, new Date());
        }
      }
      throw new AppError('quiz_generation_failed');
    },
    { now, plan },
  );
  return { question: pendingView(value), usage };
});

// ---- Answering ----

async function outcomeOf(input: AnswerInput, q: SessionQuestion, session: QuizSessionRecord, userId: string): Promise<Outcome> {
  if (input.kind !== 'answer') return judged(input, q);
  const { plan, course, level } = await studyContext(userId, session.subject_id, { fileId: session.file_id, now: new Date() });
  const evaluation = await practiceGenerate('evaluation_failed', null, { userId, subjectId: session.subject_id }, async () =>
    evaluationSchema.parse(await (await loadPracticeEngine(plan)).evaluate({ course, question: q.generated, answer: input.answer, level })),
  );
  return evaluated(input.answer, evaluation);
}

/**
 * Records the answer (conditional on the session's version: one answer per question, whatever
 * races), then makes the mistake's card. Whether the card is new is read before the answer is
 * recorded and corrected after in the rare case a racing session made it in between.
 */
async function recordAnswer(userId: string, session: QuizSessionRecord, q: SessionQuestion, outcome: Outcome): Promise<{ question: SessionQuestion; card: Card | null }> {
  const now = new Date();
  const subjectId = session.subject_id;
  const g = q.generated;
  const cardRecord = outcome.mistake
    ? newCardRecord(
        {
          id: mistakeCardId(g.fact_key),
          subjectId,
          ...mistakeCardText(g),
          kind: 'mistake',
          source: 'mistake',
          citations: g.citations,
          quizSessionId: session.id,
          factKey: g.fact_key,
        },
        now,
      )
    : null;
  const expectNew = cardRecord ? !(await findCard(userId, subjectId, cardRecord.id)) : false;
  const card = cardRecord ? { id: cardRecord.id, created: expectNew } : null;
  let updated = await changeQuizSession(userId, subjectId, session.id, now, (s) => withOutcome(s, q.id, outcome, card, now), session);
  if (!cardRecord) return { question: findQuestion(updated, q.id), card: null };

  const made = await createMistakeCard(userId, cardRecord);
  if (made.created && !(await findSubject(userId, subjectId))) {
    // The subject was deleted meanwhile: its cards must not outlive it.
    await deleteCard(userId, subjectId, cardRecord.id);
    throw new AppError('subject_not_found');
  }
  if (made.created !== expectNew) {
    updated = await changeQuizSession(userId, subjectId, session.id, new Date(), (s) => withCardCreated(s, q.id, made.created));
  }
  return { question: findQuestion(updated, q.id), card: toCard(made.card) };
}

export const answerQuizQuestion = userRoute({ params: questionParams, body: z.unknown() }, async ({ params, body, user }) => {
  const answer = parse(quizAnswerBody, asFields(body));
  const session = await getQuizSessionOrThrow(user.id, params.subjectId, params.sessionId, new Date());
  const q = pendingQuestion(session, params.questionId);
  const input = answerInput(answer, q.generated.type);
  const outcome = await outcomeOf(input, q, session, user.id);
  const { question, card } = await recordAnswer(user.id, session, q, outcome);
  const g = q.generated;
  await recordActivity(user.id, `${session.id}-${q.id}`, {
    kind: 'quiz',
    at: question.answered_at ?? new Date().toISOString(),
    subject_id: session.subject_id,
    file_id: session.file_id,
    type: g.type,
    difficulty: g.difficulty,
    correct: outcome.status === 'skipped' ? null : outcome.status === 'correct' || (outcome.evaluation?.score ?? 0) >= PASSING_SCORE,
    score: outcome.evaluation?.score ?? null,
    topic: truncate(g.question, 140),
    pages: g.citations.map((c) => ({ file_id: c.file_id, file_name: c.file_name, page: c.page })),
  }, answer.timezone);
  return { result: questionView(question) as AnsweredQuestion, card };
});

// ---- Ending ----

export const endQuizSession = userRoute({ params: sessionParams }, async ({ params, user }) => {
  const now = new Date();
  const session = await changeQuizSession(user.id, params.subjectId, params.sessionId, now, (s) => ended(s, now));
  return summarize(session);
});
