// The podcast player: one audio element playing the episode segment by segment, driven by the
// pure state of player-state.ts. The transcript follows the current segment, each line with its
// state (ready, playing, paused, stopped, ended, skipped, loading, error, audio not available) and
// the pages it comes from; play/pause, previous/next, ±10 s, seek on
// the whole episode, speed 0.75×–2×, stop, keyboard shortcuts (shown beside it), the lock screen's
// controls through the Media Session API, the whole MP3 to download. Where the student stops is
// saved on the server (debounced) and the player resumes there. A segment whose signed URL ran
// out is read again once before its error shows. This file puts the pieces together: the browser
// side is use-podcast-player.ts, the rendering PlayerParts.tsx, every decision player-state.ts.
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { isInProgress, type PodcastView } from '../../api/podcasts';
import { useTouchDevice } from '../useMediaQuery';
import { useI18n } from '../../i18n';
import { resumeNote, type SegmentInfo } from './player-state';
import { PlayerDock, PlayerTools, ShortcutsHelp, Transcript } from './PlayerParts';
import { useDownload, useKeyboardShortcuts, useMediaSession, usePlayerAudio, usePositionSaving } from './use-podcast-player';

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
  const { t, lang } = useI18n();
  const touch = useTouchDevice();
  const segments = useMemo(() => podcast.segments ?? [], [podcast.segments]);
  const infos = useMemo<SegmentInfo[]>(() => segments.map((s) => ({ hasAudio: Boolean(s.audio_url), duration: s.duration_seconds })), [segments]);
  const generating = isInProgress(podcast.status);
  // The hooks run their effects in the order they are called here: audio, saving, keys, lock screen, scrolling.
  const { state, dispatch, stateRef, audioRef, audioEvents, retry } = usePlayerAudio(podcast, infos, generating, refresh);
  const [resumedAt] = useState(() => resumeNote(state));
  const currentLine = useRef<HTMLLIElement>(null);
  const { downloading, downloadError, download } = useDownload(podcast, lang);
  usePositionSaving(podcast, state, stateRef);
  useKeyboardShortcuts(dispatch);
  const speaker = segments[state.current]?.speaker_name ?? '';
  useMediaSession(dispatch, state, { title: podcast.title, speaker, subjectName });

  // The transcript follows the segment being played.
  useEffect(() => {
    if (stateRef.current.mode === 'playing' || stateRef.current.mode === 'loading') currentLine.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [state.current]);

  return (
    <section className="podcast-player-wrap" aria-label={t('player.label')} data-testid="podcast-player">
      <div className="podcast-player card">
        <audio ref={audioRef} preload="auto" {...audioEvents} />

        <PlayerTools state={state} dispatch={dispatch} canDownload={podcast.status === 'ready'} downloading={downloading} onDownload={() => void download()} actions={actions} />

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

      <Transcript segments={segments} state={state} dispatch={dispatch} subjectId={subjectId} currentLine={currentLine} />

      <PlayerDock state={state} dispatch={dispatch} speaker={speaker} onRetry={() => void retry()} />

      <ShortcutsHelp touch={touch} />
    </section>
  );
}
