// The podcast player's pieces, rendering only: the tools (stop, speed, download, the page's own
// actions), the transcript (each line with its state, its time and its pages), the dock (who
// speaks, where, the seek bar, the transport buttons, the playback error with its retry) and the
// keyboard shortcuts' help (a hint on touch screens). What each shows is player-state.ts's decision.
import { Fragment, type ReactNode, type RefObject } from 'react';
import { errorMessage } from '@core/errors.js';
import type { PodcastView } from '../../api/podcasts';
import Citations from '../study/Citations';
import { Icon, type IconName } from '../ContentParts';
import { useI18n } from '../../i18n';
import {
  SEEK_STEP_SECONDS,
  SHORTCUTS,
  SPEEDS,
  clock,
  isPlayingNow,
  keySeparator,
  segmentOffsets,
  segmentState,
  timeline,
  type PlayerAction,
  type PlayerState,
} from './player-state';

type Dispatch = (action: PlayerAction) => void;
type Segment = NonNullable<PodcastView['segments']>[number];

/** One of the round buttons around play/pause, named by its label. */
function TransportButton({ label, icon, onClick, disabled }: { label: string; icon: IconName; onClick(): void; disabled?: boolean }) {
  return (
    <button type="button" className="icon-btn player-btn" onClick={onClick} aria-label={label} title={label} disabled={disabled}>
      <Icon name={icon} />
    </button>
  );
}

interface PlayerToolsProps {
  state: PlayerState;
  dispatch: Dispatch;
  /** The whole MP3 can be downloaded (the episode is ready). */
  canDownload: boolean;
  downloading: boolean;
  onDownload(): void;
  actions?: ReactNode;
}

export function PlayerTools({ state, dispatch, canDownload, downloading, onDownload, actions }: PlayerToolsProps) {
  const { t, formatNumber } = useI18n();
  return (
    <div className="player-tools">
      <button type="button" className="btn btn-secondary btn-sm" onClick={() => dispatch({ type: 'stop' })} disabled={state.mode === 'stopped'}>
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
      {canDownload && (
        <button type="button" className="btn btn-secondary btn-sm" onClick={onDownload} disabled={downloading}>
          <Icon name="download" />
          {downloading ? t('podcast.downloading') : t('podcast.download')}
        </button>
      )}
      {actions}
    </div>
  );
}

interface TranscriptProps {
  segments: Segment[];
  state: PlayerState;
  dispatch: Dispatch;
  subjectId: string;
  /** The current line, which the player scrolls into view as it plays. */
  currentLine: RefObject<HTMLLIElement | null>;
}

export function Transcript({ segments, state, dispatch, subjectId, currentLine }: TranscriptProps) {
  const { t } = useI18n();
  const offsets = segmentOffsets(state.segments);
  const playingNow = isPlayingNow(state);
  return (
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
              <button type="button" className="transcript-play" onClick={() => dispatch({ type: 'jump', index: i })} aria-label={t('player.playSegment', { n: i + 1 })} disabled={!seg.audio_url}>
                <Icon name={current && playingNow ? 'pause' : 'play'} />
              </button>
              <div className="transcript-body">
                <p className="transcript-head">
                  <span className="transcript-speaker">{seg.speaker_name}</span>
                  {seg.duration_seconds !== null && <span className="transcript-at">{clock(offsets[i] ?? 0)}</span>}
                  <span className="transcript-state">{t(`player.state.${segState}`)}</span>
                </p>
                <p className="transcript-text">{seg.text}</p>
                <Citations subjectId={subjectId} citations={seg.citations} />
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

interface PlayerDockProps {
  state: PlayerState;
  dispatch: Dispatch;
  speaker: string;
  onRetry(): void;
}

export function PlayerDock({ state, dispatch, speaker, onRetry }: PlayerDockProps) {
  const { t, lang } = useI18n();
  const { total, elapsed, playedPercent } = timeline(state);
  const playingNow = isPlayingNow(state);
  const currentState = segmentState(state, state.current);
  const run = (action: PlayerAction) => () => dispatch(action);
  return (
    <div className="player-dock" data-testid="player-dock">
      <div className="player-now">
        <p className="player-speaker">
          <Icon name="headphones" />
          <span>{speaker}</span>
        </p>
        <p className="player-where" data-testid="player-where">
          {t('player.segmentOf', { n: state.current + 1, total: state.segments.length })} · <span data-testid="player-state">{t(`player.state.${currentState}`)}</span>
        </p>
      </div>

      {currentState === 'error' && (
        <div className="alert alert-error player-alert" role="alert">
          <span>{errorMessage('podcast_playback_failed', lang)}</span>
          <button type="button" className="btn btn-secondary btn-sm" onClick={onRetry}>
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
          style={{ ['--played' as string]: `${playedPercent}%` }}
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
  );
}

/** The keyboard shortcuts beside the player; on a touch screen, a hint instead. */
export function ShortcutsHelp({ touch }: { touch: boolean }) {
  const { t } = useI18n();
  if (touch) return <p className="hint player-help">{t('player.touchHint')}</p>;
  return (
    <section className="player-help card" aria-labelledby="player-keys-title">
      <h3 id="player-keys-title">{t('player.keysTitle')}</h3>
      <dl className="player-keys">
        {SHORTCUTS.map(([keys, what]) => (
          <div key={what}>
            <dt>
              {keys.map((k, i) => (
                <Fragment key={k}>
                  {i > 0 && keySeparator(keys, i)}
                  <kbd>{k === 'shift' ? t('player.key.shift') : k === 'space' ? t('player.key.space') : k}</kbd>
                </Fragment>
              ))}
            </dt>
            <dd>{t(what)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
