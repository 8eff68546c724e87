// Planning and progress benchmark (issue 13):
// - statistics of a Premium student with one year of history (365 days × 5 subjects of study
//   time, 5,000 card reviews, 500 quiz answers), through the laptop host's HTTP API, for 7 days,
//   30 days and all history, beside the public health route measured in the same run (target:
//   p95 ≤ 50 ms; the reads are queries on the student's partition, never scans: the month
//   roll-ups the activity path writes beside the history, with the studied pages, and the files'
//   index), with the CPU time a request costs (`BENCH_CPU_PROFILE=file` writes a CPU profile);
// - the exam-date plan of a 300-page subject, 60 days before the exam, with 1,000 cards
//   (functions/core/planner.ts), beside a JSON round trip of the same input (target ≤ 100 ms).
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { performance } from 'node:perf_hooks';
import { dayNumber, dayString } from '../../functions/core/calendar.js';
import { planStudy, type PlanInput } from '../../functions/core/planner.js';
import { config } from '../../functions/platform/config.js';
import { batchWrite } from '../../functions/platform/store/batch.js';
import type { FileRecord } from '../../functions/platform/store/files.js';
import { historyItem, markStudied, rollupItem } from '../../functions/platform/store/progress.js';
import { rollupsFor, studyHistory } from '../support/history.js';
import { api, newUser, startTestHost, type TestHost, type TestUser } from '../support/host.js';
import { updateProfileFields } from '../../functions/platform/store/profiles.js';

interface Timing {
  p50: number;
  p95: number;
  max: number;
  /**
   * CPU time of this process per run, every thread (the host, dynalite and its LevelDB, the
   * client): what a run costs, which the machine's other work does not change the way it
   * changes the wall-clock figures.
   */
  cpu: number;
}

async function time(n: number, work: () => Promise<unknown> | unknown): Promise<Timing> {
  const times: number[] = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await work();
    times.push(performance.now() - t);
  }
  const used = process.cpuUsage(cpu);
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { p50: at(0.5), p95: at(0.95), max: times[times.length - 1], cpu: (used.user + used.system) / 1000 / n };
}

const fmt = (t: Timing) => `p50 ${t.p50.toFixed(2)} ms  p95 ${t.p95.toFixed(2)} ms  max ${t.max.toFixed(1)} ms`;
const fmtCpu = (t: Timing) => `CPU ${t.cpu.toFixed(1)} ms a request`;

/** Writes items 25 at a time (DynamoDB's batch size), 8 batches in flight. */
const putAll = (items: Record<string, unknown>[]) => batchWrite(config().tableNames.progress, items.map((Item) => ({ PutRequest: { Item } })), 8);

/**
 * One year of a student's history over five subjects as the activity path leaves it: the day
 * records of study time, the history records, and the month roll-ups of each subject and of the
 * whole account (what statistics read).
 */
function yearOfHistory(userId: string, subjects: string[], today: string): Record<string, unknown>[] {
  const first = dayNumber(today) - 364;
  const study = subjects.map((s) => Array.from({ length: 365 }, (_, d) => ({ subject: s, date: dayString(first + d), ms: 600_000 + ((d * 7919 + s.length * 104_729) % 1_800_000) }))).flat();
  const history = studyHistory({ subjects, today, days: 365, reviews: 5_000, quizzes: 500 });
  return [
    ...study.map((d) => ({ user_id: userId, sk: `day#${d.date}#${d.subject}`, date: d.date, subject_id: d.subject, study_ms: d.ms })),
    ...history.map(({ id, record }) => historyItem(userId, id, record)),
    ...subjects.flatMap((s) => rollupsFor(history.filter((h) => h.record.subject_id === s), study.filter((d) => d.subject === s)).map((r) => rollupItem(userId, s, r))),
    ...rollupsFor(history, study).map((r) => rollupItem(userId, null, r)),
  ];
}

/** A ready course file's record, as extraction leaves it. */
function courseFileRecord(userId: string, subjectId: string, id: string, name: string, now: Date): FileRecord {
  const at = now.toISOString();
  return {
    user_id: userId,
    sk: `${subjectId}#${id}`,
    id,
    subject_id: subjectId,
    name: `${name}.pdf`,
    display_name: name,
    storage_path: `${userId}/${subjectId}/${now.getTime()}-${id}-${name}.pdf`,
    size: 2_000_000,
    content_type: 'application/pdf',
    status: 'ready',
    error_code: null,
    text_content: 'La cellule est l’unité de base de tout être vivant. '.repeat(1_000).slice(0, 50_000),
    language: 'fr',
    page_count: 50,
    successful_pages: 50,
    ocr_pages: 0,
    created_at: at,
    updated_at: at,
    processing_started_at: at,
  };
}

/**
 * With `BENCH_CPU_PROFILE=file.cpuprofile`, a CPU profile of the statistics requests alone (the
 * host, dynalite and the handlers share this thread), for Chrome's DevTools or speedscope.
 */
async function startProfile(): Promise<(() => Promise<void>) | null> {
  const file = process.env.BENCH_CPU_PROFILE;
  if (!file) return null;
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    await writeFile(file, JSON.stringify(profile));
    session.disconnect();
    console.log(`  CPU profile of the statistics requests: ${file}`);
  };
}

/**
 * A Premium student with one year of history over five subjects, four ready course files a
 * subject (50 pages, the first 50,000 characters of their text on the record, as extraction leaves
 * them) and the first pages of one of them studied.
 */
export async function seedStatistics(host: TestHost): Promise<{ user: TestUser; subjects: string[] }> {
  const user = await newUser(host);
  // Premium (statistics_access), as a running trial.
  await updateProfileFields(user.sub, { is_subscribed: true, subscription_status: 'trialing', trial_end: new Date(Date.now() + 30 * 86_400_000).toISOString() }, new Date());
  const subjects: string[] = [];
  for (const name of ['Biologie', 'Chimie', 'Histoire', 'Maths', 'Anglais']) {
    subjects.push((await api(host, '/api/subjects', { token: user.accessToken, method: 'POST', body: { name } })).body.id as string);
  }
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
  const items = yearOfHistory(user.sub, subjects, today);
  await putAll(items);
  // Four ready course files a subject, as extraction leaves them (50 pages, the first 50,000
  // characters of their text on the record), the first pages of one of them studied.
  const now = new Date();
  const files = subjects.flatMap((s) => Array.from({ length: 4 }, (_, k) => courseFileRecord(user.sub, s, `${s.slice(-4)}f${k}`, `Chapitre ${k + 1}`, now)));
  await batchWrite(config().tableNames.files, files.map((file) => ({ PutRequest: { Item: { ...file } } })), 4);
  for (const s of subjects) await markStudied(user.sub, s, `${s.slice(-4)}f0`, [1, 2, 3, 4, 5], now);
  console.log(`  ${items.length} progress records and ${files.length} course files written`);
  return { user, subjects };
}

async function benchStatistics(): Promise<void> {
  console.log('== Statistics of one year of history (365 days × 5 subjects, 5,000 reviews, 500 quiz answers)');
  const host: TestHost = await startTestHost();
  try {
    const { user, subjects } = await seedStatistics(host);
    const get = (path: string) => async () => {
      const r = await api(host, path, { token: user.accessToken });
      if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
    };
    for (let i = 0; i < 5; i++) await get(`/api/stats?range=all&timezone=Europe/Paris`)();
    const reference = await time(100, () => api(host, '/api/health'));
    console.log(`  ${'health (reference, public, no I/O)'.padEnd(44)} ${fmt(reference)}  ${fmtCpu(reference)}`);
    const rows: [string, string][] = [
      ['subject, 7 days', `/api/subjects/${subjects[0]}/stats?range=7d&timezone=Europe/Paris`],
      ['subject, 30 days', `/api/subjects/${subjects[0]}/stats?range=30d&timezone=Europe/Paris`],
      ['subject, all history', `/api/subjects/${subjects[0]}/stats?range=all&timezone=Europe/Paris`],
      ['account, 30 days', '/api/stats?range=30d&timezone=Europe/Paris'],
      ['account, all history', '/api/stats?range=all&timezone=Europe/Paris'],
    ];
    const profile = await startProfile();
    for (const [name, path] of rows) {
      // Warmed up like the account's view above: the route's code compiled, and the months that
      // are over packed by the first read (once a month in real use).
      for (let i = 0; i < 3; i++) await get(path)();
      const t = await time(40, get(path));
      console.log(`  ${name.padEnd(44)} ${fmt(t)}  ×${(t.p50 / reference.p50).toFixed(1)} reference p50  ${fmtCpu(t)}  (target p95 ≤ 50 ms: ${t.p95 <= 50 ? 'met' : 'NOT met'})`);
    }
    await profile?.();
  } finally {
    await host.stop();
  }
}

function benchPlanner(): Promise<void> {
  console.log('== The exam-date plan: 300 pages, 60 days before the exam, 1,000 cards');
  const today = '2026-03-02';
  const input: PlanInput = {
    today,
    examDate: dayString(dayNumber(today) + 60),
    studyDays: [1, 2, 3, 4, 5, 6],
    weeklyHours: 12,
    files: Array.from({ length: 6 }, (_, i) => ({ fileId: `f${i}`, name: `Chapitre ${i + 1}`, pageCount: 50, studiedPages: i === 0 ? Array.from({ length: 20 }, (_, p) => p + 1) : [] })),
    cards: Array.from({ length: 1_000 }, (_, i) => ({
      id: `c${i}`,
      srs: {
        due: `${dayString(dayNumber(today) + (i % 90) - 10)}T08:00:00Z`,
        stability: 1 + (i % 40),
        last_review: i % 10 ? `${dayString(dayNumber(today) - 5 - (i % 20))}T08:00:00Z` : null,
        state: i % 10 ? 'review' : 'new',
      },
    })),
    missedTopics: Array.from({ length: 30 }, (_, i) => ({ fileId: `f${i % 6}`, topic: `Notion ${i}`, page: 1 + i, misses: 1 + (i % 5) })),
  };
  return (async () => {
    for (let i = 0; i < 10; i++) planStudy(input);
    const reference = await time(100, () => JSON.parse(JSON.stringify(input)));
    const plan = await time(100, () => planStudy(input));
    const days = planStudy(input).days.length;
    console.log(`  ${'JSON round trip of the input (reference)'.padEnd(44)} ${fmt(reference)}`);
    console.log(`  ${`planStudy (${days} days planned)`.padEnd(44)} ${fmt(plan)}  ×${(plan.p50 / reference.p50).toFixed(1)} reference p50  (target ≤ 100 ms: ${plan.p95 <= 100 ? 'met' : 'NOT met'})`);
  })();
}

export async function benchPlanning(): Promise<void> {
  await benchPlanner();
  console.log('');
  await benchStatistics();
}
