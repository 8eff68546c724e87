// The limits that keep the product solvent, against the laptop host: Premium's fair-use ceiling
// (core/limits.ts PREMIUM_FAIR_USE_MONTHLY) refuses a request past it with its message and takes
// nothing, and racing requests at the edge never overshoot it; the monthly bound on scanned pages
// read by OCR (OCR_PAGES_MONTHLY) is taken all at once per file, refuses a scanned file that does
// not fit with the bound's message on the file, and racing files never overshoot it either.
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../functions/core/errors.js';
import { OCR_PAGES_MONTHLY, PREMIUM_FAIR_USE_MONTHLY } from '../../functions/core/limits.js';
import { db } from '../../functions/platform/clients.js';
import { config } from '../../functions/platform/config.js';
import { consume, monthKey, readUsage, releaseOcrPages, takeOcrPages } from '../../functions/platform/usage.js';
import { ENGLISH_COURSE, scannedPdf } from '../support/fixtures.js';
import { api, newUser, type TestUser } from '../support/host.js';
import { makePremium, readyFile, useStudyHost } from '../support/study.js';
import { createSubject, uploadFile, waitForFinal } from '../support/uploads.js';

const BIOLOGY = [
  'La cellule est l’unité de base du vivant. Elle est délimitée par une membrane plasmique qui contrôle les échanges avec le milieu extérieur.',
  'La mitochondrie produit l’énergie de la cellule sous forme d’ATP grâce à la respiration cellulaire.',
];

const setup = useStudyHost(BIOLOGY, ENGLISH_COURSE);

const someone = () => `fair-use-${Math.random().toString(36).slice(2)}`;

/** Sets this month's counter of `feature` for the student, as if they had used that much. */
async function used(userId: string, feature: string, count: number): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: config().tableNames.usage,
      Key: { user_id: userId, sk: `${feature}#${monthKey(new Date())}` },
      UpdateExpression: 'SET usage_count = :n',
      ExpressionAttributeValues: { ':n': count },
    }),
  );
}

async function premiumWithCourse(): Promise<{ user: TestUser; subjectId: string; fileId: string }> {
  const user = await newUser(setup.host);
  await makePremium(user);
  const subject = await createSubject(setup.host, user.accessToken, 'Biologie');
  const fileId = await readyFile(setup.host, user, subject.id, 'Cours de biologie', setup.biologyPdf);
  return { user, subjectId: subject.id, fileId };
}

describe("Premium's fair-use ceiling", () => {
  it('lets a Premium student ask up to the ceiling, then refuses with its message and takes nothing', async () => {
    const { user, subjectId } = await premiumWithCourse();
    const ceiling = PREMIUM_FAIR_USE_MONTHLY.question_generation;
    await used(user.sub, 'question_generation', ceiling - 1);
    const ask = (lang: 'fr' | 'en') =>
      api(setup.host, `/api/subjects/${subjectId}/questions`, {
        token: user.accessToken,
        method: 'POST',
        body: { question: 'Que produit la mitochondrie ?', mode: 'concise' },
        headers: { 'accept-language': lang },
      });
    const last = await ask('fr');
    expect(last.status).toBe(200);
    // Premium still reads as unlimited: the ceiling is in the FAQ, not on the meters.
    expect(last.body.usage).toEqual({ feature: 'question_generation', used: ceiling, limit: null, remaining: null });

    const refused = await ask('fr');
    expect(refused.status).toBe(429);
    expect(refused.body.error).toEqual({ code: 'fair_use_limit_reached', message: `Limite d'usage raisonnable de Premium atteinte (${ceiling} ce mois-ci). Elle se renouvelle le 1er du mois.` });
    const english = await ask('en');
    expect(english.body.error.message).toBe(`Premium fair-use limit reached (${ceiling} this month). It renews on the 1st of the month.`);
    expect(await readUsage(user.sub, 'question_generation', monthKey(new Date()))).toBe(ceiling);
  });

  it('30 racing requests with 4 units left under the ceiling: exactly 4 taken', async () => {
    const userId = someone();
    const ceiling = PREMIUM_FAIR_USE_MONTHLY.podcast_generation;
    await used(userId, 'podcast_generation', ceiling - 4);
    const now = new Date();
    const results = await Promise.allSettled(Array.from({ length: 30 }, () => consume(userId, 'podcast_generation', null, now)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(4);
    for (const r of results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')) {
      expect(r.reason).toMatchObject({ code: 'fair_use_limit_reached', status: 429, params: { limit: ceiling } });
    }
    expect(await readUsage(userId, 'podcast_generation', monthKey(now))).toBe(ceiling);
  });

  it('the free plan keeps its own limits and message, far below the ceiling', async () => {
    const userId = someone();
    await used(userId, 'summary_generation', 5);
    await expect(consume(userId, 'summary_generation', 5, new Date())).rejects.toMatchObject({ code: 'usage_limit_reached', params: { used: 5, limit: 5 } });
  });
});

describe('the monthly bound on scanned pages', () => {
  it('40 files of 3 scanned pages racing for a free allowance: pages taken all at once, never past the bound', async () => {
    const userId = someone();
    const now = new Date();
    const results = await Promise.allSettled(Array.from({ length: 40 }, () => takeOcrPages(userId, 3, false, now)));
    const taken = Math.floor(OCR_PAGES_MONTHLY.free / 3);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(taken);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused).toHaveLength(40 - taken);
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(AppError);
      expect(r.reason).toMatchObject({ code: 'ocr_limit_reached', params: { pages: 3, left: OCR_PAGES_MONTHLY.free - taken * 3, limit: OCR_PAGES_MONTHLY.free } });
    }
    expect(await readUsage(userId, 'ocr_pages', monthKey(now))).toBe(taken * 3);
    // A file whose OCR failed gives its pages back.
    await releaseOcrPages((results.find((r) => r.status === 'fulfilled') as PromiseFulfilledResult<Awaited<ReturnType<typeof takeOcrPages>>>).value);
    expect(await readUsage(userId, 'ocr_pages', monthKey(now))).toBe(taken * 3 - 3);
  });

  it('Premium reads scanned pages up to its fair-use ceiling, then refuses with the fair-use message', async () => {
    const userId = someone();
    const now = new Date();
    await takeOcrPages(userId, OCR_PAGES_MONTHLY.premium - 1, true, now);
    await expect(takeOcrPages(userId, 2, true, now)).rejects.toMatchObject({ code: 'fair_use_limit_reached', params: { limit: OCR_PAGES_MONTHLY.premium } });
    await takeOcrPages(userId, 1, true, now);
    expect(await readUsage(userId, 'ocr_pages', monthKey(now))).toBe(OCR_PAGES_MONTHLY.premium);
  });

  it('a free student past the bound sees a scanned file refused with the message, nothing taken; a file of text still reads', async () => {
    const user = await newUser(setup.host);
    await used(user.sub, 'ocr_pages', OCR_PAGES_MONTHLY.free);
    const subject = await createSubject(setup.host, user.accessToken, 'Scans');
    const { start } = await uploadFile(setup.host, user.accessToken, subject.id, 'scan.pdf', await scannedPdf());
    expect(start.status).toBe(201);
    const file = await waitForFinal(setup.host, user.accessToken, subject.id, start.body.file.id as string);
    expect(file.status).toBe('failed');
    expect(file.error).toEqual({
      code: 'ocr_limit_reached',
      message: `Limite de pages numérisées atteinte : ce fichier en a 1 à lire, il t'en reste 0 sur ${OCR_PAGES_MONTHLY.free} ce mois-ci. Réessaie plus tard ou passe à Premium.`,
    });
    const counter = await db().send(new GetCommand({ TableName: config().tableNames.usage, Key: { user_id: user.sub, sk: `ocr_pages#${monthKey(new Date())}` } }));
    expect(counter.Item?.usage_count).toBe(OCR_PAGES_MONTHLY.free);
    // Pages with text need no OCR: they do not count and still read.
    expect(await readyFile(setup.host, user, subject.id, 'Cours de biologie', setup.biologyPdf)).toBeTruthy();
  });
});
