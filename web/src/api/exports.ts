// "Télécharger mes données" as the web app calls it (functions/api/exports.ts): start an export of
// the whole account, read its progress, and ask for its signed download link (owner only, for the
// day the export stays downloadable).
import type { ExportView } from '../../../functions/core/data-export';
import { api } from './client';

export type { ExportView };

const enc = encodeURIComponent;

export const exportsApi = {
  start: () => api.post<ExportView>('/exports', {}),
  list: async () => (await api.get<{ exports: ExportView[] }>('/exports')).exports,
  get: (id: string) => api.get<ExportView>(`/exports/${enc(id)}`),
  link: (id: string) => api.get<{ url: string; download_until: string | null }>(`/exports/${enc(id)}/download`),
};
