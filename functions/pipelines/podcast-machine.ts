// The podcast pipeline's state machine, defined once (Amazon States Language, JSONPath) and run by
// both hosts: CDK gives it to Step Functions with each `${…}` placeholder filled by a function's
// ARN (`definitionSubstitutions`); the laptop host runs the same JSON with aws-local-stepfunctions,
// each Task state answered by the registry's handler of the same state name.
//
//   WriteScript → Synthesise (a Map over the segments, at most PODCAST_SYNTHESIS_CONCURRENCY at
//   once, each SynthesiseSegment retried with back-off) → Finalise (durations, the episode's MP3,
//   status ready). Any failure is caught by MarkFailed (failed status with the spec's message,
//   the unit given back, the audio removed), then the execution fails. A run that ends otherwise
//   (past its TimeoutSeconds, stopped, or lost with the laptop host that ran it) leaves its podcast
//   to the recovery sweep (functions/pipelines/podcast-recovery.ts).
//
// The Map's items are the segments themselves ({index, speaker, text}): each SynthesiseSegment
// gets its own line with the podcast's ids and language, so it never reads the podcast's record
// (its whole script) to find what to say. Step Functions bounds a state's input at 256 KB: a
// script whose items would pass PODCAST_ITEMS_MAX_BYTES goes through as indexes only, and its
// segments' tasks read their line from the record (see segmentItems).
import { PODCAST_RUN_TIMEOUT_SECONDS, PODCAST_SYNTHESIS_CONCURRENCY } from '../core/podcasts.js';
import { podcastTaskStates, type PodcastTaskState, type SegmentItem } from '../core/podcast-states.js';

/**
 * The most the Map's items may weigh (their JSON, in bytes): half of Step Functions' 256 KB
 * state payload, the rest of the state being a few ids. A 15-minute script is about 2,300 words,
 * 15–20 KB; only a script near the schema's bounds (400 lines of up to 1,500 characters) passes it.
 */
export const PODCAST_ITEMS_MAX_BYTES = 128 * 1024;

/** The Map's items: each line as {index, speaker, text}, or indexes only past PODCAST_ITEMS_MAX_BYTES. */
export function segmentItems(lines: readonly { speaker: 0 | 1; text: string }[]): SegmentItem[] {
  const items = lines.map((line, index): SegmentItem => ({ index, speaker: line.speaker, text: line.text }));
  if (Buffer.byteLength(JSON.stringify(items)) <= PODCAST_ITEMS_MAX_BYTES) return items;
  return lines.map((_, index) => ({ index }));
}

/** A Task state invoking its function with the whole state, or with only the fields named. */
const invoke = (state: PodcastTaskState, fields?: readonly string[]) => ({
  Type: 'Task',
  Resource: 'arn:aws:states:::lambda:invoke',
  Parameters: {
    FunctionName: `\${${podcastTaskStates[state]}}`,
    ...(fields ? { Payload: Object.fromEntries(fields.map((f) => [`${f}.$`, `$.${f}`])) } : { 'Payload.$': '$' }),
  },
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
    // Part of the definition, so both hosts bound a run alike (CDK's `timeout` is not applied to a definition given as a string).
    TimeoutSeconds: PODCAST_RUN_TIMEOUT_SECONDS,
    StartAt: 'WriteScript',
    States: {
      WriteScript: { ...invoke('WriteScript'), Retry: retry(1), Catch: toFailure, Next: 'Synthesise' },
      Synthesise: {
        Type: 'Map',
        ItemsPath: '$.segments',
        MaxConcurrency: PODCAST_SYNTHESIS_CONCURRENCY,
        ItemSelector: { 'user_id.$': '$.user_id', 'podcast_id.$': '$.podcast_id', 'language.$': '$.language', 'segment.$': '$$.Map.Item.Value' },
        ItemProcessor: {
          ProcessorConfig: { Mode: 'INLINE' },
          StartAt: 'SynthesiseSegment',
          States: { SynthesiseSegment: { ...invoke('SynthesiseSegment'), Retry: retry(2), End: true } },
        },
        ResultPath: null,
        Catch: toFailure,
        Next: 'Finalise',
      },
      // The segments stay behind: Finalise reads the record once.
      Finalise: { ...invoke('Finalise', ['user_id', 'podcast_id']), Retry: retry(2), Catch: toFailure, End: true },
      MarkFailed: { ...invoke('MarkFailed', ['user_id', 'podcast_id', 'failure']), Retry: retry(3), Next: 'Failed' },
      Failed: { Type: 'Fail', Error: 'PodcastFailed', Cause: 'The podcast could not be produced' },
    },
  };
}

/** The definition with its placeholders filled (the laptop host fills them with the state names). */
export function podcastMachineJson(substitutions: Record<string, string>): string {
  return JSON.stringify(podcastMachineDefinition()).replace(/\$\{(\w+)\}/g, (whole, name: string) => substitutions[name] ?? whole);
}
