// The data export's pure rules (functions/core/data-export.ts): the README names every file in the
// student's language, names in the zip are safe and unique, stored items read as JSON, the day an
// export counts against, and what the page is shown of an export at a given moment.
import { describe, expect, it } from 'vitest';
import { EXPORT_JSON_FILES, exportDay, exportReadme, exportView, readableItem, safeZipName, uniquePaths, unitsOfBytes } from '../../../functions/core/data-export.js';

describe('the archive README', () => {
  it('describes every JSON file and the two folders, in French with "tu" or in English', () => {
    const at = new Date('2026-03-04T10:00:00Z');
    const fr = exportReadme('fr', at);
    const en = exportReadme('en', at);
    for (const name of [...EXPORT_JSON_FILES, 'files/', 'podcasts/']) {
      expect(fr).toContain(`\n- ${name}: `);
      expect(en).toContain(`\n- ${name}: `);
    }
    expect(fr.split('\n')[0]).toBe('Révise — tes données (export du 2026-03-04)');
    expect(fr).toContain('ton abonnement');
    expect(fr).not.toMatch(/\bvous\b|\bvotre\b|\bvos\b/);
    expect(en.split('\n')[0]).toBe('Révise — your data (exported on 2026-03-04)');
    expect(en).toContain('never receives a card number');
  });
});

describe('names in the zip', () => {
  it('keeps letters of every language, digits, spaces, dots and hyphens; replaces path characters', () => {
    expect(safeZipName('Cours de biologie', 'x')).toBe('Cours de biologie');
    expect(safeZipName('Économie : chap. 2/3', 'x')).toBe('Économie _ chap. 2_3');
    expect(safeZipName('../../etc/passwd', 'x')).toBe('_.._etc_passwd');
    expect(safeZipName('...', 'fallback')).toBe('fallback');
    expect(safeZipName('a'.repeat(300), 'x')).toHaveLength(100);
  });

  it('gives each path once, whatever the case', () => {
    const unique = uniquePaths();
    expect(unique('files/BIO/Cours.pdf')).toBe('files/BIO/Cours.pdf');
    expect(unique('files/BIO/cours.pdf')).toBe('files/BIO/cours (2).pdf');
    expect(unique('files/BIO/Cours.pdf')).toBe('files/BIO/Cours (3).pdf');
    expect(unique('podcasts/p1/episode.mp3')).toBe('podcasts/p1/episode.mp3');
  });
});

describe('stored items as the student reads them', () => {
  it('parses the JSON attributes under their name, lists sets, leaves the storage keys out', () => {
    expect(readableItem({ user_id: 'u', owner: 'u#s', sk: 's#1', turns_json: '[{"question":"Q"}]', pages: new Set([3, 1]), broken_json: '{' })).toEqual({
      sk: 's#1',
      turns: [{ question: 'Q' }],
      pages: [1, 3],
      broken_json: '{',
    });
  });
});

describe('the day and the progress', () => {
  it('counts an export against the day in France', () => {
    expect(exportDay(new Date('2026-03-04T22:30:00Z'))).toBe('2026-03-04');
    expect(exportDay(new Date('2026-03-04T23:30:00Z'))).toBe('2026-03-05');
    expect(exportDay(new Date('2026-07-04T22:30:00Z'))).toBe('2026-07-05');
  });

  it('weighs a stored file by its MiB', () => {
    expect(unitsOfBytes(0)).toBe(1);
    expect(unitsOfBytes(1024 * 1024)).toBe(1);
    expect(unitsOfBytes(100 * 1024 * 1024 + 1)).toBe(101);
  });
});

describe('what the page is shown of an export', () => {
  const now = new Date('2026-03-04T10:00:00Z');
  const s = now.getTime() / 1000;
  const base = { id: 'e1', created_at: '2026-03-04T09:59:00Z' };

  it('shows a running export by its share of the work, never 100 % before it is ready', () => {
    expect(exportView({ ...base, status: 'running', progress: { done: 5, total: 20 }, run_until: s + 60 }, now)).toMatchObject({ status: 'running', percent: 25, size: null, download_until: null });
    expect(exportView({ ...base, status: 'running', progress: { done: 20, total: 20 }, run_until: s + 60 }, now).percent).toBe(99);
    expect(exportView({ ...base, status: 'queued', run_until: s + 60 }, now)).toMatchObject({ status: 'queued', percent: 0 });
  });

  it('reads a run past its lease as failed, and a download past its day as expired', () => {
    expect(exportView({ ...base, status: 'running', progress: { done: 5, total: 20 }, run_until: s - 1 }, now).status).toBe('failed');
    const ready = { ...base, status: 'ready' as const, size: 1234, download_until: s + 3600 };
    expect(exportView(ready, now)).toMatchObject({ status: 'ready', percent: 100, size: 1234, download_until: '2026-03-04T11:00:00.000Z' });
    expect(exportView({ ...ready, download_until: s }, now)).toMatchObject({ status: 'expired', size: null, download_until: null });
  });
});
