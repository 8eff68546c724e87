// `/goals`: the student's goals (weekly study time, target grade out of 20,
// target quiz score, optional current grade), this week's progress against them with the streak,
// and the statistics of all their subjects. The bounds are the server's (functions/core/goals.ts);
// a value outside them is named under its field, in the interface's language, before sending.
import { useEffect, useState, type FormEvent } from 'react';
import { ApiError } from '../api/client';
import { progressApi, type Goals, type StatsSummary, type WeekProgress } from '../api/progress';
import { GOAL_BOUNDS } from '@core/goals.js';
import { FormFeedback } from '../components/FormFeedback';
import { InlineLoading } from '../components/LoadingScreen';
import RetryAlert from '../components/RetryAlert';
import StreakCard from '../components/StreakCard';
import StatisticsPanel from '../components/progress/StatisticsPanel';
import { formatDay, formatHours, formatMinutes } from '../components/progress/format';
import { usePageTitle } from '../components/usePageTitle';
import { useI18n, type MessageKey } from '../i18n';
import '../styles/progress.css';

type Field = 'weekly_hours' | 'target_grade' | 'target_quiz_score' | 'current_grade';
type Bounds = { min: number; max: number; step: number };

const FIELDS: { name: Field; label: MessageKey; hint: MessageKey; error: MessageKey; bounds: Bounds; optional?: boolean }[] = [
  { name: 'weekly_hours', label: 'goals.weeklyHours', hint: 'goals.weeklyHoursHint', error: 'goals.error.weeklyHours', bounds: GOAL_BOUNDS.weeklyHours },
  { name: 'target_grade', label: 'goals.targetGrade', hint: 'goals.gradeHint', error: 'goals.error.grade', bounds: GOAL_BOUNDS.grade },
  { name: 'target_quiz_score', label: 'goals.targetQuiz', hint: 'goals.quizHint', error: 'goals.error.quiz', bounds: GOAL_BOUNDS.quizScore },
  { name: 'current_grade', label: 'goals.currentGrade', hint: 'goals.gradeHint', error: 'goals.error.grade', bounds: GOAL_BOUNDS.grade, optional: true },
];

/** The number typed (a French comma is a decimal point), or null when empty. */
const readNumber = (text: string): number | null => (text.trim() === '' ? null : Number(text.trim().replace(',', '.')));
const inBounds = (v: number, b: Bounds) => Number.isFinite(v) && v >= b.min && v <= b.max && Math.abs(v / b.step - Math.round(v / b.step)) < 1e-9;

type Texts = Record<Field, string>;
const textsOf = (g: Goals | null): Texts => ({
  weekly_hours: g ? String(g.weekly_hours) : '',
  target_grade: g ? String(g.target_grade) : '',
  target_quiz_score: g ? String(g.target_quiz_score) : '',
  current_grade: g?.current_grade === null || !g ? '' : String(g.current_grade),
});

function WeekCard({ goals, week, summary }: { goals: Goals | null; week: WeekProgress; summary: StatsSummary | null }) {
  const { t, lang, formatNumber } = useI18n();
  const done = formatMinutes(t, week.minutes);
  const quizPercent = summary && summary.quiz.answered ? Math.round((summary.quiz.correct / summary.quiz.answered) * 100) : null;
  return (
    <section className="card stack" aria-labelledby="week-title" data-testid="week-progress">
      <div>
        <h2 id="week-title">{t('goals.weekTitle')}</h2>
        <p className="hint">{t('goals.weekRange', { from: formatDay(lang, week.from, 'long'), to: formatDay(lang, week.to, 'long') })}</p>
      </div>
      {goals ? (
        <>
          <p className="goals-week-figure">{t('goals.weekTime', { done, goal: formatHours(t, goals.weekly_hours) })}</p>
          <div className="progress" role="progressbar" aria-label={t('goals.weekProgressLabel')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={week.percent} aria-valuetext={`${week.percent} %`}>
            <span style={{ width: `${week.percent}%` }} />
          </div>
          <ul className="goals-progress-list">
            <li>
              {quizPercent === null
                ? t('goals.quizProgressNone', { target: `${goals.target_quiz_score} %` })
                : t('goals.quizProgress', { percent: `${quizPercent} %`, target: `${goals.target_quiz_score} %` })}
            </li>
            <li>
              {goals.current_grade === null
                ? t('goals.gradeTarget', { target: formatNumber(goals.target_grade) })
                : t('goals.gradeProgress', { current: formatNumber(goals.current_grade), target: formatNumber(goals.target_grade) })}
            </li>
          </ul>
        </>
      ) : (
        <>
          <p className="goals-week-figure">{t('goals.weekTimeNoGoal', { done })}</p>
          <p className="muted">{t('goals.weekNoGoal')}</p>
        </>
      )}
    </section>
  );
}

function GoalsForm({ goals, onSaved }: { goals: Goals | null; onSaved(goals: Goals): void }) {
  const { t } = useI18n();
  const [texts, setTexts] = useState<Texts>(() => textsOf(goals));
  const [errors, setErrors] = useState<Partial<Record<Field, MessageKey>>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    setError(null);
    const found: Partial<Record<Field, MessageKey>> = {};
    const values: Partial<Record<Field, number | null>> = {};
    for (const f of FIELDS) {
      const v = readNumber(texts[f.name]);
      values[f.name] = v;
      if (v === null) {
        if (!f.optional) found[f.name] = 'goals.error.required';
      } else if (!inBounds(v, f.bounds)) found[f.name] = f.error;
    }
    setErrors(found);
    if (Object.keys(found).length) {
      setError(t('goals.fixErrors'));
      document.getElementById(`goal-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    const body: Goals = {
      weekly_hours: values.weekly_hours!,
      target_grade: values.target_grade!,
      target_quiz_score: values.target_quiz_score!,
      current_grade: values.current_grade ?? null,
    };
    setBusy(true);
    try {
      onSaved(await progressApi.saveGoals(body));
      setSaved(true);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('common.genericError'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card" aria-labelledby="goals-form-title">
      <h2 id="goals-form-title">{t('goals.formTitle')}</h2>
      <form className="form goals-form" onSubmit={(e) => void submit(e)} noValidate>
        {FIELDS.map((f) => {
          const id = `goal-${f.name}`;
          const message = errors[f.name];
          return (
            <div className="field" key={f.name}>
              <label htmlFor={id}>
                {t(f.label)} {f.optional && <span className="optional">({t('common.optional')})</span>}
              </label>
              <input
                id={id}
                className="input"
                type="text"
                inputMode="decimal"
                value={texts[f.name]}
                aria-invalid={message ? true : undefined}
                aria-describedby={`${id}-hint${message ? ` ${id}-error` : ''}`}
                onChange={(e) => setTexts((old) => ({ ...old, [f.name]: e.target.value }))}
              />
              <p className="hint" id={`${id}-hint`}>
                {t(f.hint)}
              </p>
              {message && (
                <p className="field-error" id={`${id}-error`}>
                  {t(message)}
                </p>
              )}
            </div>
          );
        })}
        <FormFeedback error={error} success={saved ? t('goals.saved') : null} />
        <div>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t('common.saving') : t('common.save')}
          </button>
        </div>
      </form>
    </section>
  );
}

export default function GoalsPage() {
  const { t } = useI18n();
  usePageTitle(t('goals.title'));
  const [data, setData] = useState<{ goals: Goals | null; week: WeekProgress } | null>(null);
  const [summary, setSummary] = useState<StatsSummary | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let alive = true;
    setFailed(false);
    progressApi.goals().then(
      (d) => alive && setData(d),
      () => alive && setFailed(true),
    );
    progressApi.summary(null).then(
      (s) => alive && setSummary(s),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [attempt]);

  const saved = (goals: Goals) => {
    // The week's figure follows the new goal.
    setData((old) => old && { goals, week: { ...old.week, goalMinutes: goals.weekly_hours * 60, percent: Math.min(100, Math.round((old.week.minutes / (goals.weekly_hours * 60)) * 100)) } });
  };

  return (
    <div className="container page">
      <div className="page-header">
        <h1>{t('goals.title')}</h1>
        <p>{t('goals.intro')}</p>
      </div>
      {failed && !data && <RetryAlert message={t('goals.loadError')} onRetry={() => setAttempt((n) => n + 1)} />}
      {!data && !failed && <InlineLoading />}
      {data && (
        <div className="stack">
          <div className="goals-top">
            <WeekCard goals={data.goals} week={data.week} summary={summary} />
            <StreakCard />
          </div>
          <GoalsForm goals={data.goals} onSaved={saved} />
          <section className="stack" aria-labelledby="goals-stats-title">
            <h2 id="goals-stats-title">{t('goals.statsTitle')}</h2>
            <StatisticsPanel subjectId={null} />
          </section>
        </div>
      )}
    </div>
  );
}
