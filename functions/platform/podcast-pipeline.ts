// Starts a podcast's pipeline: one StartExecution of the podcast state machine, named after the
// podcast (a repeated start is the same execution). Step Functions in the cloud; the laptop host's
// stand-in (SFN_ENDPOINT), which runs the same definition, on the laptop.
import { SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import type { PodcastExecutionInput } from '../pipelines/podcast-machine.js';
import { config } from './config.js';

let client: { sfn: SFNClient; endpoint: string | undefined } | undefined;

export async function startPodcastPipeline(input: PodcastExecutionInput): Promise<void> {
  const c = config();
  if (!c.PODCAST_STATE_MACHINE_ARN) throw new Error('PODCAST_STATE_MACHINE_ARN is not set');
  // A laptop host started again (tests) has a new endpoint: the client follows it.
  if (!client || client.endpoint !== c.SFN_ENDPOINT) {
    client?.sfn.destroy();
    client = { sfn: new SFNClient({ region: c.AWS_REGION, endpoint: c.SFN_ENDPOINT, maxAttempts: 3 }), endpoint: c.SFN_ENDPOINT };
  }
  await client.sfn.send(new StartExecutionCommand({ stateMachineArn: c.PODCAST_STATE_MACHINE_ARN, name: input.podcast_id, input: JSON.stringify(input) }));
}

/** Forget the client (the laptop host and tests change the configuration between runs). */
export function resetPodcastPipeline(): void {
  client?.sfn.destroy();
  client = undefined;
}
