// The podcast player's state (web/src/components/podcast/player-state.ts): what a listener sees of
// each segment (ready, playing, paused, stopped, ended, skipped, loading, error, audio not
// available), playing through to the end, waiting for segments still being
// spoken, previous/next/seek/speed, resuming at the saved position, and the keyboard shortcuts;
// then what the page shows around it: the seek bar, the resume note, when the position is saved
// again, the lock screen's state, the download's file name and the shortcuts' help.
import { describe, expect, it } from 'vitest';
import {
  clock,
  downloadFileName,
  elapsedSeconds,
  initialState,
  isPlayingNow,
  keyAction,
  keySeparator,
  locate,
  playerReducer,
  positionKey,
  positionOf,
  resumeNote,
  saveKeyOf,
  segmentState,
  sessionPlaybackState,
  timeline,
  wantsAudio,
  type PlayerAction,
  type PlayerState,
  type SegmentInfo,
} from '../../../web/src/components/podcast/player-state.js';

const spoken = (...durations: number[]): SegmentInfo[] => durations.map((duration) => ({ hasAudio: true, duration }));
const pending = (n: number): SegmentInfo[] => Array.from({ length: n }, () => ({ hasAudio: false, duration: null }));
const run = (state: PlayerState, ...actions: PlayerAction[]) => actions.reduce(playerReducer, state);
const states = (state: PlayerState) => state.segments.map((_, i) => segmentState(state, i));

describe('the podcast player', () => {
  it('plays through every segment to the end, marking each heard one ended', () => {
    let s = initialState(spoken(10, 20, 5), false);
    expect(states(s)).toEqual(['ready', 'ready', 'ready']);
    s = run(s, { type: 'play' });
    expect(states(s)[0]).toBe('loading');
    expect(wantsAudio(s)).toBe(true);
    s = run(s, { type: 'playing' }, { type: 'tick', seconds: 4 });
    expect(states(s)).toEqual(['playing', 'ready', 'ready']);
    expect(elapsedSeconds(s)).toBe(4);
    s = run(s, { type: 'segmentEnded' });
    expect(s.current).toBe(1);
    expect(states(s)).toEqual(['ended', 'loading', 'ready']);
    s = run(s, { type: 'playing' }, { type: 'segmentEnded' }, { type: 'playing' }, { type: 'segmentEnded' });
    expect(s.mode).toBe('ended');
    expect(states(s)).toEqual(['ended', 'ended', 'ended']);
    expect(wantsAudio(s)).toBe(false);
    // Play again after the end starts over.
    s = run(s, { type: 'play' });
    expect(s.current).toBe(0);
    expect(states(s)).toEqual(['loading', 'ready', 'ready']);
  });

  it('pauses, resumes and stops back to the start of the segment', () => {
    let s = run(initialState(spoken(10, 10), false), { type: 'play' }, { type: 'playing' }, { type: 'tick', seconds: 6 });
    s = run(s, { type: 'toggle' });
    expect(states(s)[0]).toBe('paused');
    expect(wantsAudio(s)).toBe(false);
    s = run(s, { type: 'toggle' }, { type: 'playing' });
    expect(states(s)[0]).toBe('playing');
    const cue = s.cue;
    s = run(s, { type: 'stop' });
    expect(states(s)[0]).toBe('stopped');
    expect(s.seconds).toBe(0);
    expect(s.cue).toBeGreaterThan(cue);
    // Buffering while playing shows as loading.
    s = run(s, { type: 'play' }, { type: 'playing' }, { type: 'waiting' });
    expect(states(s)[0]).toBe('loading');
  });

  it('marks a segment moved past without hearing it as skipped, and previous restarts or goes back', () => {
    let s = run(initialState(spoken(10, 10, 10, 10), false), { type: 'play' }, { type: 'playing' }, { type: 'tick', seconds: 2 });
    s = run(s, { type: 'next' });
    expect(s.current).toBe(1);
    expect(states(s)).toEqual(['skipped', 'loading', 'ready', 'ready']);
    s = run(s, { type: 'playing' }, { type: 'jump', index: 3 });
    expect(states(s)).toEqual(['skipped', 'skipped', 'skipped', 'loading']);
    // Past 3 s, previous goes back to the segment's start; before, to the segment before.
    s = run(s, { type: 'playing' }, { type: 'tick', seconds: 7 }, { type: 'previous' });
    expect(s.current).toBe(3);
    expect(s.seconds).toBe(0);
    expect(s.mode).toBe('playing');
    s = run(s, { type: 'previous' });
    expect(s.current).toBe(2);
    // Hearing a skipped segment to its end makes it ended.
    s = run(s, { type: 'playing' }, { type: 'segmentEnded' });
    expect(states(s)[2]).toBe('ended');
    // Next on the last segment does nothing.
    expect(run(s, { type: 'next' }).current).toBe(3);
  });

  it('waits for segments still being spoken and plays them when their audio arrives', () => {
    let s = initialState([...spoken(8), ...pending(2)], true);
    expect(states(s)).toEqual(['ready', 'loading', 'loading']);
    s = run(s, { type: 'play' }, { type: 'playing' }, { type: 'segmentEnded' });
    expect(s.current).toBe(1);
    expect(s.mode).toBe('loading');
    expect(wantsAudio(s)).toBe(false);
    s = run(s, { type: 'sync', segments: [...spoken(8, 6), ...pending(1)], generating: true });
    expect(wantsAudio(s)).toBe(true);
    expect(states(s)).toEqual(['ended', 'loading', 'loading']);
  });

  it('says audio not available for a segment that was never spoken and plays past it', () => {
    const segments: SegmentInfo[] = [...spoken(5), { hasAudio: false, duration: null }, ...spoken(5)];
    let s = initialState(segments, false);
    expect(states(s)).toEqual(['ready', 'unavailable', 'ready']);
    s = run(s, { type: 'play' }, { type: 'playing' }, { type: 'segmentEnded' });
    expect(s.current).toBe(2);
    expect(states(s)).toEqual(['ended', 'unavailable', 'loading']);
    // Waiting on a segment when the episode turns out finished without it: on to the next.
    s = initialState([...spoken(5), ...pending(1), ...pending(1)], true);
    s = run(s, { type: 'play' }, { type: 'playing' }, { type: 'segmentEnded' });
    expect(s.current).toBe(1);
    s = run(s, { type: 'sync', segments: [...spoken(5), { hasAudio: false, duration: null }, ...spoken(4)], generating: false });
    expect(s.current).toBe(2);
    expect(wantsAudio(s)).toBe(true);
    s = run(s, { type: 'sync', segments: [...spoken(5), { hasAudio: false, duration: null }, { hasAudio: false, duration: null }], generating: false });
    expect(s.mode).toBe('ended');
  });

  it('shows a playback error on the segment and plays again on retry', () => {
    let s = run(initialState(spoken(5, 5), false), { type: 'play' }, { type: 'error' });
    expect(states(s)).toEqual(['error', 'ready']);
    expect(wantsAudio(s)).toBe(false);
    s = run(s, { type: 'retry' });
    expect(states(s)[0]).toBe('loading');
    expect(wantsAudio(s)).toBe(true);
  });

  it('seeks on the whole episode across segments and by steps, within its length', () => {
    const segments = spoken(10, 20, 30);
    expect(locate(segments, 0)).toEqual({ segment: 0, seconds: 0 });
    expect(locate(segments, 15)).toEqual({ segment: 1, seconds: 5 });
    expect(locate(segments, 30)).toEqual({ segment: 2, seconds: 0 });
    expect(locate(segments, 500).segment).toBe(2);
    let s = run(initialState(segments, false), { type: 'seek', time: 35 });
    expect([s.current, s.seconds]).toEqual([2, 5]);
    expect(elapsedSeconds(s)).toBe(35);
    expect(states(s)[2]).toBe('paused');
    s = run(s, { type: 'seekBy', delta: -10 });
    expect([s.current, s.seconds]).toEqual([1, 15]);
    s = run(s, { type: 'seekBy', delta: -100 });
    expect([s.current, s.seconds]).toEqual([0, 0]);
    // Seeking while playing keeps playing (a new segment loads first).
    s = run(s, { type: 'play' }, { type: 'playing' }, { type: 'seekBy', delta: 4 });
    expect(s.mode).toBe('playing');
    expect(s.seconds).toBe(4);
    s = run(s, { type: 'seekBy', delta: 10 });
    expect([s.current, s.mode]).toEqual([1, 'loading']);
    // Segments without audio are not landed on.
    const gap: SegmentInfo[] = [...spoken(10), { hasAudio: false, duration: null }, ...spoken(10)];
    expect(locate(gap, 12)).toEqual({ segment: 2, seconds: 2 });
  });

  it('changes speed between 0.75× and 2×', () => {
    let s = initialState(spoken(5), false);
    expect(s.rate).toBe(1);
    s = run(s, { type: 'faster' }, { type: 'faster' });
    expect(s.rate).toBe(1.5);
    s = run(s, { type: 'faster' }, { type: 'faster' }, { type: 'faster' });
    expect(s.rate).toBe(2);
    s = run(s, { type: 'rate', rate: 0.5 });
    expect(s.rate).toBe(0.75);
    s = run(s, { type: 'slower' });
    expect(s.rate).toBe(0.75);
    s = run(s, { type: 'rate', rate: 1.25 }, { type: 'slower' });
    expect(s.rate).toBe(1);
  });

  it('resumes where the student stopped, and gives the position to save', () => {
    const s = initialState(spoken(10, 20, 30), false, { segment: 2, seconds: 12.34 });
    expect([s.current, s.seconds]).toEqual([2, 12.34]);
    expect(states(s)).toEqual(['ended', 'ended', 'paused']);
    expect(elapsedSeconds(s)).toBeCloseTo(42.34);
    expect(positionOf(s)).toEqual({ segment: 2, seconds: 12.3 });
    // A position the episode does not have starts at the beginning.
    expect(initialState(spoken(10), false, { segment: 4, seconds: 3 }).current).toBe(0);
    // A position at the end of a segment resumes at its start.
    expect(initialState(spoken(10), false, { segment: 0, seconds: 10 }).seconds).toBe(0);
    // Heard to the end, the episode starts over next time.
    const done = run(initialState(spoken(5), false), { type: 'play' }, { type: 'playing' }, { type: 'tick', seconds: 5 }, { type: 'segmentEnded' });
    expect(positionOf(done)).toEqual({ segment: 0, seconds: 0 });
  });

  it('maps keys to commands, leaving typing and the focused control alone', () => {
    expect(keyAction({ key: ' ' }, 'page')).toEqual({ type: 'toggle' });
    expect(keyAction({ key: ' ' }, 'control')).toBeNull();
    expect(keyAction({ key: 'k' }, 'control')).toEqual({ type: 'toggle' });
    expect(keyAction({ key: 'ArrowRight' }, 'page')).toEqual({ type: 'seekBy', delta: 10 });
    expect(keyAction({ key: 'ArrowLeft' }, 'control')).toEqual({ type: 'seekBy', delta: -10 });
    expect(keyAction({ key: 'ArrowRight', shiftKey: true }, 'page')).toEqual({ type: 'next' });
    expect(keyAction({ key: 'ArrowLeft', shiftKey: true }, 'page')).toEqual({ type: 'previous' });
    expect(keyAction({ key: '>' }, 'page')).toEqual({ type: 'faster' });
    expect(keyAction({ key: '<' }, 'page')).toEqual({ type: 'slower' });
    expect(keyAction({ key: 'ArrowRight' }, 'field')).toBeNull();
    expect(keyAction({ key: ' ', ctrlKey: true }, 'page')).toBeNull();
    expect(keyAction({ key: 'a' }, 'page')).toBeNull();
  });

  it('writes times as a clock', () => {
    expect(clock(0)).toBe('0:00');
    expect(clock(75.9)).toBe('1:15');
    expect(clock(3725)).toBe('1:02:05');
  });
});

describe('what the podcast page shows around the player', () => {
  it('shows the seek bar on the spoken part of the episode, never past its end', () => {
    const s = run(initialState([...spoken(30, 10), ...pending(1)], true), { type: 'jump', index: 1 }, { type: 'playing' }, { type: 'tick', seconds: 5 });
    expect(timeline(s)).toEqual({ total: 40, elapsed: 35, playedPercent: 87.5 });
    expect(isPlayingNow(s)).toBe(true);
    // A tick past the segment's measured end keeps the bar at its end.
    expect(timeline(run(s, { type: 'tick', seconds: 60 })).elapsed).toBe(40);
    expect(timeline(initialState(pending(2), true))).toEqual({ total: 0, elapsed: 0, playedPercent: 0 });
    expect(isPlayingNow(run(s, { type: 'pause' }))).toBe(false);
  });

  it('tells where a saved position resumes, and nothing at the start', () => {
    expect(resumeNote(initialState(spoken(60, 60), false, { segment: 1, seconds: 15 }))).toEqual({ n: 2, at: '1:15' });
    expect(resumeNote(initialState(spoken(60, 60), false, { segment: 0, seconds: 3 }))).toEqual({ n: 1, at: '0:03' });
    expect(resumeNote(initialState(spoken(60, 60), false, { segment: 0, seconds: 0 }))).toBeNull();
    expect(resumeNote(initialState(spoken(60, 60), false))).toBeNull();
  });

  it('saves the position every few seconds of listening and at each move of the student', () => {
    let s = run(initialState(spoken(60, 60), false), { type: 'play' }, { type: 'playing' }, { type: 'tick', seconds: 1 });
    const first = saveKeyOf(s);
    expect(saveKeyOf(run(s, { type: 'tick', seconds: 4.9 }))).toBe(first);
    expect(saveKeyOf(run(s, { type: 'tick', seconds: 5.1 }))).not.toBe(first);
    s = run(s, { type: 'pause' });
    const paused = saveKeyOf(s);
    expect(paused).not.toBe(first);
    // Paused, a seek inside the same few seconds is a new position to save.
    expect(saveKeyOf(run(s, { type: 'seek', time: 2 }))).not.toBe(paused);
    expect(positionKey({ segment: 1, seconds: 4.5 })).toBe('1:4.5');
    expect(positionKey(null)).toBe(positionKey({ segment: 0, seconds: 0 }));
  });

  it('shows the lock screen playing, paused, or nothing before the first play', () => {
    const fresh = initialState(spoken(10, 10), false);
    expect(sessionPlaybackState(fresh)).toBe('none');
    const playing = run(fresh, { type: 'play' });
    expect(sessionPlaybackState(playing)).toBe('playing');
    expect(sessionPlaybackState(run(playing, { type: 'playing' }, { type: 'tick', seconds: 2 }, { type: 'pause' }))).toBe('paused');
    expect(sessionPlaybackState(run(fresh, { type: 'stop' }))).toBe('paused');
    // Resumed at a saved position, nothing plays yet but the episode is under way.
    expect(sessionPlaybackState(initialState(spoken(10, 10), false, { segment: 1, seconds: 2 }))).toBe('paused');
  });

  it('names the downloaded MP3 after the episode, without characters file systems refuse', () => {
    expect(downloadFileName('Histoire : la Révolution / 1789')).toBe('Histoire la Révolution 1789.mp3');
    expect(downloadFileName('  Maths   "Ch. 2"?  ')).toBe('Maths Ch. 2.mp3');
    expect(downloadFileName('///')).toBe('podcast.mp3');
  });

  it('joins the keys of a shortcut with a plus after shift and a space otherwise', () => {
    expect(['shift', '←', '→'].map((_, i, keys) => keySeparator(keys, i))).toEqual(['', ' + ', ' ']);
    expect(['space', 'K'].map((_, i, keys) => keySeparator(keys, i))).toEqual(['', ' ']);
  });
});
