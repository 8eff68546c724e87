// The exam-date plan of a subject: the student sets the exam date and the days they study; the
// plan is computed at each read from what they still have to learn (pages not yet studied, cards
// falling due or forgotten by the exam) with the weekly hours of their goals
// (functions/core/planner.ts), so it re-balances by itself.
import { examBody, fileParams, studiedBody, subjectParams, timezoneQuery } from '../core/schemas.js';
import { planStudy, type Weekday } from '../core/planner.js';
import { missedPages } from '../core/statistics.js';
import { localDate } from '../core/streak.js';
import { AppError } from '../core/errors.js';
import { planToIcs } from '../core/plan-calendar.js';
import { config } from '../platform/config.js';
import { FileReply, userRoute } from '../platform/http.js';
import { listCards } from '../platform/store/cards.js';
import { listFileRecords } from '../platform/store/files.js';
import { markStudied, readExam, readGoals, readHistory, saveExam, studiedPages, type HistoryRecord } from '../platform/store/progress.js';
import { getSubjectOrThrow } from '../platform/store/subjects.js';


/** Without goals, a plan assumes this much study a week. */
export const DEFAULT_WEEKLY_HOURS = 5;

export const putExam = userRoute(
  { params: subjectParams, body: examBody },
  async ({ user, params, body }) => {
    await getSubjectOrThrow(user.id, params.subjectId);
    return saveExam(user.id, params.subjectId, { exam_date: body.exam_date, study_days: [...new Set(body.study_days)].sort() }, new Date());
  },
);


export async function currentPlan(userId: string, subjectId: string, timezone: string | undefined) {
  const subject = await getSubjectOrThrow(userId, subjectId);
  const [exam, goals, files, cards, studied, history] = await Promise.all([
    readExam(userId, subjectId),
    readGoals(userId),
    listFileRecords(userId, subjectId),
    listCards(userId, subjectId),
    studiedPages(userId, subjectId),
    readHistory(userId, subjectId, null),
  ]);
  // The topics most missed in quizzes, page by page: practice sessions go to them first.
  const missed = missedPages(history.filter((h): h is Extract<HistoryRecord, { kind: 'quiz' }> => h.kind === 'quiz'));
  const ready = files.filter((f) => f.status === 'ready');
  const weeklyHours = goals?.weekly_hours ?? DEFAULT_WEEKLY_HOURS;
  const plan = exam
    ? planStudy({
        today: localDate(new Date(), timezone),
        examDate: exam.exam_date,
        studyDays: exam.study_days as Weekday[],
        weeklyHours,
        files: ready.map((f) => ({ fileId: f.id, name: f.display_name, pageCount: f.page_count ?? 0, studiedPages: studied.get(f.id) ?? [] })),
        cards: cards.map((c) => ({ id: c.id, srs: { due: c.due, stability: c.stability, last_review: c.last_review, state: c.state } })),
        missedTopics: missed
          .filter((m) => ready.some((f) => f.id === m.file_id))
          .map((m) => ({ fileId: m.file_id, topic: m.topics[0] ?? `p. ${m.page}`, page: m.page, misses: m.misses })),
      })
    : null;
  return { subject, exam, weeklyHours, plan, fileNames: new Map(ready.map((f) => [f.id, f.display_name])) };
}

export const getPlan = userRoute({ params: subjectParams, query: timezoneQuery }, async ({ user, params, query }) => {
  const { exam, weeklyHours, plan, fileNames } = await currentPlan(user.id, params.subjectId, query.timezone);
  // The names of the files the sessions name, so that a page can say what to read.
  const files = [...fileNames].map(([file_id, name]) => ({ file_id, name }));
  return exam ? { exam, weekly_hours: weeklyHours, plan, files } : { exam: null, plan: null };
});

/** The plan as an iCalendar file: one event per study session. */
export const getPlanCalendar = userRoute({ params: subjectParams, query: timezoneQuery }, async ({ user, params, query, lang }) => {
  const { subject, plan, fileNames } = await currentPlan(user.id, params.subjectId, query.timezone);
  if (!plan) throw new AppError('plan_not_set');
  const ics = planToIcs(plan, { subjectName: subject.name, subjectId: subject.id, fileNames, lang, appUrl: config().APP_URL });
  const filename = `revise-${subject.name.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'plan'}.ics`;
  return new FileReply(ics, 'text/calendar; charset=utf-8', { 'content-disposition': `attachment; filename="${filename}"` });
});

export const markPagesStudied = userRoute(
  { params: fileParams, body: studiedBody },
  async ({ user, params, body }) => {
    await getSubjectOrThrow(user.id, params.subjectId);
    const files = await listFileRecords(user.id, params.subjectId);
    const file = files.find((f) => f.id === params.fileId);
    if (!file) throw new AppError('file_not_found');
    const pages = body.pages.filter((p) => p <= (file.page_count ?? 0));
    await markStudied(user.id, params.subjectId, file.id, pages, new Date());
    return { file_id: file.id, pages: (await studiedPages(user.id, params.subjectId)).get(file.id) ?? [] };
  },
);
