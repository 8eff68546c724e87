// The course a generator works from: a subject's ready files (or one of them), their pages in
// order, the course's language and a BM25 index over the pages. Building the index reads every
// page, so the built course is kept in memory per (student, subject, file) for the next question,
// under a signature of the ready files (ids, page counts, last changes): a file becoming ready or
// being deleted changes the signature and the course is rebuilt, even when the change happened in
// another process (the extraction Lambda). The cache is small and least-recently-used.
import { AppError } from '../core/errors.js';
import { isEngineError } from '../engine/errors.js';
import { SearchIndex } from '../engine/text/index.js';
import type { CourseLanguage } from '../core/artefacts.js';
import type { Course, CoursePage, StudyEngine } from '../engine/types.js';
import { logger } from './logger.js';
import { listFileRecords, type FileRecord } from './store/files.js';
import { listPages } from './store/pages.js';
import { getSubjectOrThrow } from './store/subjects.js';

/** Courses kept built in memory at most. */
export const MAX_CACHED_COURSES = 20;

interface CacheEntry {
  signature: string;
  course: Promise<Course>;
}

const cache = new Map<string, CacheEntry>();

const cacheKey = (userId: string, subjectId: string, fileId: string | undefined): string => `${userId}#${subjectId}#${fileId ?? '*'}`;

export interface LoadCourseOptions {
  /** Narrow the course to one file of the subject. */
  fileId?: string;
  /** The language of files whose language was not detected: the student's profile language. */
  fallbackLanguage?: CourseLanguage;
}

/** What identifies the course's content: any file added, removed or re-read changes it. */
export function courseSignature(files: Pick<FileRecord, 'id' | 'page_count' | 'updated_at' | 'language' | 'display_name'>[], fallback: CourseLanguage): string {
  return [fallback, ...files.map((f) => `${f.id}:${f.page_count ?? 0}:${f.updated_at}:${f.language ?? 'und'}:${f.display_name}`).sort()].join('|');
}

const asCourseLanguage = (language: FileRecord['language'], fallback: CourseLanguage): CourseLanguage =>
  language === 'fr' || language === 'en' ? language : fallback;

/**
 * The course's language: the detected language holding most of the text; the fallback when no
 * file's language could be detected.
 */
export function dominantLanguage(pages: { text: string; detected: FileRecord['language'] }[], fallback: CourseLanguage): CourseLanguage {
  const weight = { fr: 0, en: 0 };
  for (const p of pages) if (p.detected === 'fr' || p.detected === 'en') weight[p.detected] += p.text.length;
  if (weight.fr === 0 && weight.en === 0) return fallback;
  return weight.en > weight.fr ? 'en' : 'fr';
}

async function buildCourse(userId: string, subjectId: string, subjectName: string, files: FileRecord[], opts: LoadCourseOptions): Promise<Course> {
  const fallback = opts.fallbackLanguage ?? 'fr';
  const byId = new Map(files.map((f) => [f.id, f]));
  const stored = await listPages(userId, subjectId, opts.fileId);
  const kept = stored.filter((p) => byId.has(p.file_id) && p.text.trim().length > 0);
  if (kept.length === 0) throw new AppError('no_content');
  const pages: CoursePage[] = kept.map((p) => {
    const file = byId.get(p.file_id) as FileRecord;
    const page: CoursePage = { file_id: p.file_id, file_name: file.display_name, page: p.page, text: p.text, language: asCourseLanguage(file.language, fallback) };
    if (p.spans) page.spans = p.spans;
    return page;
  });
  const language = dominantLanguage(
    kept.map((p) => ({ text: p.text, detected: byId.get(p.file_id)?.language ?? null })),
    fallback,
  );
  const index = SearchIndex.build(pages);
  return { subjectId, subjectName, language, pages, search: (query, limit) => index.search(query, limit) };
}

/**
 * The course of a subject of the student (404 `subject_not_found` for anyone else's), narrowed
 * to one file with `fileId` (404 `file_not_found` if it is not in the subject). No ready page
 * text: 409 `no_content`.
 */
export async function loadCourse(userId: string, subjectId: string, opts: LoadCourseOptions = {}): Promise<Course> {
  const subject = await getSubjectOrThrow(userId, subjectId);
  const all = await listFileRecords(userId, subjectId);
  if (opts.fileId && !all.some((f) => f.id === opts.fileId)) throw new AppError('file_not_found');
  const ready = all.filter((f) => f.status === 'ready' && (!opts.fileId || f.id === opts.fileId));
  if (ready.length === 0) throw new AppError('no_content');

  const key = cacheKey(userId, subjectId, opts.fileId);
  const signature = `${subject.name}|${courseSignature(ready, opts.fallbackLanguage ?? 'fr')}`;
  const hit = cache.get(key);
  if (hit && hit.signature === signature) {
    // Most recently used last.
    cache.delete(key);
    cache.set(key, hit);
    return hit.course;
  }
  const entry: CacheEntry = { signature, course: buildCourse(userId, subjectId, subject.name, ready, opts) };
  cache.delete(key);
  cache.set(key, entry);
  while (cache.size > MAX_CACHED_COURSES) cache.delete(cache.keys().next().value as string);
  // A failed build is not kept: the next request tries again.
  entry.course.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return entry.course;
}

/** Forgets the built courses of a subject (a file became ready or was deleted, the subject went). */
export function invalidateCourse(userId: string, subjectId: string): void {
  const prefix = `${userId}#${subjectId}#`;
  for (const key of [...cache.keys()]) if (key.startsWith(prefix)) cache.delete(key);
}

/** How many courses are kept built (for tests). */
export const cachedCourseCount = (): number => cache.size;

/**
 * The configured study engine (platform/engine.ts) of the student's plan: Premium (and trials)
 * get the most capable model, the free plan the lighter one. Its module is loaded at the first
 * generation: it carries the model SDK and mathjs, which the other routes of the API function never need.
 */
export async function loadEngine(plan: { subscribed: boolean }): Promise<StudyEngine> {
  return (await import('./engine.js')).studyEngine(plan.subscribed ? 'premium' : 'free');
}

/**
 * Runs a generator over a course. A catalogue error passes as it is; any other failure (the
 * provider's EngineError, an output that fails validation, a bug) becomes `failure`, its
 * details logged (identifiers only, never course text).
 */
export async function generate<T>(failure: 'generation_failed' | 'summary_failed', context: Record<string, string | undefined>, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof AppError) throw err;
    const detail = isEngineError(err)
      ? { kind: err.kind, attempts: err.attempts, message: err.message }
      : { name: err instanceof Error ? err.name : typeof err, message: err instanceof Error ? err.message.slice(0, 300) : '' };
    logger.error({ ...context, failure, ...detail }, 'generation failed');
    throw new AppError(failure);
  }
}
