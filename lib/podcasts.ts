// The podcast pipeline in the cloud: the registry's `task` entries built as Lambdas (the house
// function, with their grants: Polly for the segment synthesiser only, the uploads bucket, the
// Podcasts and Usage tables), and a Step Functions state machine made from the one ASL definition
// the laptop host also runs (functions/pipelines/podcast-machine.ts), each `${…}` placeholder
// filled with its task function's ARN. Execution history is logged (without execution data: a
// script is course text) and traced with X-Ray. A run's time-out is part of the definition
// (`TimeoutSeconds`), as CDK's `timeout` does not reach a definition given as a string.
import { ArnFormat, RemovalPolicy, Stack, Token, Validations, type CfnElement } from 'aws-cdk-lib';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { DefinitionBody, LogLevel, StateMachine, StateMachineType } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { podcastTaskStates, type PodcastTaskState } from '../functions/core/podcast-states.js';
import { podcastMachineDefinition } from '../functions/pipelines/podcast-machine.js';
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
  /** Its executions, `arn:…:execution:{machine name}:*` (how a podcast's run went), and that ARN as cdk-nag's findings write it. */
  readonly executions: { arn: string; nagResource: string };
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
      tracingEnabled: true,
      logs: { destination: logs, level: LogLevel.ALL, includeExecutionData: false },
    });
    const stack = Stack.of(this);
    const pseudo = (value: string, name: string) => (Token.isUnresolved(value) ? `<AWS::${name}>` : value);
    this.executions = {
      arn: stack.formatArn({ service: 'states', resource: 'execution', arnFormat: ArnFormat.COLON_RESOURCE_NAME, resourceName: `${this.stateMachine.stateMachineName}:*` }),
      nagResource: `arn:<AWS::Partition>:states:${pseudo(stack.region, 'Region')}:${pseudo(stack.account, 'AccountId')}:execution:<${stack.getLogicalId(this.stateMachine.node.defaultChild as CfnElement)}.Name>:*`,
    };
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
