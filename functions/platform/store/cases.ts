// Practical cases in the Exams table: one item each, `{user_id, sk: {subject_id}#{id}}`, `kind`
// `case`, the case as generated (JSON, with its rubrics and worked solutions, shown once a question
// is answered), and the graded answers as a map written one question at a time, each conditional
// on the question not answered yet: two racing answers give one grading.
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { CaseListItem } from '../../core/cases.js';
import { AppError } from '../../core/errors.js';
import type { PracticalCase } from '../../engine/case.js';
import type { Evaluation } from '../../core/artefacts.js';
import { db } from '../clients.js';
import { config } from '../config.js';
import { itemKey, listKind, setAnswer } from './exams.js';

const table = () => config().tableNames.exams;

export interface CaseAnswer {
  answer: string;
  evaluation: Evaluation;
  at: string;
}

export interface CaseRecord {
  id: string;
  subject_id: string;
  file_id: string | null;
  created_at: string;
  content: PracticalCase;
  answers: Record<string, CaseAnswer>;
}

interface CaseItem {
  user_id: string;
  sk: string;
  kind: 'case';
  id: string;
  subject_id: string;
  file_id: string | null;
  created_at: string;
  case_json: string;
  answers: Record<string, CaseAnswer>;
}


const toRecord = (item: CaseItem): CaseRecord => ({
  id: item.id,
  subject_id: item.subject_id,
  file_id: item.file_id ?? null,
  created_at: item.created_at,
  content: JSON.parse(item.case_json) as PracticalCase,
  answers: item.answers ?? {},
});

export async function createCase(userId: string, record: CaseRecord): Promise<void> {
  const item: CaseItem = {
    ...itemKey(userId, record.subject_id, record.id),
    kind: 'case',
    id: record.id,
    subject_id: record.subject_id,
    file_id: record.file_id,
    created_at: record.created_at,
    case_json: JSON.stringify(record.content),
    answers: {},
  };
  await db().send(new PutCommand({ TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(sk)' }));
}

export async function getCaseOrThrow(userId: string, subjectId: string, id: string): Promise<CaseRecord> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: itemKey(userId, subjectId, id), ConsistentRead: true }));
  const item = out.Item as CaseItem | undefined;
  if (item?.kind !== 'case') throw new AppError('case_not_found');
  return toRecord(item);
}

/** A subject's cases, newest first: id, title, creation, questions and answers counted. */
export async function listCases(userId: string, subjectId: string): Promise<CaseListItem[]> {
  const items = (await listKind(userId, subjectId, 'case')) as unknown as CaseItem[];
  return items.map(toRecord).map((c) => ({ id: c.id, title: c.content.title, created_at: c.created_at, questions: c.content.questions.length, answered: Object.keys(c.answers).length }));
}

/** Records a graded answer once: a question already answered gives `quiz_already_answered`. */
export async function saveCaseAnswer(userId: string, subjectId: string, id: string, questionId: string, answer: CaseAnswer): Promise<void> {
  const saved = await setAnswer(userId, subjectId, id, questionId, answer, { condition: 'kind = :kind AND attribute_not_exists(answers.#q)', values: { ':kind': 'case' } });
  if (saved) return;
  await getCaseOrThrow(userId, subjectId, id);
  throw new AppError('quiz_already_answered');
}
