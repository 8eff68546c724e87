// Monthly usage counters against the laptop host's DynamoDB: one unit per request under the
// plan's limit even when requests race, units given back when the work fails, unlimited plans
// still counted, and GET /api/usage as the web app reads it.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../functions/core/errors.js';
import { db } from '../../functions/platform/clients.js';
import { config } from '../../functions/platform/config.js';
import { updateProfileFields } from '../../functions/platform/store/profiles.js';
import { consume, monthKey, readUsage, refund, withUsage } from '../../functions/platform/usage.js';
import { api, newUser, startTestHost, type TestHost } from '../support/host.js';

let host: TestHost;

beforeAll(async () => {
  host = await startTestHost();
});

afterEach(() => {
  vi.restoreAllMocks();
});

afterAll(async () => {
  await host?.stop();
});

const someone = () => `usage-test-${Math.random().toString(36).slice(2)}`;

describe('usage counters', () => {
  it('50 racing requests against a limit of 10 take exactly 10 units', async () => {
    const userId = someone();
    const now = new Date();
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => consume(userId, 'question_generation', 10, now)));
    const taken = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(taken).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(AppError);
      expect(r.reason).toMatchObject({ code: 'usage_limit_reached', status: 429, params: { used: 10, limit: 10 } });
    }
    // Every success saw a different count, 1 to 10.
    const used = taken.map((r) => (r as PromiseFulfilledResult<Awaited<ReturnType<typeof consume>>>).value.figure.used).sort((a, b) => a - b);
    expect(used).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(await readUsage(userId, 'question_generation', monthKey(now))).toBe(10);
  });

  it('are stored per feature and Paris calendar month, in the shape of feature_usage (feature, YYYY-MM, usage_count)', async () => {
    const userId = someone();
    const now = new Date('2025-03-31T22:30:00Z'); // 1 April 00:30 in Paris
    await consume(userId, 'summary_generation', 5, now);
    const out = await db().send(new GetCommand({ TableName: config().tableNames.usage, Key: { user_id: userId, sk: 'summary_generation#2025-04' } }));
    expect(out.Item).toMatchObject({ usage_count: 1, feature_name: 'summary_generation', month_year: '2025-04' });
    // A new month starts from zero.
    expect(await readUsage(userId, 'summary_generation', '2025-03')).toBe(0);
  });

  it('a refund gives the unit back, never below zero, and to the month it was taken in', async () => {
    const userId = someone();
    const ticket = await consume(userId, 'quiz_generation', 15, new Date('2025-05-31T21:59:00Z'));
    expect(ticket.month).toBe('2025-05');
    await refund(ticket);
    await refund(ticket);
    expect(await readUsage(userId, 'quiz_generation', '2025-05')).toBe(0);
  });

  it('unlimited plans are counted without a limit', async () => {
    const userId = someone();
    const now = new Date();
    for (let i = 0; i < 12; i++) await consume(userId, 'question_generation', null, now);
    expect(await readUsage(userId, 'question_generation', monthKey(now))).toBe(12);
  });

  it('work that fails costs nothing; work that succeeds costs one unit', async () => {
    const u = await newUser(host);
    const month = monthKey(new Date());
    await expect(
      withUsage(u.sub, 'flashcard_generation', async () => {
        throw new Error('generator down');
      }),
    ).rejects.toThrow('generator down');
    expect(await readUsage(u.sub, 'flashcard_generation', month)).toBe(0);
    const { value, usage } = await withUsage(u.sub, 'flashcard_generation', async () => 'deck');
    expect(value).toBe('deck');
    expect(usage).toEqual({ feature: 'flashcard_generation', used: 1, limit: 5, remaining: 4 });
  });
});

describe('GET /api/usage', () => {
  it('shows a free account its counters, limits and the premium-only features it lacks', async () => {
    const u = await newUser(host);
    for (let i = 0; i < 3; i++) await consume(u.sub, 'question_generation', 10, new Date());
    const r = await api(host, '/api/usage', { token: u.accessToken });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      month: monthKey(new Date()),
      subscribed: false,
      features: {
        question_generation: { used: 3, limit: 10, remaining: 7 },
        flashcard_generation: { used: 0, limit: 5, remaining: 5 },
        summary_generation: { used: 0, limit: 5, remaining: 5 },
        quiz_generation: { used: 0, limit: 15, remaining: 15 },
        podcast_generation: { used: 0, limit: 3, remaining: 3 },
      },
      premium: { summary_save: false, podcast_save: false, statistics_access: false, exam_mode: false, practical_cases: false, study_reminders: false },
    });
  });

  it('shows a Premium account unlimited features, still counted', async () => {
    const u = await newUser(host);
    await updateProfileFields(u.sub, { is_subscribed: true, subscription_status: 'trialing', trial_end: new Date(Date.now() + 30 * 86_400_000).toISOString() }, new Date());
    await consume(u.sub, 'podcast_generation', null, new Date());
    const r = await api(host, '/api/usage', { token: u.accessToken });
    expect(r.body.subscribed).toBe(true);
    expect(r.body.features.podcast_generation).toEqual({ used: 1, limit: null, remaining: null });
    expect(r.body.premium).toEqual({ summary_save: true, podcast_save: true, statistics_access: true, exam_mode: true, practical_cases: true, study_reminders: true });
  });

  it('when the plan cannot be read, counts as free but lets premium-only features through', async () => {
    const u = await newUser(host);
    const client = db();
    const original = client.send.bind(client);
    vi.spyOn(client, 'send').mockImplementation(((command: { constructor: { name: string }; input: { TableName?: string } }, ...rest: unknown[]) => {
      if (command.constructor.name === 'GetCommand' && command.input.TableName === config().tableNames.profiles) {
        return Promise.reject(new Error('ProvisionedThroughputExceeded'));
      }
      return (original as (...a: unknown[]) => Promise<unknown>)(command, ...rest);
    }) as never);
    const r = await api(host, '/api/usage', { token: u.accessToken });
    expect(r.status).toBe(200);
    expect(r.body.subscribed).toBe(false);
    expect(r.body.features.question_generation.limit).toBe(10);
    expect(r.body.premium).toEqual({ summary_save: true, podcast_save: true, statistics_access: true, exam_mode: true, practical_cases: true, study_reminders: true });
  });

  it('needs a signed-in student', async () => {
    expect((await api(host, '/api/usage')).status).toBe(401);
  });
});
