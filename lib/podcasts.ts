// The podcast pipeline in the cloud: the registry's `task` entries built as Lambdas (the house
// function, with their grants: Polly for the segment synthesiser only, the uploads bucket, the
// Podcasts and Usage tables), and a Step Functions state machine made from the one ASL definition
// the laptop host also runs (functions/pipelines/podcast-machine.ts), each `${…}` placeholder
// filled with its task function's ARN. Execution history is logged (without execution data: a
// script is course text) and traced with X-Ray.
import { Duration, RemovalPolicy, Stack, Validations, type CfnElement } from 'aws-cdk-lib';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { DefinitionBody, LogLevel, StateMachine, StateMachineType } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { podcastMachineDefinition, podcastTaskStates, type PodcastTaskState } from '../functions/pipelines/podcast-machine.js';
import { functionsOf } from '../functions/registry.js';
import type { HouseFunction } from './house-function.js';
import { buildServerFunction, type FunctionContext } from './server-functions.js';

export interface PodcastsProps {
  functions: FunctionContext;
  /** Keep the execution logs when the stack is deleted (production). */
  retain: boolean;
}

export class Podcasts extends Construct {
  readonly stateMachine: StateMachine;
  /** The function of each Task state. */
  readonly tasks = new Map<PodcastTaskState, HouseFunction>();

  constructor(scope: Construct, id: string, props: PodcastsProps) {
    super(scope, id);
    for (const def of functionsOf('task')) this.tasks.set(def.trigger.state, buildServerFunction(this, def, props.functions));
    const substitutions: Record<string, string> = {};
    for (const [state, placeholder] of Object.entries(podcastTaskStates)) {
      const fn = this.tasks.get(state as PodcastTaskState);
      if (!fn) throw new Error(`functions/registry.ts has no task for the podcast state ${state}`);
      substitutions[placeholder] = fn.functionArn;
    }

    const logs = new LogGroup(this, 'ExecutionLogs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: props.retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    this.stateMachine = new StateMachine(this, 'Machine', {
      stateMachineType: StateMachineType.STANDARD,
      definitionBody: DefinitionBody.fromString(JSON.stringify(podcastMachineDefinition())),
      definitionSubstitutions: substitutions,
      timeout: Duration.minutes(30),
      tracingEnabled: true,
      logs: { destination: logs, level: LogLevel.ALL, includeExecutionData: false },
    });
    const stack = Stack.of(this);
    for (const [state, fn] of this.tasks) {
      fn.grantInvoke(this.stateMachine);
      Validations.of(this.stateMachine.role).acknowledge({
        id: `AwsSolutions-IAM5[Resource::<${stack.getLogicalId(fn.node.defaultChild as CfnElement)}.Arn>:*]`,
        reason: `lambda:InvokeFunction on the ${state} task's function and its versions (the ":*" aws-cdk-lib adds to a function grant); the machine invokes nothing else.`,
      });
    }
    Validations.of(this.stateMachine.role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: 'Step Functions delivers execution logs (logs:CreateLogDelivery and its companions) and X-Ray traces through actions that take no resource.',
    });
  }
}
