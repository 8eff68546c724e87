// The laptop host's side of functions/registry.ts: every entry's trigger mounted on the embedded
// services, by looping over the registry, as CDK wires them in the cloud:
//   http      → the API gateway (lib/local/api-gateway.ts) serves the route table;
//   storage   → s3rver's ObjectCreated events call the handler with the S3 event;
//   cognito   → cognito-local's trigger invocations call the handler with the Cognito event;
//   task      → the laptop's Step Functions (lib/local/stepfunctions.ts) call it by state name;
//   job       → the laptop's Lambda (lib/local/lambda.ts) runs it when the API queues it, by the
//               entry's id (the function name the host gives the API);
//   schedule  → croner runs the handler on the same fields in the same time zone (EventBridge's
//               `0/5` written as croner's `0-59/5`), with the scheduled time as EventBridge
//               Scheduler gives it; `catchUp` entries also run once at start (a month missed while
//               the laptop was off, podcast runs lost when it stopped).
// A trigger kind this module does not know is a type error (the switch is exhaustive) and an
// error at start.
import { randomUUID } from 'node:crypto';
import { Cron } from 'croner';
import type { S3Event } from 'aws-lambda';
import type { CronFields, FunctionDef, FunctionHandler, TriggerKind } from '../../functions/registry.js';
import type { AuthTriggers, TriggerHandler } from './cognito.js';

export interface TriggerHostServices {
  onObjectCreated(listener: (event: S3Event) => void | Promise<void>): () => void;
  /** Background work the host waits for when it stops. */
  track<T>(work: Promise<T>): Promise<T>;
  warn(message: string, err?: unknown): void;
  clock: () => Date;
}

export interface MountedFunctions {
  /** Each registry entry and the trigger it was mounted on. */
  mounted: { id: string; kind: TriggerKind }[];
  /** The Cognito triggers, for cognito-local. */
  cognitoTriggers(): Promise<AuthTriggers>;
  /** Runs a scheduled entry now, as its schedule would at `at`. */
  runSchedule(id: string, at?: Date): Promise<unknown>;
  /** When each schedule runs next. */
  nextRuns(): Record<string, Date | null>;
  /** The handler of a state machine's Task state (the laptop's Step Functions call it). */
  taskHandler(state: string): Promise<FunctionHandler>;
  /** The handler of a job by its entry's id (the laptop's Lambda calls it); null for another name. */
  jobHandler(id: string): Promise<FunctionHandler> | null;
  stop(): void;
}

/** Each field's last value, for EventBridge's `start/step`, which croner writes `start-last/step`. */
const FIELD_LAST = { minute: 59, hour: 23, day: 31, month: 12 } as const;

/** croner's pattern for a schedule's fields: `minute hour day month weekday`. */
export function cronPattern(cron: CronFields): string {
  const field = (name: keyof typeof FIELD_LAST) => cron[name].replace(/^(\d+)\/(\d+)$/, (_, start: string, step: string) => `${start}-${FIELD_LAST[name]}/${step}`);
  return `${field('minute')} ${field('hour')} ${field('day')} ${field('month')} *`;
}

export function mountFunctions(defs: readonly FunctionDef[], services: TriggerHostServices): MountedFunctions {
  const mounted: MountedFunctions['mounted'] = [];
  const loaded = new Map<string, Promise<FunctionHandler>>();
  const load = (def: FunctionDef) => {
    let handler = loaded.get(def.id);
    if (!handler) {
      handler = def.load();
      loaded.set(def.id, handler);
      handler.catch(() => loaded.delete(def.id));
    }
    return handler;
  };
  const cognito = new Map<string, FunctionDef>();
  const tasks = new Map<string, FunctionDef>();
  const jobs = new Map<string, FunctionDef>();
  const schedules = new Map<string, { def: FunctionDef; job: Cron }>();
  const unsubscribe: (() => void)[] = [];

  const runScheduled = (def: FunctionDef, at: Date) =>
    services.track(load(def).then((handler) => handler({ scheduledTime: at.toISOString() }, { awsRequestId: randomUUID() })));

  for (const def of defs) {
    const trigger = def.trigger;
    switch (trigger.kind) {
      case 'http':
        // The gateway serves the one route table; nothing else to mount.
        break;
      case 'storage':
        unsubscribe.push(
          services.onObjectCreated((event) =>
            services.track(load(def).then((handler) => handler(event)).then(() => undefined)),
          ),
        );
        break;
      case 'cognito':
        cognito.set(trigger.trigger, def);
        break;
      case 'schedule': {
        const job = new Cron(cronPattern(trigger.cron), { timezone: trigger.timeZone, protect: true }, () => {
          runScheduled(def, services.clock()).catch((err: unknown) => services.warn(`Scheduled function ${def.id} failed`, err));
        });
        schedules.set(def.id, { def, job });
        if (trigger.catchUp) {
          // After start-up, off the request path: the same run the schedule would have made.
          const timer = setTimeout(() => {
            runScheduled(def, services.clock()).catch((err: unknown) => services.warn(`Catching up ${def.id} failed`, err));
          }, 0);
          timer.unref();
        }
        break;
      }
      case 'task':
        // The laptop's Step Functions (lib/local/stepfunctions.ts) run the machine and call it by state name.
        tasks.set(trigger.state, def);
        break;
      case 'job':
        // The laptop's Lambda (lib/local/lambda.ts) runs it when the API invokes it by this id.
        jobs.set(def.id, def);
        break;
      default: {
        const unknown: never = trigger;
        throw new Error(`The laptop host cannot mount trigger ${JSON.stringify(unknown)}`);
      }
    }
    mounted.push({ id: def.id, kind: trigger.kind });
  }

  const cognitoHandler = async (name: keyof AuthTriggers): Promise<TriggerHandler> => {
    const def = cognito.get(name);
    if (!def) throw new Error(`functions/registry.ts has no Cognito ${name} trigger`);
    return (await load(def)) as TriggerHandler;
  };

  return {
    mounted,
    async cognitoTriggers() {
      const [customMessage, postConfirmation] = await Promise.all([cognitoHandler('customMessage'), cognitoHandler('postConfirmation')]);
      return { customMessage, postConfirmation };
    },
    runSchedule(id, at) {
      const entry = schedules.get(id);
      if (!entry) return Promise.reject(new Error(`No scheduled function ${id}`));
      return runScheduled(entry.def, at ?? services.clock());
    },
    async taskHandler(state) {
      const def = tasks.get(state);
      if (!def) throw new Error(`functions/registry.ts has no task for state ${state}`);
      return load(def);
    },
    jobHandler(id) {
      const def = jobs.get(id);
      return def ? load(def) : null;
    },
    nextRuns() {
      return Object.fromEntries([...schedules].map(([id, { job }]) => [id, job.nextRun()]));
    },
    stop() {
      for (const { job } of schedules.values()) job.stop();
      for (const off of unsubscribe) off();
    },
  };
}
