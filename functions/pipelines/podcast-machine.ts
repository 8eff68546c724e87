// The podcast pipeline's state machine, defined once (Amazon States Language, JSONPath) and run by
// both hosts: CDK gives it to Step Functions with each `${…}` placeholder filled by a function's
// ARN (`definitionSubstitutions`); the laptop host runs the same JSON with aws-local-stepfunctions,
// each Task state answered by the registry's handler of the same state name.
//
//   WriteScript → Synthesise (a Map over the segments, at most PODCAST_SYNTHESIS_CONCURRENCY at
//   once, each SynthesiseSegment retried with back-off) → Finalise (durations, the episode's MP3,
//   status ready). Any failure is caught by MarkFailed (failed status with the spec's message,
//   the unit given back, the audio removed), then the execution fails.
import { PODCAST_SYNTHESIS_CONCURRENCY } from '../core/podcasts.js';

/** The Task states and the placeholder of the function each one invokes. */
export const podcastTaskStates = {
  WriteScript: 'WriteScriptFunctionArn',
  SynthesiseSegment: 'SynthesiseSegmentFunctionArn',
  Finalise: 'FinaliseFunctionArn',
  MarkFailed: 'MarkFailedFunctionArn',
} as const;
export type PodcastTaskState = keyof typeof podcastTaskStates;

/** What an execution starts with. */
export interface PodcastExecutionInput {
  user_id: string;
  podcast_id: string;
}

const invoke = (state: PodcastTaskState) => ({
  Type: 'Task',
  Resource: 'arn:aws:states:::lambda:invoke',
  Parameters: { FunctionName: `\${${podcastTaskStates[state]}}`, 'Payload.$': '$' },
  OutputPath: '$.Payload',
});

/** Lambda's own transient failures and throttling: retried with back-off. */
const transient = ['Lambda.ServiceException', 'Lambda.AWSLambdaException', 'Lambda.SdkClientException', 'Lambda.TooManyRequestsException'];
const retry = (attempts: number) => [
  { ErrorEquals: transient, IntervalSeconds: 2, MaxAttempts: 3, BackoffRate: 2 },
  { ErrorEquals: ['States.ALL'], IntervalSeconds: 1, MaxAttempts: attempts, BackoffRate: 2 },
];
const toFailure = [{ ErrorEquals: ['States.ALL'], ResultPath: '$.failure', Next: 'MarkFailed' }];

export function podcastMachineDefinition(): Record<string, unknown> {
  return {
    Comment: 'Révise podcast: script, then each segment spoken to MP3, then the episode joined',
    StartAt: 'WriteScript',
    States: {
      WriteScript: { ...invoke('WriteScript'), Retry: retry(1), Catch: toFailure, Next: 'Synthesise' },
      Synthesise: {
        Type: 'Map',
        ItemsPath: '$.segments',
        MaxConcurrency: PODCAST_SYNTHESIS_CONCURRENCY,
        ItemSelector: { 'user_id.$': '$.user_id', 'podcast_id.$': '$.podcast_id', 'index.$': '$$.Map.Item.Value' },
        ItemProcessor: {
          ProcessorConfig: { Mode: 'INLINE' },
          StartAt: 'SynthesiseSegment',
          States: { SynthesiseSegment: { ...invoke('SynthesiseSegment'), Retry: retry(2), End: true } },
        },
        ResultPath: null,
        Catch: toFailure,
        Next: 'Finalise',
      },
      Finalise: { ...invoke('Finalise'), Retry: retry(2), Catch: toFailure, End: true },
      MarkFailed: { ...invoke('MarkFailed'), Retry: retry(3), Next: 'Failed' },
      Failed: { Type: 'Fail', Error: 'PodcastFailed', Cause: 'The podcast could not be produced' },
    },
  };
}

/** The definition with its placeholders filled (the laptop host fills them with the state names). */
export function podcastMachineJson(substitutions: Record<string, string>): string {
  return JSON.stringify(podcastMachineDefinition()).replace(/\$\{(\w+)\}/g, (whole, name: string) => substitutions[name] ?? whole);
}
