// The exam-date plan as an iCalendar file (RFC 5545, written by the `ics` library): one event per
// study session, in the student's own time (floating local times: 18:00 wherever they are),
// sessions of a day one after the other, titled in the interface's language with the file and
// pages they cover.
import { createEvents, type EventAttributes } from 'ics';
import type { Lang } from './errors.js';
import type { PlanSession, StudyPlan } from './planner.js';

/** When a day's first session starts, local time. */
export const SESSION_START_HOUR = 18;

const titles = {
  fr: {
    read: (file: string, from: number, to: number) => (from === to ? `Lire « ${file} » p. ${from}` : `Lire « ${file} » p. ${from}–${to}`),
    review: (n: number) => `Réviser ${n} carte${n > 1 ? 's' : ''}`,
    quiz: (file: string, topic: string | null) => (topic ? `Quiz : ${topic} (${file})` : `Quiz : ${file}`),
    final: (file: string) => `Révision finale : ${file}`,
    calendar: (subject: string) => `Révise — ${subject}`,
  },
  en: {
    read: (file: string, from: number, to: number) => (from === to ? `Read "${file}" p. ${from}` : `Read "${file}" pp. ${from}–${to}`),
    review: (n: number) => `Review ${n} card${n > 1 ? 's' : ''}`,
    quiz: (file: string, topic: string | null) => (topic ? `Quiz: ${topic} (${file})` : `Quiz: ${file}`),
    final: (file: string) => `Final review: ${file}`,
    calendar: (subject: string) => `Révise — ${subject}`,
  },
};

export function sessionTitle(session: PlanSession, fileNames: ReadonlyMap<string, string>, lang: Lang): string {
  const t = titles[lang];
  const name = (id: string) => fileNames.get(id) ?? '—';
  switch (session.kind) {
    case 'read':
      return t.read(name(session.fileId), session.fromPage, session.toPage);
    case 'review':
      return t.review(session.cards);
    case 'quiz':
      return t.quiz(name(session.fileId), session.topic);
    case 'final':
      return t.final(name(session.fileId));
  }
}

export function planToIcs(plan: StudyPlan, opts: { subjectName: string; subjectId: string; fileNames: ReadonlyMap<string, string>; lang: Lang; appUrl: string }): string {
  const events: EventAttributes[] = [];
  for (const day of plan.days) {
    const [y, m, d] = day.date.split('-').map(Number);
    let minute = SESSION_START_HOUR * 60;
    day.sessions.forEach((session, i) => {
      events.push({
        uid: `${opts.subjectId}-${day.date}-${i}@revise`,
        title: sessionTitle(session, opts.fileNames, opts.lang),
        start: [y, m, d, Math.floor(minute / 60), minute % 60],
        startInputType: 'local',
        startOutputType: 'local',
        duration: { minutes: session.minutes },
        url: `${opts.appUrl}/subject/${encodeURIComponent(opts.subjectId)}/schedule`,
        calName: titles[opts.lang].calendar(opts.subjectName),
        productId: 'revise/plan',
      });
      minute += session.minutes;
    });
  }
  const { error, value } = createEvents(events);
  if (error || !value) throw error ?? new Error('calendar not written');
  return value;
}
