// A subject's exam-date plan as the student sees it today: computed at each read from the exam
// settings, the goals' weekly hours, the ready files, the studied pages, the cards and the topics
// most missed (functions/core/planner.ts), so it re-balances by itself. The plan routes and the
// daily study reminders read it here.
import { planStudy, type Weekday } from '../core/planner.js';
import { missedOfRollups } from '../core/statistics.js';
import { listCards } from './store/cards.js';
import { listReadyFileSummaries } from './store/files.js';
import { readExam, readGoals, readRollupsAndStudied } from './store/progress.js';
import { getSubjectOrThrow } from './store/subjects.js';

/** Without goals, a plan assumes this much study a week. */
export const DEFAULT_WEEKLY_HOURS = 5;

/** The subject's plan for `today` (`YYYY-MM-DD` in the student's calendar); `plan` is null without an exam date. */
export async function loadSubjectPlan(userId: string, subjectId: string, today: string) {
  const subject = await getSubjectOrThrow(userId, subjectId);
  const [exam, goals, ready, cards, { rollups, studied }] = await Promise.all([
    readExam(userId, subjectId),
    readGoals(userId),
    listReadyFileSummaries(userId, subjectId),
    listCards(userId, subjectId),
    readRollupsAndStudied(userId, subjectId, null),
  ]);
  // The topics most missed in quizzes, page by page: practice sessions go to them first.
  const missed = missedOfRollups(rollups);
  const weeklyHours = goals?.weekly_hours ?? DEFAULT_WEEKLY_HOURS;
  const plan = exam
    ? planStudy({
        today,
        examDate: exam.exam_date,
        studyDays: exam.study_days as Weekday[],
        weeklyHours,
        files: ready.map((f) => ({ fileId: f.id, name: f.display_name, pageCount: f.page_count, studiedPages: studied.get(f.id) ?? [] })),
        cards: cards.map((c) => ({ id: c.id, srs: { due: c.due, stability: c.stability, last_review: c.last_review, state: c.state } })),
        missedTopics: missed
          .filter((m) => ready.some((f) => f.id === m.file_id))
          .map((m) => ({ fileId: m.file_id, topic: m.topics[0] ?? `p. ${m.page}`, page: m.page, misses: m.misses })),
      })
    : null;
  return { subject, exam, weeklyHours, plan, fileNames: new Map(ready.map((f) => [f.id, f.display_name])) };
}
