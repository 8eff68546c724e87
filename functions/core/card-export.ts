// A subject's cards, or every subject's, as files the student takes elsewhere (issue 24,
// "Flashcards out"): the rows of a tab-separated CSV that Quizlet's and Anki's text importers
// read, and the fields of an Anki package's notes (platform/anki-package.ts writes the package).
// Each card keeps front, back and its source, the first citation's "file · p. N".
import type { Card } from './views.js';

/** The third field: the first citation's file and page, empty for a card without one. */
export function cardSourceText(card: Pick<Card, 'citations'>): string {
  const first = card.citations[0];
  return first ? `${first.file_name} · p. ${first.page}` : '';
}

/** A field on one CSV line: tabs and line breaks become spaces. */
export function csvField(text: string): string {
  return text.replace(/\r\n|[\t\r\n\u2028\u2029]/g, ' ');
}

export const CSV_HEADER = ['front', 'back', 'source'] as const;

/** The CSV: a header row, then one row per card, tab-separated, lines ended by `\n`, UTF-8. */
export function cardsToCsv(cards: Pick<Card, 'front' | 'back' | 'citations'>[]): string {
  const rows = [[...CSV_HEADER], ...cards.map((c) => [c.front, c.back, cardSourceText(c)])];
  return rows.map((row) => row.map(csvField).join('\t')).join('\n') + '\n';
}

export const ALL_CSV_HEADER = [...CSV_HEADER, 'subject'] as const;

/**
 * The CSV of every subject's cards (the profile's export): the same rows with the subject's name in
 * a fourth column, `subject`, subject after subject in the order given.
 */
export function subjectsCardsToCsv(decks: { subject: { name: string }; cards: Pick<Card, 'front' | 'back' | 'citations'>[] }[]): string {
  const rows = [[...ALL_CSV_HEADER], ...decks.flatMap(({ subject, cards }) => cards.map((c) => [c.front, c.back, cardSourceText(c), subject.name]))];
  return rows.map((row) => row.map(csvField).join('\t')).join('\n') + '\n';
}

/** The note type (Front, Back, Source), one for every export (platform/anki-package.ts). */
export const ANKI_MODEL_ID = 1_700_000_024_001;

/** A card's text as an Anki field (fields are HTML): escaped, line breaks as <br>. */
export function ankiField(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\r\n|[\r\n]/g, '<br>');
}

/**
 * A `content-disposition` for a download named after the subject: `filename` in plain ASCII (quotes,
 * backslashes and characters outside it dropped, accents removed), `filename*` with the exact name.
 */
export function attachmentDisposition(name: string, extension: string): string {
  const ascii = name.normalize('NFD').replace(/\p{M}/gu, '').replace(/[^\x20-\x7e]|["\\]/g, '').replace(/[/:*?<>|]/g, '-').trim() || 'cartes';
  return `attachment; filename="${ascii}.${extension}"; filename*=UTF-8''${encodeURIComponent(`${name}.${extension}`)}`;
}
