// The evaluation set (../shared/eval beside the checkout): its courses, and each course's document
// model as a student's upload produces it, through the real handlers on the laptop host (the
// presigned upload, the storage event, extraction, the pages route).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PageSpan } from '../../functions/core/document.js';
import type { DocumentPage } from '../../functions/engine/document/build.js';
import { api, newPremiumUser, startTestHost, type TestHost, type TestUser } from '../support/host.js';
import { createSubject, uploadFile, waitForFinal } from '../support/uploads.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The evaluation set: `REVISE_EVAL_DIR`, else `shared/eval` beside the checkout. */
export function evalDir(): string {
  return process.env.REVISE_EVAL_DIR ?? path.resolve(here, '..', '..', '..', 'shared', 'eval');
}

export const hasEvalSet = (): boolean => existsSync(path.join(evalDir(), 'questions.json'));

export interface EvalCourse {
  id: string;
  language: 'fr' | 'en';
  markdown: string;
  pdf: Uint8Array;
}

/** Every course of the set, in the order of their ids. */
export function evalCourses(): EvalCourse[] {
  const dir = evalDir();
  const questions = JSON.parse(readFileSync(path.join(dir, 'questions.json'), 'utf8')) as Record<string, { language: 'fr' | 'en' }>;
  return readdirSync(path.join(dir, 'courses'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => f.slice(0, -3))
    .sort()
    .map((id) => ({
      id,
      language: questions[id]?.language ?? (id.startsWith('fr-') ? 'fr' : 'en'),
      markdown: readFileSync(path.join(dir, 'courses', `${id}.md`), 'utf8'),
      pdf: new Uint8Array(readFileSync(path.join(dir, 'pdf', `${id}.pdf`))),
    }));
}

export interface UploadedCourse {
  course: EvalCourse;
  subjectId: string;
  fileId: string;
  status: string;
  pages: DocumentPage[];
  outline: { level: number; text: string; page: number }[];
  /** The student who brought this course (one Premium student per course): id and access token. */
  userId: string;
  token: string;
}

export interface EvalSession {
  host: TestHost;
  user: TestUser;
  stop(): Promise<void>;
}

/**
 * A laptop host with one Premium student (no monthly limit gets in the way of 16 uploads). Each
 * course is then uploaded and asked by a Premium student of its own, as sixteen students would:
 * the whole set asks more than one student's fair-use ceiling a month (core/limits.ts).
 */
export async function startEvalSession(): Promise<EvalSession> {
  const host = await startTestHost();
  const user = await newPremiumUser(host);
  return { host, user, stop: () => host.stop() };
}

/** Uploads one course as a student would, in a subject of its own, and reads back its model. */
export async function uploadCourse(session: EvalSession, course: EvalCourse): Promise<UploadedCourse> {
  const { host } = session;
  const student = await newPremiumUser(host);
  const token = student.accessToken;
  const subject = await createSubject(host, token, course.id);
  const { start, complete } = await uploadFile(host, token, subject.id, `${course.id}.pdf`, course.pdf);
  if (start.status !== 201 || complete?.status !== 200) throw new Error(`${course.id}: upload answered ${start.status}/${complete?.status}`);
  const fileId = start.body.file.id as string;
  const final = await waitForFinal(host, token, subject.id, fileId, 120_000);
  const pagesReply = await api(host, `/api/subjects/${subject.id}/files/${fileId}/pages`, { token });
  const outlineReply = await api(host, `/api/subjects/${subject.id}/files/${fileId}/outline`, { token });
  const pages = ((pagesReply.body?.pages ?? []) as { page: number; text: string; spans?: PageSpan[] }[]).map((p) => ({
    page: p.page,
    text: p.text,
    spans: p.spans ?? [],
    furniture: [],
  }));
  return { course, subjectId: subject.id, fileId, status: String(final?.status), pages, outline: outlineReply.body?.entries ?? [], userId: student.sub, token };
}
