// The coach (`/subject/{id}/coach`): a briefing computed by rules from the student's record
// (core/coach.ts: the statistics of the last 7 days, the answers per page, the cards due, today's
// plan), then a conversation grounded in the course and in that record. The briefing costs
// nothing; each message of the conversation is one `question_generation` unit on the free plan,
// given back if no reply could be made. The engine writes in the interface's language at the
// profile's level; Bedrock gets the record as data and its reply is checked (engine/bedrock/coach.ts).
import { z } from 'zod';
import { buildBriefing, pageTitlesOf, type Briefing, type CoachLine } from '../core/coach.js';
import { AppError } from '../core/errors.js';
import type { Lang } from '../core/errors.js';
import { subjectParams } from '../core/schemas.js';
import { localDate } from '../core/streak.js';
import type { StatQuizRecord } from '../core/statistics.js';
import { EngineError } from '../engine/errors.js';
import { coachReplySchema, type Citation } from '../core/artefacts.js';
import { type CoachRecordLine, type Course } from '../engine/types.js';
import { generate, loadCourse, loadEngine } from '../platform/course.js';
import { userRoute } from '../platform/http.js';
import { currentPlan as currentStudyPlan } from './plan.js';
import { statisticsAndHistory } from './statistics.js';
import { currentPlan } from '../platform/plan.js';
import { listCards } from '../platform/store/cards.js';
import { listFileRecords } from '../platform/store/files.js';
import { getSubjectOrThrow } from '../platform/store/subjects.js';
import { withUsage } from '../platform/usage.js';

const briefingQuery = z.object({ timezone: z.string().min(1).max(64).optional() }).strict();
export const coachMessageBody = z
  .object({
    message: z.string().trim().min(1).max(2_000),
    timezone: z.string().min(1).max(64).optional(),
  })
  .strict();

async function courseOrNull(userId: string, subjectId: string, language: Lang): Promise<Course | null> {
  try {
    return await loadCourse(userId, subjectId, { fallbackLanguage: language });
  } catch (err) {
    if (err instanceof AppError && err.code === 'no_content') return null;
    throw err;
  }
}

/** The briefing, the course it names pages of, and the profile's level. */
async function briefingOf(userId: string, subjectId: string, lang: Lang, timezone: string | undefined) {
  const now = new Date();
  await getSubjectOrThrow(userId, subjectId);
  const [plan, { stats, history }, study, cards, files] = await Promise.all([
    currentPlan(userId, now),
    statisticsAndHistory(userId, subjectId, '7d', timezone),
    currentStudyPlan(userId, subjectId, timezone),
    listCards(userId, subjectId),
    listFileRecords(userId, subjectId),
  ]);
  const course = await courseOrNull(userId, subjectId, plan.profile?.language ?? lang);
  const pageTitles = pageTitlesOf(course);
  const today = localDate(now, timezone);
  const day = study.plan?.days.find((d) => d.date === today);
  const quizzes = history.filter((h): h is StatQuizRecord => h.kind === 'quiz' && h.date >= stats.from && h.date <= stats.to);
  const briefing = buildBriefing({
    lang,
    stats,
    quizzes,
    dueCards: cards.filter((c) => c.due <= now.toISOString()).length,
    today: study.plan ? { sessions: day?.sessions ?? [], minutes: day?.minutes ?? 0 } : null,
    files: files.filter((f) => f.status === 'ready').map((f) => ({ file_id: f.id, name: f.display_name })),
    pageTitles,
  });
  return { briefing, course, level: plan.profile?.education_level ?? null, plan };
}

export const getBriefing = userRoute({ params: subjectParams, query: briefingQuery }, async ({ params, user, lang, query }) => {
  const { briefing, level } = await briefingOf(user.id, params.subjectId, lang, query.timezone);
  return { briefing, level, language: lang };
});

/** The briefing as the record lines the engine reads: each with the values of its figures. */
export function recordLines(briefing: Briefing): CoachRecordLine[] {
  const values = new Map(briefing.figures.map((f) => [f.id, f.value]));
  const of = (topic: CoachRecordLine['topic'], line: CoachLine): CoachRecordLine => ({
    topic,
    text: line.text,
    figures: line.figures.map((id) => ({ id, value: values.get(id) as number })),
    citations: line.citations as Citation[],
  });
  const lines = [...briefing.went_well.map((l) => of('went_well', l)), ...briefing.weakest.map((w) => of('weakest', w.line)), ...briefing.today.map((l) => of('today', l))];
  const next = briefing.next_action;
  if (next) {
    const figures = briefing.figures.filter((f) => f.id === 'cards.due' || f.id === 'plan.next.page' || f.id === 'files.first_unread_page').filter((f) => next.label.includes(String(f.value)));
    lines.push({
      topic: 'next',
      text: next.label,
      figures: figures.map((f) => ({ id: f.id, value: f.value })),
      citations: next.kind === 'pages' ? [{ file_id: next.file_id, file_name: next.file_name, page: next.page }] : [],
    });
  }
  return lines;
}

export const askCoach = userRoute({ params: subjectParams, body: coachMessageBody }, async ({ params, body, user, lang }) => {
  const { briefing, course, level, plan } = await briefingOf(user.id, params.subjectId, lang, body.timezone);
  if (!course) throw new AppError('no_content');
  const { value, usage } = await withUsage(
    user.id,
    'question_generation',
    async () =>
      generate('generation_failed', { userId: user.id, subjectId: params.subjectId, coach: 'true' }, async () => {
        const engine = await loadEngine(plan);
        if (!engine.coach) throw new EngineError('unavailable', `engine ${engine.name} has no coach`);
        return coachReplySchema.parse(await engine.coach({ course, message: body.message, level, interfaceLanguage: lang, record: recordLines(briefing) }));
      }),
    { plan },
  );
  return { reply: value, figures: briefing.figures, usage };
});
