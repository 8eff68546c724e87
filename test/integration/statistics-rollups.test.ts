// The month roll-ups statistics read give the same figures as the history record by record, also
// when answers and reviews arrive at once, and a retried record counts once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayNumber, dayString } from '../../functions/core/calendar.js';
import { computeStatistics, studyDaysOfRollups, type StatQuizRecord, type StatReviewRecord } from '../../functions/core/statistics.js';
import { localDate } from '../../functions/core/streak.js';
import { recordActivity } from '../../functions/platform/activity.js';
import { readHistory, readRollups, studyDays, type HistoryRecord } from '../../functions/platform/store/progress.js';
import { api, newUser, startTestHost, type TestHost, type TestUser } from '../support/host.js';

let host: TestHost;
let student: TestUser;
let subjectId: string;

beforeAll(async () => {
  host = await startTestHost();
  student = await newUser(host);
  subjectId = (await api(host, '/api/subjects', { token: student.accessToken, method: 'POST', body: { name: 'Chimie' } })).body.id;
});

afterAll(async () => {
  await host?.stop();
});

/** Forty days of answers and reviews, several on the same day, some missed on the same pages. */
function activity(today: string): { id: string; record: HistoryRecord }[] {
  const out: { id: string; record: HistoryRecord }[] = [];
  const ratings = ['again', 'hard', 'good', 'easy'] as const;
  for (let i = 0; i < 60; i++) {
    const at = new Date(Date.parse(`${dayString(dayNumber(today) - (i % 40))}T10:00:00Z`) + i * 60_000).toISOString();
    if (i % 3 === 0) {
      out.push({ id: `r${i}`, record: { kind: 'review', at, subject_id: subjectId, card_id: `c${i}`, rating: ratings[i % 4], predicted: i % 2 ? 0.5 + (i % 5) / 10 : null } });
      continue;
    }
    out.push({
      id: `q${i}`,
      record: {
        kind: 'quiz',
        at,
        subject_id: subjectId,
        file_id: `f${i % 2}`,
        type: i % 4 ? 'mcq' : 'open',
        difficulty: i % 5 ? 'easy' : 'hard',
        correct: i % 7 === 0 ? null : i % 2 === 0,
        score: i % 4 ? null : (i * 13) % 101,
        topic: `Notion ${i % 6}`,
        pages: [{ file_id: `f${i % 2}`, file_name: `Chapitre ${i % 2}`, page: 1 + (i % 4) }],
      },
    });
  }
  return out;
}

describe('month roll-ups', () => {
  it('give the figures of the history for 7 days, 30 days and all of it, under racing writes and retries', async () => {
    const today = localDate(new Date());
    const records = activity(today);
    // All at once, and a third of them twice (a retried write).
    await Promise.all([...records, ...records.filter((_, i) => i % 3 === 1)].map(({ id, record }) => recordActivity(student.sub, id, record)));

    const [history, rollups] = await Promise.all([readHistory(student.sub, subjectId, null), readRollups(student.sub, subjectId, null)]);
    expect(history).toHaveLength(records.length);
    expect(rollups.length).toBeGreaterThanOrEqual(2);
    expect(rollups.length).toBeLessThanOrEqual(3);
    const dated = history.map((h) => ({ ...h, date: localDate(new Date(h.at)) })) as (StatQuizRecord | StatReviewRecord)[];
    const days = studyDaysOfRollups(rollups);
    for (const range of ['7d', '30d', 'all'] as const) {
      const fromRollups = computeStatistics({ range, today, days, rollups, files: [] });
      const fromHistory = computeStatistics({ range, today, days, history: dated, files: [] });
      expect(fromRollups).toEqual(fromHistory);
    }
    const all = computeStatistics({ range: 'all', today, days, rollups, files: [] });
    expect(all.quiz.answered).toBe(records.filter((r) => r.record.kind === 'quiz').length);
    expect(all.reviews.total).toBe(records.filter((r) => r.record.kind === 'review').length);
    expect(all.missed[0].misses).toBeGreaterThan(1);
  });

  it('hold the study time of the day records', async () => {
    const rollups = await readRollups(student.sub, subjectId, null);
    const fromDays = (await studyDays(student.sub, '0000-00-00', '9999-12-31')).filter((d) => d.subject_id === subjectId);
    const fromRollups = studyDaysOfRollups(rollups);
    expect(fromDays.length).toBeGreaterThan(0);
    expect(new Map(fromRollups.map((d) => [d.date, d.study_seconds]))).toEqual(new Map(fromDays.map((d) => [d.date, d.study_seconds])));
  });
});
