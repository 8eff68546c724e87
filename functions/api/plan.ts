// The exam-date plan of a subject: the student sets the exam date and the days they study; the
// plan is computed at each read from what they still have to learn (pages not yet studied, cards
// falling due or forgotten by the exam) with the weekly hours of their goals
// (functions/core/planner.ts), so it re-balances by itself.
import { checkExamDate } from '../core/bounds.js';
import { examBody, fileParams, studiedBody, subjectParams, timezoneQuery } from '../core/schemas.js';
import { localDate } from '../core/streak.js';
import { AppError } from '../core/errors.js';
import { planToIcs } from '../core/plan-calendar.js';
import { config } from '../platform/config.js';
import { FileReply, userRoute } from '../platform/http.js';
import { listFileRecords } from '../platform/store/files.js';
import { markStudied, saveExam, studiedPages } from '../platform/store/progress.js';
import { loadSubjectPlan } from '../platform/study-plan.js';
import { getSubjectOrThrow } from '../platform/store/subjects.js';

/** The exam date lies from today to two years ahead in the student's calendar (core/bounds.ts). */
export const putExam = userRoute(
  { params: subjectParams, body: examBody },
  async ({ user, params, body }) => {
    checkExamDate(body.exam_date, localDate(new Date(), body.timezone));
    await getSubjectOrThrow(user.id, params.subjectId);
    return saveExam(user.id, params.subjectId, { exam_date: body.exam_date, study_days: [...new Set(body.study_days)].sort() }, new Date());
  },
);

/** The subject's plan as of today in the caller's time zone. */
export const currentPlan = (userId: string, subjectId: string, timezone: string | undefined) => loadSubjectPlan(userId, subjectId, localDate(new Date(), timezone));

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
