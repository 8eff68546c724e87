// Small wording helpers shared by the subject pages.
import type { MessageKey } from '../i18n';

type T = (key: MessageKey, params?: Record<string, string | number>) => string;

/** 'Aucun fichier', '1 fichier', '3 fichiers'. */
export function fileCountLabel(t: T, count: number): string {
  if (count <= 0) return t('subjects.fileCountZero');
  if (count === 1) return t('subjects.fileCountOne');
  return t('subjects.fileCountMany', { count });
}

/** '1 page', '12 pages'. */
export function pageCountLabel(t: T, count: number): string {
  return count === 1 ? t('files.pagesOne') : t('files.pagesMany', { count });
}

/** File sizes in the reader's units: '1,4 Mo' or '1.4 MB'. */
export function formatFileSize(bytes: number, lang: 'fr' | 'en'): string {
  const units = lang === 'fr' ? ['o', 'Ko', 'Mo', 'Go'] : ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${new Intl.NumberFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}
