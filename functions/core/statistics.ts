// Statistics of a subject (or the whole account) over a range: study time per day, quiz scores
// over time and by difficulty, the open answers' average, card reviews per day with FSRS's
// predicted recall beside the recall the student actually showed, the pages and topics most often
// missed, and the files not yet studied. Pure: computed from the day records and the month
// roll-ups of the history the stores read (functions/platform/store/progress.ts).
import { dayNumber, dayString } from './calendar.js';
import { PASSING_SCORE } from './limits.js';

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
  studied_pages: number;
  page_count: number;
}

export interface Statistics {
  range: StatRange;
  from: string;
  to: string;
  study: { date: string; minutes: number }[];
  total_minutes: number;
  quiz: {
    answered: number;
    correct: number;
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
  unstudied_files: { file_id: string; name: string; page_count: number }[];
}

const isMissed = (q: Pick<StatQuizRecord, 'correct' | 'score'>) => !(q.correct === true || (q.score !== null && q.score >= PASSING_SCORE));

// Roll-ups: one item per student, subject and month (`roll#{subject_id}#{YYYY-MM}`) whose
// attributes are counters of each day of the month, added to atomically as each answer or review
// happens (functions/platform/activity.ts), so that statistics read ≤ 12 items a year per subject
// instead of every history record. Attribute names: `{DD}|qa` quiz answers, `{DD}|qc` right,
// `{DD}|qs` skipped, `{DD}|{easy|hard}|a` and `|c` by difficulty, `{DD}|on` open answers scored and
// `{DD}|os` their score sum, `{DD}|ms` study milliseconds, `{DD}|rn` reviews, `{DD}|pn` reviews with a predicted recall, `{DD}|ps`
// its sum, `{DD}|pk` of those recalled, `{DD}|m|{file}|{page}` misses of a page, `{DD}|t|{file}|{page}`
// the topics missed there (a string set), `{DD}|f` the files quizzed (a string set), `n|{file}` the
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
  if (record.type === 'open' && record.score !== null) {
    addNumber(delta, `${dd}|on`, 1);
    addNumber(delta, `${dd}|os`, record.score);
  }
  addMember(delta, `${dd}|f`, record.file_id);
  return missDelta(record.date, record, delta);
}

/** Study time credited to a day: `{DD}|ms` of its month's roll-up. */
export const studyDelta = (date: string, ms: number): RollupDelta => ({ month: date.slice(0, 7), numbers: { [`${date.slice(8, 10)}|ms`]: ms }, sets: {}, names: {} });

/** The study time of each day the roll-ups hold. */
export function studyDaysOfRollups(rollups: MonthRollup[]): { date: string; study_seconds: number }[] {
  return rollups.flatMap(({ month, attrs }) =>
    Object.entries(attrs)
      .filter(([key]) => key.endsWith('|ms'))
      .map(([key, ms]) => ({ date: `${month}-${key.slice(0, 2)}`, study_seconds: Math.round(Number(ms) / 1000) })),
  );
}

/** Applies a delta to roll-ups held in memory, as the store's atomic update does to the item. */
export function addToRollups(rollups: Map<string, MonthRollup>, delta: RollupDelta): void {
  const rollup = rollups.get(delta.month) ?? { month: delta.month, attrs: {} };
  for (const [k, n] of Object.entries(delta.numbers)) rollup.attrs[k] = ((rollup.attrs[k] as number | undefined) ?? 0) + n;
  for (const [k, members] of Object.entries(delta.sets)) rollup.attrs[k] = [...new Set([...((rollup.attrs[k] as string[] | undefined) ?? []), ...members])];
  Object.assign(rollup.attrs, delta.names);
  rollups.set(delta.month, rollup);
}

/** Adds one roll-up's counters, set members and names to another's, as the store's updates would. */
export function mergeRollupAttrs(into: MonthRollup['attrs'], from: MonthRollup['attrs']): MonthRollup['attrs'] {
  for (const key in from) {
    const value = from[key];
    const had = into[key];
    if (typeof value === 'number') into[key] = (typeof had === 'number' ? had : 0) + value;
    else if (Array.isArray(value)) into[key] = Array.isArray(had) ? [...new Set([...had, ...value])] : [...value];
    else into[key] = value;
  }
  return into;
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

interface DayCounters {
  qa: number;
  qc: number;
  qs: number;
  ea: number;
  ec: number;
  ha: number;
  hc: number;
  on: number;
  os: number;
  rn: number;
  pn: number;
  ps: number;
  pk: number;
  files: Set<string>;
}

/** The roll-ups' counters by day (`YYYY-MM-DD`), and their misses by page with the files' names. */
function readRollups(rollups: MonthRollup[], inRange: (date: string) => boolean) {
  const days = new Map<string, DayCounters>();
  const misses = new Map<string, { file_id: string; page: number; misses: number; topics: Set<string> }>();
  const names = new Map<string, string>();
  for (const { month, attrs } of rollups) {
    // Each day of the month once: its date when in the range, null otherwise.
    const dates = new Map<string, string | null>();
    for (const key in attrs) {
      const value = attrs[key];
      if (key.startsWith('n|')) {
        names.set(key.slice(2), String(value));
        continue;
      }
      const dd = key.slice(0, 2);
      let date = dates.get(dd);
      if (date === undefined) {
        const d = `${month}-${dd}`;
        date = inRange(d) ? d : null;
        dates.set(dd, date);
      }
      if (date === null) continue;
      const parts = key.split('|');
      if (parts[1] === 'm' || parts[1] === 't') {
        const at = `${parts[2]}|${parts[3]}`;
        const entry = misses.get(at) ?? { file_id: parts[2], page: Number(parts[3]), misses: 0, topics: new Set<string>() };
        if (parts[1] === 'm') entry.misses += Number(value);
        else for (const t of value as string[]) entry.topics.add(t);
        misses.set(at, entry);
        continue;
      }
      const day = days.get(date) ?? { qa: 0, qc: 0, qs: 0, ea: 0, ec: 0, ha: 0, hc: 0, on: 0, os: 0, rn: 0, pn: 0, ps: 0, pk: 0, files: new Set<string>() };
      days.set(date, day);
      if (parts[1] === 'f') for (const f of value as string[]) day.files.add(f);
      else if (parts.length === 3) day[`${parts[1][0]}${parts[2]}` as 'ea' | 'ec' | 'ha' | 'hc'] += Number(value);
      else if (parts[1] in day) day[parts[1] as Exclude<keyof DayCounters, 'files'>] += Number(value);
    }
  }
  const missed: Statistics['missed'] = [...misses.values()]
    .filter((m) => m.misses > 0)
    .map((m) => ({ file_id: m.file_id, file_name: names.get(m.file_id) ?? m.file_id, page: m.page, misses: m.misses, topics: [...m.topics].sort((a, b) => a.localeCompare(b)) }))
    .sort((a, b) => b.misses - a.misses || a.file_name.localeCompare(b.file_name) || a.page - b.page);
  return { days, missed };
}

/** The pages most missed over all the roll-ups given, most first. */
export function missedOfRollups(rollups: MonthRollup[]): Statistics['missed'] {
  return readRollups(rollups, () => true).missed;
}

/** The first day of a range ending today (all history: the first day with a record, or today). */
export function rangeStart(range: StatRange, today: string, firstRecord: string | null): string {
  if (range === '7d') return dayString(dayNumber(today) - 6);
  if (range === '30d') return dayString(dayNumber(today) - 29);
  return firstRecord && firstRecord < today ? firstRecord : today;
}

const percent = (correct: number, answered: number): number | null => (answered ? Math.round((correct / answered) * 100) : null);

/** The first day with any record in the roll-ups, or null. */
function firstRollupDay(rollups: MonthRollup[]): string | null {
  let first: string | null = null;
  for (const { month, attrs } of rollups) {
    if (first !== null && first < month) continue;
    let dd: string | null = null;
    for (const key in attrs) if (!key.startsWith('n|') && (dd === null || key.slice(0, 2) < dd)) dd = key.slice(0, 2);
    if (dd !== null && (first === null || `${month}-${dd}` < first)) first = `${month}-${dd}`;
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
  rollups?: MonthRollup[];
  files: StatFile[];
}): Statistics {
  const rollups = input.rollups ?? rollupsOf(input.history ?? []);
  const first = [...input.days.map((d) => d.date), firstRollupDay(rollups) ?? []].flat().sort()[0] ?? null;
  const from = rangeStart(input.range, input.today, first);
  const to = input.today;
  const inRange = (date: string) => date >= from && date <= to;

  const minutesByDay = new Map<string, number>();
  for (const d of input.days) if (inRange(d.date)) minutesByDay.set(d.date, (minutesByDay.get(d.date) ?? 0) + d.study_seconds / 60);
  const study: Statistics['study'] = [];
  for (let n = dayNumber(from); n <= dayNumber(to); n++) {
    const date = dayString(n);
    study.push({ date, minutes: Math.round(minutesByDay.get(date) ?? 0) });
  }

  const { days, missed } = readRollups(rollups, inRange);
  const sorted = [...days].sort(([a], [b]) => a.localeCompare(b));
  const sum = (field: Exclude<keyof DayCounters, 'files'>) => sorted.reduce((n, [, d]) => n + d[field], 0);
  const answered = sum('qa');
  const correct = sum('qc');
  const scored = sum('on');
  const predicted = sum('pn');
  const quizzedFiles = new Set(sorted.flatMap(([, d]) => [...d.files]));

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
      by_day: sorted.filter(([, d]) => d.qa > 0).map(([date, d]) => ({ date, answered: d.qa, correct: d.qc, percent: percent(d.qc, d.qa) ?? 0 })),
      by_difficulty: {
        easy: { answered: sum('ea'), correct: sum('ec'), percent: percent(sum('ec'), sum('ea')) },
        hard: { answered: sum('ha'), correct: sum('hc'), percent: percent(sum('hc'), sum('ha')) },
      },
      open_average: scored ? Math.round(sum('os') / scored) : null,
    },
    reviews: {
      total: sum('rn'),
      by_day: sorted.filter(([, d]) => d.rn > 0).map(([date, d]) => ({ date, count: d.rn })),
      retention: {
        predicted: predicted ? Math.round((sum('ps') / predicted) * 100) / 100 : null,
        actual: predicted ? Math.round((sum('pk') / predicted) * 100) / 100 : null,
        reviews: predicted,
      },
    },
    missed: missed.slice(0, 10),
    unstudied_files: input.files.filter((f) => f.studied_pages === 0 && !quizzedFiles.has(f.file_id)).map((f) => ({ file_id: f.file_id, name: f.name, page_count: f.page_count })),
  };
}
