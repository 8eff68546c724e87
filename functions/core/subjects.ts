// Subjects: names are NFC-normalised, trimmed and upper-cased, and must show a letter or
// a digit; colours cycle through ten themes.
// Pure and free of the error catalogue, so that the web app's upload form shares the rule without
// bundling the catalogue on the landing page.
import { z } from 'zod';

export const SUBJECT_COLOR_COUNT = 10;
export const SUBJECT_NAME_MAX = 80;

/**
 * Characters a name may not hold: controls (C0, C1), format characters (zero-width spaces, the
 * byte-order mark, soft hyphens, bidirectional marks, embeddings, overrides and isolates),
 * private-use and lone surrogate code points, and the fillers that render as nothing while
 * counting as letters (Hangul fillers, the blank Braille pattern). Zero-width (non-)joiners stay
 * allowed: some scripts and emoji sequences need them.
 */
const FORBIDDEN = /(?![\u200c\u200d])[\p{Cc}\p{Cf}\p{Co}\p{Cs}\u115f\u1160\u3164\uffa0\u2800]/u;
/** At least one of these must remain: a letter or a digit (fillers are excluded above). */
const VISIBLE = /[\p{L}\p{N}]/u;

/** The stored form of a name: NFC, whitespace folded to single spaces, trimmed, upper case. */
export function normalizeSubjectName(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleUpperCase('fr-FR').normalize('NFC');
}

/** Why a (raw) name is refused, as a catalogue code, or null when it is acceptable. */
export function subjectNameError(raw: string): 'subject_name_invalid' | 'subject_name_too_long' | null {
  const name = normalizeSubjectName(raw);
  if (FORBIDDEN.test(name) || !VISIBLE.test(name)) return 'subject_name_invalid';
  if ([...name].length > SUBJECT_NAME_MAX) return 'subject_name_too_long';
  return null;
}

/** A request's subject name: a bounded string, judged by subjectNameError. */
export const subjectNameSchema = z.string().max(4 * SUBJECT_NAME_MAX);

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
