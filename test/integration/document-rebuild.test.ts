// Files read before the current document model are read again from their stored PDF: pages with
// their blocks, the outline and the model version replaced, the built course rebuilt; a file that
// changed meanwhile keeps its newer reading.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_MODEL_VERSION } from '../../functions/core/document.js';
import { handler as rebuild, rebuildDocument } from '../../functions/pipelines/document-rebuild.js';
import { db } from '../../functions/platform/clients.js';
import { config } from '../../functions/platform/config.js';
import { findFile, fileSortKey } from '../../functions/platform/store/files.js';
import { listPages, putPages } from '../../functions/platform/store/pages.js';
import { coursePdf } from '../support/fixtures.js';
import { api } from '../support/host.js';
import { useStudentWithSubject } from '../support/student-host.js';
import { uploadAndWait } from '../support/uploads.js';

const setup = useStudentWithSubject('Ancien');

const LESSON = [
  '1. Les cellules\nLa cellule est l’unité de base du vivant. Le noyau contient le matériel génétique de la cellule.',
  '2. La photosynthèse\nLa photosynthèse produit de la matière organique à partir de lumière, d’eau et de dioxyde de carbone.',
];

/** A file as an older version left it: pages of plain lines, no blocks, no outline, no version. */
async function asBeforeTheModel(fileId: string): Promise<void> {
  const pages = await listPages(setup.user.sub, setup.subjectId, fileId);
  await putPages(
    setup.user.sub,
    setup.subjectId,
    fileId,
    pages.map((p) => ({ page: p.page, text: p.text.replace(/\n\n/g, '\n'), ocr: p.ocr })),
  );
  await db().send(
    new UpdateCommand({
      TableName: config().tableNames.files,
      Key: { user_id: setup.user.sub, sk: fileSortKey(setup.subjectId, fileId) },
      UpdateExpression: 'REMOVE outline, outline_truncated, doc_version',
    }),
  );
}

async function uploaded(name: string): Promise<string> {
  const { id, view } = await uploadAndWait(setup.host, setup.user.accessToken, setup.subjectId, name, await coursePdf(LESSON));
  expect(view.status).toBe('ready');
  return id;
}

describe('the document rebuild', () => {
  it('reads a file of an older model again: blocks, outline and version back, the course built anew', async () => {
    const fileId = await uploaded('ancien.pdf');
    await asBeforeTheModel(fileId);
    const before = await findFile(setup.user.sub, setup.subjectId, fileId);
    expect(before?.doc_version).toBeUndefined();
    expect((await listPages(setup.user.sub, setup.subjectId, fileId)).every((p) => !p.spans)).toBe(true);

    const report = await rebuild();
    expect(report).toMatchObject({ rebuilt: 1, failed: 0 });
    const after = await findFile(setup.user.sub, setup.subjectId, fileId);
    expect(after).toMatchObject({ doc_version: DOCUMENT_MODEL_VERSION, outline_truncated: false });
    expect(after!.outline!.map((e) => [e.text, e.page])).toEqual([
      ['1. Les cellules', 1],
      ['2. La photosynthèse', 2],
    ]);
    expect(after!.updated_at > before!.updated_at).toBe(true);
    const pages = await listPages(setup.user.sub, setup.subjectId, fileId);
    expect(pages[1].spans?.map((s) => [s.kind, pages[1].text.slice(s.start, s.end)])).toEqual([
      ['heading', '2. La photosynthèse'],
      ['paragraph', LESSON[1].split('\n')[1]],
    ]);
    const outline = await api(setup.host, `/api/subjects/${setup.subjectId}/files/${fileId}/outline`, { token: setup.user.accessToken });
    expect(outline.body.entries).toHaveLength(2);
    // Nothing is left to rebuild: the next run finds nothing.
    expect(await rebuild()).toMatchObject({ found: 0 });
  });

  it('leaves a file that changed while it was read with its newer reading', async () => {
    const fileId = await uploaded('change.pdf');
    await asBeforeTheModel(fileId);
    const stale = (await findFile(setup.user.sub, setup.subjectId, fileId))!;
    // Someone else touched the record after the rebuild read it.
    await db().send(
      new UpdateCommand({
        TableName: config().tableNames.files,
        Key: { user_id: setup.user.sub, sk: fileSortKey(setup.subjectId, fileId) },
        UpdateExpression: 'SET updated_at = :now',
        ExpressionAttributeValues: { ':now': new Date(Date.now() + 1000).toISOString() },
      }),
    );
    expect(await rebuildDocument(stale)).toBe(false);
    expect((await findFile(setup.user.sub, setup.subjectId, fileId))?.doc_version).toBeUndefined();
  });
});
