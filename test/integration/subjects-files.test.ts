// Subjects and course files through the laptop host: caps under concurrency, uploads through
// presigned POSTs, ownership, and the storage invariant under injected faults.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { db, storage } from '../../functions/platform/clients.js';
import { config } from '../../functions/platform/config.js';
import { describeUserData } from '../../functions/platform/store/account-data.js';
import { failProcessing, findFile } from '../../functions/platform/store/files.js';
import { api, newUser, type TestHost } from '../support/host.js';
import { findOrphans, userTraces } from '../support/invariants.js';
import { makePremium, useTestHost } from '../support/study.js';
import { corruptPdf } from '../support/fixtures.js';
import { createSubject, postToStorage, textPdf, uploadFile, waitForFinal } from '../support/uploads.js';

let host: TestHost;
let pdf: Uint8Array;

useTestHost(async (h) => {
  host = h;
  pdf = await textPdf(['Chapitre 1 : la cellule\nLa cellule est l’unité de base du vivant.', 'Chapitre 2 : l’ADN\nL’ADN porte l’information génétique.']);
});

describe('subjects', () => {
  it('are stored upper-case and trimmed, and a known name returns the existing subject', async () => {
    const u = await newUser(host);
    const first = await api(host, '/api/subjects', { token: u.accessToken, method: 'POST', body: { name: '  histoire   géo ' } });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ name: 'HISTOIRE GÉO', fileCount: 0 });
    const again = await api(host, '/api/subjects', { token: u.accessToken, method: 'POST', body: { name: 'Histoire Géo' } });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    const blank = await api(host, '/api/subjects', { token: u.accessToken, method: 'POST', body: { name: '   ' } });
    expect(blank.status).toBe(400);
  });

  it('refuse names without a visible letter or digit, or hiding invisible characters, with a clear message', async () => {
    const u = await newUser(host);
    for (const name of ['\u200b', '\u0000', '\u202e', 'Maths\u202efdp']) {
      const fr = await api(host, '/api/subjects', { token: u.accessToken, method: 'POST', body: { name } });
      expect(fr.status, JSON.stringify(name)).toBe(400);
      expect(fr.body.error).toEqual({
        code: 'subject_name_invalid',
        message: 'Le nom de la matière doit contenir au moins une lettre ou un chiffre visible, sans caractère invisible ni caractère de contrôle.',
      });
    }
    const en = await api(host, '/api/subjects', { token: u.accessToken, method: 'POST', body: { name: '\u200b' }, headers: { 'accept-language': 'en' } });
    expect(en.body.error.message).toBe('The subject name must contain at least one visible letter or digit, and no invisible or control characters.');
    const long = await api(host, '/api/subjects', { token: u.accessToken, method: 'POST', body: { name: 'x'.repeat(81) } });
    expect(long.body.error.code).toBe('subject_name_too_long');
    expect((await api(host, '/api/subjects', { token: u.accessToken })).body.subjects).toEqual([]);

    // NFC: the decomposed and the composed spellings are one subject.
    const decomposed = await api(host, '/api/subjects', { token: u.accessToken, method: 'POST', body: { name: 'Ge\u0301ographie' } });
    expect(decomposed.status).toBe(201);
    expect(decomposed.body.name).toBe('G\u00c9OGRAPHIE');
    const composed = await api(host, '/api/subjects', { token: u.accessToken, method: 'POST', body: { name: 'G\u00e9ographie' } });
    expect(composed.status).toBe(200);
    expect(composed.body.id).toBe(decomposed.body.id);
  });

  it('are listed newest first, with file counts, colours cycling and the free caps', async () => {
    const u = await newUser(host);
    const a = await createSubject(host, u.accessToken, 'Maths');
    const b = await createSubject(host, u.accessToken, 'Physique');
    await uploadFile(host, u.accessToken, a.id, 'cours.pdf', pdf);
    const r = await api(host, '/api/subjects', { token: u.accessToken });
    expect(r.body.subjects.map((s: { id: string }) => s.id)).toEqual([b.id, a.id]);
    expect(r.body.subjects[1].fileCount).toBe(1);
    expect(r.body.subjects[0].color_index).not.toBe(r.body.subjects[1].color_index);
    expect(r.body.limits).toEqual({ max_subjects: 5, max_files_per_subject: 3 });
  });

  it('free cap: 20 concurrent creations with 4 subjects give exactly one more', async () => {
    const u = await newUser(host);
    for (const n of ['A', 'B', 'C', 'D']) await createSubject(host, u.accessToken, `Matière ${n}`);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => api(host, '/api/subjects', { token: u.accessToken, method: 'POST', body: { name: `Nouvelle ${i}` }, headers: { 'accept-language': 'fr' } })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = results.filter((r) => r.status === 403);
    expect(refused).toHaveLength(19);
    expect(refused[0].body.error).toMatchObject({ code: 'subject_limit_reached' });
    expect(refused[0].body.error.message).toContain('5 matières');
    const list = await api(host, '/api/subjects', { token: u.accessToken });
    expect(list.body.subjects).toHaveLength(5);

    // Deleting one frees a slot.
    await api(host, `/api/subjects/${list.body.subjects[0].id}`, { token: u.accessToken, method: 'DELETE' });
    expect((await api(host, '/api/subjects', { token: u.accessToken, method: 'POST', body: { name: 'Remplaçante' } })).status).toBe(201);
  });

  it('the same name created ten times at once gives one subject', async () => {
    const u = await newUser(host);
    const results = await Promise.all(Array.from({ length: 10 }, () => api(host, '/api/subjects', { token: u.accessToken, method: 'POST', body: { name: 'chimie' } })));
    expect(results.map((r) => r.status).filter((s) => s !== 200 && s !== 201), JSON.stringify(results.map((r) => r.body))).toEqual([]);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect((await api(host, '/api/subjects', { token: u.accessToken })).body.subjects).toHaveLength(1);
  });

  it('premium accounts have no cap', async () => {
    const u = await newUser(host);
    await makePremium(u);
    for (let i = 0; i < 7; i++) await createSubject(host, u.accessToken, `Sujet ${i}`);
    const r = await api(host, '/api/subjects', { token: u.accessToken });
    expect(r.body.subjects).toHaveLength(7);
    expect(r.body.limits).toEqual({ max_subjects: null, max_files_per_subject: null });
  });

  it('deleting a subject removes its files, objects and pages', async () => {
    const u = await newUser(host);
    const s = await createSubject(host, u.accessToken, 'Biologie');
    await uploadFile(host, u.accessToken, s.id, 'cours-1.pdf', pdf);
    await uploadFile(host, u.accessToken, s.id, 'cours-2.pdf', pdf);
    expect((await describeUserData(u.sub)).objects).toBe(2);
    const del = await api(host, `/api/subjects/${s.id}`, { token: u.accessToken, method: 'DELETE' });
    expect(del.status).toBe(204);
    expect((await api(host, `/api/subjects/${s.id}`, { token: u.accessToken })).status).toBe(404);
    const left = await describeUserData(u.sub);
    expect(left).toMatchObject({ files: 0, objects: 0, pages: 0 });
  });
});

describe('uploads', () => {
  it('store the PDF under the user and subject, with the display name', async () => {
    const u = await newUser(host);
    const s = await createSubject(host, u.accessToken, 'Droit');
    const { start, complete } = await uploadFile(host, u.accessToken, s.id, 'Cours n°1 (été).pdf', pdf);
    expect(start.status).toBe(201);
    expect(start.body.file).toMatchObject({ status: 'uploading', display_name: 'Cours n°1 (été)', name: 'Cours n°1 (été).pdf' });
    expect(complete?.status).toBe(200);
    expect(['processing', 'ready']).toContain(complete?.body.status);
    const files = await api(host, `/api/subjects/${s.id}/files`, { token: u.accessToken });
    expect(files.body.files).toHaveLength(1);
    const { ListObjectsV2Command } = await import('@aws-sdk/client-s3');
    const listed = await storage().send(new ListObjectsV2Command({ Bucket: config().UPLOADS_BUCKET, Prefix: `${u.sub}/${s.id}/` }));
    expect(listed.Contents?.map((o) => o.Key)).toEqual([expect.stringMatching(new RegExp(`^${u.sub}/${s.id}/\\d+-[a-f0-9]{8}-Cours_n_1__ete_.pdf$`))]);
  });

  it('refuse missing parameters, non-PDF names and files over 100 MB with the spec messages', async () => {
    const u = await newUser(host);
    const s = await createSubject(host, u.accessToken, 'Anglais');
    const en = { 'accept-language': 'en' };
    const missing = await api(host, `/api/subjects/${s.id}/uploads`, { token: u.accessToken, method: 'POST', body: { file_name: 'a.pdf' }, headers: en });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe('Missing required parameters for file upload');
    const notPdf = await api(host, `/api/subjects/${s.id}/uploads`, { token: u.accessToken, method: 'POST', body: { file_name: 'notes.docx', size: 10, content_type: 'application/msword' } });
    expect(notPdf.status).toBe(415);
    expect(notPdf.body.error.message).toBe('Seuls les fichiers PDF sont acceptés');
    const big = await api(host, `/api/subjects/${s.id}/uploads`, { token: u.accessToken, method: 'POST', body: { file_name: 'gros.pdf', size: 100 * 1024 * 1024 + 1, content_type: 'application/pdf' } });
    expect(big.status).toBe(413);
    expect(big.body.error.message).toBe('La taille du fichier dépasse la limite de 100MB');
    expect((await api(host, `/api/subjects/${s.id}/files`, { token: u.accessToken })).body.files).toEqual([]);
  });

  it('a non-PDF named .pdf is refused at completion and nothing is left', async () => {
    const u = await newUser(host);
    const s = await createSubject(host, u.accessToken, 'Philo');
    const fake = new TextEncoder().encode('PK\u0003\u0004 this is a zip archive, not a PDF');
    const { complete } = await uploadFile(host, u.accessToken, s.id, 'cours.pdf', fake);
    expect(complete?.status).toBe(415);
    expect(complete?.body.error.message).toBe('Seuls les fichiers PDF sont acceptés');
    expect((await api(host, `/api/subjects/${s.id}/files`, { token: u.accessToken })).body.files).toEqual([]);
    expect((await describeUserData(u.sub)).objects).toBe(0);
  });

  it('free cap: 3 files per subject, counting uploads in progress, even when racing', async () => {
    const u = await newUser(host);
    const s = await createSubject(host, u.accessToken, 'Éco');
    const starts = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        api(host, `/api/subjects/${s.id}/uploads`, { token: u.accessToken, method: 'POST', body: { file_name: `f${i}.pdf`, size: pdf.byteLength, content_type: 'application/pdf' } }),
      ),
    );
    expect(starts.filter((r) => r.status === 201)).toHaveLength(3);
    const refused = starts.filter((r) => r.status === 403);
    expect(refused).toHaveLength(3);
    expect(refused[0].body.error.code).toBe('file_limit_reached');
    for (const r of starts.filter((x) => x.status === 201)) {
      await postToStorage(r.body.upload, pdf, r.body.file.name);
      await api(host, `/api/subjects/${s.id}/files/${r.body.file.id}/complete`, { token: u.accessToken, method: 'POST' });
    }
    // Deleting a file gives its slot back.
    await api(host, `/api/subjects/${s.id}/files/${starts.find((r) => r.status === 201)!.body.file.id}`, { token: u.accessToken, method: 'DELETE' });
    expect((await uploadFile(host, u.accessToken, s.id, 'encore.pdf', pdf)).start.status).toBe(201);
  });

  it('a file that failed gives its slot back once: neither a repeated failure nor deleting it frees another', async () => {
    const u = await newUser(host);
    const s = await createSubject(host, u.accessToken, 'Optique');
    const slots = async () => (await api(host, `/api/subjects/${s.id}`, { token: u.accessToken })).body.fileCount as number;
    const startUpload = (name: string) =>
      api(host, `/api/subjects/${s.id}/uploads`, { token: u.accessToken, method: 'POST', body: { file_name: name, size: pdf.byteLength, content_type: 'application/pdf' } });
    for (const name of ['un.pdf', 'deux.pdf']) expect((await uploadFile(host, u.accessToken, s.id, name, pdf)).complete?.status).toBe(200);
    const broken = await uploadFile(host, u.accessToken, s.id, 'abîmé.pdf', await corruptPdf());
    const brokenId = broken.start.body.file.id as string;
    expect((await waitForFinal(host, u.accessToken, s.id, brokenId)).status).toBe('failed');
    expect(await slots()).toBe(2);

    // The same failure reported again (a duplicate event, a time-out racing it) changes nothing.
    await failProcessing((await findFile(u.sub, s.id, brokenId))!, 'processing_timeout', new Date());
    expect(await slots()).toBe(2);

    // The freed slot takes a third working file; the cap then holds.
    expect((await uploadFile(host, u.accessToken, s.id, 'trois.pdf', pdf)).complete?.status).toBe(200);
    expect(await slots()).toBe(3);
    const refused = await startUpload('quatre.pdf');
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('file_limit_reached');

    // Deleting the failed file does not give its slot back a second time.
    expect((await api(host, `/api/subjects/${s.id}/files/${brokenId}`, { token: u.accessToken, method: 'DELETE' })).status).toBe(204);
    expect(await slots()).toBe(3);
    expect((await startUpload('quatre.pdf')).status).toBe(403);
    const files = (await api(host, `/api/subjects/${s.id}/files`, { token: u.accessToken })).body.files as { id: string }[];
    expect(files).toHaveLength(3);
    expect((await api(host, `/api/subjects/${s.id}/files/${files[0].id}`, { token: u.accessToken, method: 'DELETE' })).status).toBe(204);
    expect(await slots()).toBe(2);
    expect((await startUpload('quatre.pdf')).status).toBe(201);
  });

  it('an upload abandoned half-way leaves no record once its window has passed, and frees its slot', async () => {
    const u = await newUser(host);
    const s = await createSubject(host, u.accessToken, 'Latin');
    const starts = [];
    for (let i = 0; i < 3; i++) {
      starts.push(await api(host, `/api/subjects/${s.id}/uploads`, { token: u.accessToken, method: 'POST', body: { file_name: `f${i}.pdf`, size: 1000, content_type: 'application/pdf' } }));
    }
    // The browser went away: nothing was stored. Age the records past the upload window.
    for (const r of starts) {
      await db().send(new UpdateCommand({
        TableName: config().tableNames.files,
        Key: { user_id: u.sub, sk: `${s.id}#${r.body.file.id}` },
        UpdateExpression: 'SET created_at = :old',
        ExpressionAttributeValues: { ':old': new Date(Date.now() - 3_600_000).toISOString() },
      }));
    }
    expect((await api(host, `/api/subjects/${s.id}/files`, { token: u.accessToken })).body.files).toEqual([]);
    expect((await findOrphans()).uploading.filter((p) => p.startsWith(u.sub))).toEqual([]);
    expect((await uploadFile(host, u.accessToken, s.id, 'ok.pdf', pdf)).start.status).toBe(201);
  });

  it('completion before the bytes arrive says so and keeps the upload open', async () => {
    const u = await newUser(host);
    const s = await createSubject(host, u.accessToken, 'Grec');
    const start = await api(host, `/api/subjects/${s.id}/uploads`, { token: u.accessToken, method: 'POST', body: { file_name: 'g.pdf', size: pdf.byteLength, content_type: 'application/pdf' } });
    const early = await api(host, `/api/subjects/${s.id}/files/${start.body.file.id}/complete`, { token: u.accessToken, method: 'POST' });
    expect(early.status).toBe(409);
    await postToStorage(start.body.upload, pdf, 'g.pdf');
    const late = await api(host, `/api/subjects/${s.id}/files/${start.body.file.id}/complete`, { token: u.accessToken, method: 'POST' });
    expect(late.status).toBe(200);
  });
});

describe('injected faults', () => {
  it('a record insert that fails stores nothing and frees the slot', async () => {
    const u = await newUser(host);
    const s = await createSubject(host, u.accessToken, 'Arts');
    const client = db();
    const original = client.send.bind(client);
    vi.spyOn(client, 'send').mockImplementation(((command: { constructor: { name: string }; input: { TableName?: string } }, ...rest: unknown[]) => {
      if (command.constructor.name === 'PutCommand' && command.input.TableName === config().tableNames.files) {
        return Promise.reject(new Error('ProvisionedThroughputExceeded'));
      }
      return (original as (...a: unknown[]) => Promise<unknown>)(command, ...rest);
    }) as never);
    const r = await api(host, `/api/subjects/${s.id}/uploads`, { token: u.accessToken, method: 'POST', body: { file_name: 'a.pdf', size: 100, content_type: 'application/pdf' } });
    expect(r.status).toBe(500);
    expect(r.body.error.message).toMatch(/^Erreur de base de données/);
    vi.restoreAllMocks();
    expect((await api(host, '/api/subjects', { token: u.accessToken })).body.subjects[0].fileCount).toBe(0);
  });

  it('a storage delete that fails keeps the record and says why; a retry succeeds', async () => {
    const u = await newUser(host);
    const s = await createSubject(host, u.accessToken, 'Musique');
    const { start } = await uploadFile(host, u.accessToken, s.id, 'partition.pdf', pdf);
    const client = storage();
    const original = client.send.bind(client);
    vi.spyOn(client, 'send').mockImplementation(((command: { constructor: { name: string } }, ...rest: unknown[]) => {
      if (command.constructor.name === 'DeleteObjectCommand') return Promise.reject(new Error('Service Unavailable'));
      return (original as (...a: unknown[]) => Promise<unknown>)(command, ...rest);
    }) as never);
    const failed = await api(host, `/api/subjects/${s.id}/files/${start.body.file.id}`, { token: u.accessToken, method: 'DELETE', headers: { 'accept-language': 'en' } });
    expect(failed.status).toBe(502);
    expect(failed.body.error.message).toBe('Failed to delete file from storage: Service Unavailable');
    expect((await api(host, `/api/subjects/${s.id}/files`, { token: u.accessToken })).body.files).toHaveLength(1);
    vi.restoreAllMocks();
    const ok = await api(host, `/api/subjects/${s.id}/files/${start.body.file.id}`, { token: u.accessToken, method: 'DELETE' });
    expect(ok.status).toBe(204);
    expect((await api(host, `/api/subjects/${s.id}/files`, { token: u.accessToken })).body.files).toEqual([]);
  });
});

describe('ownership', () => {
  it('another student can neither see, read, download nor delete subjects and files', async () => {
    const [a, b] = await Promise.all([newUser(host), newUser(host)]);
    const s = await createSubject(host, a.accessToken, 'Secret');
    const { start } = await uploadFile(host, a.accessToken, s.id, 'prive.pdf', pdf);
    const f = start.body.file.id;
    expect((await api(host, '/api/subjects', { token: b.accessToken })).body.subjects).toEqual([]);
    for (const [method, path] of [
      ['GET', `/api/subjects/${s.id}`],
      ['GET', `/api/subjects/${s.id}/files`],
      ['GET', `/api/subjects/${s.id}/files/${f}`],
      ['GET', `/api/subjects/${s.id}/files/${f}/download`],
      ['GET', `/api/subjects/${s.id}/files/${f}/pages`],
      ['POST', `/api/subjects/${s.id}/uploads`],
      ['DELETE', `/api/subjects/${s.id}/files/${f}`],
      ['DELETE', `/api/subjects/${s.id}`],
    ] as const) {
      const r = await api(host, path, { token: b.accessToken, method, body: method === 'POST' ? { file_name: 'x.pdf', size: 10, content_type: 'application/pdf' } : undefined });
      expect(r.status, `${method} ${path}`).toBe(404);
    }
    expect((await api(host, `/api/subjects/${s.id}/files`, { token: a.accessToken })).body.files).toHaveLength(1);
  });

  it('the download link serves the owner the PDF itself', async () => {
    const u = await newUser(host);
    const s = await createSubject(host, u.accessToken, 'Lecture');
    const { start } = await uploadFile(host, u.accessToken, s.id, 'livre.pdf', pdf);
    const link = await api(host, `/api/subjects/${s.id}/files/${start.body.file.id}/download`, { token: u.accessToken });
    const res = await fetch(link.body.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await res.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('account deletion with courses', () => {
  it('erases subjects, files, pages and objects', async () => {
    const u = await newUser(host);
    const s = await createSubject(host, u.accessToken, 'Tout');
    await uploadFile(host, u.accessToken, s.id, 'a.pdf', pdf);
    const del = await api(host, '/api/account', { token: u.accessToken, method: 'DELETE' });
    expect(del.status).toBe(204);
    expect(Object.values(await describeUserData(u.sub)).every((n) => n === 0)).toBe(true);
    expect(await userTraces(u.sub)).toEqual([]);
  });
});
