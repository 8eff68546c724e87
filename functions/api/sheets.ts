// Revision sheets of a subject (the "summary" tool): generated from the whole subject or one file,
// every line citing its page; a draft until saved. Generating takes one `summary_generation`
// unit on the free plan (given back on failure); saving is for Premium (`summary_save`).
import { AppError } from '../core/errors.js';
import { byIdNewestFirst, pageOf, pageQuery } from '../core/paging.js';
import { sheetBody, sheetParams, subjectParams, titleBody } from '../core/schemas.js';
import { sheetSchema } from '../core/artefacts.js';
import { generate, loadEngine } from '../platform/course.js';
import { userRoute } from '../platform/http.js';
import { newItemId } from '../platform/store/drafts.js';
import { createSheetDraft, deleteSheet, getSheetOrThrow, listSavedSheets, saveSheet } from '../platform/store/sheets.js';
import { findSubject, getSubjectOrThrow } from '../platform/store/subjects.js';
import { studyContext } from '../platform/study-context.js';
import { requirePremium, withUsage } from '../platform/usage.js';
import { creditStudyEvent } from '../platform/activity.js';

export const generateSheet = userRoute(
  { params: subjectParams, body: sheetBody },
  async ({ params, body, user }) => {
    const now = new Date();
    const fileId = body.file_id ?? undefined;
    const { plan, course, level } = await studyContext(user.id, params.subjectId, { fileId, now });
    const { value, usage } = await withUsage(
      user.id,
      'summary_generation',
      async () => {
        const sheet = await generate('summary_failed', { userId: user.id, subjectId: params.subjectId }, async () =>
          sheetSchema.parse(await (await loadEngine(plan)).sheet({ course, fileId, level })),
        );
        const at = new Date();
        const draft = await createSheetDraft(user.id, params.subjectId, newItemId(at), fileId ?? null, sheet, at);
        // The subject was deleted while the sheet was written: its sheets must not outlive it.
        if (!(await findSubject(user.id, params.subjectId))) {
          await deleteSheet(user.id, params.subjectId, draft.id, at);
          throw new AppError('subject_not_found');
        }
        return draft;
      },
      { now, plan },
    );
    await creditStudyEvent(user.id, params.subjectId, 'sheet');
    return { sheet: value, usage };
  },
);

export const listSheets = userRoute({ params: subjectParams, query: pageQuery }, async ({ params, query, user }) => {
  await getSubjectOrThrow(user.id, params.subjectId);
  const page = pageOf(await listSavedSheets(user.id, params.subjectId), byIdNewestFirst, query);
  return { sheets: page.items, ...(page.next ? { next: page.next } : {}) };
});

export const getSheet = userRoute({ params: sheetParams }, async ({ params, user }) =>
  getSheetOrThrow(user.id, params.subjectId, params.sheetId, new Date()),
);

/** Saving is checked in this order: the sheet exists (404), then the plan includes it (403). */
export const saveSheetTitle = userRoute({ params: sheetParams, body: titleBody }, async ({ params, body, user }) => {
  const now = new Date();
  await getSubjectOrThrow(user.id, params.subjectId);
  await getSheetOrThrow(user.id, params.subjectId, params.sheetId, now);
  await requirePremium(user.id, 'summary_save', { now });
  return saveSheet(user.id, params.subjectId, params.sheetId, body.title || undefined, now);
});

export const removeSheet = userRoute({ params: sheetParams }, async ({ params, user }) => {
  if (!(await deleteSheet(user.id, params.subjectId, params.sheetId, new Date()))) throw new AppError('sheet_not_found');
  return undefined;
});
