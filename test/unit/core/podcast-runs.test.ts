// When a podcast's pipeline run may be judged, and what follows a run that died: a run is left
// alone while it may still be starting, asked about until Step Functions must have ended it, and
// over by its age alone after that; a podcast gets one resumed run, then fails.
import { describe, expect, it } from 'vitest';
import { afterDeadRun, PODCAST_MAX_RUNS, PODCAST_RUN_START_GRACE_SECONDS, PODCAST_RUN_TIMEOUT_SECONDS, runAge } from '../../../functions/core/podcasts.js';
import { podcastMachineDefinition } from '../../../functions/pipelines/podcast-machine.js';

describe('a podcast run', () => {
  const started = 1_800_000_000;

  it('is too young to judge for two minutes, then asked about, then over by its age past its time-out', () => {
    expect([0, 1, 119].map((s) => runAge(started, started + s))).toEqual(['young', 'young', 'young']);
    // A clock behind the start (a retried job judging by its scheduled time) judges nothing.
    expect(runAge(started, started - 60)).toBe('young');
    expect([120, 600, 1800, 1920].map((s) => runAge(started, started + s))).toEqual(['ask', 'ask', 'ask', 'ask']);
    expect([1921, 86_400].map((s) => runAge(started, started + s))).toEqual(['over', 'over']);
    expect(PODCAST_RUN_TIMEOUT_SECONDS + PODCAST_RUN_START_GRACE_SECONDS).toBe(1920);
  });

  it('is bounded by the state machine itself, in both hosts', () => {
    expect(podcastMachineDefinition().TimeoutSeconds).toBe(PODCAST_RUN_TIMEOUT_SECONDS);
  });

  it('that died is resumed once, and the resumed one that died too ends the podcast failed', () => {
    expect(PODCAST_MAX_RUNS).toBe(2);
    expect([1, 2, 3].map(afterDeadRun)).toEqual(['resume', 'fail', 'fail']);
  });
});
