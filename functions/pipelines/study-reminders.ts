// The daily study reminders (Premium: "advanced study plan with reminders"), run at 07:00
// in France by EventBridge Scheduler in the cloud and by croner on the laptop. The students to
// remind come from the sparse index of exam plans by study weekday (no scan); for each, at send
// time: Premium now (a free account or an ended Premium gets nothing), reminders not turned off,
// and today's plan holding sessions (a rest day sends nothing). The e-mail is claimed once per
// student and day (`reminder#{date}` in the student's Progress partition, through the idempotency
// helper): a re-run or a retried invocation sends nothing twice, and a send that failed releases
// its claim so the next run sends it.
import { AppError } from '../core/errors.js';
import { remindersWanted } from '../core/profile.js';
import { renderStudyReminder, type ReminderSubject } from '../core/reminder-email.js';
import { dayNumber, weekdayOf } from '../core/calendar.js';
import { PRODUCT_TIME_ZONE } from '../core/limits.js';
import { localDate } from '../core/streak.js';
import { config } from '../platform/config.js';
import { once } from '../platform/idempotency.js';
import { logger } from '../platform/logger.js';
import { mailSender, sendMail } from '../platform/mail.js';
import { currentPlan } from '../platform/plan.js';
import { plansToRemind, reminderClaim } from '../platform/store/progress.js';
import { loadSubjectPlan } from '../platform/study-plan.js';
import { unsubscribeToken } from '../platform/unsubscribe-token.js';
import { verifiedAddress } from '../platform/users.js';
import { forEachLimit } from '../core/concurrency.js';

/** Students handled at once. */
const PARALLEL_STUDENTS = 4;
/** How long a run may take to send one student's e-mail before another run may take over. */
const CLAIM_LEASE_SECONDS = 10 * 60;
/** How long a day's claim is kept (it is erased with the account in any case). */
const CLAIM_TTL_SECONDS = 7 * 24 * 3600;

export type ReminderOutcome = 'sent' | 'already_sent' | 'in_progress' | 'rest_day' | 'not_premium' | 'opted_out' | 'no_address' | 'failed';

export interface StudyRemindersResult {
  date: string;
  /** Students whose plans study on this weekday (the index's candidates). */
  candidates: number;
  outcomes: Partial<Record<ReminderOutcome, number>>;
}

/** The scheduled handler: `scheduledTime` from EventBridge Scheduler (or croner), so a retried invocation reminds about the same day. */
export async function handler(event: { scheduledTime?: string } = {}): Promise<StudyRemindersResult> {
  const at = event.scheduledTime ? new Date(event.scheduledTime) : new Date();
  return sendStudyReminders(localDate(Number.isNaN(at.getTime()) ? new Date() : at, PRODUCT_TIME_ZONE), new Date());
}

export async function sendStudyReminders(date: string, now: Date): Promise<StudyRemindersResult> {
  if (!mailSender()) {
    logger.warn('MAIL_FROM is not configured: no study reminders are sent');
    return { date, candidates: 0, outcomes: {} };
  }
  const students = [...(await plansToRemind(weekdayOf(dayNumber(date)), date))];
  const outcomes: StudyRemindersResult['outcomes'] = {};
  await forEachLimit(students, PARALLEL_STUDENTS, async ([userId, subjectIds]) => {
    const outcome = await remindStudent(userId, subjectIds, date, now).catch((err: unknown) => {
      logger.error({ userId, err: err instanceof Error ? err.message : String(err) }, 'study reminder failed');
      return 'failed' as const;
    });
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
  });
  logger.info({ date, candidates: students.length, outcomes }, 'study reminders');
  return { date, candidates: students.length, outcomes };
}

async function remindStudent(userId: string, subjectIds: readonly string[], date: string, now: Date): Promise<ReminderOutcome> {
  // Checked at send time, never trusted from the index: Premium now, and the student's choice.
  const plan = await currentPlan(userId, now);
  if (!plan.verified) throw new Error('the plan could not be read');
  if (!plan.subscribed || !plan.profile) return 'not_premium';
  if (!remindersWanted(plan.profile)) return 'opted_out';

  const subjects: ReminderSubject[] = [];
  for (const subjectId of subjectIds) {
    const loaded = await loadSubjectPlan(userId, subjectId, date).catch((err: unknown) => {
      // A subject deleted since its entry was read.
      if (err instanceof AppError && err.code === 'subject_not_found') return null;
      throw err;
    });
    const today = loaded?.plan?.days.find((d) => d.date === date);
    if (loaded && today?.sessions.length) {
      subjects.push({ subjectId, subjectName: loaded.subject.name, sessions: today.sessions, fileNames: loaded.fileNames });
    }
  }
  if (!subjects.length) return 'rest_day';
  subjects.sort((a, b) => a.subjectName.localeCompare(b.subjectName));

  const lang = plan.profile.language === 'en' ? 'en' : 'fr';
  try {
    const { result, replay } = await once(
      `reminder#${date}`,
      async () => {
        const to = await verifiedAddress(userId);
        if (!to) return 'no_address' as const;
        const appUrl = config().APP_URL.replace(/\/+$/, '');
        const unsubscribeUrl = `${appUrl}/reminders/unsubscribe?token=${encodeURIComponent(await unsubscribeToken(userId))}`;
        await sendMail({ to, ...renderStudyReminder({ lang, date, subjects, appUrl, unsubscribeUrl }) });
        return 'sent' as const;
      },
      { item: reminderClaim(userId, date), leaseSeconds: CLAIM_LEASE_SECONDS, ttlSeconds: CLAIM_TTL_SECONDS, now: () => now },
    );
    return replay && result === 'sent' ? 'already_sent' : result;
  } catch (err) {
    if (err instanceof AppError && err.code === 'request_in_progress') return 'in_progress';
    throw err;
  }
}
