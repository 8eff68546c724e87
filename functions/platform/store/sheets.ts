// Revision sheets in DynamoDB: one item per sheet, `{user_id, sk: {subject_id}#{sheet_id}}`, its
// content as JSON. A generated sheet is a draft (expiring after a day) until a Premium student
// saves it (saving a sheet, `summary_save`, is Premium-only).
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { AppError } from '../../core/errors.js';
import type { SheetRecord, SheetSummary } from '../../core/views.js';
import type { Sheet } from '../../core/artefacts.js';
import { db } from '../clients.js';
import { config } from '../config.js';
import { MAX_SHEET_BYTES, TITLE_MAX } from '../../core/limits.js';
import { truncate } from '../../core/text.js';
import { deleteAllUnder, deleteDraft, draftExpiry, isLive, itemSortKey, listSavedUnder, saveDraft } from './drafts.js';

export type { SheetRecord, SheetSummary };

interface SheetItem extends SheetSummary {
  user_id: string;
  sk: string;
  content_json: string;
  expires_at?: number;
}

const table = () => config().tableNames.sheets;

export function toSheetSummary(item: SheetSummary): SheetSummary {
  return {
    id: item.id,
    subject_id: item.subject_id,
    file_id: item.file_id ?? null,
    title: item.title,
    saved: Boolean(item.saved),
    created_at: item.created_at,
  };
}

const toRecord = (item: SheetItem): SheetRecord => ({ ...toSheetSummary(item), content: JSON.parse(item.content_json) as Sheet });

/** Stores a generated sheet as a draft; `summary_failed` when it would not fit in an item. */
export async function createSheetDraft(userId: string, subjectId: string, id: string, fileId: string | null, sheet: Sheet, now: Date): Promise<SheetRecord> {
  const content = JSON.stringify(sheet);
  if (Buffer.byteLength(content, 'utf8') > MAX_SHEET_BYTES) throw new AppError('summary_failed');
  const item: SheetItem = {
    user_id: userId,
    sk: itemSortKey(subjectId, id),
    id,
    subject_id: subjectId,
    file_id: fileId,
    title: truncate(sheet.title, TITLE_MAX),
    saved: false,
    created_at: now.toISOString(),
    content_json: content,
    expires_at: draftExpiry(now),
  };
  await db().send(new PutCommand({ TableName: table(), Item: item, ConditionExpression: 'attribute_not_exists(sk)' }));
  return toRecord(item);
}

/** The sheet, or null when there is none (or only an expired draft). */
export async function findSheet(userId: string, subjectId: string, id: string, now: Date): Promise<SheetRecord | null> {
  const out = await db().send(new GetCommand({ TableName: table(), Key: { user_id: userId, sk: itemSortKey(subjectId, id) }, ConsistentRead: true }));
  const item = out.Item as SheetItem | undefined;
  return item && isLive(item, now) ? toRecord(item) : null;
}

export async function getSheetOrThrow(userId: string, subjectId: string, id: string, now: Date): Promise<SheetRecord> {
  const found = await findSheet(userId, subjectId, id, now);
  if (!found) throw new AppError('sheet_not_found');
  return found;
}

/** The saved sheets of a subject, newest first. */
export async function listSavedSheets(userId: string, subjectId: string): Promise<SheetSummary[]> {
  const items = await listSavedUnder(table(), userId, subjectId, ['id', 'subject_id', 'file_id', 'title', 'saved', 'created_at']);
  return (items as unknown as SheetSummary[]).map(toSheetSummary);
}

/** Saves (or renames) a sheet: it stops expiring. `title` undefined keeps the current one. */
export async function saveSheet(userId: string, subjectId: string, id: string, title: string | undefined, now: Date): Promise<SheetSummary> {
  const item = await saveDraft(table(), { userId, subjectId, id }, { title, now, touch: false, notFound: 'sheet_not_found' });
  return toSheetSummary(item as unknown as SheetItem);
}

/** Deletes a sheet; false when there was none (an expired draft is deleted and counts as none). */
export async function deleteSheet(userId: string, subjectId: string, id: string, now: Date): Promise<boolean> {
  return deleteDraft(table(), { userId, subjectId, id }, now);
}

/** Every sheet of the subject, saved or not (subject deletion). */
export async function deleteSubjectSheets(userId: string, subjectId: string): Promise<void> {
  await deleteAllUnder(table(), userId, subjectId);
}
