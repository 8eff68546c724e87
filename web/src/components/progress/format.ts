// How the planning and progress pages write days and durations. Days are calendar dates
// (`YYYY-MM-DD`, the student's own), written as such whatever the browser's zone.
import type { PlanSession } from '../../api/progress';
import type { Lang, MessageKey } from '../../i18n';

type T = (key: MessageKey, params?: Record<string, string | number>) => string;

const locale = (lang: Lang) => (lang === 'en' ? 'en-GB' : 'fr-FR');

/** A calendar date as words: "lundi 2 mars" (long), "2 mars" (short), "02/03" (numeric). */
export function formatDay(lang: Lang, date: string, style: 'long' | 'short' | 'numeric' = 'short'): string {
  const d = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(d.getTime())) return date;
  const options: Intl.DateTimeFormatOptions =
    style === 'long'
      ? { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }
      : style === 'short'
        ? { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }
        : { day: '2-digit', month: '2-digit', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(locale(lang), options).format(d);
}

/** Minutes as "45 min", "2 h" or "1 h 30". */
export function formatMinutes(t: T, minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  const h = Math.floor(total / 60);
  const m = total % 60;
  if (h === 0) return t('duration.minutes', { m });
  if (m === 0) return t('duration.hours', { h });
  return t('duration.hoursMinutes', { h, m: String(m).padStart(2, '0') });
}

/** Hours (a goal, in half hours) as a duration. */
export const formatHours = (t: T, hours: number): string => formatMinutes(t, hours * 60);

/** A percentage, or the dash when there is nothing to measure. */
export const formatPercent = (t: T, value: number | null): string => (value === null ? t('stats.none') : `${value} %`);

/** Today's date in the browser's calendar, `YYYY-MM-DD`. */
export function localToday(now: Date = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/** `date` plus `days` days. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** What a session of the plan asks, in words. */
export function sessionLabel(t: T, session: PlanSession, fileName: (id: string) => string): string {
  switch (session.kind) {
    case 'read':
      return session.fromPage === session.toPage
        ? t('plan.session.readOne', { file: fileName(session.fileId), from: session.fromPage })
        : t('plan.session.read', { file: fileName(session.fileId), from: session.fromPage, to: session.toPage });
    case 'review':
      return t('plan.session.review', { count: session.cards });
    case 'quiz':
      return session.topic ? t('plan.session.quiz', { topic: session.topic, file: fileName(session.fileId) }) : t('plan.session.quizFile', { file: fileName(session.fileId) });
    case 'final':
      return t('plan.session.final', { file: fileName(session.fileId) });
  }
}
