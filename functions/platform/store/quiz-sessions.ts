// Quiz sessions in DynamoDB: one item per session, `{user_id, sk: {subject_id}#{session_id}}`, its
// questions inside the item as JSON, each with the answer, rubric and citations as generated (the
// API shows those only once the question is answered), and the questions of a batch not served yet
// (never shown). Every change (a question appended, an
// answer recorded, the end) is a conditional write on the `version` read, retried on a fresh read
// when another change got there first: two answers racing for one question give exactly one
// recorded answer, and two questions racing into one session never test the same fact. A session
// holds at most MAX_QUIZ_QUESTIONS questions (core/limits.ts; the rules are core/quiz.ts) and
// expires 30 days after its last change (readers ignore an expired session; the laptop's dynalite
// has no TTL).
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { AppError } from '../../core/errors.js';
import { MAX_QUESTIONS_BYTES, QUIZ_SESSION_TTL_SECONDS } from '../../core/limits.js';
import type { QuizQuestion } from '../../core/artefacts.js';
import type { QuizSessionRecord, SessionQuestion } from '../../core/quiz.js';
import { db } from '../clients.js';
import { config } from '../config.js';
import { deleteAllUnder, itemSortKey } from './drafts.js';
import { isConditionFailure } from './profiles.js';

export type { QuizSessionRecord, SessionQuestion };

interface QuizSessionItem extends Omit<QuizSessionRecord, 'questions' | 'waiting'> {
  user_id: string;
  sk: string;
  questions_json: string;
  /** The batch's questions not served yet (absent before the first batch). */
  waiting_json?: string;
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
    waiting: JSON.parse(item.waiting_json || '[]') as QuizQuestion[],
  };
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
          UpdateExpression: 'SET questions_json = :q, waiting_json = :w, ended_at = :ended, updated_at = :at, expires_at = :exp, version = :next',
          ConditionExpression: 'attribute_exists(sk) AND version = :prev AND expires_at > :now',
          ExpressionAttributeValues: {
            ':q': questionsJson(next.questions),
            ':w': JSON.stringify(next.waiting ?? []),
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
