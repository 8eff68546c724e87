// Quiz sessions in DynamoDB: one item per session, `{user_id, sk: {subject_id}#{session_id}}`, its
// questions inside the item as JSON, each with the answer, rubric and citations as generated (the
// API shows those only once the question is answered). Every change (a question appended, an
// answer recorded, the end) is a conditional write on the `version` read, retried on a fresh read
// when another change got there first: two answers racing for one question give exactly one
// recorded answer, and two questions racing into one session never test the same fact. A session
// holds at most MAX_QUIZ_QUESTIONS questions and expires 30 days after its last change (readers
// ignore an expired session; the laptop's dynalite has no TTL).
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { AppError } from '../../core/errors.js';
import type { AnswerStatus, QuizSession } from '../../core/views.js';
import type { Evaluation, QuizQuestion } from '../../engine/types.js';
import { db } from '../clients.js';
import { config } from '../config.js';
import { deleteAllUnder, itemSortKey } from './drafts.js';
import { isConditionFailure } from './profiles.js';

/** Questions one session holds; asking for more answers 409 `quiz_session_full`. */
export const MAX_QUIZ_QUESTIONS = 50;
/** JSON of the questions kept in one item: well under DynamoDB's 400 KB item limit. */
export const MAX_QUESTIONS_BYTES = 350_000;
/** How long a session is kept after its last change. */
export const QUIZ_SESSION_TTL_SECONDS = 30 * 24 * 3600;

export type QuestionStatus = 'pending' | AnswerStatus;

export interface SessionQuestion {
  id: string;
  /** 1-based position in the session. */
  index: number;
  status: QuestionStatus;
  /** The question as generated, with its answer: shown in full only once answered. */
  generated: QuizQuestion;
  asked_at: string;
  answered_at: string | null;
  /** mcq: the option chosen. */
  choice?: number;
  /** open: the student's answer, and its evaluation. */
  answer?: string;
  evaluation?: Evaluation;
  /** Skipped by moving on to another question or ending the session, not by "I don't know". */
  auto_skipped?: boolean;
  /** The review card this mistake gave, and whether this session created it. */
  card_id?: string;
  card_created?: boolean;
}

/** The session as stored: the API's view of it, with the questions in full and a version. */
export interface QuizSessionRecord extends Omit<QuizSession, 'questions' | 'summary'> {
  updated_at: string;
  /** Incremented by every change; each write is conditional on it. */
  version: number;
  questions: SessionQuestion[];
}

interface QuizSessionItem extends Omit<QuizSessionRecord, 'questions'> {
  user_id: string;
  sk: string;
  questions_json: string;
  expires_at: number;
}

const table = () => config().tableNames.quizSessions;

export const sessionExpiry = (now: Date): number => Math.floor(now.getTime() / 1000) + QUIZ_SESSION_TTL_SECONDS;

function toRecord(item: QuizSessionItem): QuizSessionRecord {
  return {
    id: item.id,
    subject_id: item.subject_id,
    file_id: item.file_id,
    file_name: item.file_name,
    difficulty: item.difficulty,
    created_at: item.created_at,
    updated_at: item.updated_at,
    ended_at: item.ended_at ?? null,
    version: Number(item.version),
    questions: JSON.parse(item.questions_json || '[]') as SessionQuestion[],
  };
}

/** A session takes a new question only with this much room left for it and its answer. */
const ROOM_FOR_A_QUESTION_BYTES = 30_000;

/** Whether the session can take one more question. */
export function hasRoom(session: Pick<QuizSessionRecord, 'questions'>): boolean {
  return (
    session.questions.length < MAX_QUIZ_QUESTIONS &&
    Buffer.byteLength(JSON.stringify(session.questions), 'utf8') <= MAX_QUESTIONS_BYTES - ROOM_FOR_A_QUESTION_BYTES
  );
}

function questionsJson(questions: SessionQuestion[]): string {
  const json = JSON.stringify(questions);
  if (Buffer.byteLength(json, 'utf8') > MAX_QUESTIONS_BYTES) throw new AppError('quiz_session_full', { max: questions.length });
  return json;
}

/** The session, or null when there is none (or it expired). */
export async function findQuizSession(userId: string, subjectId: string, id: string, now: Date): Promise<QuizSessionRecord | null> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: { user_id: userId, sk: itemSortKey(subjectId, id) }, ConsistentRead: true }));
  const item = out.Item as QuizSessionItem | undefined;
  return item && item.expires_at > now.getTime() / 1000 ? toRecord(item) : null;
}

export async function getQuizSessionOrThrow(userId: string, subjectId: string, id: string, now: Date): Promise<QuizSessionRecord> {
  const found = await findQuizSession(userId, subjectId, id, now);
  if (!found) throw new AppError('quiz_session_not_found');
  return found;
}

export async function createQuizSession(
  userId: string,
  session: Pick<QuizSessionRecord, 'id' | 'subject_id' | 'file_id' | 'file_name' | 'difficulty'>,
  now: Date,
): Promise<QuizSessionRecord> {
  const at = now.toISOString();
  const item: QuizSessionItem = {
    ...session,
    user_id: userId,
    sk: itemSortKey(session.subject_id, session.id),
    created_at: at,
    updated_at: at,
    ended_at: null,
    version: 1,
    questions_json: '[]',
    expires_at: sessionExpiry(now),
  };
  await db().send(new PutCommand({ TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(sk)' }));
  return toRecord(item);
}

/** How many times a change is tried again on a fresh read before giving up. */
const MAX_ATTEMPTS = 8;

/**
 * Applies `change` to the session and writes the result, conditional on the version read; when
 * another change got there first, reads the session again and re-applies `change` to it. `change`
 * throws to refuse (an AppError for the student) and returns the session unchanged to write
 * nothing. 404 `quiz_session_not_found` when the session is gone.
 */
export async function changeQuizSession(
  userId: string,
  subjectId: string,
  id: string,
  now: Date,
  change: (session: QuizSessionRecord) => QuizSessionRecord,
  read?: QuizSessionRecord,
): Promise<QuizSessionRecord> {
  let current = read ?? (await getQuizSessionOrThrow(userId, subjectId, id, now));
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const next = change(current);
    if (next === current) return current;
    try {
      const out = await db().send(
        new UpdateCommand({
          TableName: table(),
          Key: { user_id: userId, sk: itemSortKey(subjectId, id) },
          UpdateExpression: 'SET questions_json = :q, ended_at = :ended, updated_at = :at, expires_at = :exp, version = :next',
          ConditionExpression: 'attribute_exists(sk) AND version = :prev AND expires_at > :now',
          ExpressionAttributeValues: {
            ':q': questionsJson(next.questions),
            ':ended': next.ended_at,
            ':at': now.toISOString(),
            ':exp': sessionExpiry(now),
            ':next': current.version + 1,
            ':prev': current.version,
            ':now': Math.floor(now.getTime() / 1000),
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return toRecord(out.Attributes as QuizSessionItem);
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
      current = await getQuizSessionOrThrow(userId, subjectId, id, now);
    }
  }
  throw new Error('Too many concurrent changes to one quiz session');
}

/** Deletes a session (one created while its subject was being deleted). */
export async function deleteQuizSession(userId: string, subjectId: string, id: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: table(), Key: { user_id: userId, sk: itemSortKey(subjectId, id) } }));
}

/** Every quiz session of the subject (subject deletion). */
export async function deleteSubjectQuizSessions(userId: string, subjectId: string): Promise<void> {
  await deleteAllUnder(table(), userId, subjectId);
}
