// The laptop's Step Functions: a loopback server that speaks the part of the Step Functions API
// the app uses (AWS JSON 1.0: StartExecution, DescribeExecution), so the API handler starts a
// podcast with the same @aws-sdk/client-sfn call as in the cloud, SFN_ENDPOINT pointing here. Each
// execution runs the one ASL definition (functions/pipelines/podcast-machine.ts) with
// aws-local-stepfunctions, in-process; its Task states are answered by the registry's task
// handlers of the same state name, called as Lambda's invoke integration would call them
// (`{FunctionName, Payload}` in, `{Payload}` out). Executions are kept in memory: a host that
// stops waits for the ones running, a host killed loses them (after a restart DescribeExecution
// does not find them), and the podcast recovery sweep resumes or fails their podcasts
// (functions/pipelines/podcast-recovery.ts).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { listenOnLoopback } from './loopback.js';
import { podcastTaskStates, type PodcastTaskState } from '../../functions/core/podcast-states.js';
import { podcastMachineJson } from '../../functions/pipelines/podcast-machine.js';
import type { FunctionHandler } from '../../functions/registry.js';

export interface LocalStepFunctions {
  endpoint: string;
  /** The ARN the host gives the handlers (PODCAST_STATE_MACHINE_ARN). */
  podcastMachineArn: string;
  /** Resolves when no execution is running (tests and the benchmark wait on it). */
  idle(): Promise<void>;
  /** Every execution started, with its status. */
  executions(): { arn: string; name: string; status: 'RUNNING' | 'SUCCEEDED' | 'FAILED'; startedAt: Date; stoppedAt?: Date }[];
  /** Stops every running execution where it is, as a killed process would: no task is called any more (one already called is not waited for). */
  abandon(): void;
  close(): Promise<void>;
}

interface Execution {
  arn: string;
  name: string;
  input: string;
  status: 'RUNNING' | 'SUCCEEDED' | 'FAILED';
  startedAt: Date;
  stoppedAt?: Date;
  output?: string;
  error?: string;
  cause?: string;
  done: Promise<void>;
  abort: () => void;
}

export async function startLocalStepFunctions(opts: {
  region: string;
  /** The registry's handler of each Task state, loaded when first called. */
  taskHandler: (state: PodcastTaskState) => Promise<FunctionHandler>;
  track: <T>(work: Promise<T>) => Promise<T>;
  warn: (message: string, err?: unknown) => void;
}): Promise<LocalStepFunctions> {
  const { StateMachine } = await import('aws-local-stepfunctions');
  const podcastMachineArn = `arn:aws:states:${opts.region}:000000000000:stateMachine:Podcast`;
  // The placeholders become the state names: the overrides answer each Task state by its name.
  const definition = JSON.parse(podcastMachineJson(Object.fromEntries(Object.entries(podcastTaskStates).map(([state, placeholder]) => [placeholder, state]))));
  const machine = new StateMachine(definition, { validationOptions: { checkArn: false } });
  const executions = new Map<string, Execution>();
  // Set by abandon(): no task is called any more. An aborted execution's Map still starts the
  // items it had queued (aws-local-stepfunctions 3.0.0 checks the abort only between states), and
  // a killed process would call nothing.
  let abandoned = false;

  const overrides = Object.fromEntries(
    (Object.keys(podcastTaskStates) as PodcastTaskState[]).map((state) => [
      state,
      async (input: unknown) => {
        if (abandoned) return new Promise<never>(() => undefined);
        const { Payload } = input as { FunctionName: string; Payload: unknown };
        const handler = await opts.taskHandler(state);
        return { Payload: ((await handler(Payload)) ?? null) as never };
      },
    ]),
  );

  function start(body: { stateMachineArn?: string; name?: string; input?: string }): { executionArn: string; startDate: number } | { error: string; status: number; message: string } {
    if (body.stateMachineArn !== podcastMachineArn) return { error: 'StateMachineDoesNotExist', status: 400, message: `State Machine Does Not Exist: '${body.stateMachineArn}'` };
    const name = body.name ?? crypto.randomUUID();
    const arn = `${podcastMachineArn.replace(':stateMachine:', ':execution:')}:${name}`;
    const existing = executions.get(arn);
    if (existing) {
      // Step Functions: the same name and input is the same execution; another input is refused.
      if (existing.input === (body.input ?? '{}')) return { executionArn: arn, startDate: existing.startedAt.getTime() / 1000 };
      return { error: 'ExecutionAlreadyExists', status: 400, message: `Execution Already Exists: '${arn}'` };
    }
    const input = body.input ?? '{}';
    const run = machine.run(JSON.parse(input), { overrides: { taskResourceLocalHandlers: overrides } });
    const execution: Execution = { arn, name, input, status: 'RUNNING', startedAt: new Date(), done: Promise.resolve(), abort: () => run.abort() };
    execution.done = opts.track(
      run.result.then(
        (output) => {
          Object.assign(execution, { status: 'SUCCEEDED', output: JSON.stringify(output), stoppedAt: new Date() });
        },
        (err: unknown) => {
          const e = err as { name?: string; message?: string; cause?: { name?: string; message?: string } };
          Object.assign(execution, { status: 'FAILED', error: e.cause?.name ?? e.name, cause: e.cause?.message ?? e.message, stoppedAt: new Date() });
        },
      ),
    );
    executions.set(arn, execution);
    return { executionArn: arn, startDate: execution.startedAt.getTime() / 1000 };
  }

  function describe(body: { executionArn?: string }): Record<string, unknown> | { error: string; status: number; message: string } {
    const e = body.executionArn ? executions.get(body.executionArn) : undefined;
    if (!e) return { error: 'ExecutionDoesNotExist', status: 400, message: `Execution Does Not Exist: '${body.executionArn}'` };
    return {
      executionArn: e.arn,
      stateMachineArn: podcastMachineArn,
      name: e.name,
      status: e.status,
      startDate: e.startedAt.getTime() / 1000,
      ...(e.stoppedAt ? { stopDate: e.stoppedAt.getTime() / 1000 } : {}),
      input: e.input,
      ...(e.output !== undefined ? { output: e.output } : {}),
      ...(e.error ? { error: e.error, cause: e.cause } : {}),
    };
  }

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const reply = (status: number, data: unknown) => {
        const body = JSON.stringify(data);
        res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0', 'content-length': Buffer.byteLength(body) }).end(body);
      };
      let body: Record<string, string>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, string>;
      } catch {
        return reply(400, { __type: 'SerializationException', message: 'Malformed JSON' });
      }
      const target = String(req.headers['x-amz-target'] ?? '');
      const result = target === 'AWSStepFunctions.StartExecution' ? start(body) : target === 'AWSStepFunctions.DescribeExecution' ? describe(body) : { error: 'UnknownOperationException', status: 400, message: `Unsupported operation ${target}` };
      if ('error' in result && typeof result.status === 'number') return reply(result.status, { __type: result.error, message: result.message });
      reply(200, result);
    });
  });
  const { endpoint, close } = await listenOnLoopback(server);

  return {
    endpoint,
    podcastMachineArn,
    async idle() {
      while ([...executions.values()].some((e) => e.status === 'RUNNING')) await Promise.allSettled([...executions.values()].map((e) => e.done));
    },
    executions: () => [...executions.values()].map(({ arn, name, status, startedAt, stoppedAt }) => ({ arn, name, status, startedAt, stoppedAt })),
    abandon() {
      abandoned = true;
      for (const e of executions.values()) if (e.status === 'RUNNING') e.abort();
    },
    close,
  };
}
