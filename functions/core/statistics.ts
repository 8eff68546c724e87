// Statistics of a subject (or the whole account) over a range: study time per day, quiz scores
// over time and by difficulty, the open answers' average, card reviews per day with FSRS's
// predicted recall beside the recall the student actually showed, the pages and topics most often
// missed, and the files not yet studied. Pure: computed from the day records and the month
// roll-ups of the history the stores read (functions/platform/store/progress.ts).
//
// Words that mean the same here as on every other page: a question is *answered* when the student
// gave an answer (a choice, a text); one passed ("I don't know") or left blank in an exam is
// *skipped*, counted apart and never among the answers (the score is the share of answers right).
// A file is *studied* when every page is (core/studied.ts, as the plan reads it): a file quizzed
// but with pages still to read is not.
import { dayNumber, dayString } from './calendar.js';
import { PASSING_SCORE } from './limits.js';
import { unreadPageCount, unreadRuns } from './studied.js';

export const statRanges = ['7d', '30d', 'all'] as const;
export type StatRange = (typeof statRanges)[number];

export interface StatQuizRecord {
  kind: 'quiz';
  at: string;
  date: string;
  file_id: string;
  difficulty: 'easy' | 'hard';
  type: 'mcq' | 'open';
  correct: boolean | null;
  score: number | null;
  topic: string;
  pages: { file_id: string; file_name: string; page: number }[];
}

export interface StatReviewRecord {
  kind: 'review';
  date: string;
  rating: 'again' | 'hard' | 'good' | 'easy';
  predicted: number | null;
}

export interface StatFile {
  file_id: string;
  name: string;
  /** The pages studied (1-based), as the plan reads them. */
  studied_pages: readonly number[];
  page_count: number;
}

export interface Statistics {
  range: StatRange;
  from: string;
  to: string;
  study: { date: string; minutes: number }[];
  total_minutes: number;
  quiz: {
    /** Questions answered: skipped and blank ones are not. */
    answered: number;
    correct: number;
    /** Questions passed ("I don't know") or left blank in an exam. */
    skipped: number;
    percent: number | null;
    by_day: { date: string; answered: number; correct: number; percent: number }[];
    by_difficulty: Record<'easy' | 'hard', { answered: number; correct: number; percent: number | null }>;
    open_average: number | null;
  };
  reviews: {
    total: number;
    by_day: { date: string; count: number }[];
    /** Mean recall FSRS predicted at the reviews, and the share of those reviews the student recalled. */
    retention: { predicted: number | null; actual: number | null; reviews: number };
  };
  /** Pages most often missed (wrong or "I don't know"), most first: each opens the viewer there. */
  missed: { file_id: string; file_name: string; page: number; misses: number; topics: string[] }[];
  /** Files with pages not yet studied (what the plan still has to read), with how many and the first. */
  unstudied_files: { file_id: string; name: string; page_count: number; unread_pages: number; first_unread_page: number }[];
}

const isMissed = (q: Pick<StatQuizRecord, 'correct' | 'score'>) => !(q.correct === true || (q.score !== null && q.score >= PASSING_SCORE));

// Roll-ups: one item per student, subject and month (`roll#{subject_id}#{YYYY-MM}`) whose
// attributes are counters of each day of the month, added to atomically as each answer or review
// happens (functions/platform/activity.ts), so that statistics read ≤ 12 items a year per subject
// instead of every history record. Attribute names: `{DD}|qa` questions (answered or skipped),
// `{DD}|qc` right, `{DD}|qs` skipped, `{DD}|{easy|hard}|a`, `|c` and `|s` by difficulty (`|s`
// since issue 23: earlier skips are within `|a` alone), `{DD}|on` open answers scored and
// `{DD}|os` their score sum, `{DD}|ms` study milliseconds, `{DD}|rn` reviews, `{DD}|pn` reviews with a predicted recall, `{DD}|ps`
// its sum, `{DD}|pk` of those recalled, `{DD}|m|{file}|{page}` misses of a page, `{DD}|t|{file}|{page}`
// the topics missed there (a string set), `{DD}|f` the files quizzed (a string set: it dates a
// file's first record; "studied" is the pages marked, not a quiz), `n|{file}` the
// file's name.

/** A month's roll-up as stored: counters, string sets and file names by attribute. */
export interface MonthRollup {
  month: string;
  attrs: Record<string, number | string[] | string>;
}

/** What one history record adds to its month's roll-up. */
export interface RollupDelta {
  month: string;
  /** Counters to ADD. */
  numbers: Record<string, number>;
  /** Members to ADD to string sets. */
  sets: Record<string, string[]>;
  /** Values to SET (file names). */
  names: Record<string, string>;
}

const emptyDelta = (date: string): RollupDelta => ({ month: date.slice(0, 7), numbers: {}, sets: {}, names: {} });
const addNumber = (d: RollupDelta, key: string, n: number) => (d.numbers[key] = (d.numbers[key] ?? 0) + n);
const addMember = (d: RollupDelta, key: string, member: string) => {
  if (!member) return; // a stored string set holds no empty string
  const set = (d.sets[key] ??= []);
  if (!set.includes(member)) set.push(member);
};

function missDelta(date: string, q: Pick<StatQuizRecord, 'correct' | 'score' | 'topic' | 'pages'>, into: RollupDelta = emptyDelta(date)): RollupDelta {
  if (!isMissed(q)) return into;
  const dd = date.slice(8, 10);
  for (const p of q.pages) {
    addNumber(into, `${dd}|m|${p.file_id}|${p.page}`, 1);
    addMember(into, `${dd}|t|${p.file_id}|${p.page}`, q.topic);
    into.names[`n|${p.file_id}`] = p.file_name;
  }
  return into;
}

/** The counters one answer or review adds to the roll-up of its day's month. */
export function rollupDelta(record: StatQuizRecord | StatReviewRecord): RollupDelta {
  const delta = emptyDelta(record.date);
  const dd = record.date.slice(8, 10);
  if (record.kind === 'review') {
    addNumber(delta, `${dd}|rn`, 1);
    if (record.predicted !== null) {
      addNumber(delta, `${dd}|pn`, 1);
      addNumber(delta, `${dd}|ps`, record.predicted);
      if (record.rating !== 'again') addNumber(delta, `${dd}|pk`, 1);
    }
    return delta;
  }
  addNumber(delta, `${dd}|qa`, 1);
  if (record.correct === true) addNumber(delta, `${dd}|qc`, 1);
  if (record.correct === null) addNumber(delta, `${dd}|qs`, 1);
  addNumber(delta, `${dd}|${record.difficulty}|a`, 1);
  if (record.correct === true) addNumber(delta, `${dd}|${record.difficulty}|c`, 1);
  if (record.correct === null) addNumber(delta, `${dd}|${record.difficulty}|s`, 1);
  if (record.type === 'open' && record.score !== null) {
    addNumber(delta, `${dd}|on`, 1);
    addNumber(delta, `${dd}|os`, record.score);
  }
  addMember(delta, `${dd}|f`, record.file_id);
  return missDelta(record.date, record, delta);
}

/** Study time credited to a day: `{DD}|ms` of its month's roll-up. */
export const studyDelta = (date: string, ms: number): RollupDelta => ({ month: date.slice(0, 7), numbers: { [`${date.slice(8, 10)}|ms`]: ms }, sets: {}, names: {} });

/** Applies a delta to roll-ups held in memory, as the store's atomic update does to the item. */
export function addToRollups(rollups: Map<string, MonthRollup>, delta: RollupDelta): void {
  const rollup = rollups.get(delta.month) ?? { month: delta.month, attrs: {} };
  for (const [k, n] of Object.entries(delta.numbers)) rollup.attrs[k] = ((rollup.attrs[k] as number | undefined) ?? 0) + n;
  for (const [k, members] of Object.entries(delta.sets)) rollup.attrs[k] = [...new Set([...((rollup.attrs[k] as string[] | undefined) ?? []), ...members])];
  Object.assign(rollup.attrs, delta.names);
  rollups.set(delta.month, rollup);
}

/**
 * Whether a month is over in every time zone (from the 2nd of the next month, UTC): its roll-up
 * then hardly changes, and is kept packed (one string) rather than as hundreds of attributes.
 */
export function monthOver(month: string, now: Date): boolean {
  const [year, m] = month.split('-').map(Number);
  return now.getTime() >= Date.UTC(year, m, 2);
}

/** History records folded into month roll-ups (what the store holds after recording them). */
export function rollupsOf(history: (StatQuizRecord | StatReviewRecord)[]): MonthRollup[] {
  const rollups = new Map<string, MonthRollup>();
  for (const h of history) addToRollups(rollups, rollupDelta(h));
  return [...rollups.values()];
}

// Reading roll-ups. A month as read is decoded once into arrays (MonthCounters): each day's fixed
// counters in DAY_COUNTERS' order, the files it quizzed, its misses by page. A month that is over
// is stored packed in the same shape (packMonth, `{"v":2,…}`: arrays of numbers rather than an
// object of hundreds of keys), so reading it is one JSON.parse of arrays and the figures are sums
// over arrays, with no attribute name split. A live month's attributes are decoded into it.

/**
 * A day's counters, in the order of a decoded (and packed) month's arrays: the most frequent first
 * (study time, reviews), as a packed day leaves out its trailing zeros.
 */
const DAY_COUNTERS = ['ms', 'rn', 'pn', 'ps', 'pk', 'qa', 'qc', 'qs', 'ea', 'ec', 'ha', 'hc', 'on', 'os', 'es', 'hs'] as const;
type DayCounter = (typeof DAY_COUNTERS)[number];
const COUNTER: Record<DayCounter, number> = Object.fromEntries(DAY_COUNTERS.map((c, i) => [c, i])) as Record<DayCounter, number>;
/** The attribute suffix (`{DD}|{suffix}`) of each counter. */
const SUFFIX_COUNTER = new Map<string, number>([
  ...DAY_COUNTERS.filter((c) => !/^[eh][acs]$/.test(c)).map((c) => [c, COUNTER[c]] as [string, number]),
  ['easy|a', COUNTER.ea],
  ['easy|c', COUNTER.ec],
  ['easy|s', COUNTER.es],
  ['hard|a', COUNTER.ha],
  ['hard|c', COUNTER.hc],
  ['hard|s', COUNTER.hs],
]);

/** A month's roll-up decoded for reading. Days are 1–31 (index 0 unused). */
export interface MonthCounters {
  month: string;
  /** Each day's counters (DAY_COUNTERS' order), for the days with any. */
  days: (number[] | undefined)[];
  /** Each day's files quizzed. */
  files: (string[] | undefined)[];
  /** Misses of a page on a day, with the topics missed there. */
  misses: { day: number; file: string; page: number; misses: number; topics: string[] }[];
  /** File names by file id. */
  names: Record<string, string>;
}

export const emptyMonth = (month: string): MonthCounters => ({ month, days: [], files: [], misses: [], names: {} });

const dayCounters = (m: MonthCounters, day: number): number[] => (m.days[day] ??= new Array<number>(DAY_COUNTERS.length).fill(0));

function missAt(m: MonthCounters, index: Map<string, MonthCounters['misses'][number]>, day: number, file: string, page: number) {
  const key = `${day}|${file}|${page}`;
  let entry = index.get(key);
  if (!entry) {
    entry = { day, file, page, misses: 0, topics: [] };
    index.set(key, entry);
    m.misses.push(entry);
  }
  return entry;
}

const union = (into: string[], members: Iterable<unknown>) => {
  for (const x of members) if (!into.includes(String(x))) into.push(String(x));
};

/**
 * Adds a roll-up's attributes (as the atomic updates leave them: counters, string sets as arrays
 * or Sets, names) to a decoded month, as the store's updates would add them to the item.
 */
export function addAttrs(m: MonthCounters, attrs: Record<string, unknown>): MonthCounters {
  const index = new Map(m.misses.map((e) => [`${e.day}|${e.file}|${e.page}`, e]));
  for (const key in attrs) {
    const value = attrs[key];
    if (key.startsWith('n|')) {
      m.names[key.slice(2)] = String(value);
      continue;
    }
    const day = Number(key.slice(0, 2));
    if (!(day >= 1 && day <= 31) || key[2] !== '|') continue;
    const rest = key.slice(3);
    const counter = SUFFIX_COUNTER.get(rest);
    if (counter !== undefined) dayCounters(m, day)[counter] += Number(value);
    else if (rest === 'f') union((m.files[day] ??= []), value as Iterable<unknown>);
    else if (rest.startsWith('m|') || rest.startsWith('t|')) {
      const bar = rest.lastIndexOf('|');
      const entry = missAt(m, index, day, rest.slice(2, bar), Number(rest.slice(bar + 1)));
      if (rest[0] === 'm') entry.misses += Number(value);
      else union(entry.topics, value as Iterable<unknown>);
    }
  }
  return m;
}

/** A month roll-up (attributes) decoded for reading. */
export const monthCounters = (rollup: MonthRollup): MonthCounters => addAttrs(emptyMonth(rollup.month), rollup.attrs);

/** A decoded month as the one string a packed roll-up keeps (a day's trailing zero counters left out). */
export function packMonth(m: MonthCounters): string {
  const d: number[][] = [];
  const f: unknown[][] = [];
  m.days.forEach((c, day) => {
    if (!c) return;
    let end = c.length;
    while (end > 0 && c[end - 1] === 0) end--;
    d.push([day, ...c.slice(0, end)]);
  });
  m.files.forEach((files, day) => files && f.push([day, ...files]));
  return JSON.stringify({ v: 2, d, f, m: m.misses.map((e) => [e.day, e.file, e.page, e.misses, ...e.topics]), n: m.names });
}

/** A packed roll-up read back (or one packed as attributes, `{"{DD}|qa": 3, …}`, by an earlier version). */
export function unpackMonth(month: string, packed: string): MonthCounters {
  const data = JSON.parse(packed) as { v?: number; d: number[][]; f: unknown[][]; m: unknown[][]; n: Record<string, string> };
  if (data.v !== 2) return addAttrs(emptyMonth(month), data as unknown as Record<string, unknown>);
  const m = emptyMonth(month);
  for (const row of data.d) {
    const c = row.slice(1);
    while (c.length < DAY_COUNTERS.length) c.push(0);
    m.days[row[0]] = c;
  }
  for (const row of data.f) m.files[row[0] as number] = row.slice(1).map(String);
  for (const row of data.m) m.misses.push({ day: row[0] as number, file: String(row[1]), page: row[2] as number, misses: row[3] as number, topics: row.slice(4).map(String) });
  m.names = data.n;
  return m;
}

/** The study time of each day the roll-ups hold. */
export function studyDaysOfRollups(months: MonthCounters[]): { date: string; study_seconds: number }[] {
  const out: { date: string; study_seconds: number }[] = [];
  for (const m of months) {
    m.days.forEach((c, day) => {
      if (c && c[COUNTER.ms]) out.push({ date: `${m.month}-${String(day).padStart(2, '0')}`, study_seconds: Math.round(c[COUNTER.ms] / 1000) });
    });
  }
  return out;
}

/** The roll-ups' counters summed by day (`YYYY-MM-DD`) in the range, and the misses by page with the files' names. */
function readMonths(months: MonthCounters[], inRange: (date: string) => boolean) {
  const days = new Map<string, number[]>();
  const misses = new Map<string, { file_id: string; page: number; misses: number; topics: Set<string> }>();
  const names = new Map<string, string>();
  for (const m of months) {
    for (const id in m.names) names.set(id, m.names[id]);
    const dates: (string | null)[] = [];
    const dateOf = (day: number) => {
      let date = dates[day];
      if (date === undefined) {
        const d = `${m.month}-${String(day).padStart(2, '0')}`;
        date = dates[day] = inRange(d) ? d : null;
      }
      return date;
    };
    m.days.forEach((c, day) => {
      const date = c && dateOf(day);
      if (!c || !date) return;
      const sum = days.get(date);
      if (!sum) days.set(date, [...c]);
      else for (let i = 0; i < c.length; i++) sum[i] += c[i];
    });
    for (const e of m.misses) {
      if (!dateOf(e.day)) continue;
      const at = `${e.file}|${e.page}`;
      const entry = misses.get(at) ?? { file_id: e.file, page: e.page, misses: 0, topics: new Set<string>() };
      entry.misses += e.misses;
      for (const t of e.topics) entry.topics.add(t);
      misses.set(at, entry);
    }
  }
  const missed: Statistics['missed'] = [...misses.values()]
    .filter((m) => m.misses > 0)
    .map((m) => ({ file_id: m.file_id, file_name: names.get(m.file_id) ?? m.file_id, page: m.page, misses: m.misses, topics: [...m.topics].sort((a, b) => a.localeCompare(b)) }))
    .sort((a, b) => b.misses - a.misses || a.file_name.localeCompare(b.file_name) || a.page - b.page);
  return { days, missed };
}

/** The pages most missed over all the roll-ups given, most first. */
export function missedOfRollups(months: MonthCounters[]): Statistics['missed'] {
  return readMonths(months, () => true).missed;
}

/** The first day of a range ending today (all history: the first day with a record, or today). */
export function rangeStart(range: StatRange, today: string, firstRecord: string | null): string {
  if (range === '7d') return dayString(dayNumber(today) - 6);
  if (range === '30d') return dayString(dayNumber(today) - 29);
  return firstRecord && firstRecord < today ? firstRecord : today;
}

const percent = (correct: number, answered: number): number | null => (answered ? Math.round((correct / answered) * 100) : null);

/** The first day with any record in the roll-ups, or null. */
function firstRollupDay(months: MonthCounters[]): string | null {
  let first: string | null = null;
  for (const m of months) {
    if (first !== null && first < m.month) continue;
    let day = 32;
    m.days.forEach((c, d) => c && d < day && (day = d));
    m.files.forEach((f, d) => f && d < day && (day = d));
    for (const e of m.misses) if (e.day < day) day = e.day;
    const date = day <= 31 ? `${m.month}-${String(day).padStart(2, '0')}` : null;
    if (date && (first === null || date < first)) first = date;
  }
  return first;
}

/**
 * Statistics of a range from the study days and the month roll-ups (or the history records, folded
 * into roll-ups first: both give the same figures).
 */
export function computeStatistics(input: {
  range: StatRange;
  today: string;
  days: { date: string; study_seconds: number }[];
  history?: (StatQuizRecord | StatReviewRecord)[];
  rollups?: MonthCounters[];
  files: StatFile[];
}): Statistics {
  const rollups = input.rollups ?? rollupsOf(input.history ?? []).map(monthCounters);
  let first = firstRollupDay(rollups);
  for (const d of input.days) if (first === null || d.date < first) first = d.date;
  const from = rangeStart(input.range, input.today, first);
  const to = input.today;
  const inRange = (date: string) => date >= from && date <= to;

  const minutesByDay = new Map<string, number>();
  for (const d of input.days) if (inRange(d.date)) minutesByDay.set(d.date, (minutesByDay.get(d.date) ?? 0) + d.study_seconds / 60);
  const study: Statistics['study'] = [];
  for (let n = dayNumber(from), last = dayNumber(to); n <= last; n++) {
    const date = dayString(n);
    study.push({ date, minutes: Math.round(minutesByDay.get(date) ?? 0) });
  }

  const { days, missed } = readMonths(rollups, inRange);
  const sorted = [...days].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const totals = new Array<number>(DAY_COUNTERS.length).fill(0);
  for (const [, c] of sorted) for (let i = 0; i < c.length; i++) totals[i] += c[i];
  const sum = (field: DayCounter) => totals[COUNTER[field]];
  const answered = sum('qa') - sum('qs');
  const correct = sum('qc');
  const dayAnswered = (d: number[]) => d[COUNTER.qa] - d[COUNTER.qs];
  const scored = sum('on');
  const predicted = sum('pn');

  return {
    range: input.range,
    from,
    to,
    study,
    total_minutes: study.reduce((n, d) => n + d.minutes, 0),
    quiz: {
      answered,
      correct,
      skipped: sum('qs'),
      percent: percent(correct, answered),
      by_day: sorted.filter(([, d]) => dayAnswered(d) > 0).map(([date, d]) => ({ date, answered: dayAnswered(d), correct: d[COUNTER.qc], percent: percent(d[COUNTER.qc], dayAnswered(d)) ?? 0 })),
      by_difficulty: {
        easy: { answered: sum('ea') - sum('es'), correct: sum('ec'), percent: percent(sum('ec'), sum('ea') - sum('es')) },
        hard: { answered: sum('ha') - sum('hs'), correct: sum('hc'), percent: percent(sum('hc'), sum('ha') - sum('hs')) },
      },
      open_average: scored ? Math.round(sum('os') / scored) : null,
    },
    reviews: {
      total: sum('rn'),
      by_day: sorted.filter(([, d]) => d[COUNTER.rn] > 0).map(([date, d]) => ({ date, count: d[COUNTER.rn] })),
      retention: {
        predicted: predicted ? Math.round((sum('ps') / predicted) * 100) / 100 : null,
        actual: predicted ? Math.round((sum('pk') / predicted) * 100) / 100 : null,
        reviews: predicted,
      },
    },
    missed: missed.slice(0, 10),
    unstudied_files: input.files.flatMap((f) => {
      const runs = unreadRuns(f.page_count, f.studied_pages);
      return runs.length ? [{ file_id: f.file_id, name: f.name, page_count: f.page_count, unread_pages: unreadPageCount(f.page_count, f.studied_pages), first_unread_page: runs[0].from }] : [];
    }),
  };
}
