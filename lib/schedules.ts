// Scheduled jobs: one EventBridge Scheduler schedule per `schedule` entry of functions/registry.ts,
// in the entry's time zone (the product's: midnight in France on the 1st is not midnight UTC),
// invoking its function with the scheduled time as input. Scheduler retries a failed invocation
// and then keeps the event in a dead-letter queue. The laptop host runs the same handlers on the
// same fields with croner (lib/local/triggers.ts).
import { Duration, Stack, TimeZone, Validations, type CfnElement } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { ContextAttribute, Schedule, ScheduleExpression, ScheduleTargetInput } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { functionsOf } from '../functions/registry.js';
import type { HouseFunction } from './house-function.js';
import { buildServerFunction, failureQueue, type FunctionContext } from './server-functions.js';

export interface SchedulesProps {
  functions: FunctionContext;
}

export class Schedules extends Construct {
  /** Function and schedule of each registry entry, by its id. */
  readonly jobs = new Map<string, { fn: HouseFunction; schedule: Schedule }>();
  /** Scheduled invocations that still failed after their retries. */
  readonly failures: Queue;

  constructor(scope: Construct, id: string, props: SchedulesProps) {
    super(scope, id);
    this.failures = failureQueue(this, 'Failures', 'the scheduled jobs');

    // The role Scheduler assumes to invoke the jobs' functions, and nothing else.
    const role = new Role(this, 'InvokeRole', { assumedBy: new ServicePrincipal('scheduler.amazonaws.com') });
    for (const def of functionsOf('schedule')) {
      const fn = buildServerFunction(this, def, props.functions);
      Validations.of(role).acknowledge({
        id: `AwsSolutions-IAM5[Resource::<${Stack.of(this).getLogicalId(fn.node.defaultChild as CfnElement)}.Arn>:*]`,
        reason: `lambda:InvokeFunction on ${def.id} and its versions (the ":*" aws-cdk-lib adds to a function grant); the role invokes nothing else.`,
      });
      const { cron, timeZone } = def.trigger;
      const schedule = new Schedule(this, `${def.id}Schedule`, {
        description: def.description,
        schedule: ScheduleExpression.cron({ ...cron, timeZone: TimeZone.of(timeZone) }),
        target: new LambdaInvoke(fn, {
          role,
          input: ScheduleTargetInput.fromObject({ scheduledTime: ContextAttribute.scheduledTime }),
          retryAttempts: def.retries ?? 2,
          maxEventAge: Duration.hours(6),
          deadLetterQueue: this.failures,
        }),
      });
      this.jobs.set(def.id, { fn, schedule });
    }
  }
}
