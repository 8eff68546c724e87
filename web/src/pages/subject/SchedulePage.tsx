// `/subject/{id}/schedule`: the exam-date plan (issue 13). The student gives the exam date and the
// days they study; the server plans each day until the exam from the pages not yet studied, the
// cards falling due, the topics most missed and a final review, within the weekly hours of their
// goals (functions/core/planner.ts). The page shows it day by day (the days holding sessions: the
// number it says is the number it lists, the server's `totals.studyDays`), says plainly when it
// does not fit (the time missing, the hours a week at which the server found it fits, the files
// to set aside), downloads it as an .ics calendar and adds its coming week to the revision tasks
// (in place of the plan's open tasks taken before).
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { GOAL_BOUNDS } from '@core/goals.js';
import { ApiError } from '../../api/client';
import { progressApi, type ExamSettings, type PlanReply } from '../../api/progress';
import { FormFeedback } from '../../components/FormFeedback';
import { InlineLoading } from '../../components/LoadingScreen';
import RetryAlert from '../../components/RetryAlert';
import { addDays, formatDay, formatHours, formatMinutes, localToday, sessionLabel } from '../../components/progress/format';
import { useLoaded } from '../../components/useLoaded';
import { useI18n, type MessageKey } from '../../i18n';
import { subjectPath, useSubject } from './SubjectLayout';
import SubjectSection from './SubjectSection';
import '../../styles/progress.css';
import { saveText } from '../../components/save-file';

/** Monday first, as a French week; values are the server's (0 Sunday … 6 Saturday). */
const WEEK = [1, 2, 3, 4, 5, 6, 0] as const;

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const calendarName = (subjectName: string) =>
  `revise-${subjectName.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'plan'}.ics`;

function ExamForm({ subjectId, exam, onSaved }: { subjectId: string; exam: ExamSettings | null; onSaved(): Promise<void> }) {
  const { t } = useI18n();
  const tomorrow = addDays(localToday(), 1);
  const [date, setDate] = useState(exam?.exam_date ?? '');
  const [days, setDays] = useState<number[]>(exam?.study_days ?? [1, 2, 3, 4, 5]);
  const [errors, setErrors] = useState<{ date?: MessageKey; days?: MessageKey }>({});
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    setError(null);
    const found: typeof errors = {};
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || date < tomorrow) found.date = 'plan.error.date';
    if (days.length === 0) found.days = 'plan.error.days';
    setErrors(found);
    if (found.date || found.days) return;
    setBusy(true);
    try {
      await progressApi.saveExam(subjectId, { exam_date: date, study_days: [...days].sort() });
      await onSaved();
      setSaved(true);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('common.genericError'));
    } finally {
      setBusy(false);
    }
  };

  const toggle = (d: number) => setDays((old) => (old.includes(d) ? old.filter((x) => x !== d) : [...old, d]));

  return (
    <form className="form card" onSubmit={(e) => void submit(e)} noValidate aria-label={t('tool.schedule')}>
      <div className="field">
        <label htmlFor="exam-date">{t('plan.examDate')}</label>
        <input
          id="exam-date"
          className="input plan-date"
          type="date"
          min={tomorrow}
          value={date}
          aria-invalid={errors.date ? true : undefined}
          aria-describedby={errors.date ? 'exam-date-error' : undefined}
          onChange={(e) => setDate(e.target.value)}
        />
        {errors.date && (
          <p className="field-error" id="exam-date-error">
            {t(errors.date)}
          </p>
        )}
      </div>
      <fieldset className="field" aria-describedby={errors.days ? 'study-days-error' : undefined}>
        <legend className="label">{t('plan.studyDays')}</legend>
        <div className="choice-row">
          {WEEK.map((d) => (
            <label key={d} className="choice">
              <input type="checkbox" checked={days.includes(d)} onChange={() => toggle(d)} aria-label={t(`plan.weekdayLong.${d}`)} />
              <span aria-hidden="true">{t(`plan.weekday.${d}`)}</span>
            </label>
          ))}
        </div>
        {errors.days && (
          <p className="field-error" id="study-days-error">
            {t(errors.days)}
          </p>
        )}
      </fieldset>
      <FormFeedback error={error} success={saved ? t('plan.saved') : null} />
      <div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? t('common.saving') : t('plan.save')}
        </button>
      </div>
    </form>
  );
}

function PlanView({ subjectId, subjectName, reply }: { subjectId: string; subjectName: string; reply: Extract<PlanReply, { plan: object }> }) {
  const { t, lang } = useI18n();
  const { plan, exam, weekly_hours: weeklyHours } = reply;
  const names = new Map(reply.files.map((f) => [f.file_id, f.name]));
  const fileName = (id: string) => names.get(id) ?? '—';
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const [added, setAdded] = useState<{ added: number; replaced: number } | null>(null);
  const [addError, setAddError] = useState<string | null>(null);
  const daily = plan.days.find((d) => d.budgetMinutes > 0)?.budgetMinutes ?? 0;
  // Days with nothing to do (everything read, no card due) are left out of the list, and out of
  // the number of days said (`totals.studyDays` counts the same days).
  const planned = plan.days.filter((d) => d.sessions.length > 0);

  const download = async () => {
    setDownloadError(null);
    try {
      saveText(await progressApi.planCalendar(subjectId), calendarName(subjectName), 'text/calendar');
    } catch (err) {
      setDownloadError(err instanceof ApiError ? err.message : t('plan.downloadError'));
    }
  };
  const toTodos = async () => {
    setAddError(null);
    try {
      const r = await progressApi.addPlanTodos(subjectId);
      setAdded({ added: r.added, replaced: r.replaced });
    } catch (err) {
      setAddError(err instanceof ApiError ? err.message : t('common.genericError'));
    }
  };

  return (
    <div className="stack">
      <p className="hint">
        {t('plan.budget', { hours: formatHours(t, weeklyHours), daily: formatMinutes(t, daily) })} <Link to="/goals">{t('plan.changeGoal')}</Link>
      </p>
      {plan.fits ? (
        <div className="alert alert-success" role="status" data-testid="plan-verdict">
          {t('plan.fits', { date: formatDay(lang, exam.exam_date), days: plan.totals.studyDays })}
        </div>
      ) : (
        <div className="alert alert-warning" role="status" data-testid="plan-verdict">
          <p>{t('plan.doesNotFit', { date: formatDay(lang, exam.exam_date), missing: formatMinutes(t, plan.shortfall?.missingMinutes ?? 0) })}</p>
          {plan.shortfall && (
            <p>{plan.shortfall.weeklyHoursNeeded === null ? t('plan.needMoreDays', { hours: formatHours(t, GOAL_BOUNDS.weeklyHours.max) }) : t('plan.needHours', { hours: formatHours(t, plan.shortfall.weeklyHoursNeeded) })}</p>
          )}
          {plan.shortfall && plan.shortfall.setAside.length > 0 && (
            <p>{t('plan.setAside', { files: plan.shortfall.setAside.map((f) => t('plan.setAsideFile', { name: f.name, pages: f.unreadPages })).join(', ') })}</p>
          )}
        </div>
      )}
      <div className="row plan-actions">
        <button type="button" className="btn btn-secondary" onClick={() => void download()}>
          {t('plan.download')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => void toTodos()}>
          {t('plan.toTodos')}
        </button>
      </div>
      <FormFeedback error={downloadError ?? addError} />
      {added !== null && (
        <div className="alert alert-success" role="status">
          {added.replaced > 0 ? t('todos.fromPlanReplaced', { count: added.added, replaced: added.replaced }) : t('plan.addedTodos', { count: added.added })} <Link to={subjectPath(subjectId, 'todos')}>{t('plan.seeTodos')}</Link>
        </div>
      )}
      <section aria-labelledby="plan-days-title" className="stack">
        <h3 id="plan-days-title">{t('plan.daysTitle')}</h3>
        {planned.length === 0 && <p className="muted">{t('plan.nothing')}</p>}
        <ol className="plan-days" data-testid="plan-days">
          {planned.map((day) => (
            <li key={day.date} className={`plan-day card${day.final ? ' plan-day-final' : ''}`}>
              <div className="plan-day-head">
                <h4>{capitalised(formatDay(lang, day.date, 'long'))}</h4>
                {day.final && <span className="badge">{t('plan.final')}</span>}
                <span className="hint plan-day-minutes">{t('plan.dayMinutes', { planned: formatMinutes(t, day.minutes), budget: formatMinutes(t, day.budgetMinutes) })}</span>
              </div>
              <ul className="plan-sessions">
                {day.sessions.map((s, i) => (
                  <li key={i} className={`plan-session plan-session-${s.kind}`}>
                    <span>{sessionLabel(t, s, fileName)}</span>
                    <span className="hint">{formatMinutes(t, s.minutes)}</span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

const readPlan = (subjectId: string) => progressApi.plan(subjectId);

export default function SchedulePage() {
  const { t } = useI18n();
  const { subject } = useSubject();
  const { value: reply, error: failed, reload: load } = useLoaded(subject.id, readPlan);

  return (
    <SubjectSection tool="schedule" intro="plan.intro">
      {failed && !reply && <RetryAlert message={t('plan.loadError')} onRetry={() => void load()} />}
      {!reply && !failed && <InlineLoading />}
      {reply && (
        <>
          <ExamForm subjectId={subject.id} exam={reply.exam} onSaved={load} />
          {reply.plan ? <PlanView subjectId={subject.id} subjectName={subject.name} reply={reply} /> : <p className="muted">{t('plan.empty')}</p>}
        </>
      )}
    </SubjectSection>
  );
}
