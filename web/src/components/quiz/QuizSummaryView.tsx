// The end of a session: right answers out of the questions asked, the average
// score of written answers, the questions skipped and the review cards made from the mistakes,
// with the way to review those mistakes and to start another quiz.
import type { Ref } from 'react';
import { Link } from 'react-router-dom';
import type { QuizSession, QuizSummary } from '../../api/quiz';
import { Icon } from '../ContentParts';
import { useI18n } from '../../i18n';
import QuestionRecap from './QuestionRecap';
import { difficultyLabel } from './labels';

interface QuizSummaryViewProps {
  session: QuizSession;
  summary: QuizSummary;
  reviewHref: string;
  onNew(): void;
  headingRef?: Ref<HTMLHeadingElement>;
}

function Figure({ value, label, testId, tone }: { value: string; label: string; testId: string; tone?: string }) {
  return (
    <div className={`quiz-figure${tone ? ` quiz-figure-${tone}` : ''}`} data-testid={testId}>
      <dt className="quiz-figure-label">{label}</dt>
      <dd className="quiz-figure-value">{value}</dd>
    </div>
  );
}

export default function QuizSummaryView({ session, summary, reviewHref, onNew, headingRef }: QuizSummaryViewProps) {
  const { t } = useI18n();
  const mistakes = summary.questions - summary.correct > 0 || summary.cards_created > 0;
  return (
    <section className="quiz-summary" aria-labelledby="quiz-summary-title" data-testid="quiz-summary">
      <header className="quiz-summary-head">
        <p className="eyebrow">{t('quiz.summaryEyebrow', { file: session.file_name, difficulty: t(difficultyLabel[session.difficulty]) })}</p>
        <h3 id="quiz-summary-title" ref={headingRef} tabIndex={-1}>
          {t('quiz.summaryTitle')}
        </h3>
      </header>
      {summary.questions === 0 ? (
        <p className="muted">{t('quiz.summaryNoQuestion')}</p>
      ) : (
        <dl className="quiz-figures">
          <Figure value={t('quiz.summaryCorrectValue', { correct: summary.correct, total: summary.questions })} label={t('quiz.summaryCorrect')} testId="summary-correct" tone="main" />
          <Figure
            value={summary.average_open_score === null ? '—' : t('quiz.scoreValue', { score: Math.round(summary.average_open_score) })}
            label={t('quiz.summaryOpen')}
            testId="summary-open"
          />
          <Figure value={String(summary.skipped)} label={t('quiz.summarySkipped')} testId="summary-skipped" />
          <Figure value={String(summary.cards_created)} label={t('quiz.summaryCards')} testId="summary-cards" />
        </dl>
      )}
      {session.questions.length > 0 && <QuestionRecap questions={session.questions} label={t('quiz.recapLabel')} />}
      <div className="quiz-summary-actions">
        {mistakes && (
          <Link to={reviewHref} className="btn btn-primary">
            <Icon name="cards" />
            {t('quiz.reviewMistakes')}
          </Link>
        )}
        <button type="button" className={`btn ${mistakes ? 'btn-secondary' : 'btn-primary'}`} onClick={onNew}>
          <Icon name="plus" />
          {t('quiz.newQuiz')}
        </button>
      </div>
    </section>
  );
}
