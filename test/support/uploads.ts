// Uploading as the browser does: ask the API for a presigned POST, send the form to storage,
// then tell the API the upload is complete.
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { api, type TestHost } from './host.js';

/** A small text PDF, one page per entry of `pages`. */
export async function textPdf(pages: string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const text of pages) {
    const page = doc.addPage([595, 842]);
    let y = 780;
    for (const line of text.split('\n')) {
      page.drawText(line, { x: 50, y, size: 12, font });
      y -= 18;
    }
  }
  return doc.save();
}

export async function createSubject(host: TestHost, token: string, name: string): Promise<{ id: string; name: string }> {
  const r = await api(host, '/api/subjects', { token, method: 'POST', body: { name } });
  if (r.status !== 201 && r.status !== 200) throw new Error(`subject creation answered ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body;
}

export async function postToStorage(upload: { url: string; fields: Record<string, string> }, bytes: Uint8Array, fileName: string): Promise<number> {
  const form = new FormData();
  for (const [k, v] of Object.entries(upload.fields)) form.append(k, v);
  form.append('file', new Blob([bytes], { type: 'application/pdf' }), fileName);
  const res = await fetch(upload.url, { method: 'POST', body: form });
  await res.arrayBuffer();
  return res.status;
}

/** The browser's form for a presigned POST, encoded once: the exact bytes fetch would send. */
export async function encodeUploadForm(
  upload: { url: string; fields: Record<string, string> },
  bytes: Uint8Array,
  fileName: string,
): Promise<{ contentType: string; body: Uint8Array }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(upload.fields)) form.append(k, v);
  form.append('file', new Blob([bytes], { type: 'application/pdf' }), fileName);
  const request = new Request(upload.url, { method: 'POST', body: form });
  return { contentType: request.headers.get('content-type') as string, body: new Uint8Array(await request.arrayBuffer()) };
}

/** POSTs an encoded form (or any body, with its content type) and returns the answer's status and headers. */
export async function postEncoded(url: string, form: { contentType: string; body: Uint8Array }): Promise<{ status: number; headers: Headers }> {
  const res = await fetch(url, { method: 'POST', body: form.body, headers: { 'content-type': form.contentType } });
  await res.arrayBuffer();
  return { status: res.status, headers: res.headers };
}

/** The whole upload; returns the completion's answer (status and body). */
export async function uploadFile(
  host: TestHost,
  token: string,
  subjectId: string,
  fileName: string,
  bytes: Uint8Array,
  displayName?: string,
) {
  const start = await api(host, `/api/subjects/${subjectId}/uploads`, {
    token,
    method: 'POST',
    body: { file_name: fileName, size: bytes.byteLength, content_type: 'application/pdf', display_name: displayName },
  });
  if (start.status !== 201) return { start, complete: null };
  const stored = await postToStorage(start.body.upload, bytes, fileName);
  if (stored >= 300) throw new Error(`storage answered ${stored}`);
  const complete = await api(host, `/api/subjects/${subjectId}/files/${start.body.file.id}/complete`, { token, method: 'POST' });
  return { start, complete };
}

/** Waits until the file leaves uploading/processing; returns its view. */
export async function waitForFinal(host: TestHost, token: string, subjectId: string, fileId: string, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const r = await api(host, `/api/subjects/${subjectId}/files/${fileId}`, { token });
    if (r.status !== 200) return r.body;
    if (r.body.status === 'ready' || r.body.status === 'failed') return r.body;
    if (Date.now() > until) throw new Error(`file ${fileId} still ${r.body.status}`);
    await new Promise((res) => setTimeout(res, 150));
  }
}

/** Uploads as the browser does and waits until the file is ready or failed: its id and its view. */
export async function uploadAndWait(host: TestHost, token: string, subjectId: string, fileName: string, bytes: Uint8Array, timeoutMs = 30_000) {
  const { start, complete } = await uploadFile(host, token, subjectId, fileName, bytes);
  if (start.status !== 201 || complete?.status !== 200) throw new Error(`${fileName}: the upload answered ${start.status}/${complete?.status}`);
  const id = start.body.file.id as string;
  return { id, view: await waitForFinal(host, token, subjectId, id, timeoutMs) };
}
