// What the profile's "Télécharger mes données" card decides, without a browser: which export it
// shows (the newest), whether it keeps reading its progress, and what the student may do.
import type { ExportView } from '@core/data-export.js';

/** How often a running export's progress is read again. */
export const EXPORT_POLL_MS = 1500;

export type ExportCardState =
  | { kind: 'none' }
  | { kind: 'running'; percent: number }
  | { kind: 'ready'; id: string; until: string | null; size: number | null }
  | { kind: 'failed' }
  | { kind: 'expired' };

/** The card's state from the student's exports, newest first. */
export function exportCardState(exports: readonly ExportView[]): ExportCardState {
  const latest = exports[0];
  if (!latest) return { kind: 'none' };
  switch (latest.status) {
    case 'queued':
    case 'running':
      return { kind: 'running', percent: latest.percent };
    case 'ready':
      return { kind: 'ready', id: latest.id, until: latest.download_until, size: latest.size };
    case 'failed':
      return { kind: 'failed' };
    case 'expired':
      return { kind: 'expired' };
    default: {
      const unknown: never = latest.status;
      throw new Error(`Unknown export status ${String(unknown)}`);
    }
  }
}

/** A new export can be asked for unless one runs (the server also holds the daily limit). */
export const canStartExport = (state: ExportCardState): boolean => state.kind !== 'running';

/** Whether to read the progress again. */
export const shouldPoll = (state: ExportCardState): boolean => state.kind === 'running';

/** A size as the student reads it: "12,5 Mo" / "12.5 MB". */
export function sizeLabel(bytes: number, lang: 'fr' | 'en'): string {
  const units = lang === 'fr' ? ['o', 'Ko', 'Mo', 'Go'] : ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${new Intl.NumberFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}
