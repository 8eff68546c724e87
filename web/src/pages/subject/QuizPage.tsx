// `/subject/{subjectId}/quiz`: choose a ready file, the difficulty and
// the kind of questions, start a session; each question is generated on demand, answered (an
// option, a written answer graded by the engine, or "I don't know") and corrected with the pages
// it comes from; a mistake becomes a review card. Ending the session gives its summary. The
// session on screen is named in the URL (`?session=`), so a citation's page and Back lead to it.
// The decisions live in components/quiz/quiz-state.ts (unit-tested), the session and its API
// calls in components/quiz/useQuizSession.ts; this file renders: the set-up form, the session
// (question, "no more questions" note, next-question bar), the summary and the session aside.
import { useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { QuizDifficulty, QuizSession } from '../../api/quiz';
import type { Subject } from '../../api/subjects';
import { Icon } from '../../components/ContentParts';
import { useTouchDevice } from '../../components/useMediaQuery';
import { FormFeedback } from '../../components/FormFeedback';
import RetryAlert from '../../components/RetryAlert';
import ChoiceCards from '../../components/quiz/ChoiceCards';
import QuestionCard from '../../components/quiz/QuestionCard';
import QuestionRecap from '../../components/quiz/QuestionRecap';
import QuizSummaryView from '../../components/quiz/QuizSummaryView';
import { difficultyChoices, difficultyLabel, isQuestionMode, modeChoices, type QuestionMode } from '../../components/quiz/labels';
import { quizView, startProblem, type QuizView } from '../../components/quiz/quiz-state';
import { useQuizSession } from '../../components/quiz/useQuizSession';
import { ComposerFoot, FileField, IconNote, LoadingLine, NoFilesHint, StudyHead, submitWith } from '../../components/study/StudyParts';
import UsageNote from '../../components/study/UsageNote';
import { useErrorText } from '../../components/study/useErrorText';
import { useFeatureUsage } from '../../components/study/useFeatureUsage';
import { usePreselectSoleFile, useSubjectFiles } from '../../components/study/useSubjectFiles';
import { useI18n, type MessageKey } from '../../i18n';
import { studyPage, subjectPath } from './SubjectLayout';
import '../../styles/study.css';
import '../../styles/quiz.css';

const modeLabel: Record<QuestionMode, MessageKey> = { mcq: 'quiz.type.mcq', open: 'quiz.type.open', mixed: 'quiz.type.mixed' };

type Quiz = ReturnType<typeof useQuizSession>;

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
  const fileSelect = useRef<HTMLSelectElement>(null);
  const quiz = useQuizSession({ subjectId, mode, t, errorText, allowance });
  const { session, busy, problem, setProblem, opening } = quiz;

  const start = async () => {
    if (busy) return;
    const missing = startProblem(fileId);
    if (missing) {
      setProblem({ text: t(missing), where: 'setup' });
      fileSelect.current?.focus();
      return;
    }
    await quiz.actions.start(fileId, difficulty);
  };

  const view = quizView(session, busy, quiz.exhausted);
  const cardsHref = subjectPath(subjectId, 'flashcards');

  return (
    <div className="study-layout">
      <section className="study-main" aria-labelledby="quiz-title">
        <StudyHead id="quiz-title" title={t('tool.quiz')} intro={session ? t('quiz.sessionOn', { file: session.file_name }) : t('quiz.intro')}>
          {session && !view.ended && (
            <div className="row study-actions">
              <button type="button" className="btn btn-secondary btn-sm" onClick={() => void quiz.actions.end()} disabled={busy !== null}>
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

        {session && view.ended && session.summary && (
          <QuizSummaryView session={session} summary={session.summary} reviewHref={`${cardsHref}?review=1`} onNew={quiz.actions.newQuiz} headingRef={quiz.refs.summaryHeading} />
        )}

        {session && !view.ended && <QuizSessionPanel subjectId={subjectId} session={session} quiz={quiz} view={view} usage={allowance.usage} cardsHref={cardsHref} />}

        <p className="visually-hidden" aria-live="polite">
          {quiz.announcement}
        </p>
      </section>

      <QuizAside session={session} view={view} mode={mode} touch={touch} />
    </div>
  );
}

/** The session under way: the question (or "generating…"), the "no more questions" note, the next-question bar. */
function QuizSessionPanel(props: { subjectId: string; session: QuizSession; quiz: Quiz; view: QuizView; usage: ReturnType<typeof useFeatureUsage>['usage']; cardsHref: string }) {
  const { subjectId, session, quiz, view, usage, cardsHref } = props;
  const { t } = useI18n();
  const { busy, problem, exhausted, cards, refs, actions } = quiz;
  const { current } = view;
  return (
    <>
      {view.loading ? (
        <div className="quiz-card quiz-loading" role="status">
          <span className="spinner" aria-hidden="true" />
          <span>{t('quiz.generating')}</span>
        </div>
      ) : (
        current &&
        view.showQuestion && (
          <QuestionCard
            key={current.id}
            subjectId={subjectId}
            question={current}
            card={cards[current.id]}
            busy={busy === 'answering' || busy === 'evaluating'}
            evaluating={busy === 'evaluating'}
            error={problem?.where === 'answer' ? problem.text : null}
            onAnswer={(body) => void actions.answer(body)}
            cardsHref={cardsHref}
          />
        )
      )}

      {exhausted !== null && (
        <IconNote icon="target" className="quiz-exhausted" testId="quiz-exhausted">
          <div>
            <h3 ref={refs.exhaustedTitle} tabIndex={-1}>
              {t('quiz.exhaustedTitle')}
            </h3>
            <p>{exhausted}</p>
            <button type="button" className="btn btn-primary" onClick={() => void actions.end()} disabled={busy !== null}>
              {t('quiz.seeSummary')}
            </button>
          </div>
        </IconNote>
      )}

      <FormFeedback error={problem?.where === 'session' ? problem.text : null} />

      {view.showNext && (
        <div className="quiz-next-bar">
          <UsageNote usage={usage} words="quiz" />
          <button ref={refs.nextButton} type="button" className="btn btn-primary" onClick={() => void actions.generate(session)} disabled={busy !== null}>
            <Icon name="sparkles" />
            {t(view.nextLabel)}
          </button>
        </div>
      )}
    </>
  );
}

/** Beside the quiz: the session's file, difficulty, type and progress, or tips before one starts. */
function QuizAside({ session, view, mode, touch }: { session: QuizSession | null; view: QuizView; mode: QuestionMode; touch: boolean }) {
  const { t } = useI18n();
  return (
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
            {!view.ended && (
              <div>
                <dt>{t('quiz.typeLegend')}</dt>
                <dd>{t(modeLabel[mode])}</dd>
              </div>
            )}
          </dl>
          {session.questions.length > 0 ? (
            <>
              <p className="quiz-progress" data-testid="quiz-progress">
                {t(view.progressLabel, { count: view.answeredCount })}
              </p>
              {/* Once ended, the summary lists the questions. */}
              {!view.ended && <QuestionRecap questions={session.questions} label={t('quiz.recapLabel')} />}
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
  );
}
