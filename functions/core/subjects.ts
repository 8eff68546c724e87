// Subjects: names are trimmed and upper-cased (spec §5), colours cycle through ten themes.
import { z } from 'zod';

export const SUBJECT_COLOR_COUNT = 10;
export const SUBJECT_NAME_MAX = 80;

export const subjectNameSchema = z
  .string()
  .transform((s) => normalizeSubjectName(s))
  .pipe(z.string().min(1).max(SUBJECT_NAME_MAX));

export function normalizeSubjectName(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleUpperCase('fr-FR');
}

/** The colour theme of a subject: its color_index cycled over the ten themes. */
export function colorTheme(colorIndex: number | undefined | null): number {
  const i = Math.trunc(Number(colorIndex ?? 0));
  return Number.isFinite(i) ? ((i % SUBJECT_COLOR_COUNT) + SUBJECT_COLOR_COUNT) % SUBJECT_COLOR_COUNT : 0;
}

export interface Subject {
  id: string;
  name: string;
  color_index: number;
  created_at: string;
  fileCount: number;
}
