// Exams and practical cases in DynamoDB (table Exams): one item each, `{user_id, sk:
// {subject_id}#{id}}`, `kind` naming which. An exam's questions are JSON written once; its answers
// a map written one question at a time (`SET answers.#q`), each write conditional on the deadline
// not reached and no submission yet, so an answer racing the submission is either in the graded
// copy or refused. Submitting claims the grading with one conditional update (not submitted yet,
// or a claim whose lease ran out): the client's timer and the student's click racing give one
// grader and one result.
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { AppError } from '../../core/errors.js';
import type { ExamAnswer, ExamHead, ExamListItem, ExamRecord, ExamResult } from '../../core/exam.js';
import { examHead, listItem } from '../../core/exam.js';
import { db } from '../clients.js';
import { config } from '../config.js';
import { deleteAllUnder, itemSortKey } from './drafts.js';
import { isConditionFailure } from './profiles.js';
import { queryAll } from './query.js';

const table = () => config().tableNames.exams;

interface ExamItem extends ExamHead {
  user_id: string;
  sk: string;
  kind: 'exam';
  submitted_at?: string;
  grading_until?: string;
  questions_json: string;
  answers: Record<string, ExamAnswer>;
  result_json?: string;
  timezone?: string;
}

function toRecord(item: ExamItem): ExamRecord {
  return {
    ...examHead(item),
    file_ids: item.file_ids ?? null,
    minutes: Number(item.minutes) as ExamRecord['minutes'],
    submitted_at: item.submitted_at ?? null,
    grading_until: item.grading_until ?? null,
    questions: JSON.parse(item.questions_json) as ExamRecord['questions'],
    answers: item.answers ?? {},
    result: item.result_json ? (JSON.parse(item.result_json) as ExamResult) : null,
    timezone: item.timezone ?? null,
  };
}

/** The item's key: the exams and cases of a subject sort together. */
export const itemKey = (userId: string, subjectId: string, id: string) => ({ user_id: userId, sk: itemSortKey(subjectId, id) });

/** A subject's items of one kind, newest first. */
export async function listKind(userId: string, subjectId: string, kind: 'exam' | 'case'): Promise<Record<string, unknown>[]> {
  return queryAll({
    TableName: table(),
    KeyConditionExpression: 'user_id = :u AND begins_with(sk, :prefix)',
    FilterExpression: 'kind = :kind',
    ExpressionAttributeValues: { ':u': userId, ':prefix': `${subjectId}#`, ':kind': kind },
    ScanIndexForward: false,
    ConsistentRead: true,
  });
}

export async function createExam(userId: string, exam: ExamRecord): Promise<void> {
  const item: ExamItem = {
    ...itemKey(userId, exam.subject_id, exam.id),
    kind: 'exam',
    ...examHead(exam),
    status: 'running',
    questions_json: JSON.stringify(exam.questions),
    answers: {},
    ...(exam.timezone ? { timezone: exam.timezone } : {}),
  };
  await db().send(new PutCommand({ TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(sk)' }));
}

export async function findExam(userId: string, subjectId: string, id: string): Promise<ExamRecord | null> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: itemKey(userId, subjectId, id), ConsistentRead: true }));
  const item = out.Item as ExamItem | undefined;
  return item?.kind === 'exam' ? toRecord(item) : null;
}

export async function getExamOrThrow(userId: string, subjectId: string, id: string): Promise<ExamRecord> {
  const exam = await findExam(userId, subjectId, id);
  if (!exam) throw new AppError('exam_not_found');
  return exam;
}

/** A subject's exams, newest first. */
export async function listExams(userId: string, subjectId: string): Promise<ExamListItem[]> {
  const items = (await listKind(userId, subjectId, 'exam')) as unknown as ExamItem[];
  return items.map((item) => listItem(toRecord(item)));
}

/**
 * Saves one answer, only while the exam runs and its time is not up (checked by the write
 * itself). A refusal says why: `exam_submitted`, `exam_time_over` or `exam_not_found`.
 */
export async function saveExamAnswer(userId: string, subjectId: string, id: string, questionId: string, answer: ExamAnswer, now: Date): Promise<void> {
  const saved = await setAnswer(userId, subjectId, id, questionId, answer, {
    condition: 'kind = :kind AND #status = :running AND deadline > :now',
    names: { '#status': 'status' },
    values: { ':kind': 'exam', ':running': 'running', ':now': now.toISOString() },
  });
  if (saved) return;
  const exam = await getExamOrThrow(userId, subjectId, id);
  throw new AppError(exam.status === 'running' ? 'exam_time_over' : 'exam_submitted');
}

/**
 * Writes one question's answer into the item's `answers` map under `when` (a condition on the
 * item); false when the condition failed.
 */
export async function setAnswer(
  userId: string,
  subjectId: string,
  id: string,
  questionId: string,
  answer: object,
  when: { condition: string; names?: Record<string, string>; values: Record<string, unknown> },
): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: itemKey(userId, subjectId, id),
        UpdateExpression: 'SET answers.#q = :a',
        ConditionExpression: when.condition,
        ExpressionAttributeNames: { '#q': questionId, ...when.names },
        ExpressionAttributeValues: { ':a': answer, ...when.values },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/**
 * Claims the grading: succeeds for one caller while the exam runs, or when a previous grader's
 * lease ran out. Returns the exam as claimed (every answer saved before it), or null when another
 * caller holds it or it is graded.
 */
export async function claimGrading(userId: string, subjectId: string, id: string, submittedAt: string, now: Date, leaseMs: number): Promise<ExamRecord | null> {
  const lease = new Date(now.getTime() + leaseMs).toISOString();
  try {
    const out = await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: itemKey(userId, subjectId, id),
        UpdateExpression: 'SET #status = :grading, submitted_at = if_not_exists(submitted_at, :at), grading_until = :lease',
        ConditionExpression: 'kind = :exam AND (#status = :running OR (#status = :grading AND grading_until < :now))',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':grading': 'grading', ':running': 'running', ':at': submittedAt, ':lease': lease, ':exam': 'exam', ':now': now.toISOString() },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toRecord(out.Attributes as ExamItem);
  } catch (err) {
    if (isConditionFailure(err)) return null;
    throw err;
  }
}

/** Stores the result, only for the grader still holding its claim. */
export async function saveExamResult(userId: string, exam: ExamRecord, result: ExamResult): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: itemKey(userId, exam.subject_id, exam.id),
        UpdateExpression: 'SET #status = :graded, result_json = :r REMOVE grading_until',
        ConditionExpression: '#status = :grading AND grading_until = :lease',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':graded': 'graded', ':grading': 'grading', ':r': JSON.stringify(result), ':lease': exam.grading_until },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** Gives the claim up at once (grading failed), so the next submission grades again. */
export async function releaseGrading(userId: string, exam: ExamRecord): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: itemKey(userId, exam.subject_id, exam.id),
        UpdateExpression: 'SET grading_until = :past',
        ConditionExpression: '#status = :grading AND grading_until = :lease',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':grading': 'grading', ':lease': exam.grading_until, ':past': new Date(0).toISOString() },
      }),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}

export async function deleteExamItem(userId: string, subjectId: string, id: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: table(), Key: itemKey(userId, subjectId, id) }));
}

/** Every exam and practical case of the subject (subject deletion). */
export async function deleteSubjectExams(userId: string, subjectId: string): Promise<void> {
  await deleteAllUnder(table(), userId, subjectId);
}
