// The one definition of every DynamoDB table: key schema, secondary indexes and the environment
// variable that carries the table's name to the handlers. The CDK data construct (lib/data.ts)
// and the laptop host (lib/local/) both build their tables from this list, so the two hosts
// cannot drift apart.

export type KeyType = 'S' | 'N';

export interface KeyDef {
  name: string;
  type: KeyType;
}

export interface IndexDef {
  name: string;
  partitionKey: KeyDef;
  sortKey?: KeyDef;
  /** The attributes copied into the index besides the keys (INCLUDE); all of them when absent. */
  include?: readonly string[];
}

export interface TableDef {
  /** Logical id, used for the CDK construct id and, on the laptop, as the table name. */
  id: string;
  /** Environment variable holding the physical table name. */
  env: string;
  partitionKey: KeyDef;
  sortKey?: KeyDef;
  indexes?: IndexDef[];
  /** Attribute holding an epoch-seconds expiry, if items expire by themselves. */
  ttlAttribute?: string;
  /**
   * How a student's items are found, for account deletion (functions/platform/store/account-data.ts),
   * which loops over this list, and the test that checks deletion leaves nothing in any table:
   * - `partition`: the partition key is the user id;
   * - `subject-partition`: the partition key is `{user_id}#{subject_id}`, one per subject;
   * - `partition-and-index`: the user id is the partition key of the table or of the index;
   * - `profile-attribute`: the key is kept on the profile under `attribute`, the item names its
   *   owner in `user_id`;
   * - `none`: no per-student data, for the reason given.
   */
  userData:
    | { by: 'partition' }
    | { by: 'subject-partition' }
    | { by: 'partition-and-index'; index: string }
    | { by: 'profile-attribute'; attribute: string }
    | { by: 'none'; why: string };
}

export const tables = {
  /**
   * One item per student: profile fields, plan, trial, streak. The sparse index `by-trial-end`
   * holds the profiles whose free trial is open (`trial_open`, `trial_open_until`: its end; own
   * attributes, as `trial_end` may be null and an index key may not): the monthly job
   * finds the trials that ended without a scan.
   */
  profiles: {
    id: 'Profiles',
    userData: { by: 'partition' },
    env: 'TABLE_PROFILES',
    partitionKey: { name: 'user_id', type: 'S' },
    indexes: [
      {
        name: 'by-trial-end',
        partitionKey: { name: 'trial_open', type: 'S' },
        sortKey: { name: 'trial_open_until', type: 'S' },
      },
    ],
  },
  /** Referral codes claimed by profiles: the code is the key, so a code belongs to one user only. */
  referralCodes: {
    id: 'ReferralCodes',
    userData: { by: 'profile-attribute', attribute: 'referral_code' },
    env: 'TABLE_REFERRAL_CODES',
    partitionKey: { name: 'code', type: 'S' },
  },
  /** One item per referred user, listed under the referrer. */
  referrals: {
    id: 'Referrals',
    userData: { by: 'partition-and-index', index: 'by-referred-user' },
    env: 'TABLE_REFERRALS',
    partitionKey: { name: 'referrer_user_id', type: 'S' },
    sortKey: { name: 'referred_user_id', type: 'S' },
    indexes: [
      {
        name: 'by-referred-user',
        partitionKey: { name: 'referred_user_id', type: 'S' },
      },
    ],
  },
  /** Subjects of a user; ids sort by creation time, so a descending query lists newest first. */
  subjects: {
    id: 'Subjects',
    userData: { by: 'partition' },
    env: 'TABLE_SUBJECTS',
    partitionKey: { name: 'user_id', type: 'S' },
    sortKey: { name: 'id', type: 'S' },
  },
  /**
   * Files of a user; the sort key groups them by subject: `{subject_id}#{file_id}`. The index
   * `summaries` has the table's keys and only the fields a listing shows, so reading a subject's
   * files for statistics and plans never reads their text (up to 50,000 characters a record).
   */
  files: {
    id: 'Files',
    userData: { by: 'partition' },
    env: 'TABLE_FILES',
    partitionKey: { name: 'user_id', type: 'S' },
    sortKey: { name: 'sk', type: 'S' },
    indexes: [
      {
        name: 'summaries',
        partitionKey: { name: 'user_id', type: 'S' },
        sortKey: { name: 'sk', type: 'S' },
        include: ['id', 'subject_id', 'display_name', 'status', 'page_count'],
      },
    ],
  },
  /**
   * Per-page text of a file, what citations point to: `owner = {user_id}#{subject_id}`,
   * `sk = {file_id}#{page, 4 digits}`. One query reads a subject's pages in order.
   */
  pages: {
    id: 'Pages',
    userData: { by: 'subject-partition' },
    env: 'TABLE_PAGES',
    partitionKey: { name: 'owner', type: 'S' },
    sortKey: { name: 'sk', type: 'S' },
  },
  /**
   * Monthly feature counters (`{feature}#{YYYY-MM}`, with `month_year`) and other per-user
   * counters; a closed month's counters become one summary item (`summary#{YYYY-MM}`). The sparse
   * index `by-month` holds the open counters only, so the monthly job reads a month without a scan.
   */
  usage: {
    id: 'Usage',
    userData: { by: 'partition' },
    env: 'TABLE_USAGE',
    partitionKey: { name: 'user_id', type: 'S' },
    sortKey: { name: 'sk', type: 'S' },
    indexes: [
      {
        name: 'by-month',
        partitionKey: { name: 'month_year', type: 'S' },
        sortKey: { name: 'sk', type: 'S' },
      },
    ],
  },
  /**
   * Question-and-answer conversations: `sk = {subject_id}#{conversation_id}` (ids sort by time),
   * the turns inside the item. Unsaved ones expire after a day (`expires_at`).
   */
  conversations: {
    id: 'Conversations',
    userData: { by: 'partition' },
    env: 'TABLE_CONVERSATIONS',
    partitionKey: { name: 'user_id', type: 'S' },
    sortKey: { name: 'sk', type: 'S' },
    ttlAttribute: 'expires_at',
  },
  /** Revision sheets: `sk = {subject_id}#{sheet_id}`; drafts (not saved) expire after a day. */
  sheets: {
    id: 'Sheets',
    userData: { by: 'partition' },
    env: 'TABLE_SHEETS',
    partitionKey: { name: 'user_id', type: 'S' },
    sortKey: { name: 'sk', type: 'S' },
    ttlAttribute: 'expires_at',
  },
  /**
   * Quiz sessions: `sk = {subject_id}#{session_id}`, the questions inside the item (each with its
   * answer, kept server-side until answered), a `version` every change is conditional on. A
   * session expires 30 days after its last change (`expires_at`).
   */
  quizSessions: {
    id: 'QuizSessions',
    userData: { by: 'partition' },
    env: 'TABLE_QUIZ_SESSIONS',
    partitionKey: { name: 'user_id', type: 'S' },
    sortKey: { name: 'sk', type: 'S' },
    ttlAttribute: 'expires_at',
  },
  /**
   * Exams and practical cases: `sk = {subject_id}#{id}`, `kind` (`exam` or `case`), the
   * generated questions as JSON (each with its answer, shown only in the result), the answers as
   * a map written one question at a time, conditional on the deadline and on no submission yet;
   * the submission is one conditional update that claims the grading, so one result per exam.
   */
  exams: {
    id: 'Exams',
    userData: { by: 'partition' },
    env: 'TABLE_EXAMS',
    partitionKey: { name: 'user_id', type: 'S' },
    sortKey: { name: 'sk', type: 'S' },
  },
  /**
   * Flashcards with their FSRS state: `sk = {subject_id}#{card_id}`. A mistake card's id is a hash
   * of the fact it tests, so a conditional put makes it once per fact per subject.
   */
  cards: {
    id: 'Cards',
    userData: { by: 'partition' },
    env: 'TABLE_CARDS',
    partitionKey: { name: 'user_id', type: 'S' },
    sortKey: { name: 'sk', type: 'S' },
  },
  /**
   * Planning and progress of a student, one partition each: `day#{YYYY-MM-DD}#{subject_id}` (the
   * day's study seconds and activity counts, in the student's calendar), `clock` (when study time
   * was last credited, so two tabs never count a minute twice), `goals`, `hist#…` (every answer
   * and review), `roll#{subject_id}#{YYYY-MM}` (their month's counters, what statistics read) and
   * `rollall#{YYYY-MM}` (the same for the whole account).
   * An exam plan writes one `remind#{weekday}#{subject_id}` item per study weekday, with
   * `reminder_weekday` and `reminder_until` (the exam date): the sparse index `by-reminder-day`
   * holds only those, so the daily reminder job queries today's weekday for the plans whose exam
   * is still ahead, without a scan. `reminder#{YYYY-MM-DD}` claims the day's reminder e-mail.
   * Erased with the student by partition.
   */
  progress: {
    id: 'Progress',
    env: 'TABLE_PROGRESS',
    partitionKey: { name: 'user_id', type: 'S' },
    sortKey: { name: 'sk', type: 'S' },
    userData: { by: 'partition' },
    indexes: [
      {
        name: 'by-reminder-day',
        partitionKey: { name: 'reminder_weekday', type: 'S' },
        sortKey: { name: 'reminder_until', type: 'S' },
      },
    ],
  },
  /**
   * Podcasts: `sk` = the podcast id (time-ordered), its subject, choices, status, script and the
   * measured length of each segment (`segment_seconds`, one map entry per segment, written by
   * the pipeline's tasks one conditional update at a time). Unsaved ones expire after a day
   * (`expires_at`); their audio lives under the student's prefix in the uploads bucket.
   * A draft carries `draft_open = 'open'` beside its `draft_until` (both removed on save): the
   * sparse index `by-draft-end` holds the unsaved drafts alone, ordered by their end, so the daily
   * sweep reads the expired ones (`draft_until <= now`) without a scan. A podcast not yet ready or
   * failed carries `run_open = 'open'` beside `run_started` (its pipeline run's start): the sparse
   * index `by-open-run` holds those alone (their ids and run, not their scripts), so the recovery
   * sweep reads the runs old enough to judge without a scan.
   */
  podcasts: {
    id: 'Podcasts',
    userData: { by: 'partition' },
    env: 'TABLE_PODCASTS',
    partitionKey: { name: 'user_id', type: 'S' },
    sortKey: { name: 'sk', type: 'S' },
    ttlAttribute: 'expires_at',
    indexes: [
      {
        name: 'by-draft-end',
        partitionKey: { name: 'draft_open', type: 'S' },
        sortKey: { name: 'draft_until', type: 'N' },
      },
      {
        name: 'by-open-run',
        partitionKey: { name: 'run_open', type: 'S' },
        sortKey: { name: 'run_started', type: 'N' },
        include: ['id', 'run', 'created_at'],
      },
    ],
  },
  /**
   * Exports of a student's whole account ("Télécharger mes données"): `export#{id}` (time-ordered
   * id: status queued → running → ready | failed, progress, the zip's key, size, `download_until`),
   * `active` (the one export running: claimed by a conditional put, with a lease) and
   * `day#{YYYY-MM-DD}` (the exports started that day, against the daily limit). Items expire a
   * few days after their export (`expires_at`); the zip lives under the student's prefix in the
   * uploads bucket, so deleting the account deletes both.
   */
  exports: {
    id: 'Exports',
    userData: { by: 'partition' },
    env: 'TABLE_EXPORTS',
    partitionKey: { name: 'user_id', type: 'S' },
    sortKey: { name: 'sk', type: 'S' },
    ttlAttribute: 'expires_at',
  },
  /**
   * Events and requests already handled, so that a replay returns the first result instead of
   * acting twice (webhook event ids, scheduled runs, state-machine tasks): `key`, the state
   * (`in_progress` under a lease, or `done` with its result) and an expiry.
   */
  idempotency: {
    id: 'Idempotency',
    env: 'TABLE_IDEMPOTENCY',
    partitionKey: { name: 'key', type: 'S' },
    ttlAttribute: 'expires_at',
    userData: { by: 'none', why: 'event and run ids with their outcome, kept 30 days at most; a result names no student data beyond an id' },
  },
} as const satisfies Record<string, TableDef>;

export type TableKey = keyof typeof tables;

export const tableList: TableDef[] = Object.values(tables);
