// The podcast player's links with the browser, each a hook the component calls in this order (the
// order its effects run in): the audio element doing what the state of player-state.ts says
// (load, play, pause, move, speed; a segment whose signed URL ran out is read again once before
// its error shows), the position saved on the server (debounced, and on leaving), the keyboard
// shortcuts, the lock screen's controls (Media Session API), and the MP3 download. Every decision
// is player-state.ts's; these hooks only carry it out.
import { useEffect, useReducer, useRef, useState, type MutableRefObject } from 'react';
import { errorMessage } from '@core/errors.js';
import { podcastApi, type PodcastView } from '../../api/podcasts';
import type { Lang } from '../../i18n';
import {
  SEEK_STEP_SECONDS,
  downloadFileName,
  initialState,
  isPlayingNow,
  keyAction,
  playerReducer,
  positionKey,
  positionOf,
  saveKeyOf,
  sessionPlaybackState,
  timeline,
  wantsAudio,
  type KeyTarget,
  type PlayerAction,
  type PlayerState,
  type SegmentInfo,
} from './player-state';

/** Quiet time before a position is saved. */
const SAVE_DELAY_MS = 1_200;

type Dispatch = (action: PlayerAction) => void;

function keyTargetOf(target: EventTarget | null): KeyTarget {
  if (!(target instanceof HTMLElement)) return 'page';
  if (target.isContentEditable || target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) {
    return 'field';
  }
  return target.closest('button, a, summary, [role="button"]') ? 'control' : 'page';
}

/**
 * The player's state and the audio element that follows it: the element loads the current
 * segment and plays, or pauses; moves where the student put the position; plays at the chosen speed.
 */
export function usePlayerAudio(podcast: PodcastView, infos: SegmentInfo[], generating: boolean, refresh: () => Promise<void>) {
  const [state, dispatch] = useReducer(playerReducer, null, () => initialState(infos, generating, podcast.position));
  const stateRef = useRef(state);
  stateRef.current = state;
  const audioRef = useRef<HTMLAudioElement>(null);
  /** The segment whose audio the element holds, and the retry that loaded it. */
  const loaded = useRef<{ index: number; attempt: number } | null>(null);
  /** Where to go in the segment once its audio's metadata is known. */
  const pendingSeek = useRef<number | null>(null);
  /** Fresh URLs asked for after a failure of this segment (once each). */
  const retried = useRef<Set<number>>(new Set());
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    dispatch({ type: 'sync', segments: infos, generating });
  }, [infos, generating]);

  const wants = wantsAudio(state);
  const currentUrl = podcast.segments?.[state.current]?.audio_url ?? null;
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    if (!wants || !currentUrl) {
      audio.pause();
      return;
    }
    const index = stateRef.current.current;
    if (loaded.current?.index !== index || loaded.current.attempt !== attempt) {
      loaded.current = { index, attempt };
      pendingSeek.current = stateRef.current.seconds;
      audio.src = currentUrl;
    }
    audio.defaultPlaybackRate = stateRef.current.rate;
    audio.playbackRate = stateRef.current.rate;
    audio.play().catch((err: unknown) => {
      // The browser wants a gesture first: the player shows paused. An interrupted load is no error.
      if (err instanceof DOMException && err.name === 'NotAllowedError') dispatch({ type: 'pause' });
    });
    // currentUrl changes with every reading of the podcast (new signatures): not a reason to reload.
  }, [wants, state.current, attempt, Boolean(currentUrl)]);

  // The position set by the student (seek, previous, stop, resume) moves the audio there.
  useEffect(() => {
    const audio = audioRef.current;
    const { current, seconds } = stateRef.current;
    if (audio && loaded.current?.index === current && audio.readyState >= 1) audio.currentTime = seconds;
    else pendingSeek.current = seconds;
  }, [state.cue]);

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.defaultPlaybackRate = state.rate;
    audio.playbackRate = state.rate;
  }, [state.rate]);

  const onError = async () => {
    const index = loaded.current?.index;
    if (index === undefined || index !== stateRef.current.current) return;
    if (retried.current.has(index)) {
      dispatch({ type: 'error' });
      return;
    }
    retried.current.add(index);
    try {
      await refresh();
    } catch {
      dispatch({ type: 'error' });
      return;
    }
    setAttempt((a) => a + 1);
    dispatch({ type: 'retry' });
  };

  /** The student's retry: fresh URLs first (they may have run out), then the segment again. */
  const retry = async () => {
    await refresh().catch(() => undefined);
    setAttempt((a) => a + 1);
    dispatch({ type: 'retry' });
  };

  const isLoaded = () => loaded.current?.index === stateRef.current.current;
  /** The audio element's events, as the state's actions. */
  const audioEvents = {
    onPlaying: () => dispatch({ type: 'playing' }),
    onWaiting: () => dispatch({ type: 'waiting' }),
    onTimeUpdate: (e: { currentTarget: HTMLAudioElement }) => {
      if (isLoaded()) dispatch({ type: 'tick', seconds: e.currentTarget.currentTime });
    },
    onLoadedMetadata: (e: { currentTarget: HTMLAudioElement }) => {
      if (pendingSeek.current !== null) {
        e.currentTarget.currentTime = pendingSeek.current;
        pendingSeek.current = null;
      }
    },
    onEnded: () => {
      if (isLoaded()) dispatch({ type: 'segmentEnded' });
    },
    onError: () => void onError(),
  };

  return { state, dispatch, stateRef, audioRef, audioEvents, retry };
}

/** Where the student is, saved a moment after it changes (and every few seconds while playing); leaving the page keeps it too. */
export function usePositionSaving(podcast: PodcastView, state: PlayerState, stateRef: MutableRefObject<PlayerState>) {
  const saveKey = saveKeyOf(state);
  const lastSaved = useRef(positionKey(podcast.position));
  const pendingSave = useRef<{ segment: number; seconds: number } | null>(null);
  useEffect(() => {
    const pos = positionOf(stateRef.current);
    if (positionKey(pos) === lastSaved.current) return;
    pendingSave.current = pos;
    const timer = setTimeout(() => {
      pendingSave.current = null;
      lastSaved.current = positionKey(pos);
      podcastApi.savePosition(podcast.id, pos).catch(() => undefined);
    }, SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [saveKey, podcast.id]);
  useEffect(
    () => () => {
      const pos = pendingSave.current;
      if (pos) podcastApi.savePosition(podcast.id, pos).catch(() => undefined);
    },
    [podcast.id],
  );
}

/** Keyboard shortcuts, anywhere on the page but in a text field or a dialog. */
export function useKeyboardShortcuts(dispatch: Dispatch) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || document.querySelector('[role="dialog"]')) return;
      const action = keyAction(e, keyTargetOf(e.target));
      if (!action) return;
      e.preventDefault();
      dispatch(action);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

/** The lock screen's and headset's controls, what they show (title, speaker, subject) and where the episode is. */
export function useMediaSession(dispatch: Dispatch, state: PlayerState, meta: { title: string; speaker: string; subjectName: string }) {
  useEffect(() => {
    if (!('mediaSession' in navigator)) return;
    const session = navigator.mediaSession;
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', () => dispatch({ type: 'play' })],
      ['pause', () => dispatch({ type: 'pause' })],
      ['stop', () => dispatch({ type: 'stop' })],
      ['previoustrack', () => dispatch({ type: 'previous' })],
      ['nexttrack', () => dispatch({ type: 'next' })],
      ['seekbackward', (d) => dispatch({ type: 'seekBy', delta: -(d.seekOffset ?? SEEK_STEP_SECONDS) })],
      ['seekforward', (d) => dispatch({ type: 'seekBy', delta: d.seekOffset ?? SEEK_STEP_SECONDS })],
      ['seekto', (d) => d.seekTime !== undefined && dispatch({ type: 'seek', time: d.seekTime })],
    ];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        /* an action this browser does not know */
      }
    }
    return () => {
      for (const [action] of handlers) {
        try {
          session.setActionHandler(action, null);
        } catch {
          /* as above */
        }
      }
      session.metadata = null;
      session.playbackState = 'none';
    };
  }, []);

  const { title, speaker, subjectName } = meta;
  useEffect(() => {
    if (!('mediaSession' in navigator) || typeof MediaMetadata === 'undefined') return;
    navigator.mediaSession.metadata = new MediaMetadata({
      title,
      artist: speaker,
      album: `Révise · ${subjectName}`,
      artwork: [{ src: '/favicon.svg', type: 'image/svg+xml', sizes: 'any' }],
    });
  }, [title, speaker, subjectName]);

  const { total, elapsed } = timeline(state);
  const playback = sessionPlaybackState(state);
  const active = isPlayingNow(state);
  useEffect(() => {
    if (!('mediaSession' in navigator)) return;
    const session = navigator.mediaSession;
    session.playbackState = playback;
    if (total > 0 && typeof session.setPositionState === 'function') {
      try {
        session.setPositionState({ duration: total, playbackRate: state.rate, position: elapsed });
      } catch {
        /* a position the browser refuses: nothing to show */
      }
    }
    // Once per second is enough for the lock screen.
  }, [active, state.mode, state.rate, total, Math.floor(elapsed)]);
}

/** The whole MP3, fetched and saved under the episode's title; the catalogue's message when that fails. */
export function useDownload(podcast: PodcastView, lang: Lang) {
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const download = async () => {
    if (downloading) return;
    setDownloading(true);
    setDownloadError(null);
    try {
      const { url } = await podcastApi.download(podcast.id);
      const res = await fetch(url);
      if (!res.ok) throw new Error(`download ${res.status}`);
      const blob = await res.blob();
      const href = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = href;
      a.download = downloadFileName(podcast.title);
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(href), 30_000);
    } catch {
      setDownloadError(errorMessage('podcast_download_failed', lang));
    } finally {
      setDownloading(false);
    }
  };
  return { downloading, downloadError, download };
}
