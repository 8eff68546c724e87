// The one registry of server functions: each entry names its handler (loaded lazily), what
// triggers it, the tables, bucket, secrets and AWS services it uses, the configuration variables
// its host must set, and its size. Both hosts are built by looping over it: CDK makes every
// function, grant, trigger and schedule from it (lib/server-functions.ts and the constructs of
// each trigger kind), and the laptop host mounts every trigger from it (lib/local/triggers.ts).
// Adding a function or a trigger is one entry here; a test of each host fails if it forgets one.
//
// Importing this module loads no handler code (CDK imports it at synth).
import type { ConfigVariable } from './platform/config.js';
import type { SecretKey } from './platform/secret-names.js';
import { tables, type TableKey } from './platform/tables.js';
import { EXTRACTION_TIME_LIMIT_MS } from './core/files.js';
import { PRODUCT_TIME_ZONE } from './core/limits.js';
import type { PodcastTaskState } from './core/podcast-states.js';

export type TableAccess = 'read' | 'readWrite';
export type BucketAccess = 'read' | 'delete' | 'readDelete' | 'readWrite' | 'readWriteDelete';
/** AWS services a function calls besides its tables, bucket and secrets. */
export type Capability = 'bedrock' | 'textract' | 'cognito-admin' | 'read-users' | 'polly' | 'start-podcast' | 'podcast-runs' | 'send-email' | 'start-export';

/** A schedule's fields, as EventBridge Scheduler's `cron()` writes them (`0/5`: every 5 from 0; the laptop host turns that into croner's `0-59/5`). */
export interface CronFields {
  minute: string;
  hour: string;
  day: string;
  month: string;
}

export type Trigger =
  /** Every route of the one route table (functions/api/routes.ts). */
  | { kind: 'http' }
  /** Objects created in the uploads bucket. */
  | { kind: 'storage'; bucket: 'uploads'; event: 'ObjectCreated' }
  | { kind: 'cognito'; trigger: 'customMessage' | 'postConfirmation' }
  /** A schedule in a time zone; `catchUp`: the laptop host also runs it when it starts, in case a run was missed while it was off. */
  | { kind: 'schedule'; cron: CronFields; timeZone: string; catchUp: boolean }
  /** A Task state of a state machine (functions/pipelines/podcast-machine.ts), invoked by Step Functions. */
  | { kind: 'task'; machine: 'podcast'; state: PodcastTaskState }
  /**
   * A background job another function starts with an asynchronous invocation (functions/platform/
   * jobs.ts): Lambda's `Event` invocation in the cloud, the laptop host's Lambda stand-in
   * (lib/local/lambda.ts) running the same handler in-process.
   */
  | { kind: 'job'; job: 'dataExport' };

export type TriggerKind = Trigger['kind'];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each trigger kind has its own event type
export type FunctionHandler = (event: any, context?: any) => Promise<unknown>;

export interface FunctionDef {
  /** Construct id in CDK, and the function's name in the laptop host's logs. */
  id: string;
  description: string;
  /** Handler file relative to the repository root, and its export: what CDK bundles. */
  entry: string;
  handler: string;
  /** The same export, loaded on first use: what the laptop host calls. */
  load: () => Promise<FunctionHandler>;
  trigger: Trigger;
  tables: Partial<Record<TableKey, TableAccess>>;
  uploads?: BucketAccess;
  // The object keys the bucket access is limited to, as an IAM key pattern (every podcast's audio:
  // any user, then `/podcasts/`, then anything); every key when absent.
  uploadsKeys?: string;
  secrets?: SecretKey[];
  capabilities?: Capability[];
  /** Configuration variables (functions/platform/config.ts) both hosts must give this function. */
  env: ConfigVariable[];
  /** Variables a host gives when it has them (those of the provider it chose, e.g. the Bedrock model). */
  optionalEnv?: ConfigVariable[];
  memoryMb: number;
  timeoutSeconds: number;
  /** Room in /tmp beyond Lambda's 512 MB. */
  ephemeralStorageMb?: number;
  /** Files the bundle needs beside it: the PDF worker thread and PDFium's WebAssembly. */
  bundle?: 'pdf-worker';
  /** Retries of an asynchronous invocation (storage events, schedules) before its event is kept in a dead-letter queue. */
  retries?: number;
}

/** Every table of functions/platform/tables.ts, with one access. */
const allTables = (access: TableAccess): FunctionDef['tables'] => Object.fromEntries(Object.keys(tables).map((k) => [k, access]));

export const registry = [
  {
    id: 'Handler',
    description: 'Serves every route of the HTTP API',
    entry: 'functions/api/lambda.ts',
    handler: 'handler',
    load: async () => (await import('./api/lambda.js')).handler,
    trigger: { kind: 'http' },
    tables: allTables('readWrite'),
    uploads: 'readWriteDelete',
    secrets: ['stripeApiKey', 'stripeWebhook', 'promoCodes', 'reminderSigning'],
    // Generation; account deletion removes the Cognito user; a podcast starts its pipeline, and
    // one deleted unfinished gives its unit back if its run is over (asked of Step Functions);
    // "Télécharger mes données" queues the data export job.
    capabilities: ['bedrock', 'cognito-admin', 'start-podcast', 'podcast-runs', 'start-export'],
    env: ['APP_URL', 'USER_POOL_ID', 'USER_POOL_CLIENT_ID', 'ENGINE_PROVIDER', 'PODCAST_STATE_MACHINE_ARN', 'EXPORT_FUNCTION_NAME'],
    optionalEnv: ['BEDROCK_MODEL_ID', 'BEDROCK_FREE_MODEL_ID', 'STRIPE_PRICE_ID', 'STRIPE_API_HOST', 'STRIPE_API_PORT', 'STRIPE_API_PROTOCOL', 'SFN_ENDPOINT', 'LAMBDA_ENDPOINT'],
    memoryMb: 1024,
    // API Gateway gives up after 30 s.
    timeoutSeconds: 29,
  },
  {
    id: 'Extract',
    description: 'Extracts the per-page text of uploaded PDFs (PDFium, Textract for scanned pages)',
    entry: 'functions/pipelines/extract-upload.ts',
    handler: 'handler',
    load: async () => (await import('./pipelines/extract-upload.js')).handler,
    trigger: { kind: 'storage', bucket: 'uploads', event: 'ObjectCreated' },
    // The usage table: the monthly bound on scanned pages read by OCR.
    tables: { files: 'readWrite', pages: 'readWrite', profiles: 'read', usage: 'readWrite' },
    // Reads the uploads; deletes an object that arrived without its file record.
    uploads: 'readDelete',
    capabilities: ['textract'],
    env: ['OCR_PROVIDER'],
    // A 100 MB PDF parsed whole, a long Textract job, a copy of the file in /tmp.
    memoryMb: 3008,
    timeoutSeconds: EXTRACTION_TIME_LIMIT_MS / 1000,
    ephemeralStorageMb: 2048,
    bundle: 'pdf-worker',
    retries: 2,
  },
  {
    id: 'CustomMessage',
    description: 'Writes the sign-up code and password-reset e-mails',
    entry: 'functions/pipelines/auth-triggers.ts',
    handler: 'customMessage',
    load: async () => (await import('./pipelines/auth-triggers.js')).customMessage,
    trigger: { kind: 'cognito', trigger: 'customMessage' },
    tables: {},
    env: ['APP_URL'],
    memoryMb: 512,
    // Cognito waits 5 s for a trigger.
    timeoutSeconds: 5,
  },
  {
    id: 'PostConfirmation',
    description: 'Creates the profile of a newly confirmed student',
    entry: 'functions/pipelines/auth-triggers.ts',
    handler: 'postConfirmation',
    load: async () => (await import('./pipelines/auth-triggers.js')).postConfirmation,
    trigger: { kind: 'cognito', trigger: 'postConfirmation' },
    tables: { profiles: 'readWrite', referralCodes: 'readWrite', usage: 'readWrite' },
    env: [],
    memoryMb: 512,
    timeoutSeconds: 5,
  },
  {
    id: 'MonthlyUsage',
    description: 'Closes the past months of usage counters into monthly summaries and ends expired free trials',
    entry: 'functions/pipelines/monthly-usage.ts',
    handler: 'handler',
    load: async () => (await import('./pipelines/monthly-usage.js')).handler,
    // Midnight in France on the 1st: the month the counters belong to has just ended.
    trigger: { kind: 'schedule', cron: { minute: '0', hour: '0', day: '1', month: '*' }, timeZone: PRODUCT_TIME_ZONE, catchUp: true },
    tables: { usage: 'readWrite', idempotency: 'readWrite', profiles: 'readWrite' },
    env: [],
    memoryMb: 512,
    timeoutSeconds: 15 * 60,
    retries: 2,
  },
  {
    id: 'StudyReminders',
    description: "E-mails Premium students today's sessions of their exam-date plans",
    entry: 'functions/pipelines/study-reminders.ts',
    handler: 'handler',
    load: async () => (await import('./pipelines/study-reminders.js')).handler,
    // 07:00 in France, every day: the study days are each plan's own. A laptop off at 07:00 skips
    // that day's reminders (no catch-up: a reminder of the morning sent at night helps nobody).
    trigger: { kind: 'schedule', cron: { minute: '0', hour: '7', day: '*', month: '*' }, timeZone: PRODUCT_TIME_ZONE, catchUp: false },
    tables: { progress: 'readWrite', profiles: 'read', subjects: 'read', files: 'read', cards: 'read' },
    // The student's address from the pool; the e-mail through SES; the unsubscribe link's key.
    capabilities: ['read-users', 'send-email'],
    secrets: ['reminderSigning'],
    env: ['APP_URL', 'USER_POOL_ID'],
    // The sender: the deployment's SES identity (no sender, no reminders); the laptop's SES stand-in.
    optionalEnv: ['MAIL_FROM', 'SES_ENDPOINT'],
    memoryMb: 512,
    timeoutSeconds: 15 * 60,
    retries: 2,
  },
  {
    id: 'DocumentRebuild',
    description: 'Reads again the files built by an older document model: their pages, blocks and outline',
    entry: 'functions/pipelines/document-rebuild.ts',
    handler: 'handler',
    load: async () => (await import('./pipelines/document-rebuild.js')).handler,
    // 04:00 in France, every day; the laptop also rebuilds when it starts (after an update).
    trigger: { kind: 'schedule', cron: { minute: '0', hour: '4', day: '*', month: '*' }, timeZone: PRODUCT_TIME_ZONE, catchUp: true },
    tables: { files: 'readWrite', pages: 'readWrite' },
    // Reads the stored PDFs; OCR is not asked again (the pages it read are kept).
    uploads: 'read',
    env: [],
    // The same reading as Extract's, a file at a time.
    memoryMb: 3008,
    timeoutSeconds: 15 * 60,
    ephemeralStorageMb: 2048,
    bundle: 'pdf-worker',
    retries: 2,
  },
  {
    id: 'PodcastDraftSweep',
    description: "Removes expired podcast drafts: each one's audio, then its record",
    entry: 'functions/pipelines/podcast-draft-sweep.ts',
    handler: 'handler',
    load: async () => (await import('./pipelines/podcast-draft-sweep.js')).handler,
    // 03:30 in France, every day, when few students listen; the laptop also sweeps when it starts.
    trigger: { kind: 'schedule', cron: { minute: '30', hour: '3', day: '*', month: '*' }, timeZone: PRODUCT_TIME_ZONE, catchUp: true },
    // An expired draft still unfinished (its run long over) gives its unit back.
    tables: { podcasts: 'readWrite', usage: 'readWrite' },
    // Lists and deletes podcast audio, nothing else of the bucket (no reading, no writing).
    uploads: 'delete',
    uploadsKeys: '*/podcasts/*',
    env: [],
    memoryMb: 512,
    timeoutSeconds: 15 * 60,
    retries: 2,
  },
  {
    id: 'PodcastRecovery',
    description: 'Resumes, or ends as failed with its unit given back and its audio removed, each podcast whose pipeline run died unfinished',
    entry: 'functions/pipelines/podcast-recovery.ts',
    handler: 'handler',
    load: async () => (await import('./pipelines/podcast-recovery.js')).handler,
    // Every 5 minutes: a run that died (time-out, a host lost) is settled minutes later; the laptop
    // also sweeps when it starts, for the runs it lost when it stopped.
    trigger: { kind: 'schedule', cron: { minute: '0/5', hour: '*', day: '*', month: '*' }, timeZone: PRODUCT_TIME_ZONE, catchUp: true },
    tables: { podcasts: 'readWrite', usage: 'readWrite' },
    uploads: 'delete',
    uploadsKeys: '*/podcasts/*',
    // Asks how each run went (DescribeExecution) and starts the resumed one.
    capabilities: ['podcast-runs', 'start-podcast'],
    env: ['PODCAST_STATE_MACHINE_ARN'],
    optionalEnv: ['SFN_ENDPOINT'],
    memoryMb: 512,
    // Under the 5 minutes between runs (overlapping runs would still act once: every step is conditional).
    timeoutSeconds: 4 * 60,
    retries: 2,
  },
  {
    id: 'PodcastWriteScript',
    description: 'Writes a podcast script from the course (the first step of the podcast pipeline)',
    entry: 'functions/pipelines/podcast-tasks.ts',
    handler: 'writeScript',
    load: async () => (await import('./pipelines/podcast-tasks.js')).writeScript,
    trigger: { kind: 'task', machine: 'podcast', state: 'WriteScript' },
    // The profile: the script is written by the model of the student's plan.
    tables: { podcasts: 'readWrite', subjects: 'read', files: 'read', pages: 'read', profiles: 'read' },
    capabilities: ['bedrock'],
    env: ['ENGINE_PROVIDER', 'SPEECH_PROVIDER'],
    optionalEnv: ['BEDROCK_MODEL_ID', 'BEDROCK_FREE_MODEL_ID'],
    memoryMb: 1024,
    timeoutSeconds: 120,
  },
  {
    id: 'PodcastSynthesiseSegment',
    description: 'Speaks one podcast segment to MP3 in storage',
    entry: 'functions/pipelines/podcast-tasks.ts',
    handler: 'synthesiseSegment',
    load: async () => (await import('./pipelines/podcast-tasks.js')).synthesiseSegment,
    trigger: { kind: 'task', machine: 'podcast', state: 'SynthesiseSegment' },
    tables: { podcasts: 'readWrite' },
    // Writes the segment's audio; removes it when the podcast failed or went meanwhile.
    uploads: 'readWriteDelete',
    capabilities: ['polly'],
    env: ['SPEECH_PROVIDER'],
    optionalEnv: ['POLLY_ENGINE'],
    memoryMb: 1024,
    timeoutSeconds: 120,
  },
  {
    id: 'PodcastFinalise',
    description: "Joins a podcast's segments into the episode's MP3 and marks it ready",
    entry: 'functions/pipelines/podcast-tasks.ts',
    handler: 'finalise',
    load: async () => (await import('./pipelines/podcast-tasks.js')).finalise,
    trigger: { kind: 'task', machine: 'podcast', state: 'Finalise' },
    tables: { podcasts: 'readWrite' },
    uploads: 'readWriteDelete',
    env: [],
    memoryMb: 1024,
    timeoutSeconds: 120,
  },
  {
    id: 'PodcastMarkFailed',
    description: 'Marks a podcast failed, gives its usage unit back and removes its audio',
    entry: 'functions/pipelines/podcast-tasks.ts',
    handler: 'markFailed',
    load: async () => (await import('./pipelines/podcast-tasks.js')).markFailed,
    trigger: { kind: 'task', machine: 'podcast', state: 'MarkFailed' },
    tables: { podcasts: 'readWrite', usage: 'readWrite' },
    uploads: 'readWriteDelete',
    env: [],
    memoryMb: 512,
    timeoutSeconds: 60,
  },
  {
    id: 'DataExport',
    description: "Writes a student's whole account (records, PDFs, podcast audio) as one zip in storage",
    entry: 'functions/pipelines/data-export.ts',
    handler: 'handler',
    load: async () => (await import('./pipelines/data-export.js')).handler,
    trigger: { kind: 'job', job: 'dataExport' },
    // Reads every table of the student; writes only the export's record.
    tables: { ...allTables('read'), exports: 'readWrite' },
    // Reads the PDFs and the podcast audio, writes the zip (a multipart upload).
    uploads: 'readWrite',
    env: [],
    // The zip streams (a few MiB of parts in flight), whatever the account's size.
    memoryMb: 1024,
    timeoutSeconds: 15 * 60,
    // Not retried: a failed run is recorded as failed (the student starts another); one that died
    // (time-out) reads as failed once its lease is over.
    retries: 0,
  },
] as const satisfies readonly FunctionDef[];

export const functions: readonly FunctionDef[] = registry;

/** The entries of one trigger kind, typed by it. */
export function functionsOf<K extends TriggerKind>(kind: K): (FunctionDef & { trigger: Extract<Trigger, { kind: K }> })[] {
  return functions.filter((f): f is FunctionDef & { trigger: Extract<Trigger, { kind: K }> } => f.trigger.kind === kind);
}
