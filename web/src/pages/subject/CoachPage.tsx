// `/subject/{subjectId}/coach`: the briefing computed from the student's own record (what went
// well, the three weakest topics with the pages to reread, today's plan, one next action as a
// button), each figure marked as a statistic of the last 7 days and each page a citation that
// opens the viewer; then a conversation grounded in the course and in that record (one question
// of the month for free accounts).
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { coachApi, type Briefing, type CoachBlock, type CoachLine, type NextAction } from '../../api/coach';
import { citationHref } from '../../api/study';
import { Icon } from '../../components/ContentParts';
import { FormFeedback } from '../../components/FormFeedback';
import Citations from '../../components/study/Citations';
import { LoadingLine, StudyHead, submitWith } from '../../components/study/StudyParts';
import UsageNote from '../../components/study/UsageNote';
import { useErrorText } from '../../components/study/useErrorText';
import { useFeatureUsage } from '../../components/study/useFeatureUsage';
import { usePageTitle } from '../../components/usePageTitle';
import { useI18n } from '../../i18n';
import { subjectPath, useSubject } from './SubjectLayout';
import '../../styles/study.css';
import '../../styles/exam.css';

export default function CoachPage() {
  const { t } = useI18n();
  const { subject } = useSubject();
  usePageTitle(`${t('tool.coach')} · ${subject.name}`);
  return <CoachWorkspace key={subject.id} subjectId={subject.id} />;
}

/** The figures a line states, marked as statistics of the week (they link to the statistics page). */
function StatMark({ subjectId, line }: { subjectId: string; line: CoachLine }) {
  const { t } = useI18n();
  const stats = line.figures.some((id) => id.startsWith('stats.') || id.startsWith('page.'));
  const plan = line.figures.some((id) => id.startsWith('plan.'));
  return (
    <>
      {stats && (
        <Link className="coach-stat" to={subjectPath(subjectId, 'stats')} data-testid="coach-stat" title={line.figures.join(', ')}>
          <Icon name="chart" /> {t('coach.statSource')}
        </Link>
      )}
      {plan && (
        <Link className="coach-stat" to={subjectPath(subjectId, 'schedule')} title={line.figures.join(', ')}>
          <Icon name="calendar" /> {t('coach.planSource')}
        </Link>
      )}
    </>
  );
}

function Line({ subjectId, line }: { subjectId: string; line: CoachLine }) {
  return (
    <li className="coach-line">
      <span>{line.text}</span> <StatMark subjectId={subjectId} line={line} />
      <Citations subjectId={subjectId} citations={line.citations} />
    </li>
  );
}

function actionHref(subjectId: string, action: NextAction): string {
  if (action.kind === 'cards') return `${subjectPath(subjectId, 'flashcards')}?review=1`;
  if (action.kind === 'quiz') return `${subjectPath(subjectId, 'quiz')}?file=${encodeURIComponent(action.file_id)}`;
  return citationHref(subjectId, action);
}

function BriefingView({ subjectId, briefing }: { subjectId: string; briefing: Briefing }) {
  const { t } = useI18n();
  return (
    <div className="coach-briefing" data-testid="coach-briefing">
      <section className="coach-card">
        <h3>
          <Icon name="check" /> {t('coach.wentWell')}
        </h3>
        <ul>
          {briefing.went_well.map((l, i) => (
            <Line key={i} subjectId={subjectId} line={l} />
          ))}
        </ul>
      </section>
      <section className="coach-card">
        <h3>
          <Icon name="target" /> {t('coach.weakest')}
        </h3>
        {briefing.weakest.length === 0 ? (
          <p className="muted">{t('coach.noWeak')}</p>
        ) : (
          <ol data-testid="coach-weakest">
            {briefing.weakest.map((w) => (
              <Line key={`${w.file_id}#${w.page}`} subjectId={subjectId} line={w.line} />
            ))}
          </ol>
        )}
      </section>
      <section className="coach-card">
        <h3>
          <Icon name="calendar" /> {t('coach.today')}
        </h3>
        <ul>
          {briefing.today.map((l, i) => (
            <Line key={i} subjectId={subjectId} line={l} />
          ))}
        </ul>
      </section>
      {briefing.next_action && (
        <p className="coach-next">
          <Link className="btn btn-primary" to={actionHref(subjectId, briefing.next_action)} data-testid="coach-next">
            <Icon name="arrow" />
            {briefing.next_action.label}
          </Link>
        </p>
      )}
    </div>
  );
}

function Reply({ subjectId, blocks }: { subjectId: string; blocks: CoachBlock[] }) {
  const { t } = useI18n();
  return (
    <div className="coach-reply">
      {blocks.map((b, i) => (
        <p key={i} className={`coach-block ${b.kind}`}>
          {b.text}{' '}
          {b.figures.length > 0 && (
            <span className="coach-stat" title={b.figures.join(', ')}>
              <Icon name="chart" /> {t('coach.statSource')}
            </span>
          )}
          <Citations subjectId={subjectId} citations={b.citations} />
        </p>
      ))}
    </div>
  );
}

interface Turn {
  message: string;
  blocks: CoachBlock[];
}

function CoachWorkspace({ subjectId }: { subjectId: string }) {
  const { t } = useI18n();
  const ids = useId();
  const errorText = useErrorText(true);
  const allowance = useFeatureUsage('question_generation');
  const [briefing, setBriefing] = useState<Briefing | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [turns, setTurns] = useState<Turn[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    coachApi.briefing(subjectId).then(
      (r) => setBriefing(r.briefing),
      (err) => setLoadError(errorText(err, 'coach.loadError')),
    );
  }, [subjectId, errorText]);

  const send = async () => {
    const text = message.trim();
    if (busy) return;
    if (!text) {
      setError(t('coach.empty'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const r = await coachApi.ask(subjectId, text);
      allowance.setUsage(r.usage);
      setTurns((list) => [...list, { message: text, blocks: r.reply.blocks }]);
      setMessage('');
    } catch (err) {
      if (!allowance.capped(err)) setError(errorText(err, 'coach.askError'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="study-main coach-page" aria-labelledby="coach-title">
      <StudyHead id="coach-title" title={t('tool.coach')} intro={t('coach.intro')} />
      <FormFeedback error={loadError} />
      {!briefing && !loadError && <LoadingLine text={t('coach.loading')} />}
      {briefing && <BriefingView subjectId={subjectId} briefing={briefing} />}

      <section className="coach-chat" aria-labelledby={`${ids}-chat`}>
        <h3 id={`${ids}-chat`}>{t('coach.chatTitle')}</h3>
        <ol className="coach-turns" aria-live="polite">
          {turns.map((turn, i) => (
            <li key={i} data-testid="coach-turn">
              <p className="coach-question">{turn.message}</p>
              <Reply subjectId={subjectId} blocks={turn.blocks} />
            </li>
          ))}
        </ol>
        <form className="composer" onSubmit={submitWith(send)} noValidate>
          <label htmlFor={`${ids}-msg`} className="visually-hidden">
            {t('coach.placeholder')}
          </label>
          <textarea id={`${ids}-msg`} className="exam-answer" rows={3} value={message} placeholder={t('coach.placeholder')} onChange={(e) => setMessage(e.target.value)} maxLength={2000} disabled={busy} />
          <FormFeedback error={error} />
          <div className="row exam-step">
            <UsageNote usage={allowance.usage} words="question" />
            <button type="submit" className="btn btn-primary" disabled={busy}>
              <Icon name="sparkles" />
              {busy ? t('coach.thinking') : t('coach.send')}
            </button>
          </div>
        </form>
      </section>
    </section>
  );
}
