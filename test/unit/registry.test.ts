// The registry of server functions: what each host builds from it must be what the code exports.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { functions, functionsOf } from '../../functions/registry.js';
import { tables } from '../../functions/platform/tables.js';
import { secrets } from '../../functions/platform/secret-names.js';
import { cronPattern } from '../../lib/local/triggers.js';
import { Cron } from 'croner';

const repoRoot = path.resolve(import.meta.dirname, '../..');

describe('function registry', () => {
  it('names each function once, with tables and secrets that exist', () => {
    const ids = functions.map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const f of functions) {
      for (const t of Object.keys(f.tables)) expect(Object.keys(tables), `${f.id} uses table ${t}`).toContain(t);
      for (const s of f.secrets ?? []) expect(Object.keys(secrets)).toContain(s);
      expect(f.timeoutSeconds).toBeGreaterThan(0);
      expect(f.memoryMb).toBeGreaterThanOrEqual(128);
    }
  });

  it('loads, for each entry, the very export CDK bundles from its entry file', { timeout: 60_000 }, async () => {
    for (const f of functions) {
      const mod = (await import(pathToFileURL(path.join(repoRoot, f.entry)).href)) as Record<string, unknown>;
      expect(typeof mod[f.handler], `${f.entry} exports ${f.handler}`).toBe('function');
      expect(await f.load(), f.id).toBe(mod[f.handler]);
    }
  });

  it('has exactly one HTTP function (it serves the route table) and both Cognito triggers', () => {
    expect(functionsOf('http')).toHaveLength(1);
    expect(functionsOf('cognito').map((f) => f.trigger.trigger).sort()).toEqual(['customMessage', 'postConfirmation']);
  });

  it('runs the monthly usage job at midnight in France on the 1st, in both hosts', () => {
    const [job] = functionsOf('schedule');
    expect(job.trigger.timeZone).toBe('Europe/Paris');
    const pattern = cronPattern(job.trigger.cron);
    // croner, as the laptop host runs it: from 15 November 2026 the next run is 1 December, 00:00 in Paris (23:00 UTC).
    const next = new Cron(pattern, { timezone: job.trigger.timeZone }).nextRun(new Date('2026-11-15T12:00:00Z'));
    expect(next?.toISOString()).toBe('2026-11-30T23:00:00.000Z');
    // In summer time, midnight in Paris is 22:00 UTC.
    const summer = new Cron(pattern, { timezone: job.trigger.timeZone }).nextRun(new Date('2026-06-15T12:00:00Z'));
    expect(summer?.toISOString()).toBe('2026-06-30T22:00:00.000Z');
  });

  it('sweeps podcast drafts every day at 03:30 in France, and catches up when the laptop starts', () => {
    const sweep = functionsOf('schedule').find((f) => f.id === 'PodcastDraftSweep')!;
    expect(sweep.trigger.catchUp).toBe(true);
    const cron = new Cron(cronPattern(sweep.trigger.cron), { timezone: sweep.trigger.timeZone });
    // 03:30 in Paris is 02:30 UTC in winter, 01:30 UTC in summer; every day.
    expect(cron.nextRuns(2, new Date('2026-11-15T12:00:00Z')).map((d) => d.toISOString())).toEqual(['2026-11-16T02:30:00.000Z', '2026-11-17T02:30:00.000Z']);
    expect(cron.nextRun(new Date('2026-06-15T12:00:00Z'))?.toISOString()).toBe('2026-06-16T01:30:00.000Z');
  });

  it('looks for podcasts whose run died every 5 minutes, in both hosts, and catches up when the laptop starts', () => {
    const recovery = functionsOf('schedule').find((f) => f.id === 'PodcastRecovery')!;
    expect(recovery.trigger.catchUp).toBe(true);
    // EventBridge's `0/5` is croner's `0-59/5`.
    expect(recovery.trigger.cron.minute).toBe('0/5');
    expect(cronPattern(recovery.trigger.cron)).toBe('0-59/5 * * * *');
    const cron = new Cron(cronPattern(recovery.trigger.cron), { timezone: recovery.trigger.timeZone });
    expect(cron.nextRuns(3, new Date('2026-11-15T12:03:20Z')).map((d) => d.toISOString())).toEqual(['2026-11-15T12:05:00.000Z', '2026-11-15T12:10:00.000Z', '2026-11-15T12:15:00.000Z']);
    expect(cronPattern({ minute: '30', hour: '3/6', day: '1', month: '*' })).toBe('30 3-23/6 1 * *');
  });
});
