// The podcast player: one audio element playing the episode segment by segment, driven by the
// pure state of player-state.ts. The transcript follows the current segment, each line with its
// state (ready, playing, paused, stopped, ended, skipped, loading, error, audio not available) and
// the pages it comes from; play/pause, previous/next, ±10 s, seek on
// the whole episode, speed 0.75×–2×, stop, keyboard shortcuts (shown beside it), the lock screen's
// controls through the Media Session API, the whole MP3 to download. Where the student stops is
// saved on the server (debounced) and the player resumes there. A segment whose signed URL ran
// out is read again once before its error shows.
import { Fragment, useEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import { errorMessage } from '@core/errors.js';
import { isInProgress, podcastApi, type PodcastView } from '../../api/podcasts';
import Citations from '../study/Citations';
import { Icon, type IconName } from '../ContentParts';
import { useTouchDevice } from '../useMediaQuery';
import { useI18n, type MessageKey } from '../../i18n';
import {
  SEEK_STEP_SECONDS,
  SPEEDS,
  clock,
  elapsedSeconds,
  initialState,
  keyAction,
  playerReducer,
  positionOf,
  segmentOffsets,
  segmentState,
  totalSeconds,
  wantsAudio,
  type KeyTarget,
  type PlayerAction,
  type SegmentInfo,
} from './player-state';

/** Position saves while playing: at most one every this many seconds of listening. */
const SAVE_EVERY_SECONDS = 5;
/** Quiet time before a position is saved. */
const SAVE_DELAY_MS = 1_200;

function keyTargetOf(target: EventTarget | null): KeyTarget {
  if (!(target instanceof HTMLElement)) return 'page';
  if (target.isContentEditable || target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) {
    return 'field';
  }
  return target.closest('button, a, summary, [role="button"]') ? 'control' : 'page';
}

/** The episode's title as a file name: no characters file systems refuse, spaces folded. */
/** The shortcuts' help: the keys (`shift`, `space`: named in the interface's language) and what they do. */
const shortcuts: readonly [readonly string[], MessageKey][] = [
  [['space', 'K'], 'player.key.toggle'],
  [['←', '→'], 'player.key.seek'],
  [['shift', '←', '→'], 'player.key.segment'],
  [['<', '>'], 'player.key.speed'],
];

/** One of the round buttons around play/pause, named by its label. */
function TransportButton({ label, icon, onClick, disabled }: { label: string; icon: IconName; onClick(): void; disabled?: boolean }) {
  return (
    <button type="button" className="icon-btn player-btn" onClick={onClick} aria-label={label} title={label} disabled={disabled}>
      <Icon name={icon} />
    </button>
  );
}

const fileNameOf = (title: string) => `${title.replace(/[\\/:*?"<>|]+/g, ' ').replace(/\s+/g, ' ').trim() || 'podcast'}.mp3`;

export interface PodcastPlayerProps {
  /** With its segments. */
  podcast: PodcastView;
  subjectId: string;
  /** The subject's name, for the lock screen. */
  subjectName: string;
  /** Reads the podcast again (fresh signed URLs of its audio). */
  refresh(): Promise<void>;
  /** What the page adds to the player's tools (saving). */
  actions?: ReactNode;
}

export default function PodcastPlayer({ podcast, subjectId, subjectName, refresh, actions }: PodcastPlayerProps) {
  const { t, lang, formatNumber } = useI18n();
  const touch = useTouchDevice();
  const segments = useMemo(() => podcast.segments ?? [], [podcast.segments]);
  const infos = useMemo<SegmentInfo[]>(() => segments.map((s) => ({ hasAudio: Boolean(s.audio_url), duration: s.duration_seconds })), [segments]);
  const generating = isInProgress(podcast.status);
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
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [resumedAt] = useState(() => (state.current > 0 || state.seconds > 0 ? { n: state.current + 1, at: clock(elapsedSeconds(state)) } : null));
  const currentLine = useRef<HTMLLIElement>(null);

  useEffect(() => {
    dispatch({ type: 'sync', segments: infos, generating });
  }, [infos, generating]);

  // The audio element does what the state says: load the current segment and play, or pause.
  const wants = wantsAudio(state);
  const currentUrl = segments[state.current]?.audio_url ?? null;
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

  const onAudioError = async () => {
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

  // Where the student is, saved a moment after it changes (and every few seconds while playing).
  const position = positionOf(state);
  const saveKey = `${position.segment}:${Math.floor(position.seconds / SAVE_EVERY_SECONDS)}:${state.mode === 'playing' ? 'p' : state.cue}`;
  const lastSaved = useRef(podcast.position ? `${podcast.position.segment}:${podcast.position.seconds}` : '0:0');
  const pendingSave = useRef<{ segment: number; seconds: number } | null>(null);
  useEffect(() => {
    const pos = positionOf(stateRef.current);
    if (`${pos.segment}:${pos.seconds}` === lastSaved.current) return;
    pendingSave.current = pos;
    const timer = setTimeout(() => {
      pendingSave.current = null;
      lastSaved.current = `${pos.segment}:${pos.seconds}`;
      podcastApi.savePosition(podcast.id, pos).catch(() => undefined);
    }, SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [saveKey, podcast.id]);
  // Leaving the page keeps the last position too.
  useEffect(
    () => () => {
      const pos = pendingSave.current;
      if (pos) podcastApi.savePosition(podcast.id, pos).catch(() => undefined);
    },
    [podcast.id],
  );

  // Keyboard shortcuts, anywhere on the page but in a text field or a dialog.
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

  // The lock screen's and headset's controls (Media Session API).
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

  const speaker = segments[state.current]?.speaker_name ?? '';
  useEffect(() => {
    if (!('mediaSession' in navigator) || typeof MediaMetadata === 'undefined') return;
    navigator.mediaSession.metadata = new MediaMetadata({
      title: podcast.title,
      artist: speaker,
      album: `Révise · ${subjectName}`,
      artwork: [{ src: '/favicon.svg', type: 'image/svg+xml', sizes: 'any' }],
    });
  }, [podcast.title, speaker, subjectName]);

  const total = totalSeconds(state.segments);
  const elapsed = Math.min(elapsedSeconds(state), total);
  const active = state.mode === 'playing' || state.mode === 'loading';
  useEffect(() => {
    if (!('mediaSession' in navigator)) return;
    const session = navigator.mediaSession;
    session.playbackState = active ? 'playing' : state.mode === 'idle' && elapsed === 0 ? 'none' : 'paused';
    if (total > 0 && typeof session.setPositionState === 'function') {
      try {
        session.setPositionState({ duration: total, playbackRate: state.rate, position: elapsed });
      } catch {
        /* a position the browser refuses: nothing to show */
      }
    }
    // Once per second is enough for the lock screen.
  }, [active, state.mode, state.rate, total, Math.floor(elapsed)]);

  // The transcript follows the segment being played.
  useEffect(() => {
    if (stateRef.current.mode === 'playing' || stateRef.current.mode === 'loading') currentLine.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [state.current]);

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
      a.download = fileNameOf(podcast.title);
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

  const run = (action: PlayerAction) => () => dispatch(action);
  const offsets = segmentOffsets(state.segments);
  const playingNow = active;
  const stateText = (i: number) => t(`player.state.${segmentState(state, i)}`);
  const currentState = segmentState(state, state.current);

  return (
    <section className="podcast-player-wrap" aria-label={t('player.label')} data-testid="podcast-player">
      <div className="podcast-player card">
        <audio
          ref={audioRef}
          preload="auto"
          onPlaying={() => dispatch({ type: 'playing' })}
          onWaiting={() => dispatch({ type: 'waiting' })}
          onTimeUpdate={(e) => {
            if (loaded.current?.index === stateRef.current.current) dispatch({ type: 'tick', seconds: e.currentTarget.currentTime });
          }}
          onLoadedMetadata={(e) => {
            if (pendingSeek.current !== null) {
              e.currentTarget.currentTime = pendingSeek.current;
              pendingSeek.current = null;
            }
          }}
          onEnded={() => {
            if (loaded.current?.index === stateRef.current.current) dispatch({ type: 'segmentEnded' });
          }}
          onError={() => void onAudioError()}
        />

        <div className="player-tools">
          <button type="button" className="btn btn-secondary btn-sm" onClick={run({ type: 'stop' })} disabled={state.mode === 'stopped'}>
            <Icon name="stop" />
            {t('player.stop')}
          </button>
          <label className="player-speed">
            <span>{t('player.speed')}</span>
            <select className="select select-sm" value={state.rate} onChange={(e) => dispatch({ type: 'rate', rate: Number(e.target.value) })}>
              {SPEEDS.map((s) => (
                <option key={s} value={s}>
                  {formatNumber(s)}×
                </option>
              ))}
            </select>
          </label>
          {podcast.status === 'ready' && (
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => void download()} disabled={downloading}>
              <Icon name="download" />
              {downloading ? t('podcast.downloading') : t('podcast.download')}
            </button>
          )}
          {actions}
        </div>

        {downloadError && (
          <div className="alert alert-error player-alert" role="alert">
            {downloadError}
          </div>
        )}
        {state.mode === 'ended' && (
          <p className="player-note" role="status">
            {t('player.ended')}
          </p>
        )}
        {resumedAt && state.mode === 'idle' && (
          <p className="player-note" data-testid="player-resume">
            {t('player.resume', resumedAt)}
          </p>
        )}
      </div>

      <section className="podcast-transcript" aria-labelledby="podcast-transcript-title">
        <h3 id="podcast-transcript-title">{t('player.transcript')}</h3>
        <ol className="transcript-list">
          {segments.map((seg, i) => {
            const segState = segmentState(state, i);
            const current = i === state.current;
            return (
              <li
                key={seg.index}
                ref={current ? currentLine : undefined}
                className={`transcript-line speaker-${seg.speaker} state-${segState}${current ? ' current' : ''}`}
                aria-current={current || undefined}
                data-testid="transcript-line"
                data-state={segState}
              >
                <button
                  type="button"
                  className="transcript-play"
                  onClick={run({ type: 'jump', index: i })}
                  aria-label={t('player.playSegment', { n: i + 1 })}
                  disabled={!seg.audio_url}
                >
                  <Icon name={current && playingNow ? 'pause' : 'play'} />
                </button>
                <div className="transcript-body">
                  <p className="transcript-head">
                    <span className="transcript-speaker">{seg.speaker_name}</span>
                    {seg.duration_seconds !== null && <span className="transcript-at">{clock(offsets[i] ?? 0)}</span>}
                    <span className="transcript-state">{stateText(i)}</span>
                  </p>
                  <p className="transcript-text">{seg.text}</p>
                  <Citations subjectId={subjectId} citations={seg.citations} />
                </div>
              </li>
            );
          })}
        </ol>
      </section>

      <div className="player-dock" data-testid="player-dock">
        <div className="player-now">
          <p className="player-speaker">
            <Icon name="headphones" />
            <span>{speaker}</span>
          </p>
          <p className="player-where" data-testid="player-where">
            {t('player.segmentOf', { n: state.current + 1, total: state.segments.length })} · <span data-testid="player-state">{stateText(state.current)}</span>
          </p>
        </div>

        {currentState === 'error' && (
          <div className="alert alert-error player-alert" role="alert">
            <span>{errorMessage('podcast_playback_failed', lang)}</span>
            <button type="button" className="btn btn-secondary btn-sm" onClick={() => void retry()}>
              {t('player.retry')}
            </button>
          </div>
        )}
        <div className="player-seek">
          <span className="player-time" data-testid="player-elapsed">
            {clock(elapsed)}
          </span>
          <input
            type="range"
            className="player-range"
            min={0}
            max={Math.max(1, Math.round(total))}
            step={1}
            value={Math.round(elapsed)}
            disabled={total <= 0}
            aria-label={t('player.seek')}
            aria-valuetext={t('player.seekText', { at: clock(elapsed), total: clock(total) })}
            onChange={(e) => dispatch({ type: 'seek', time: Number(e.target.value) })}
            style={{ ['--played' as string]: `${total > 0 ? (elapsed / total) * 100 : 0}%` }}
          />
          <span className="player-time">{clock(total)}</span>
        </div>
        <div className="player-transport">
          <TransportButton label={t('player.previous')} icon="skipBack" onClick={run({ type: 'previous' })} />
          <TransportButton label={t('player.back')} icon="rewind" onClick={run({ type: 'seekBy', delta: -SEEK_STEP_SECONDS })} disabled={total <= 0} />
          <button
            type="button"
            className="player-play"
            onClick={run({ type: 'toggle' })}
            aria-label={playingNow ? t('player.pause') : t('player.play')}
            title={playingNow ? t('player.pause') : t('player.play')}
            data-testid="player-toggle"
          >
            {state.mode === 'loading' ? <span className="spinner spinner-sm" aria-hidden="true" /> : <Icon name={playingNow ? 'pause' : 'play'} />}
          </button>
          <TransportButton label={t('player.forward')} icon="fastForward" onClick={run({ type: 'seekBy', delta: SEEK_STEP_SECONDS })} disabled={total <= 0} />
          <TransportButton label={t('player.next')} icon="skipForward" onClick={run({ type: 'next' })} disabled={state.current >= state.segments.length - 1} />
        </div>
      </div>

      {touch ? (
        <p className="hint player-help">{t('player.touchHint')}</p>
      ) : (
        <section className="player-help card" aria-labelledby="player-keys-title">
          <h3 id="player-keys-title">{t('player.keysTitle')}</h3>
          <dl className="player-keys">
            {shortcuts.map(([keys, what]) => (
              <div key={what}>
                <dt>
                  {keys.map((k, i) => (
                    <Fragment key={k}>
                      {i > 0 && (keys[i - 1] === 'shift' ? ' + ' : ' ')}
                      <kbd>{k === 'shift' ? t('player.key.shift') : k === 'space' ? t('player.key.space') : k}</kbd>
                    </Fragment>
                  ))}
                </dt>
                <dd>{t(what)}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
    </section>
  );
}
