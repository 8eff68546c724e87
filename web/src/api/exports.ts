// "Télécharger mes données" as the web app calls it (functions/api/exports.ts): start an export of
// the whole account, read its progress, and ask for its signed download link (owner only, for the
// day the export stays downloadable).
import type { ExportView } from '@core/data-export.js';
import { call } from './client';

export type { ExportView };

export const exportsApi = {
  start: () => call('POST /api/exports', {}, {}),
  list: async () => (await call('GET /api/exports', {})).exports,
  get: (exportId: string) => call('GET /api/exports/{exportId}', { exportId }),
  link: (exportId: string) => call('GET /api/exports/{exportId}/download', { exportId }),
};
