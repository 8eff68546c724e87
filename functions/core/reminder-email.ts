// The study reminder e-mail (Premium): what today's plan holds, subject by subject (each session
// titled as in the calendar export, with its minutes), a link to each subject's schedule page,
// and how to stop the reminders. In the student's language; every name that comes from the
// student (subjects, files, topics) is HTML-escaped.
import { escapeHtml } from './emails.js';
import type { Lang } from './errors.js';
import { sessionTitle } from './plan-calendar.js';
import type { PlanSession } from './planner.js';

export interface ReminderSubject {
  subjectId: string;
  subjectName: string;
  /** Today's sessions of this subject's plan. */
  sessions: readonly PlanSession[];
  fileNames: ReadonlyMap<string, string>;
}

export interface ReminderInput {
  lang: Lang;
  /** Today, `YYYY-MM-DD`. */
  date: string;
  subjects: readonly ReminderSubject[];
  appUrl: string;
  /** A link that turns the reminders off without signing in; null: only the profile page is named. */
  unsubscribeUrl: string | null;
}

export interface RenderedReminder {
  subject: string;
  html: string;
  text: string;
}

const texts = {
  fr: {
    subject: (minutes: string) => `Révise : tes séances d'étude du jour (${minutes})`,
    intro: (date: string) => `Voici ton programme de révision pour ${date} :`,
    schedule: 'Voir mon planning',
    total: (minutes: string) => `Total : ${minutes}`,
    why: 'Tu reçois ce rappel car ton abonnement Premium inclut les rappels d’étude par e-mail.',
    profile: 'Les désactiver depuis mon profil',
    unsubscribe: 'Ne plus recevoir ces rappels',
  },
  en: {
    subject: (minutes: string) => `Révise: today's study sessions (${minutes})`,
    intro: (date: string) => `Here is your revision programme for ${date}:`,
    schedule: 'See my schedule',
    total: (minutes: string) => `Total: ${minutes}`,
    why: 'You receive this reminder because your Premium plan includes study reminders by e-mail.',
    profile: 'Turn them off on my profile',
    unsubscribe: 'Stop these reminders',
  },
} as const;

/** "1 h 30" / "45 min". */
export function formatMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = Math.round(minutes % 60);
  if (!h) return `${m} min`;
  return m ? `${h} h ${String(m).padStart(2, '0')}` : `${h} h`;
}

/** "mercredi 25 novembre" / "Wednesday 25 November". */
export function formatDay(date: string, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'fr-FR', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
}

export function renderStudyReminder(input: ReminderInput): RenderedReminder {
  const t = texts[input.lang];
  const base = input.appUrl.replace(/\/+$/, '');
  const subjects = input.subjects.filter((s) => s.sessions.length > 0);
  const total = subjects.reduce((n, s) => n + s.sessions.reduce((m, x) => m + x.minutes, 0), 0);
  const day = formatDay(input.date, input.lang);
  const html: string[] = [`<p>${escapeHtml(t.intro(day))}</p>`];
  const text: string[] = [t.intro(day), ''];
  for (const s of subjects) {
    const link = `${base}/subject/${encodeURIComponent(s.subjectId)}/schedule`;
    const lines = s.sessions.map((session) => `${sessionTitle(session, s.fileNames, input.lang)} — ${formatMinutes(session.minutes)}`);
    html.push(
      `<h2 style="font-size:18px;margin:16px 0 4px">${escapeHtml(s.subjectName)}</h2>`,
      `<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>`,
      `<p><a href="${escapeHtml(link)}">${escapeHtml(t.schedule)}</a></p>`,
    );
    text.push(s.subjectName, ...lines.map((l) => `- ${l}`), `${t.schedule}: ${link}`, '');
  }
  html.push(`<p><strong>${escapeHtml(t.total(formatMinutes(total)))}</strong></p>`);
  text.push(t.total(formatMinutes(total)), '');
  const profile = `${base}/profile`;
  const footer = [`<a href="${escapeHtml(profile)}">${escapeHtml(t.profile)}</a>`];
  text.push(t.why, `${t.profile}: ${profile}`);
  if (input.unsubscribeUrl) {
    footer.push(`<a href="${escapeHtml(input.unsubscribeUrl)}">${escapeHtml(t.unsubscribe)}</a>`);
    text.push(`${t.unsubscribe}: ${input.unsubscribeUrl}`);
  }
  html.push(`<p style="color:#666;font-size:13px">${escapeHtml(t.why)}<br>${footer.join(' · ')}</p>`);
  return { subject: t.subject(formatMinutes(total)), html: html.join(''), text: text.join('\n') };
}
