// Background jobs in the cloud: one Lambda per `job` entry of functions/registry.ts (the house
// function with the entry's grants), invoked asynchronously by the API (functions/platform/jobs.ts):
// Lambda queues the event, retries a failed run as many times as the entry says (none for the
// data export, which records its own failure), and keeps an event that still failed in a
// dead-letter queue. The laptop host runs the same handlers through its Lambda stand-in
// (lib/local/lambda.ts).
import { Duration } from 'aws-cdk-lib';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { functionsOf } from '../functions/registry.js';
import type { HouseFunction } from './house-function.js';
import { buildServerFunction, failureQueue, type FunctionContext } from './server-functions.js';

export interface JobsProps {
  functions: FunctionContext;
}

export class Jobs extends Construct {
  /** The function of each job, by the job's name. */
  readonly functions = new Map<string, HouseFunction>();
  /** Job events that still failed after their retries. */
  readonly failures: Queue;

  constructor(scope: Construct, id: string, props: JobsProps) {
    super(scope, id);
    this.failures = failureQueue(this, 'Failures', 'the background jobs');
    for (const def of functionsOf('job')) {
      const fn = buildServerFunction(this, def, props.functions);
      fn.configureAsyncInvoke({ retryAttempts: def.retries ?? 0, maxEventAge: Duration.hours(1), onFailure: new SqsDestination(this.failures) });
      this.functions.set(def.trigger.job, fn);
    }
  }

  /** The data export job's function. */
  get dataExport(): HouseFunction {
    const fn = this.functions.get('dataExport');
    if (!fn) throw new Error('functions/registry.ts has no dataExport job');
    return fn;
  }
}
