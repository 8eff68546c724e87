// The profile's "Télécharger mes données" card without a browser (web/src/components/profile/
// data-export-state.ts): the newest export decides what is shown, a running one is read again and
// cannot be started twice, and sizes read in each language.
import { describe, expect, it } from 'vitest';
import type { ExportView } from '../../../functions/core/data-export.js';
import { canStartExport, exportCardState, shouldPoll, sizeLabel } from '../../../web/src/components/profile/data-export-state.js';

const view = (over: Partial<ExportView>): ExportView => ({ id: 'e1', status: 'ready', percent: 100, created_at: '2026-03-04T10:00:00Z', finished_at: null, size: 2048, download_until: '2026-03-05T10:00:00Z', ...over });

describe('the data export card', () => {
  it('offers a first export when there is none', () => {
    const state = exportCardState([]);
    expect(state).toEqual({ kind: 'none' });
    expect(canStartExport(state)).toBe(true);
    expect(shouldPoll(state)).toBe(false);
  });

  it('follows a running export and offers no second one meanwhile', () => {
    const state = exportCardState([view({ id: 'e2', status: 'running', percent: 40, size: null, download_until: null }), view({})]);
    expect(state).toEqual({ kind: 'running', percent: 40 });
    expect(shouldPoll(state)).toBe(true);
    expect(canStartExport(state)).toBe(false);
    expect(exportCardState([view({ status: 'queued', percent: 0 })]).kind).toBe('running');
  });

  it('offers the newest ready export until its day is over, then a new one', () => {
    expect(exportCardState([view({})])).toEqual({ kind: 'ready', id: 'e1', until: '2026-03-05T10:00:00Z', size: 2048 });
    expect(exportCardState([view({ status: 'expired' })])).toEqual({ kind: 'expired' });
    expect(exportCardState([view({ status: 'failed' })])).toEqual({ kind: 'failed' });
    expect(canStartExport({ kind: 'failed' })).toBe(true);
  });

  it('writes sizes in the student\'s language', () => {
    expect(sizeLabel(512, 'fr')).toBe('512 o');
    expect(sizeLabel(1536 * 1024, 'fr')).toBe('1,5 Mo');
    expect(sizeLabel(1536 * 1024, 'en')).toBe('1.5 MB');
    expect(sizeLabel(300 * 1024 * 1024, 'en')).toBe('300 MB');
  });
});
