// "Télécharger mes données" (issue 24, part 2) through the laptop host: a student who used every
// feature gets, from the background job, a zip holding each kind of record (each JSON file opened
// and checked) with the PDFs and the podcast audio byte for byte and a README naming every file; a
// student with nothing gets a valid zip with the README and empty lists; the progress, one export
// at a time and the daily limit; another student's export and link refused; bad input; the link
// refused once its day is over; deleting the account deletes the exports, even one being written.
import { CompleteMultipartUploadCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unzipSync } from 'fflate';
import { describe, expect, it, vi } from 'vitest';
import { EXPORT_DAILY_LIMIT, EXPORT_JSON_FILES } from '../../functions/core/data-export.js';
import type { Flashcard } from '../../functions/core/artefacts.js';
import { db, storage } from '../../functions/platform/clients.js';
import { config } from '../../functions/platform/config.js';
import { studyEngine } from '../../functions/platform/engine.js';
import { describeUserData, listUserObjects } from '../../functions/platform/store/account-data.js';
import { api, newUser, type TestUser } from '../support/host.js';
import { answerQuiz, BIOLOGY, ECONOMICS, makePremium, readyFile, useStudyHost } from '../support/study.js';
import { createSubject } from '../support/uploads.js';

const setup = useStudyHost(BIOLOGY, ECONOMICS);

const call = (user: TestUser, method: string, path: string, body?: unknown, lang = 'fr') =>
  api(setup.host, path, { token: user.accessToken, method, body, headers: { 'accept-language': lang } });

/** Starts an export and waits for the job; returns the export's final view. */
async function exportAccount(user: TestUser): Promise<{ id: string; status: string; percent: number; size: number | null; download_until: string | null }> {
  const started = await call(user, 'POST', '/api/exports');
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  expect(started.body).toMatchObject({ status: 'queued', percent: 0 });
  await setup.host.jobs.idle();
  const read = await call(user, 'GET', `/api/exports/${started.body.id}`);
  expect(read.status).toBe(200);
  return read.body;
}

/** Downloads an export through its signed link and opens the zip. */
async function openExport(user: TestUser, id: string): Promise<Record<string, Uint8Array>> {
  const link = await call(user, 'GET', `/api/exports/${id}/download`);
  expect(link.status, JSON.stringify(link.body)).toBe(200);
  const res = await fetch(link.body.url);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/zip');
  expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="revise-\d{4}-\d{2}-\d{2}\.zip"$/);
  return unzipSync(new Uint8Array(await res.arrayBuffer()));
}

const jsonOf = (zip: Record<string, Uint8Array>, name: string) => JSON.parse(Buffer.from(zip[name]).toString('utf8'));

/** A fake MP3 (the bytes are only carried). */
const mp3 = (n: number) => new Uint8Array(Array.from({ length: 4000 + n }, (_, i) => (i * 7 + n) % 256));

describe('data export', () => {
  it('holds every kind of record of a student who used every feature, the PDFs and the podcast audio', async () => {
    const user = await newUser(setup.host);
    await makePremium(user);
    // Profile and payments as Révise knows them (a card's brand and last 4 digits, from the provider).
    expect((await call(user, 'POST', '/api/onboarding', { language: 'fr', education_level: 'licence', specialization: 'Biologie', school: 'Université de Lyon' })).status).toBe(200);
    await db().send(
      new UpdateCommand({
        TableName: config().tableNames.profiles,
        Key: { user_id: user.sub },
        UpdateExpression: 'SET payment_method_brand = :b, payment_method_last4 = :l, stripe_customer_id = :c',
        ExpressionAttributeValues: { ':b': 'visa', ':l': '4242', ':c': 'cus_export_test' },
      }),
    );
    // A referral: another student signs up with this one's code.
    const code = (await call(user, 'GET', '/api/profile')).body.referral_code;
    const referee = await newUser(setup.host);
    expect((await call(referee, 'POST', '/api/referrals', { code })).status).toBeLessThan(300);

    const subject = await createSubject(setup.host, user.accessToken, 'Biologie cellulaire');
    const fileId = await readyFile(setup.host, user, subject.id, 'Cours de biologie', setup.biologyPdf);
    const base = `/api/subjects/${subject.id}`;
    // Conversation (saved), sheet (saved), quiz answers, cards and a review.
    const asked = await call(user, 'POST', `${base}/questions`, { question: 'Qu’est-ce que la mitose ?', mode: 'course' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect((await call(user, 'PUT', `${base}/conversations/${asked.body.conversation.id}`, {})).status).toBe(200);
    const sheet = await call(user, 'POST', `${base}/sheets`, {});
    expect(sheet.status, JSON.stringify(sheet.body)).toBe(200);
    expect((await call(user, 'PUT', `${base}/sheets/${sheet.body.sheet?.id ?? sheet.body.id}`, {})).status).toBe(200);
    await answerQuiz(setup.host, user, subject.id, fileId, ['right', 'wrong']);
    const deck: Flashcard[] = [{ kind: 'qa', front: 'Qu’est-ce que la mitose ?', back: 'Une division cellulaire.', citations: [{ file_id: fileId, file_name: 'Cours de biologie', page: 4 }] }];
    vi.spyOn(studyEngine(), 'flashcards').mockResolvedValueOnce(deck);
    const made = await call(user, 'POST', `${base}/decks`, { count: 5 });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const card = made.body.cards[0];
    expect((await call(user, 'POST', `${base}/cards/${card.id}/review`, { rating: 'good', reps: card.reps ?? 0 })).status).toBe(200);
    // Plan, task, goals, study time.
    const examDate = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    expect((await call(user, 'PUT', `${base}/exam`, { exam_date: examDate, study_days: [1, 3, 5] })).status).toBe(200);
    expect((await call(user, 'POST', `${base}/todos`, { title: 'Relire le chapitre 2' })).status).toBe(201);
    expect((await call(user, 'PUT', '/api/goals', { weekly_hours: 6, target_grade: 15, target_quiz_score: 80 })).status).toBe(200);
    expect((await call(user, 'POST', `${base}/activity`, { active_ms: 30_000 })).status).toBe(200);
    // An exam and a practical case.
    expect((await call(user, 'POST', `${base}/exams`, { minutes: 20, format: 'mcq' })).status).toBe(201);
    expect((await call(user, 'POST', `${base}/cases`, {})).status).toBe(201);
    // A ready podcast with its audio (speaking one is what the podcast tests do; here only its record and MP3s are carried).
    const podcastId = `0000000000${Date.now().toString(36)}`;
    await db().send(
      new PutCommand({
        TableName: config().tableNames.podcasts,
        Item: {
          user_id: user.sub,
          sk: podcastId,
          id: podcastId,
          subject_id: subject.id,
          file_id: fileId,
          title: 'La cellule',
          status: 'ready',
          saved: true,
          segments_total: 1,
          segments_done: 1,
          segment_seconds: { '0': 3.2 },
          script_json: JSON.stringify({ segments: [{ speaker: 'host', text: 'Bonjour, parlons de la cellule.' }] }),
          created_at: new Date().toISOString(),
        },
      }),
    );
    for (const [name, bytes] of [['000.mp3', mp3(0)], ['episode.mp3', mp3(1)]] as const) {
      await storage().send(new PutObjectCommand({ Bucket: config().UPLOADS_BUCKET, Key: `${user.sub}/podcasts/${podcastId}/${name}`, Body: bytes, ContentType: 'audio/mpeg' }));
    }

    const done = await exportAccount(user);
    expect(done).toMatchObject({ status: 'ready', percent: 100 });
    expect(done.size).toBeGreaterThan(setup.biologyPdf.length);
    const until = Date.parse(done.download_until!);
    expect(until - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expect(until - Date.now()).toBeLessThanOrEqual(24 * 3600_000);

    const zip = await openExport(user, done.id);
    const names = Object.keys(zip);
    // The README names every file the archive holds; every JSON file is there.
    const readme = Buffer.from(zip['README.txt']).toString('utf8');
    for (const name of EXPORT_JSON_FILES) {
      expect(names).toContain(name);
      expect(readme).toContain(`- ${name}: `);
    }
    expect(readme).toContain('- files/: ');
    expect(readme).toContain('- podcasts/: ');
    expect(readme).toMatch(/tes données/);

    const profile = jsonOf(zip, 'profile.json');
    expect(profile).toMatchObject({ user_id: user.sub, specialization: 'Biologie', school: 'Université de Lyon', referral_code: code });
    const payments = jsonOf(zip, 'payments.json');
    expect(payments).toMatchObject({ is_subscribed: true, subscription_status: 'trialing', payment_method_brand: 'visa', payment_method_last4: '4242' });
    // Never a card number (Révise never receives one): no card field but the brand and the last 4 digits.
    expect(Object.keys(payments).filter((k) => /card|payment_method/.test(k)).sort()).toEqual(['payment_method_brand', 'payment_method_last4']);
    for (const name of names.filter((n) => n.endsWith('.json'))) expect(Buffer.from(zip[name]).toString('utf8')).not.toMatch(/4242\s?4242\s?4242\s?4242|"card_number"|"cvc"/);
    expect(jsonOf(zip, 'usage.json').length).toBeGreaterThan(0);
    expect(jsonOf(zip, 'referrals.json').referred_by_you).toEqual([expect.objectContaining({ referred_user_id: referee.sub, status: 'pending' })]);
    expect(jsonOf(zip, 'subjects.json')).toEqual([expect.objectContaining({ id: subject.id, name: 'BIOLOGIE CELLULAIRE' })]);
    const files = jsonOf(zip, 'files.json');
    expect(files).toEqual([expect.objectContaining({ id: fileId, display_name: 'Cours de biologie', status: 'ready', path_in_archive: 'files/BIOLOGIE CELLULAIRE/Cours de biologie.pdf' })]);
    expect(files[0].text_content).toBeUndefined();
    // The PDF itself, byte for byte.
    expect(Buffer.from(zip['files/BIOLOGIE CELLULAIRE/Cours de biologie.pdf']).equals(Buffer.from(setup.biologyPdf))).toBe(true);
    const pages = jsonOf(zip, 'pages.json');
    expect(pages.length).toBe(BIOLOGY.length);
    expect(pages[0]).toMatchObject({ subject_id: subject.id });
    expect(pages.map((p: { text: string }) => p.text).join(' ')).toContain('mitose');
    const conversations = jsonOf(zip, 'conversations.json');
    expect(conversations).toEqual([expect.objectContaining({ saved: true })]);
    expect(conversations[0].turns[0].question).toBe('Qu’est-ce que la mitose ?');
    const sheets = jsonOf(zip, 'sheets.json');
    expect(sheets).toEqual([expect.objectContaining({ saved: true })]);
    expect(sheets[0].content).toBeTruthy();
    const quizzes = jsonOf(zip, 'quizzes.json');
    expect(quizzes).toHaveLength(1);
    expect(quizzes[0].questions).toHaveLength(2);
    // The questions prepared in the same batch but never asked are not part of the student's data.
    expect(quizzes[0]).not.toHaveProperty('waiting');
    // Each question with its answer, the student's choice and when it was answered.
    for (const q of quizzes[0].questions as { generated: { question: string; correct_index: number }; choice: number; answered_at: string | null }[]) {
      expect(q.generated.question).toBeTruthy();
      expect(typeof q.generated.correct_index).toBe('number');
      expect(typeof q.choice).toBe('number');
      expect(q.answered_at).toBeTruthy();
    }
    expect((quizzes[0].questions as { choice: number; generated: { correct_index: number } }[]).filter((q) => q.choice === q.generated.correct_index)).toHaveLength(1);
    const cards = jsonOf(zip, 'cards.json');
    expect(cards.map((c: { front: string }) => c.front)).toContain('Qu’est-ce que la mitose ?');
    expect(cards.find((c: { front: string }) => c.front === 'Qu’est-ce que la mitose ?').reps).toBe(1);
    expect(jsonOf(zip, 'reviews.json')).toEqual([expect.objectContaining({ kind: 'review', card_id: card.id, rating: 'good' })]);
    const podcasts = jsonOf(zip, 'podcasts.json');
    expect(podcasts).toEqual([expect.objectContaining({ id: podcastId, title: 'La cellule', audio_in_archive: [`podcasts/${podcastId}/000.mp3`, `podcasts/${podcastId}/episode.mp3`] })]);
    expect(podcasts[0].script.segments[0].text).toBe('Bonjour, parlons de la cellule.');
    expect(Buffer.from(zip[`podcasts/${podcastId}/episode.mp3`]).equals(Buffer.from(mp3(1)))).toBe(true);
    const plans = jsonOf(zip, 'plans.json');
    expect(plans.subjects).toEqual([expect.objectContaining({ subject_id: subject.id, exam: expect.objectContaining({ exam_date: examDate }) })]);
    expect(plans.subjects[0].plan).toBeTruthy();
    expect(plans.reminder_days).toHaveLength(3);
    expect(jsonOf(zip, 'tasks.json')).toEqual([expect.objectContaining({ title: 'Relire le chapitre 2' })]);
    expect(jsonOf(zip, 'goals.json')).toMatchObject({ weekly_hours: 6, target_grade: 15, target_quiz_score: 80 });
    const stats = jsonOf(zip, 'statistics.json');
    expect(stats.study_days.length).toBeGreaterThan(0);
    expect(stats.quiz_answers).toHaveLength(2);
    expect(stats.monthly_by_subject.length).toBeGreaterThan(0);
    expect(stats.monthly_account.length).toBeGreaterThan(0);
    expect(jsonOf(zip, 'exams.json')).toEqual([expect.objectContaining({ kind: 'exam' })]);
    expect(jsonOf(zip, 'cases.json')).toEqual([expect.objectContaining({ kind: 'case' })]);
    // No storage or table key of another student, and none of the export machinery itself.
    expect(names.some((n) => n.startsWith('exports/') || n.includes('.zip'))).toBe(false);

    // Deleting the account deletes the exports: records and zip.
    expect(await listUserObjects(user.sub)).toContain(`exports/${user.sub}/${done.id}.zip`);
    expect((await describeUserData(user.sub)).exports).toBeGreaterThan(0);
    expect((await call(user, 'DELETE', '/api/account')).status).toBe(204);
    expect(Object.values(await describeUserData(user.sub)).every((n) => n === 0)).toBe(true);
    expect(await listUserObjects(user.sub)).toEqual([]);
  });

  it('gives a student with nothing a valid zip: the README and empty lists, in English for an English student', async () => {
    const user = await newUser(setup.host);
    const started = await call(user, 'POST', '/api/exports', undefined, 'en');
    expect(started.status).toBe(202);
    await setup.host.jobs.idle();
    const zip = await openExport(user, started.body.id);
    expect(Object.keys(zip).sort()).toEqual(['README.txt', ...EXPORT_JSON_FILES].sort());
    expect(Buffer.from(zip['README.txt']).toString('utf8')).toMatch(/^Révise — your data/);
    for (const name of ['subjects.json', 'files.json', 'pages.json', 'conversations.json', 'sheets.json', 'quizzes.json', 'cards.json', 'reviews.json', 'podcasts.json', 'tasks.json', 'exams.json', 'cases.json', 'usage.json']) {
      expect(jsonOf(zip, name), name).toEqual([]);
    }
    expect(jsonOf(zip, 'goals.json')).toBeNull();
    expect(jsonOf(zip, 'plans.json')).toEqual({ subjects: [], reminder_days: [] });
    expect(jsonOf(zip, 'statistics.json')).toEqual({ study_days: [], quiz_answers: [], monthly_by_subject: [], monthly_account: [], reminders_sent: [] });
    expect(jsonOf(zip, 'profile.json')).toMatchObject({ user_id: user.sub });
  });

  it('runs one export at a time, a few a day, and keeps one zip per student', async () => {
    const user = await newUser(setup.host);
    // Two racing starts: one runs, the other is refused.
    const racing = await Promise.all([call(user, 'POST', '/api/exports'), call(user, 'POST', '/api/exports')]);
    expect(racing.map((r) => r.status).sort()).toEqual([202, 409]);
    expect(racing.find((r) => r.status === 409)!.body.error).toMatchObject({ code: 'export_in_progress' });
    await setup.host.jobs.idle();
    const first = racing.find((r) => r.status === 202)!.body.id as string;
    for (let i = 1; i < EXPORT_DAILY_LIMIT; i++) {
      expect((await call(user, 'POST', '/api/exports')).status).toBe(202);
      await setup.host.jobs.idle();
    }
    const over = await call(user, 'POST', '/api/exports', undefined, 'en');
    expect(over.status).toBe(429);
    expect(over.body.error).toMatchObject({ code: 'export_daily_limit', message: `You have already started ${EXPORT_DAILY_LIMIT} exports today. Try again tomorrow.` });
    const list = (await call(user, 'GET', '/api/exports')).body.exports as { id: string; status: string }[];
    expect(list).toHaveLength(EXPORT_DAILY_LIMIT);
    expect(list.every((e) => e.status === 'ready')).toBe(true);
    expect(list[list.length - 1].id).toBe(first);
    // Only the newest zip is kept in storage.
    expect((await listUserObjects(user.sub)).filter((k) => k.startsWith('exports/'))).toEqual([`exports/${user.sub}/${list[0].id}.zip`]);
  });

  it('leaves no zip behind when the account is deleted while its export is written', async () => {
    const user = await newUser(setup.host);
    const subject = await createSubject(setup.host, user.accessToken, 'Chimie');
    await readyFile(setup.host, user, subject.id, 'Cours', setup.biologyPdf);
    // The account is deleted right before the zip's upload completes.
    const client = storage();
    const send = client.send.bind(client);
    vi.spyOn(client, 'send').mockImplementation((async (command: unknown, ...rest: unknown[]) => {
      if (command instanceof CompleteMultipartUploadCommand) {
        const deleted = await call(user, 'DELETE', '/api/account');
        expect(deleted.status).toBe(204);
      }
      return (send as (...args: unknown[]) => Promise<unknown>)(command, ...rest);
    }) as typeof client.send);
    expect((await call(user, 'POST', '/api/exports')).status).toBe(202);
    await setup.host.jobs.idle();
    vi.restoreAllMocks();
    expect(await listUserObjects(user.sub)).toEqual([]);
    expect(Object.values(await describeUserData(user.sub)).every((n) => n === 0)).toBe(true);
  });

  it("refuses another student's export and link, bad ids, and a link whose day is over", async () => {
    const owner = await newUser(setup.host);
    const other = await newUser(setup.host);
    const done = await exportAccount(owner);
    for (const path of [`/api/exports/${done.id}`, `/api/exports/${done.id}/download`]) {
      const r = await call(other, 'GET', path, undefined, 'en');
      expect(r.status).toBe(404);
      expect(r.body.error).toMatchObject({ code: 'export_not_found', message: 'Export not found.' });
    }
    expect((await call(other, 'GET', '/api/exports')).body.exports).toEqual([]);
    // Without a token.
    expect((await api(setup.host, `/api/exports/${done.id}/download`)).status).toBe(401);
    // Bad input.
    expect((await call(owner, 'GET', `/api/exports/${'x'.repeat(300)}`)).status).toBe(400);
    expect((await call(owner, 'GET', '/api/exports/nope/download')).status).toBe(404);
    const badJson = await api(setup.host, '/api/exports', { token: owner.accessToken, method: 'POST', rawBody: '{"user_id":' });
    expect(badJson.status).toBe(400);
    expect(badJson.body.error.code).toBe('invalid_json');
    // Whose account is exported comes from the token alone.
    const forged = await call(other, 'POST', '/api/exports', { user_id: owner.sub }, 'en');
    expect(forged.status).toBe(400);
    expect(forged.body.error.code).toBe('invalid_input');
    // The signed link is the owner's own object, for minutes; a forged signature is refused by storage.
    const link = (await call(owner, 'GET', `/api/exports/${done.id}/download`)).body.url as string;
    expect(link).toContain(`exports/${owner.sub}/`);
    expect((await fetch(link.replace(/X-Amz-Signature=[0-9a-f]+/, `X-Amz-Signature=${'0'.repeat(64)}`))).status).toBe(403);
    // A day later the export can no longer be downloaded.
    await db().send(
      new UpdateCommand({
        TableName: config().tableNames.exports,
        Key: { user_id: owner.sub, sk: `export#${done.id}` },
        UpdateExpression: 'SET download_until = :past',
        ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
      }),
    );
    const expired = await call(owner, 'GET', `/api/exports/${done.id}/download`, undefined, 'en');
    expect(expired.status).toBe(410);
    expect(expired.body.error).toMatchObject({ code: 'export_expired', message: 'This download link has expired (valid for 24 h). Start a new export.' });
    expect((await call(owner, 'GET', `/api/exports/${done.id}`)).body.status).toBe('expired');
  });
});
