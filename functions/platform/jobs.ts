// Background jobs the API starts (functions/registry.ts entries of trigger kind `job`): one
// asynchronous Lambda invocation (InvocationType `Event`: the call returns once the event is
// queued, the job runs on its own with its own time-out). In the cloud CDK gives the API the job's
// function name and `lambda:InvokeFunction` on it alone; on the laptop LAMBDA_ENDPOINT points at
// the host's stand-in (lib/local/lambda.ts), which runs the registry's handler in-process.
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { config } from './config.js';

let client: { lambda: LambdaClient; endpoint: string | undefined } | undefined;

function lambda(): LambdaClient {
  const c = config();
  // A laptop host started again (tests) has a new endpoint: the client follows it.
  if (!client || client.endpoint !== c.LAMBDA_ENDPOINT) {
    client?.lambda.destroy();
    client = { lambda: new LambdaClient({ region: c.AWS_REGION, endpoint: c.LAMBDA_ENDPOINT, maxAttempts: 3 }), endpoint: c.LAMBDA_ENDPOINT };
  }
  return client.lambda;
}

/** What the data export job is given: the export to write. */
export interface DataExportEvent {
  user_id: string;
  export_id: string;
}

/** Queues a run of the data export job; throws when the event could not be queued. */
export async function startDataExportJob(event: DataExportEvent): Promise<void> {
  const name = config().EXPORT_FUNCTION_NAME;
  if (!name) throw new Error('EXPORT_FUNCTION_NAME is not set');
  const out = await lambda().send(new InvokeCommand({ FunctionName: name, InvocationType: 'Event', Payload: new TextEncoder().encode(JSON.stringify(event)) }));
  if (out.StatusCode !== 202) throw new Error(`The export job was not queued (status ${out.StatusCode})`);
}

/** Forget the client (the laptop host and tests change the configuration between runs). */
export function resetJobs(): void {
  client?.lambda.destroy();
  client = undefined;
}
