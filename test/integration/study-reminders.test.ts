// The daily study reminders through the laptop host: the registry's scheduled handler run as its
// schedule would at 07:00 Paris time, the plans found through the index by study weekday, the
// e-mail sent with the same SES v2 call as in the cloud and read from the dev mailbox.
import { describe, expect, it } from 'vitest';
import { dayNumber, dayString, weekdayOf } from '../../functions/core/calendar.js';
import { localDate } from '../../functions/core/streak.js';
import { updateProfileFields } from '../../functions/platform/store/profiles.js';
import type { StudyRemindersResult } from '../../functions/pipelines/study-reminders.js';
import { api, newUser, type TestHost, type TestUser } from '../support/host.js';
import { BIOLOGY, makePremium, readyFile, useStudyHost } from '../support/study.js';

const setup = useStudyHost(BIOLOGY, ['Supply and demand set the price.']);

// A study day two days ahead (its weekday is the plans' only study day), the next day a rest day.
const studyDay = dayString(dayNumber(localDate(new Date(), 'Europe/Paris')) + 2);
const restDay = dayString(dayNumber(studyDay) + 1);
const examDate = dayString(dayNumber(studyDay) + 14);
/** 07:00 in Paris (08:00 in summer) on that day, as the schedule would invoke the job. */
const morningOf = (date: string) => new Date(`${date}T06:00:00Z`);

const run = async (host: TestHost, date: string) => (await host.functions.runSchedule('StudyReminders', morningOf(date))) as StudyRemindersResult;
const mailsTo = (host: TestHost, user: TestUser) => host.mailbox.list().filter((m) => m.to.toLowerCase() === user.email.toLowerCase() && m.subject.includes('Révise'));
const remindersTo = (host: TestHost, user: TestUser) => mailsTo(host, user).filter((m) => /séances d'étude|study sessions/.test(m.subject));

/** A student with a ready course file in a subject whose exam plan studies on the study day's weekday only. */
async function studentWithPlan(opts: { premium: boolean; language?: 'fr' | 'en'; subjectName?: string }): Promise<{ user: TestUser; subjectId: string }> {
  const { host } = setup;
  const user = await newUser(host);
  if (opts.language) await api(host, '/api/profile', { token: user.accessToken, method: 'PATCH', body: { language: opts.language } });
  if (opts.premium) await makePremium(user);
  const subjectId = (await api(host, '/api/subjects', { token: user.accessToken, method: 'POST', body: { name: opts.subjectName ?? 'Biologie' } })).body.id as string;
  await readyFile(host, user, subjectId, 'Cellule', setup.biologyPdf);
  const exam = await api(host, `/api/subjects/${subjectId}/exam`, { token: user.accessToken, method: 'PUT', body: { exam_date: examDate, study_days: [weekdayOf(dayNumber(studyDay))] } });
  expect(exam.status, JSON.stringify(exam.body)).toBe(200);
  return { user, subjectId };
}

describe('study reminders', () => {
  it("e-mail a Premium student today's sessions once on a study day, never on a rest day nor twice on a re-run", async () => {
    const { host } = setup;
    const { user, subjectId } = await studentWithPlan({ premium: true });

    const first = await run(host, studyDay);
    expect(first.date).toBe(studyDay);
    expect(first.outcomes.sent).toBeGreaterThanOrEqual(1);
    const mails = remindersTo(host, user);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/^Révise : tes séances d'étude du jour \(\d+ min\)$/);
    expect(mails[0].html).toContain('BIOLOGIE');
    expect(mails[0].html).toMatch(/<li>Lire « Cellule » p\. 1(–\d+)? — \d+ min<\/li>/);
    expect(mails[0].html).toContain(`href="${host.url}/subject/${subjectId}/schedule"`);

    // The same day again, and two runs racing: nothing more.
    const again = await Promise.all([run(host, studyDay), run(host, studyDay)]);
    expect(again.map((r) => r.outcomes.sent ?? 0)).toEqual([0, 0]);
    expect(remindersTo(host, user)).toHaveLength(1);

    // The next day is not one of the plan's study days.
    const rest = await run(host, restDay);
    expect(rest.outcomes.sent ?? 0).toBe(0);
    expect(remindersTo(host, user)).toHaveLength(1);
  });

  it("write in the student's language and cover every subject studied that day in one e-mail", async () => {
    const { host } = setup;
    const { user, subjectId } = await studentWithPlan({ premium: true, language: 'en', subjectName: 'Biology' });
    const second = (await api(host, '/api/subjects', { token: user.accessToken, method: 'POST', body: { name: 'Economics' } })).body.id as string;
    await readyFile(host, user, second, 'Markets', setup.englishPdf);
    await api(host, `/api/subjects/${second}/exam`, { token: user.accessToken, method: 'PUT', body: { exam_date: examDate, study_days: [weekdayOf(dayNumber(studyDay))] } });

    await run(host, studyDay);
    const mails = remindersTo(host, user);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/^Révise: today's study sessions \(/);
    expect(mails[0].html).toContain('Read &quot;Cellule&quot;');
    expect(mails[0].html).toContain('Read &quot;Markets&quot;');
    expect(mails[0].html).toContain(`/subject/${subjectId}/schedule`);
    expect(mails[0].html).toContain(`/subject/${second}/schedule`);
    expect(mails[0].html).not.toContain('Voir mon planning');
  });

  it('send nothing to a free student, a student whose Premium ended, or one who turned them off', async () => {
    const { host } = setup;
    const free = await studentWithPlan({ premium: false });
    const ended = await studentWithPlan({ premium: true });
    await updateProfileFields(ended.user.sub, { trial_end: new Date(Date.now() - 86_400_000).toISOString() }, new Date());
    const optedOut = await studentWithPlan({ premium: true });
    const off = await api(host, '/api/profile', { token: optedOut.user.accessToken, method: 'PATCH', body: { study_reminders: false } });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.study_reminders).toBe(false);

    // A free student cannot turn them on either: the server refuses, as the locked toggle says.
    const on = await api(host, '/api/profile', { token: free.user.accessToken, method: 'PATCH', body: { study_reminders: true } });
    expect(on.status).toBe(403);
    expect(on.body.error.code).toBe('premium_only');

    const result = await run(host, studyDay);
    expect(result.outcomes.not_premium).toBeGreaterThanOrEqual(2);
    expect(result.outcomes.opted_out).toBeGreaterThanOrEqual(1);
    for (const s of [free, ended, optedOut]) expect(remindersTo(host, s.user)).toEqual([]);
  });

  it('retry a send that failed at the next run, and send it once', async () => {
    const { host } = setup;
    const { user } = await studentWithPlan({ premium: true });
    // SES refuses every attempt of this run (the SDK's own retries included).
    host.ses.failNext(3);
    const failed = await run(host, studyDay);
    expect(failed.outcomes.failed).toBe(1);
    expect(remindersTo(host, user)).toEqual([]);

    const retried = await run(host, studyDay);
    expect(retried.outcomes.sent).toBe(1);
    expect(remindersTo(host, user)).toHaveLength(1);
    await run(host, studyDay);
    expect(remindersTo(host, user)).toHaveLength(1);
  });

  it("turn off through the e-mail's link without signing in; a forged or altered link changes nothing", async () => {
    const { host } = setup;
    const { user } = await studentWithPlan({ premium: true });
    const other = await studentWithPlan({ premium: true });
    await run(host, studyDay);
    const [mail] = remindersTo(host, user);
    const link = /href="([^"]*\/reminders\/unsubscribe\?token=[^"]+)"/.exec(mail.html)?.[1].replace(/&amp;/g, '&');
    expect(link).toMatch(new RegExp(`^${host.url}/reminders/unsubscribe\\?token=`));
    const token = new URL(link!).searchParams.get('token')!;

    // Another student's id with this signature, or a changed signature: refused, in the caller's language.
    const [, signature] = token.split('.');
    const forged = `${Buffer.from(other.user.sub).toString('base64url')}.${signature}`;
    const altered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const bad of [forged, altered, 'nonsense']) {
      const r = await api(host, '/api/reminders/unsubscribe', { method: 'POST', body: { token: bad }, headers: { 'x-revise-language': 'fr' } });
      expect(r.status).toBe(400);
      expect(r.body.error.code).toBe('unsubscribe_link_invalid');
      expect(r.body.error.message).toBe("Ce lien de désinscription n'est pas valide. Tu peux désactiver les rappels depuis ton profil.");
    }
    expect((await api(host, '/api/profile', { token: other.user.accessToken })).body.study_reminders).toBe(true);

    const off = await api(host, '/api/reminders/unsubscribe', { method: 'POST', body: { token } });
    expect(off.status).toBe(200);
    expect((await api(host, '/api/profile', { token: user.accessToken })).body.study_reminders).toBe(false);

    // The next study day (a week later) reminds the other student only.
    const nextWeek = dayString(dayNumber(studyDay) + 7);
    await run(host, nextWeek);
    expect(remindersTo(host, user)).toHaveLength(1);
    expect(remindersTo(host, other.user)).toHaveLength(2);
  });

  it('stop for a subject whose plan was removed with the subject', async () => {
    const { host } = setup;
    const { user, subjectId } = await studentWithPlan({ premium: true });
    expect((await api(host, `/api/subjects/${subjectId}`, { token: user.accessToken, method: 'DELETE' })).status).toBeLessThan(300);
    const result = await run(host, studyDay);
    expect(result.outcomes.sent ?? 0).toBe(0);
    expect(remindersTo(host, user)).toEqual([]);
  });
});
