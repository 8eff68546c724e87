// `/subject/{subjectId}/quiz`: choose a ready file, the difficulty and
// the kind of questions, start a session; each question is generated on demand, answered (an
// option, a written answer graded by the engine, or "I don't know") and corrected with the pages
// it comes from; a mistake becomes a review card. Ending the session gives its summary. The
// session on screen is named in the URL (`?session=`), so a citation's page and Back lead to it.
import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/client';
import type { Card } from '../../api/cards';
import { isAnswered, quizApi, type AnsweredQuestion, type QuizAnswer, type QuizDifficulty, type QuizSession } from '../../api/quiz';
import type { Subject } from '../../api/subjects';
import { Icon } from '../../components/ContentParts';
import { useTouchDevice } from '../../components/useMediaQuery';
import { FormFeedback } from '../../components/FormFeedback';
import RetryAlert from '../../components/RetryAlert';
import ChoiceCards from '../../components/quiz/ChoiceCards';
import QuestionCard from '../../components/quiz/QuestionCard';
import QuestionRecap from '../../components/quiz/QuestionRecap';
import QuizSummaryView from '../../components/quiz/QuizSummaryView';
import {
  difficultyChoices,
  difficultyLabel,
  isQuestionMode,
  modeChoices,
  statusLabel,
  typeForIndex,
  type QuestionMode,
} from '../../components/quiz/labels';
import { ComposerFoot, FileField, IconNote, LoadingLine, NoFilesHint, StudyHead, submitWith } from '../../components/study/StudyParts';
import UsageNote from '../../components/study/UsageNote';
import { useErrorText } from '../../components/study/useErrorText';
import { useFeatureUsage } from '../../components/study/useFeatureUsage';
import { usePreselectSoleFile, useSubjectFiles } from '../../components/study/useSubjectFiles';
import { useUrlRecord } from '../../components/study/useUrlRecord';
import { useI18n, type MessageKey } from '../../i18n';
import { studyPage, subjectPath } from './SubjectLayout';
import '../../styles/study.css';
import '../../styles/quiz.css';

const modeLabel: Record<QuestionMode, MessageKey> = { mcq: 'quiz.type.mcq', open: 'quiz.type.open', mixed: 'quiz.type.mixed' };

type Busy = 'starting' | 'generating' | 'answering' | 'evaluating' | 'ending';
/** Where an error shows: the set-up form, the session, or the question being answered. */
type Problem = { text: string; where: 'setup' | 'session' | 'answer' };

const codeOf = (err: unknown): string | null => (err instanceof ApiError ? err.code : null);

export default studyPage('quiz', QuizWorkspace);

function QuizWorkspace({ subject }: { subject: Subject }) {
  const { t } = useI18n();
  const touch = useTouchDevice();
  const ids = useId();
  const subjectId = subject.id;
  const [params] = useSearchParams();
  const urlMode = params.get('type');
  const allowance = useFeatureUsage('quiz_generation');
  const subjectFiles = useSubjectFiles(subjectId);
  const { ready } = subjectFiles;
  const errorText = useErrorText(true);

  // A link may name the file (the coach's next action: a quiz on the file of a weak topic).
  const [fileId, setFileId] = useState(params.get('file') ?? '');
  usePreselectSoleFile(ready, fileId, setFileId);
  const [difficulty, setDifficulty] = useState<QuizDifficulty>('easy');
  const [mode, setMode] = useState<QuestionMode>(isQuestionMode(urlMode) ? urlMode : 'mcq');
  const [session, setSession] = useState<QuizSession | null>(null);
  /** The review card each answer of this visit created (null: none). */
  const [cards, setCards] = useState<Record<string, Card | null>>({});
  const [busy, setBusy] = useState<Busy | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  /** Why no question can come any more (nothing new in the file, or the session is full). */
  const [exhausted, setExhausted] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const fileSelect = useRef<HTMLSelectElement>(null);
  const nextButton = useRef<HTMLButtonElement>(null);
  const summaryHeading = useRef<HTMLHeadingElement>(null);
  const exhaustedTitle = useRef<HTMLHeadingElement>(null);
  const focusAfter = useRef<'next' | 'summary' | 'exhausted' | null>(null);

  const record = useUrlRecord('session', (id) => quizApi.session(subjectId, id), {
    start: () => {
      setProblem(null);
      setExhausted(null);
      setSession(null);
    },
    loaded: setSession,
    failed: (err) => setProblem({ text: errorText(err, 'quiz.loadError'), where: 'setup' }),
  });
  const { opening } = record;

  // Focus follows the work: the next-question button after a correction, the summary at the end.
  useEffect(() => {
    const target = focusAfter.current;
    if (!target) return;
    focusAfter.current = null;
    const el = target === 'next' ? nextButton.current : target === 'summary' ? summaryHeading.current : exhaustedTitle.current;
    el?.focus({ preventScroll: target === 'next' });
    if (target !== 'next') el?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  });

  const refreshSession = async (id: string) => {
    try {
      const s = await quizApi.session(subjectId, id);
      setSession((current) => (current && current.id === id ? s : current));
    } catch {
      /* the session on screen stays as it is */
    }
  };

  const generate = async (target: QuizSession) => {
    setBusy('generating');
    setProblem(null);
    const type = typeForIndex(mode, target.questions.length + 1);
    try {
      const res = await quizApi.nextQuestion(subjectId, target.id, type);
      allowance.setUsage(res.usage);
      setSession((s) => (s && s.id === target.id ? { ...s, questions: [...s.questions.filter((q) => q.id !== res.question.id), res.question] } : s));
    } catch (err) {
      if (codeOf(err) === 'quiz_exhausted' || codeOf(err) === 'quiz_session_full') {
        setExhausted(errorText(err, 'quiz.exhausted'));
        focusAfter.current = 'exhausted';
      } else if (codeOf(err) === 'quiz_session_ended') {
        await refreshSession(target.id);
      } else if (!allowance.capped(err)) {
        setProblem({ text: errorText(err, 'quiz.generateError'), where: 'session' });
      }
    } finally {
      setBusy(null);
    }
  };

  const start = async () => {
    if (busy) return;
    if (!fileId) {
      setProblem({ text: t('quiz.fileRequired'), where: 'setup' });
      fileSelect.current?.focus();
      return;
    }
    setBusy('starting');
    setProblem(null);
    let created: QuizSession;
    try {
      created = await quizApi.start(subjectId, { file_id: fileId, difficulty });
    } catch (err) {
      setProblem({ text: errorText(err, 'quiz.startError'), where: 'setup' });
      setBusy(null);
      return;
    }
    setSession(created);
    setCards({});
    setExhausted(null);
    record.show(created.id, { type: mode });
    await generate(created);
  };

  const verdictText = (result: AnsweredQuestion): string => {
    if (result.status === 'evaluated') return t('quiz.scoreLabel', { score: Math.round(result.evaluation?.score ?? 0) });
    const verdict = t(statusLabel[result.status]);
    const right = result.type === 'mcq' && result.correct_index !== undefined ? result.options?.[result.correct_index] : undefined;
    return result.status !== 'correct' && right ? `${verdict}. ${t('quiz.rightAnswer', { answer: right })}` : verdict;
  };

  const current = session?.questions[session.questions.length - 1] ?? null;

  const answer = async (body: QuizAnswer) => {
    if (!session || !current || busy) return;
    const written = 'answer' in body;
    setBusy(written ? 'evaluating' : 'answering');
    setProblem(null);
    try {
      const { result, card } = await quizApi.answer(subjectId, session.id, current.id, body);
      setSession((s) => (s && s.id === session.id ? { ...s, questions: s.questions.map((q) => (q.id === result.id ? result : q)) } : s));
      setCards((list) => ({ ...list, [result.id]: card }));
      setAnnouncement(`${verdictText(result)}${card ? `. ${t('quiz.cardAdded')}` : ''}`);
      focusAfter.current = 'next';
    } catch (err) {
      const code = codeOf(err);
      if (code === 'quiz_already_answered' || code === 'quiz_session_ended') await refreshSession(session.id);
      else setProblem({ text: errorText(err, written ? 'quiz.evaluateError' : 'study.networkError'), where: 'answer' });
    } finally {
      setBusy(null);
    }
  };

  const end = async () => {
    if (!session || busy) return;
    setBusy('ending');
    setProblem(null);
    try {
      const summary = await quizApi.end(subjectId, session.id);
      setSession((s) => (s && s.id === session.id ? { ...s, ended_at: s.ended_at ?? new Date().toISOString(), summary } : s));
      setExhausted(null);
      focusAfter.current = 'summary';
      // The statuses as the server closed them (a question left open counts as skipped).
      await refreshSession(session.id);
    } catch (err) {
      setProblem({ text: errorText(err, 'study.networkError'), where: 'session' });
    } finally {
      setBusy(null);
    }
  };

  const newQuiz = () => {
    setSession(null);
    setCards({});
    setExhausted(null);
    setProblem(null);
    setAnnouncement('');
    record.clear();
  };

  const ended = Boolean(session?.ended_at);
  const answeredCount = session?.questions.filter(isAnswered).length ?? 0;
  const currentAnswered = current ? isAnswered(current) : false;
  const cardsHref = subjectPath(subjectId, 'flashcards');

  return (
    <div className="study-layout">
      <section className="study-main" aria-labelledby="quiz-title">
        <StudyHead id="quiz-title" title={t('tool.quiz')} intro={session ? t('quiz.sessionOn', { file: session.file_name }) : t('quiz.intro')}>
          {session && !ended && (
            <div className="row study-actions">
              <button type="button" className="btn btn-secondary btn-sm" onClick={() => void end()} disabled={busy !== null}>
                <Icon name="check" />
                {busy === 'ending' ? t('quiz.ending') : t('quiz.end')}
              </button>
            </div>
          )}
        </StudyHead>

        {opening && <LoadingLine text={t('quiz.opening')} />}

        {!session && !opening && (
          <form className="composer quiz-setup" onSubmit={submitWith(start)} noValidate>
            <FileField
              id={`${ids}-file`}
              label={t('quiz.fileLabel')}
              ref={fileSelect}
              files={ready}
              firstOption={t('quiz.filePlaceholder')}
              value={fileId}
              onChange={(e) => {
                setFileId(e.target.value);
                if (problem?.where === 'setup') setProblem(null);
              }}
              disabled={busy !== null}
              aria-invalid={problem?.where === 'setup' && !fileId ? true : undefined}
            >
              {subjectFiles.error && <RetryAlert message={t('files.loadError')} onRetry={() => void subjectFiles.reload()} className="quiz-files-error" />}
              {subjectFiles.files !== null && ready.length === 0 && (
                <NoFilesHint processing={subjectFiles.processing} uploadHref={subjectPath(subjectId, 'upload')} />
              )}
            </FileField>
            <ChoiceCards<QuizDifficulty> legend={t('quiz.difficultyLegend')} choices={difficultyChoices} value={difficulty} onChange={setDifficulty} disabled={busy !== null} />
            <ChoiceCards<QuestionMode> legend={t('quiz.typeLegend')} choices={modeChoices} value={mode} onChange={setMode} disabled={busy !== null} />
            <FormFeedback error={problem?.where === 'setup' ? problem.text : null} />
            <ComposerFoot
              usage={allowance.usage}
              words="quiz"
              busy={busy !== null}
              icon="quiz"
              label={busy === 'starting' ? t('quiz.starting') : t('quiz.start')}
            />
          </form>
        )}

        {session && ended && session.summary && (
          <QuizSummaryView session={session} summary={session.summary} reviewHref={`${cardsHref}?review=1`} onNew={newQuiz} headingRef={summaryHeading} />
        )}

        {session && !ended && (
          <>
            {busy === 'generating' || busy === 'starting' ? (
              <div className="quiz-card quiz-loading" role="status">
                <span className="spinner" aria-hidden="true" />
                <span>{t('quiz.generating')}</span>
              </div>
            ) : (
              current &&
              !(exhausted !== null && currentAnswered) && (
                <QuestionCard
                  key={current.id}
                  subjectId={subjectId}
                  question={current}
                  card={cards[current.id]}
                  busy={busy === 'answering' || busy === 'evaluating'}
                  evaluating={busy === 'evaluating'}
                  error={problem?.where === 'answer' ? problem.text : null}
                  onAnswer={(body) => void answer(body)}
                  cardsHref={cardsHref}
                />
              )
            )}

            {exhausted !== null && (
              <IconNote icon="target" className="quiz-exhausted" testId="quiz-exhausted">
                <div>
                  <h3 ref={exhaustedTitle} tabIndex={-1}>
                    {t('quiz.exhaustedTitle')}
                  </h3>
                  <p>{exhausted}</p>
                  <button type="button" className="btn btn-primary" onClick={() => void end()} disabled={busy !== null}>
                    {t('quiz.seeSummary')}
                  </button>
                </div>
              </IconNote>
            )}

            <FormFeedback error={problem?.where === 'session' ? problem.text : null} />

            {exhausted === null && busy !== 'generating' && busy !== 'starting' && (!current || currentAnswered) && (
              <div className="quiz-next-bar">
                <UsageNote usage={allowance.usage} words="quiz" />
                <button ref={nextButton} type="button" className="btn btn-primary" onClick={() => void generate(session)} disabled={busy !== null}>
                  <Icon name="sparkles" />
                  {current ? t('quiz.next') : t('quiz.generate')}
                </button>
              </div>
            )}
          </>
        )}

        <p className="visually-hidden" aria-live="polite">
          {announcement}
        </p>
      </section>

      <aside className="card study-aside quiz-aside" aria-labelledby="quiz-session-title">
        <h2 id="quiz-session-title">{t('quiz.sessionTitle')}</h2>
        {session ? (
          <>
            <dl className="quiz-facts">
              <div>
                <dt>{t('quiz.fileLabel')}</dt>
                <dd>{session.file_name}</dd>
              </div>
              <div>
                <dt>{t('quiz.difficultyLegend')}</dt>
                <dd>{t(difficultyLabel[session.difficulty])}</dd>
              </div>
              {!ended && (
                <div>
                  <dt>{t('quiz.typeLegend')}</dt>
                  <dd>{t(modeLabel[mode])}</dd>
                </div>
              )}
            </dl>
            {session.questions.length > 0 ? (
              <>
                <p className="quiz-progress" data-testid="quiz-progress">
                  {t(answeredCount === 1 ? 'quiz.progressOne' : 'quiz.progressMany', { count: answeredCount })}
                </p>
                {/* Once ended, the summary lists the questions. */}
                {!ended && <QuestionRecap questions={session.questions} label={t('quiz.recapLabel')} />}
              </>
            ) : (
              <p className="muted">{t('quiz.sessionEmpty')}</p>
            )}
          </>
        ) : (
          <>
            <p className="muted">{t('quiz.asideIntro')}</p>
            <ul className="quiz-tips">
              <li>{touch ? t('quiz.tipTouch') : t('quiz.tipKeys')}</li>
              <li>{t('quiz.tipCards')}</li>
              <li>{t('quiz.tipPages')}</li>
            </ul>
          </>
        )}
      </aside>
    </div>
  );
}
