// `/subject/{subjectId}/podcast`: choose a ready file or
// the whole subject, the length and the voice style, generate; the page follows the episode while
// it is written and spoken ("Script écrit · segment 7 sur 24") and it can be heard as soon as its
// first segments are; an episode shorter than the length chosen (the course holds too little for
// it) says so. Saving is for Premium (podcast_save): a free student's episode is a
// draft kept 24 hours, and "Enregistrer" opens the upgrade modal. The subject's podcasts are listed
// beside it; the one on screen is named in the URL (`?podcast=`), so a cited page and Back lead to
// the same episode.
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { catalogue, errorMessage, type ErrorCode } from '@core/errors.js';
import { isInProgress, podcastApi, podcastDurations, podcastStyles, type PodcastDuration, type PodcastStyle, type PodcastView } from '../../api/podcasts';
import type { Subject } from '../../api/subjects';
import { Icon } from '../../components/ContentParts';
import { FormFeedback } from '../../components/FormFeedback';
import RetryAlert from '../../components/RetryAlert';
import { useWhen } from '../../components/cards/when';
import PodcastPlayer from '../../components/podcast/PodcastPlayer';
import ChoiceCards, { type Choice } from '../../components/quiz/ChoiceCards';
import SavedItemsPanel, { useSavedItems } from '../../components/study/SavedItemsPanel';
import { ComposerFoot, FileField, LoadingLine, NoFilesHint, SavedBadge, StudyEmpty, StudyHead, submitWith } from '../../components/study/StudyParts';
import { useErrorText } from '../../components/study/useErrorText';
import { useFeatureUsage } from '../../components/study/useFeatureUsage';
import { usePremiumSave } from '../../components/study/usePremiumSave';
import { usePreselectSoleFile, useSubjectFiles } from '../../components/study/useSubjectFiles';
import { useUrlRecord } from '../../components/study/useUrlRecord';
import { useI18n } from '../../i18n';
import { studyPage, subjectPath } from './SubjectLayout';
import '../../styles/study.css';
import '../../styles/quiz.css';
import '../../styles/podcast.css';

/** The file select's value for the whole subject ('' is "no file chosen yet"). */
const WHOLE_SUBJECT = '*';
/** How often an episode in progress is read again. */
const POLL_MS = 1_500;

const durationChoices: readonly Choice<PodcastDuration>[] = podcastDurations.map((value) => ({
  value,
  label: `podcast.duration.${value}`,
  description: `podcast.duration.${value}.desc`,
}));
const styleChoices: readonly Choice<PodcastStyle>[] = podcastStyles.map((value) => ({
  value,
  label: `podcast.style.${value}`,
  description: `podcast.style.${value}.desc`,
}));

/** The catalogue's words for a failed episode: its own code when the catalogue has it. */
const failureCode = (code: string | null): ErrorCode => (code && code in catalogue ? (code as ErrorCode) : 'podcast_generation_failed');

export default studyPage('podcast', PodcastWorkspace);

function PodcastWorkspace({ subject }: { subject: Subject }) {
  const { t, lang } = useI18n();
  const ids = useId();
  const when = useWhen();
  const subjectId = subject.id;
  const allowance = useFeatureUsage('podcast_generation');
  const subjectFiles = useSubjectFiles(subjectId);
  const { ready } = subjectFiles;
  const list = useSavedItems('podcast', subjectId);
  const errorText = useErrorText(true);
  const fileSelect = useRef<HTMLSelectElement>(null);
  const episode = useRef<HTMLElement>(null);
  /** A new episode was just asked for: the page scrolls to it once it shows. */
  const showEpisode = useRef(false);

  const [scope, setScope] = useState('');
  usePreselectSoleFile(ready, scope, setScope);
  const [duration, setDuration] = useState<PodcastDuration>('short');
  const [style, setStyle] = useState<PodcastStyle>('host');
  const [podcast, setPodcast] = useState<PodcastView | null>(null);
  const [generating, setGenerating] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const premiumSave = usePremiumSave();
  const { saving } = premiumSave;
  const [notice, setNotice] = useState<string | null>(null);
  /** Bumped when a reading of the episode in progress failed, to try again. */
  const [pollMiss, setPollMiss] = useState(0);

  const record = useUrlRecord('podcast', (id) => podcastApi.get(id).then((r) => r.podcast), {
    start: () => {
      setProblem(null);
      setNotice(null);
      setPodcast(null);
    },
    loaded: setPodcast,
    failed: (err) => setProblem(errorText(err)),
  });
  const { opening } = record;

  const replace = (next: PodcastView) => {
    setPodcast((current) => (current && current.id === next.id ? next : current));
    list.refresh(next);
  };

  // An episode being written or spoken is read again until it is ready or failed.
  const podcastId = podcast?.id;
  const inProgress = podcast ? isInProgress(podcast.status) : false;
  useEffect(() => {
    if (!podcastId || !inProgress) return;
    const timer = setTimeout(() => {
      podcastApi.get(podcastId).then(
        ({ podcast: next }) => {
          replace(next);
          // A finished episode settles the month's count (a failed one was given back).
          if (!isInProgress(next.status)) void allowance.reload();
        },
        () => setPollMiss((n) => n + 1),
      );
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [podcastId, inProgress, podcast, pollMiss]);

  useEffect(() => {
    if (!showEpisode.current || !episode.current) return;
    showEpisode.current = false;
    episode.current.scrollIntoView({ block: 'start', behavior: 'smooth' });
  });

  const refresh = async () => {
    if (!podcastId) return;
    const { podcast: next } = await podcastApi.get(podcastId);
    replace(next);
  };

  const generate = async () => {
    if (generating) return;
    setNotice(null);
    if (!scope) {
      setProblem(errorMessage('podcast_file_required', lang));
      fileSelect.current?.focus();
      return;
    }
    setGenerating(true);
    setProblem(null);
    try {
      const { podcast: created } = await podcastApi.generate(subjectId, {
        ...(scope === WHOLE_SUBJECT ? {} : { file_id: scope }),
        duration,
        style,
      });
      showEpisode.current = true;
      setPodcast(created);
      list.put(created);
      record.show(created.id);
      void allowance.reload();
    } catch (err) {
      if (!allowance.capped(err)) setProblem(errorText(err, 'study.networkError'));
    } finally {
      setGenerating(false);
    }
  };

  const save = () => {
    if (!podcast) return;
    setProblem(null);
    return premiumSave.run(
      async () => {
        const { podcast: done } = await podcastApi.save(podcast.id);
        setPodcast((p) => (p && p.id === done.id ? { ...p, saved: true, expires_at: null } : p));
        list.refresh({ ...done, segments: undefined });
        setNotice(t('podcast.savedNotice'));
      },
      (err) => setProblem(errorText(err)),
    );
  };

  const forget = (target: { id: string }) => {
    if (target.id !== podcast?.id) return;
    setPodcast(null);
    setNotice(null);
    record.clear();
  };

  /** Until the allowance is known, or when it cannot be read, saving is offered (unchecked: available). */
  const locked = premiumSave.refused || allowance.premium?.podcast_save === false;
  const failure = podcast?.status === 'failed' ? errorMessage(failureCode(podcast.error), lang) : null;
  const playable = Boolean(podcast?.segments?.some((s) => s.audio_url));

  const saveTools = podcast && podcast.status === 'ready' && (
    <>
      {podcast.saved ? (
        <SavedBadge text={t('podcast.saved')} testId="podcast-saved" />
      ) : (
        <button type="button" className={`btn btn-sm ${locked ? 'btn-secondary btn-locked' : 'btn-primary'}`} onClick={() => void save()} disabled={saving}>
          {locked && <Icon name="lock" />}
          {saving ? t('common.saving') : t('podcast.save')}
        </button>
      )}
    </>
  );

  return (
    <div className="study-layout">
      <section className="study-main" aria-labelledby="podcast-title">
        <StudyHead id="podcast-title" title={t('tool.podcast')} intro={t('podcast.intro')}>
          <div className="row study-actions">
            <Link to="/my-podcasts" className="btn btn-secondary btn-sm">
              <Icon name="headphones" />
              {t('podcast.myPodcasts')}
            </Link>
          </div>
        </StudyHead>

        <form className="composer podcast-setup" onSubmit={submitWith(generate)} noValidate>
          <FileField
            id={`${ids}-file`}
            label={t('podcast.fileLabel')}
            ref={fileSelect}
            files={ready}
            firstOption={t('podcast.filePlaceholder')}
            extraOptions={ready.length > 0 ? [{ value: WHOLE_SUBJECT, label: t('podcast.wholeSubject') }] : []}
            value={scope}
            onChange={(e) => {
              setScope(e.target.value);
              setProblem(null);
            }}
            disabled={generating}
            aria-invalid={problem !== null && !scope ? true : undefined}
          >
            {subjectFiles.error && <RetryAlert message={t('files.loadError')} onRetry={() => void subjectFiles.reload()} className="quiz-files-error" />}
            {subjectFiles.files !== null && ready.length === 0 && <NoFilesHint processing={subjectFiles.processing} uploadHref={subjectPath(subjectId, 'upload')} />}
          </FileField>
          <ChoiceCards<PodcastDuration> legend={t('podcast.durationLegend')} choices={durationChoices} value={duration} onChange={setDuration} disabled={generating} />
          <ChoiceCards<PodcastStyle> legend={t('podcast.styleLegend')} choices={styleChoices} value={style} onChange={setStyle} disabled={generating} />
          <FormFeedback error={problem} />
          <ComposerFoot usage={allowance.usage} words="podcast" busy={generating || inProgress} icon="headphones" label={generating ? t('podcast.generating') : t('podcast.generate')} />
        </form>

        {opening && <LoadingLine text={t('podcast.opening')} />}

        {podcast && (
          <article ref={episode} className="podcast-episode" aria-labelledby="podcast-episode-title" data-testid="podcast-episode">
            <header className="podcast-episode-head">
              <h3 id="podcast-episode-title">{podcast.title}</h3>
              <p className="muted podcast-episode-meta">
                {t(`podcast.duration.${podcast.duration}`)} · {t(`podcast.style.${podcast.style}`)}
                {!podcast.saved && podcast.expires_at && podcast.status !== 'failed' && <> · {t('podcast.draftUntil', { when: when(podcast.expires_at) })}</>}
              </p>
            </header>

            {inProgress && (
              <div className="podcast-progress" data-testid="podcast-progress">
                <LoadingLine
                  text={
                    podcast.status === 'scripting'
                      ? t('podcast.progress.scripting')
                      : t('podcast.progress.synthesising', { done: podcast.segments_done, total: podcast.segments_total })
                  }
                />
                {podcast.segments_total > 0 && (
                  <progress className="podcast-progress-bar" max={podcast.segments_total} value={podcast.segments_done} aria-hidden="true" />
                )}
                {playable && <p className="hint">{t('podcast.progress.playable')}</p>}
              </div>
            )}

            {podcast.short_course && podcast.status !== 'failed' && (
              <p className="hint" data-testid="podcast-short-course">
                {t('podcast.shortCourse')}
              </p>
            )}
            {failure && <FormFeedback error={failure} />}
            {notice && <FormFeedback success={notice} />}
            {podcast.status === 'ready' && !podcast.saved && locked && <p className="hint">{t('podcast.lockedHint')}</p>}

            {podcast.segments && podcast.segments.length > 0 && (playable || !failure) && (
              <PodcastPlayer key={podcast.id} podcast={podcast} subjectId={subjectId} subjectName={subject.name} refresh={refresh} actions={saveTools} />
            )}
          </article>
        )}

        {!podcast && !opening && <StudyEmpty icon="headphones" text={t('podcast.empty')} />}
      </section>

      <SavedItemsPanel saved={list} currentId={podcast?.id} onOpen={(p) => p.id !== podcast?.id && record.open(p.id)} onDeleted={forget} />
    </div>
  );
}
