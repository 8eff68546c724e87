// Runs of a podcast's pipeline: one StartExecution of the podcast state machine per run, named
// after the podcast (and its run number from the second on: a repeated start is the same
// execution), and DescribeExecution to tell whether a run still goes. Step Functions in the cloud;
// the laptop host's stand-in (SFN_ENDPOINT), which runs the same definition, on the laptop (it
// keeps executions in memory: after a restart, a run it was executing cannot be found, as an
// execution that never started).
import { DescribeExecutionCommand, ExecutionDoesNotExist, SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { runAge } from '../core/podcasts.js';
import type { PodcastExecutionInput } from '../core/podcast-states.js';
import { config } from './config.js';

let client: { sfn: SFNClient; endpoint: string | undefined } | undefined;

function sfn(): SFNClient {
  const c = config();
  // A laptop host started again (tests) has a new endpoint: the client follows it.
  if (!client || client.endpoint !== c.SFN_ENDPOINT) {
    client?.sfn.destroy();
    client = { sfn: new SFNClient({ region: c.AWS_REGION, endpoint: c.SFN_ENDPOINT, maxAttempts: 3 }), endpoint: c.SFN_ENDPOINT };
  }
  return client.sfn;
}

function machineArn(): string {
  const arn = config().PODCAST_STATE_MACHINE_ARN;
  if (!arn) throw new Error('PODCAST_STATE_MACHINE_ARN is not set');
  return arn;
}

/** The execution of a podcast's run: the podcast's id for the first, `{id}-run{n}` after. */
export const podcastRunName = (podcastId: string, run: number): string => (run <= 1 ? podcastId : `${podcastId}-run${run}`);

export async function startPodcastPipeline(input: PodcastExecutionInput, run = 1): Promise<void> {
  await sfn().send(new StartExecutionCommand({ stateMachineArn: machineArn(), name: podcastRunName(input.podcast_id, run), input: JSON.stringify(input) }));
}

/** Whether a run's execution still runs, has ended (succeeded, failed, timed out, aborted), or cannot be found. */
export async function podcastRunState(podcastId: string, run: number): Promise<'running' | 'ended' | 'missing'> {
  const executionArn = `${machineArn().replace(':stateMachine:', ':execution:')}:${podcastRunName(podcastId, run)}`;
  try {
    const out = await sfn().send(new DescribeExecutionCommand({ executionArn }));
    return out.status === 'RUNNING' || out.status === 'PENDING_REDRIVE' ? 'running' : 'ended';
  } catch (err) {
    if (err instanceof ExecutionDoesNotExist || (err as { name?: string }).name === 'ExecutionDoesNotExist') return 'missing';
    throw err;
  }
}

/** What the record says of its current run (records made before runs were numbered: the first, started at creation). */
export interface PodcastRun {
  id: string;
  run?: number;
  run_started?: number;
  created_at: string;
}

/**
 * Whether an unfinished podcast's current run is over at `now`: past its time-out by its age
 * alone, else as Step Functions says (ended, or never found once the start grace has passed).
 * A run too young to judge is not over.
 */
export async function podcastRunOver(item: PodcastRun, now: Date): Promise<boolean> {
  const startedAt = item.run_started ?? Math.floor(Date.parse(item.created_at) / 1000);
  const age = runAge(startedAt, Math.floor(now.getTime() / 1000));
  if (age !== 'ask') return age === 'over';
  return (await podcastRunState(item.id, item.run ?? 1)) !== 'running';
}

/** Forget the client (the laptop host and tests change the configuration between runs). */
export function resetPodcastPipeline(): void {
  client?.sfn.destroy();
  client = undefined;
}
