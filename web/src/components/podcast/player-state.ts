// The podcast player's state, without the browser: which segment is current, where in it, whether
// it plays, the speed, and what became of each segment (ready, playing, paused,
// stopped, ended, skipped, loading, error, audio not available). The component feeds it the
// audio element's events and the student's commands, and does what the state says; everything
// that decides lives here, so it is tested without a browser: also what the page shows around it
// (the seek bar, the resume note, the lock screen's state, the shortcuts' help), when the position
// is worth saving again, and the downloaded MP3's name.
import { POSITION_SECONDS, POSITION_SEGMENT } from '@core/limits.js';

/** What the player needs to know of one segment. */
export interface SegmentInfo {
  /** Its audio exists (a URL came with it). */
  hasAudio: boolean;
  /** Measured on the audio; null until spoken. */
  duration: number | null;
}

/**
 * What the player is doing with the current segment. idle: nothing started (or a segment chosen
 * without playing); loading: it should play and waits for its audio (buffering, or still being
 * spoken); ended: the whole episode was heard to the end.
 */
export type PlayerMode = 'idle' | 'loading' | 'playing' | 'paused' | 'stopped' | 'ended' | 'error';

export type SegmentState = 'ready' | 'playing' | 'paused' | 'stopped' | 'ended' | 'skipped' | 'loading' | 'error' | 'unavailable';

export const SPEEDS = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;
export const MIN_SPEED = SPEEDS[0];
export const MAX_SPEED = SPEEDS[SPEEDS.length - 1];
/** How far ← and → move. */
export const SEEK_STEP_SECONDS = 10;
/** "Previous" past this point of a segment goes back to its start rather than to the segment before. */
export const RESTART_THRESHOLD_SECONDS = 3;
/** The position API's bounds (functions/core/limits.ts, read by the request schema too). */
export const MAX_POSITION_SEGMENT = POSITION_SEGMENT.max;
export const MAX_POSITION_SECONDS = POSITION_SECONDS.max;

export interface PlayerState {
  segments: SegmentInfo[];
  /** More segments' audio is on its way (the episode is still being spoken). */
  generating: boolean;
  current: number;
  /** Where in the current segment. */
  seconds: number;
  mode: PlayerMode;
  rate: number;
  /** Segments heard to their end. */
  played: number[];
  /** Segments moved past without hearing them to the end. */
  skipped: number[];
  /** Segments whose audio could not be played. */
  failed: number[];
  /**
   * Changes each time the position is set by the student (seek, jump, previous, stop, resume)
   * rather than by the audio playing: the component then moves the audio element there.
   */
  cue: number;
}

export type PlayerAction =
  | { type: 'sync'; segments: SegmentInfo[]; generating: boolean }
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'toggle' }
  | { type: 'stop' }
  /** The audio element plays (the `playing` event). */
  | { type: 'playing' }
  /** The audio element waits for data while it should play (the `waiting` event). */
  | { type: 'waiting' }
  /** The audio element's time (the `timeupdate` event). */
  | { type: 'tick'; seconds: number }
  /** The current segment's audio reached its end. */
  | { type: 'segmentEnded' }
  | { type: 'next' }
  | { type: 'previous' }
  /** Play this segment from its start (the transcript's lines). */
  | { type: 'jump'; index: number }
  /** To this point of the whole episode, in seconds. */
  | { type: 'seek'; time: number }
  | { type: 'seekBy'; delta: number }
  | { type: 'rate'; rate: number }
  | { type: 'faster' }
  | { type: 'slower' }
  | { type: 'error' }
  | { type: 'retry' };

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));
const without = (list: number[], i: number) => (list.includes(i) ? list.filter((x) => x !== i) : list);
const withIndex = (list: number[], i: number) => (list.includes(i) ? list : [...list, i].sort((a, b) => a - b));

/** The player for an episode's segments, at the saved position when there is a valid one. */
export function initialState(segments: SegmentInfo[], generating: boolean, position?: { segment: number; seconds: number } | null): PlayerState {
  const resume = position && position.segment >= 0 && position.segment < segments.length ? position : null;
  const duration = resume ? segments[resume.segment].duration : null;
  return {
    segments,
    generating,
    current: resume?.segment ?? 0,
    // A position at (or past) the segment's end resumes at its start.
    seconds: resume && (duration === null || resume.seconds < duration) ? Math.max(0, resume.seconds) : 0,
    mode: 'idle',
    rate: 1,
    played: resume ? Array.from({ length: resume.segment }, (_, i) => i) : [],
    skipped: [],
    failed: [],
    cue: 0,
  };
}

/** Where each segment starts on the episode's timeline (segments not spoken yet count 0 s). */
export function segmentOffsets(segments: readonly SegmentInfo[]): number[] {
  const offsets: number[] = [];
  let at = 0;
  for (const s of segments) {
    offsets.push(at);
    at += s.duration ?? 0;
  }
  return offsets;
}

/** The length of the episode heard so far as spoken (segments not spoken yet count 0 s). */
export const totalSeconds = (segments: readonly SegmentInfo[]): number => segments.reduce((sum, s) => sum + (s.duration ?? 0), 0);

/** The current point of the whole episode, in seconds. */
export const elapsedSeconds = (state: PlayerState): number => (segmentOffsets(state.segments)[state.current] ?? 0) + state.seconds;

/** The segment and the point in it of a time on the episode's timeline (only segments with audio). */
export function locate(segments: readonly SegmentInfo[], time: number): { segment: number; seconds: number } {
  const offsets = segmentOffsets(segments);
  const t = clamp(time, 0, totalSeconds(segments));
  let found = -1;
  for (let i = 0; i < segments.length; i += 1) {
    const d = segments[i].duration;
    if (!segments[i].hasAudio || !d) continue;
    if (found === -1 || t >= offsets[i]) found = i;
    if (t < offsets[i] + d) break;
  }
  if (found === -1) return { segment: 0, seconds: 0 };
  const d = segments[found].duration ?? 0;
  return { segment: found, seconds: clamp(t - offsets[found], 0, Math.max(0, d - 0.05)) };
}

/** The first segment from `from` on whose audio can be played, or that is still to be spoken. */
function nextPlayable(state: PlayerState, from: number): number | null {
  for (let i = from; i < state.segments.length; i += 1) {
    if (state.segments[i].hasAudio || state.generating) return i;
  }
  return null;
}

const isActive = (mode: PlayerMode) => mode === 'playing' || mode === 'loading';

/** Moves to segment `index` (from its start unless `seconds`), marking what was passed over. */
function moveTo(state: PlayerState, index: number, mode: PlayerMode, seconds = 0): PlayerState {
  const target = clamp(index, 0, Math.max(0, state.segments.length - 1));
  let { skipped } = state;
  if (target > state.current) {
    for (let i = state.current; i < target; i += 1) {
      if (!state.played.includes(i) && state.segments[i]?.hasAudio) skipped = withIndex(skipped, i);
    }
  }
  return { ...state, current: target, seconds, mode, skipped, failed: without(state.failed, target), cue: state.cue + 1 };
}

function play(state: PlayerState): PlayerState {
  if (state.segments.length === 0) return state;
  if (state.mode === 'ended') return { ...state, current: 0, seconds: 0, mode: 'loading', played: [], skipped: [], cue: state.cue + 1 };
  if (state.mode === 'playing' || state.mode === 'loading') return state;
  const seg = state.segments[state.current];
  if (seg.hasAudio || state.generating) return { ...state, mode: 'loading', failed: without(state.failed, state.current) };
  // The current segment has no audio and never will: the next one that has.
  const next = nextPlayable(state, state.current + 1);
  return next === null ? state : moveTo(state, next, 'loading');
}

function pause(state: PlayerState): PlayerState {
  return isActive(state.mode) ? { ...state, mode: 'paused' } : state;
}

export function playerReducer(state: PlayerState, action: PlayerAction): PlayerState {
  switch (action.type) {
    case 'sync': {
      const segments = action.segments;
      const current = clamp(state.current, 0, Math.max(0, segments.length - 1));
      const synced = { ...state, segments, generating: action.generating, current };
      // Waiting for a segment that will never be spoken: on to the next that was, or the end.
      if (synced.mode === 'loading' && !synced.generating && segments.length > 0 && !segments[current].hasAudio) {
        const next = nextPlayable(synced, current + 1);
        return next === null ? { ...synced, mode: 'ended' } : moveTo(synced, next, 'loading');
      }
      return synced;
    }
    case 'play':
      return play(state);
    case 'pause':
      return pause(state);
    case 'toggle':
      return isActive(state.mode) ? pause(state) : play(state);
    case 'stop':
      return state.segments.length === 0 ? state : { ...state, mode: 'stopped', seconds: 0, cue: state.cue + 1 };
    case 'playing':
      return state.mode === 'loading' || state.mode === 'paused' || state.mode === 'idle' ? { ...state, mode: 'playing' } : state;
    case 'waiting':
      return state.mode === 'playing' ? { ...state, mode: 'loading' } : state;
    case 'tick':
      return { ...state, seconds: Math.max(0, action.seconds) };
    case 'segmentEnded': {
      const heard = { ...state, played: withIndex(state.played, state.current), skipped: without(state.skipped, state.current) };
      const next = nextPlayable(heard, state.current + 1);
      if (next === null) return { ...heard, mode: 'ended', seconds: state.segments[state.current]?.duration ?? state.seconds };
      return { ...moveTo(heard, next, 'loading'), cue: state.cue };
    }
    case 'next': {
      if (state.current >= state.segments.length - 1) return state;
      return moveTo(state, state.current + 1, isActive(state.mode) ? 'loading' : 'idle');
    }
    case 'previous': {
      const mode = isActive(state.mode) ? 'loading' : 'idle';
      if (state.seconds > RESTART_THRESHOLD_SECONDS || state.current === 0) {
        return { ...state, seconds: 0, mode: state.mode === 'playing' ? 'playing' : mode, cue: state.cue + 1 };
      }
      return moveTo(state, state.current - 1, mode);
    }
    case 'jump':
      if (action.index < 0 || action.index >= state.segments.length) return state;
      return moveTo(state, action.index, 'loading');
    case 'seek':
    case 'seekBy': {
      if (totalSeconds(state.segments) <= 0) return state;
      const time = action.type === 'seek' ? action.time : elapsedSeconds(state) + action.delta;
      const to = locate(state.segments, time);
      const still: PlayerMode = state.mode === 'ended' || state.mode === 'stopped' || state.mode === 'error' ? 'paused' : state.mode;
      if (to.segment === state.current) return { ...state, seconds: to.seconds, mode: still, cue: state.cue + 1 };
      return moveTo(state, to.segment, isActive(state.mode) ? 'loading' : still, to.seconds);
    }
    case 'rate':
      return { ...state, rate: clamp(action.rate, MIN_SPEED, MAX_SPEED) };
    case 'faster':
      return { ...state, rate: SPEEDS.find((s) => s > state.rate + 1e-9) ?? MAX_SPEED };
    case 'slower':
      return { ...state, rate: [...SPEEDS].reverse().find((s) => s < state.rate - 1e-9) ?? MIN_SPEED };
    case 'error':
      return { ...state, mode: 'error', failed: withIndex(state.failed, state.current) };
    case 'retry':
      return { ...state, mode: 'loading', failed: without(state.failed, state.current), cue: state.cue + 1 };
  }
}

/** What the transcript says of segment `i` (one of the segment states). */
export function segmentState(state: PlayerState, i: number): SegmentState {
  const seg = state.segments[i];
  if (!seg) return 'unavailable';
  if (i === state.current) {
    if (!seg.hasAudio) return state.generating ? 'loading' : 'unavailable';
    switch (state.mode) {
      case 'idle':
        return state.seconds > 0 ? 'paused' : state.failed.includes(i) ? 'error' : 'ready';
      case 'ended':
        return 'ended';
      default:
        return state.mode;
    }
  }
  if (state.failed.includes(i)) return 'error';
  if (!seg.hasAudio) return state.generating ? 'loading' : 'unavailable';
  if (state.played.includes(i)) return 'ended';
  if (state.skipped.includes(i)) return 'skipped';
  return 'ready';
}

/** The audio should be playing (or about to): the component calls `play()` on the element. */
export const wantsAudio = (state: PlayerState): boolean => isActive(state.mode) && Boolean(state.segments[state.current]?.hasAudio);

/** Where the student stopped, as the position API takes it (the start again once the episode was heard to the end). */
export function positionOf(state: PlayerState): { segment: number; seconds: number } {
  if (state.mode === 'ended') return { segment: 0, seconds: 0 };
  return {
    segment: clamp(state.current, 0, MAX_POSITION_SEGMENT),
    seconds: clamp(Math.round(state.seconds * 10) / 10, 0, MAX_POSITION_SECONDS),
  };
}

/** `m:ss` (or `h:mm:ss`) of a number of seconds. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

// ---- What the page shows and sends ----

/** Playing or about to (waiting for its audio): the play button shows pause. */
export const isPlayingNow = (state: PlayerState): boolean => isActive(state.mode);

/** The seek bar: the episode's spoken length, the current point on it (never past its end), and the share played. */
export function timeline(state: PlayerState): { total: number; elapsed: number; playedPercent: number } {
  const total = totalSeconds(state.segments);
  const elapsed = Math.min(elapsedSeconds(state), total);
  return { total, elapsed, playedPercent: total > 0 ? (elapsed / total) * 100 : 0 };
}

/** The note "resumed at segment n, at m:ss" of a player opened at a saved position past the start, or null. */
export function resumeNote(state: PlayerState): { n: number; at: string } | null {
  return state.current > 0 || state.seconds > 0 ? { n: state.current + 1, at: clock(elapsedSeconds(state)) } : null;
}

/** Position saves while playing: at most one every this many seconds of listening. */
export const SAVE_EVERY_SECONDS = 5;

/**
 * Changes when the position is worth saving again: another segment, another slice of
 * SAVE_EVERY_SECONDS while playing, or a position set by the student (seek, stop…) otherwise.
 */
export function saveKeyOf(state: PlayerState): string {
  const position = positionOf(state);
  return `${position.segment}:${Math.floor(position.seconds / SAVE_EVERY_SECONDS)}:${state.mode === 'playing' ? 'p' : state.cue}`;
}

/** A position as compared with the last one saved (the same position is not saved twice). */
export const positionKey = (position: { segment: number; seconds: number } | null | undefined): string =>
  position ? `${position.segment}:${position.seconds}` : '0:0';

/** What the lock screen shows: playing, paused, or nothing when nothing was started. */
export function sessionPlaybackState(state: PlayerState): 'playing' | 'paused' | 'none' {
  if (isActive(state.mode)) return 'playing';
  return state.mode === 'idle' && timeline(state).elapsed === 0 ? 'none' : 'paused';
}

/** The episode's title as a file name: no characters file systems refuse, spaces folded. */
export const downloadFileName = (title: string): string => `${title.replace(/[\\/:*?"<>|]+/g, ' ').replace(/\s+/g, ' ').trim() || 'podcast'}.mp3`;

/** The shortcuts' help: the keys (`shift`, `space`: named in the interface's language) and what they do. */
export const SHORTCUTS = [
  [['space', 'K'], 'player.key.toggle'],
  [['←', '→'], 'player.key.seek'],
  [['shift', '←', '→'], 'player.key.segment'],
  [['<', '>'], 'player.key.speed'],
] as const;

/** What goes before key `i` of a shortcut: nothing first, ` + ` after shift, a space otherwise. */
export const keySeparator = (keys: readonly string[], i: number): string => (i === 0 ? '' : keys[i - 1] === 'shift' ? ' + ' : ' ');

// ---- Keyboard shortcuts ----

export interface KeyInput {
  key: string;
  shiftKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

/**
 * What the focused element is, as far as shortcuts are concerned. field: it takes typing or arrows
 * itself (text box, select, slider); control: a button or link (Space and Enter are its own).
 */
export type KeyTarget = 'page' | 'control' | 'field';

/** The player's command for a key, or null when the key is not the player's there. */
export function keyAction(input: KeyInput, target: KeyTarget): PlayerAction | null {
  if (input.ctrlKey || input.metaKey || input.altKey || target === 'field') return null;
  switch (input.key) {
    case ' ':
    case 'Spacebar':
      return target === 'control' ? null : { type: 'toggle' };
    case 'k':
    case 'K':
      return { type: 'toggle' };
    case 'ArrowLeft':
      return input.shiftKey ? { type: 'previous' } : { type: 'seekBy', delta: -SEEK_STEP_SECONDS };
    case 'ArrowRight':
      return input.shiftKey ? { type: 'next' } : { type: 'seekBy', delta: SEEK_STEP_SECONDS };
    case '<':
      return { type: 'slower' };
    case '>':
      return { type: 'faster' };
    default:
      return null;
  }
}
