// The podcast pipeline's states and what passes between them, shared by the pipeline's definition
// (functions/pipelines/podcast-machine.ts), its task handlers, the hosts that start and run it
// (functions/platform/podcast-pipeline.ts, lib/) and the handler registry: the Task states and the
// placeholder of the function each invokes, an execution's input, the Map's items. Types and
// names only, no I/O.
import type { CourseLanguage } from './artefacts.js';

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

/** One item of the Map: a segment's index and, unless the script is too large to pass, its line. */
export interface SegmentItem {
  index: number;
  speaker?: 0 | 1;
  text?: string;
}

/** What WriteScript hands on to the Map: the podcast, its language and the segments to speak. */
export interface ScriptWritten extends PodcastExecutionInput {
  language: CourseLanguage;
  segments: SegmentItem[];
}

/** What each SynthesiseSegment gets (the Map's ItemSelector). */
export interface SegmentTaskInput extends PodcastExecutionInput {
  language: CourseLanguage;
  segment: SegmentItem;
}
