// Browser journey of accessibility: axe-core finds no violation of impact "serious" or "critical"
// on any route of the app (spec §2), at a desktop's width and at a phone's (375 × 812): the public
// pages as a visitor (landing with and without the cookie banner, how it works, FAQ and plans,
// legal pages, the ended offer, the reset-password and sign-in completion pages, an unsubscribe
// link, a visitor's quiz, a missing page, the phone's header menu); onboarding and its pricing
// step as a new student; the account pages and every page of a subject holding a course as a free
// student, with content (a quiz answered, flashcards due and one turned over, the PDF viewer open
// with its outline, an exam date's plan, a revision task, goals, the upgrade modal); and the
// Premium pages (exam mode, coach with quiz history, practical cases, charts) as a Premium
// student. Pages are read with reduced motion, once loaded, so that what axe reads has stopped
// moving. When it fails, it names each violation's rule, elements and route.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, newUser, type TestUser } from '../support/host.js';
import { BIOLOGY } from '../support/study.js';
import { acceptCookies, actOnLanding, completeOnboarding, logIn, newPage, useJourneyHost, type TestHost } from './helpers.js';
import { makePremium, readyCourse } from './files-helpers.js';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');


const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 860 };
const TZ = 'Europe/Paris';

interface Found {
  route: string;
  width: number;
  id: string;
  impact: string;
  targets: string[];
  help: string;
}

/** A page worth auditing: where to go, and what shows once it has its content. */
interface Stop {
  path: string;
  ready?: (page: Page) => Promise<unknown>;
  /** Steps after loading, before the audit (opening a card, a viewer…). */
  act?: (page: Page) => Promise<unknown>;
}

/** Waits until the page shows its content: no request in flight and no loading indicator. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await expect.poll(() => page.locator('.loading-inline, .loading-screen').count(), { timeout: 20_000 }).toBe(0);
  await page.waitForTimeout(300);
}

/** axe's serious and critical violations on the page as it is, tap targets (24 px, off by default in axe) included. */
async function seriousViolations(page: Page, route: string): Promise<Found[]> {
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.addScriptTag({ path: axePath });
  const width = page.viewportSize()?.width ?? 0;
  const found = await page.evaluate<Omit<Found, 'route' | 'width'>[]>(
    `axe.run(document, { resultTypes: ['violations'], rules: { 'target-size': { enabled: true } } }).then((r) => r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) })))`,
  );
  return found.map((f) => ({ route, width, ...f }));
}

const describeFound = (f: Found) => `${f.route} @${f.width}px: ${f.id} (${f.impact}, ${f.help}) on ${f.targets.join(' | ')}`;

/** Visits each stop at a desktop's width, then at a phone's, and gathers what axe finds. */
async function audit(page: Page, base: string, stops: Stop[]): Promise<string[]> {
  const found: Found[] = [];
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    for (const stop of stops) {
      await page.goto(`${base}${stop.path}`);
      await settle(page);
      if (stop.ready) await stop.ready(page);
      if (stop.act) {
        await stop.act(page);
        await settle(page);
      }
      found.push(...(await seriousViolations(page, stop.path)));
    }
  }
  return found.map(describeFound);
}

async function onboard(host: TestHost, user: TestUser): Promise<TestUser> {
  const res = await api(host, '/api/onboarding', {
    method: 'POST',
    token: user.accessToken,
    body: { language: 'fr', education_level: 'licence', specialization: 'Biologie', school: null },
  });
  if (res.status !== 200) throw new Error(`Onboarding failed: ${res.status}`);
  return user;
}

/** A signed-in desktop page for the student, reduced motion so that what axe reads has stopped moving. */
async function signedIn(browser: Browser, host: TestHost, user: TestUser, landing = '**/subjects'): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await newPage(browser);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  // From a page of the app (the landing is audited on its own, as a visitor).
  await page.goto(`${host.url}/how-it-works`);
  await acceptCookies(page);
  await logIn(page, user.email, user.password);
  await page.waitForURL(landing);
  return { page, close: () => context.close() };
}

/** A subject holding the course, with quizzes answered (missed questions make flashcards), an exam date, a task and goals. */
async function subjectWithContent(host: TestHost, user: TestUser): Promise<{ subjectId: string; fileId: string; sessionId: string }> {
  const { subjectId, fileId } = await readyCourse(host, user, { subject: 'Biologie', file: 'Cours de biologie', title: 'Biologie', pages: BIOLOGY });
  const call = async (path: string, method: string, body: unknown) => {
    const res = await api(host, path, { method, token: user.accessToken, body });
    if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const base = `/api/subjects/${subjectId}`;
  let sessionId = '';
  for (const answers of [[{ choice: 0 }, { skip: true }], [{ skip: true }]]) {
    sessionId = (await call(`${base}/quiz-sessions`, 'POST', { file_id: fileId, difficulty: 'easy' })).id;
    for (const answer of answers) {
      const { question } = await call(`${base}/quiz-sessions/${sessionId}/questions`, 'POST', { type: 'mcq' });
      await call(`${base}/quiz-sessions/${sessionId}/questions/${question.id}/answer`, 'POST', { ...answer, timezone: TZ });
    }
  }
  const inDays = (n: number) => new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(new Date(Date.now() + n * 86_400_000));
  await call(`${base}/exam`, 'PUT', { exam_date: inDays(21), study_days: [1, 2, 3, 4, 5], timezone: TZ });
  await call(`${base}/todos`, 'POST', { title: 'Relire le cycle de Calvin', due_date: inDays(3) });
  await call('/api/goals', 'PUT', { weekly_hours: 6, target_grade: 15, target_quiz_score: 80, current_grade: 11.5 });
  return { subjectId, fileId, sessionId };
}

describe('accessibility: axe finds nothing serious on any route', () => {
  let host: TestHost;
  let browser: Browser;
  useJourneyHost((h, b) => {
    host = h;
    browser = b;
  });

  /** The free student with a subject holding the course, made once for the tests that need them. */
  let free: Promise<{ user: TestUser; subjectId: string; fileId: string; sessionId: string }> | undefined;
  const freeStudent = () =>
    (free ??= (async () => {
      const user = await onboard(host, await newUser(host));
      return { user, ...(await subjectWithContent(host, user)) };
    })());

  it('the public pages, for a visitor', async () => {
    const { context, page } = await newPage(browser);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    try {
      // The landing as it first shows, cookie banner included, then once the visitor acts.
      await page.goto(host.url);
      await actOnLanding(page);
      await settle(page);
      const found = (await seriousViolations(page, '/ (cookie banner)')).map(describeFound);
      await acceptCookies(page);
      found.push(
        ...(await audit(page, host.url, [
          { path: '/', ready: (p) => actOnLanding(p) },
          { path: '/how-it-works' },
          { path: '/faq', ready: (p) => p.getByRole('heading', { level: 1 }).waitFor() },
          { path: '/privacy' },
          { path: '/cookies' },
          { path: '/contact' },
          { path: '/offre-de-rentree' },
          { path: '/reminders/unsubscribe?token=not-a-real-token' },
          { path: '/reset-password' },
          { path: '/auth/callback' },
          { path: '/subject/any/quiz', ready: (p) => p.getByText('Authentification requise - Connecte-toi pour accéder aux quiz.').waitFor() },
          { path: '/page-qui-n-existe-pas' },
        ])),
      );
      // On a phone, the header's menu opened.
      await page.getByRole('banner').getByRole('button', { name: 'Ouvrir le menu' }).click();
      await page.getByRole('banner').getByRole('button', { name: 'Se connecter' }).waitFor();
      found.push(...(await seriousViolations(page, '/page-qui-n-existe-pas (menu)')).map(describeFound));
      expect(found).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('onboarding and the account pages, for a free student', async () => {
    // A new student's onboarding and its pricing step.
    const newcomer = await newUser(host);
    const first = await signedIn(browser, host, newcomer, '**/onboarding');
    const found: string[] = [];
    try {
      // Each step at both widths, the layout following the window.
      const bothWidths = async (route: string) => {
        for (const size of [DESKTOP, PHONE]) {
          await first.page.setViewportSize(size);
          await settle(first.page);
          found.push(...(await seriousViolations(first.page, route)).map(describeFound));
        }
      };
      await bothWidths('/onboarding');
      await first.page.setViewportSize(DESKTOP);
      await completeOnboarding(first.page);
      await bothWidths('/onboarding/pricing');
    } finally {
      await first.close();
    }

    const { user } = await freeStudent();
    const { page, close } = await signedIn(browser, host, user);
    try {
      found.push(
        ...(await audit(page, host.url, [
          { path: '/subjects', ready: (p) => p.getByTestId('subject-card').first().waitFor() },
          { path: '/?newSubject=true' },
          { path: '/profile', ready: (p) => p.getByTestId('subscription-card').waitFor() },
          { path: '/goals', ready: (p) => p.getByTestId('week-progress').waitFor() },
          { path: '/my-podcasts' },
        ])),
      );
      // On a phone, the header's menu opened.
      await page.getByRole('banner').getByRole('button', { name: 'Ouvrir le menu' }).click();
      await page.getByRole('banner').getByRole('link', { name: 'Profil' }).waitFor();
      found.push(...(await seriousViolations(page, '/my-podcasts (menu)')).map(describeFound));
      expect(found).toEqual([]);
    } finally {
      await close();
    }
  });

  it('every page of a subject with a course, for a free student', async () => {
    const { user, subjectId, fileId, sessionId } = await freeStudent();
    const { page, close } = await signedIn(browser, host, user);
    const s = `/subject/${subjectId}`;
    const review = (p: Page) => p.getByRole('button', { name: 'Réviser maintenant' });
    try {
      const found = await audit(page, host.url, [
        { path: s, ready: (p) => p.locator('.subject-tile').first().waitFor() },
        { path: `${s}/upload` },
        { path: `${s}/files`, ready: (p) => p.getByText('Cours de biologie').first().waitFor() },
        { path: `${s}/files?view=${fileId}&page=2`, ready: (p) => p.getByRole('dialog').waitFor() },
        { path: `${s}/question` },
        { path: `${s}/summary` },
        { path: `${s}/quiz` },
        { path: `${s}/quiz?session=${sessionId}`, ready: (p) => p.getByTestId('quiz-verdict').waitFor() },
        { path: `${s}/flashcards`, ready: (p) => review(p).waitFor() },
        {
          path: `${s}/flashcards`,
          ready: (p) => review(p).waitFor(),
          act: async (p) => {
            await review(p).click();
            await p.getByTestId('review-card').waitFor();
            await p.keyboard.press('Space');
            await p.getByTestId('review-back').waitFor();
          },
        },
        { path: `${s}/podcast` },
        { path: `${s}/schedule`, ready: (p) => p.getByTestId('plan-days').waitFor() },
        { path: `${s}/todos`, ready: (p) => p.getByTestId('todo').first().waitFor() },
        { path: `${s}/stats`, ready: (p) => p.getByTestId('stats-summary').waitFor() },
        { path: `${s}/coach` },
        { path: `${s}/case`, ready: (p) => p.getByTestId('case-premium-note').waitFor() },
        {
          path: `${s}/exam`,
          ready: (p) => p.getByTestId('exam-premium-note').waitFor(),
          // The upgrade modal over the page.
          act: async (p) => {
            await p.getByRole('button', { name: "Commencer l'examen" }).click();
            await p.getByRole('dialog').getByRole('button', { name: 'Passer à Premium' }).waitFor();
          },
        },
      ]);
      expect(found).toEqual([]);
    } finally {
      await close();
    }
  });

  it('the Premium pages, for a Premium student with quiz history', async () => {
    const user = await onboard(host, await newUser(host));
    await makePremium(user);
    const { subjectId } = await subjectWithContent(host, user);
    const { page, close } = await signedIn(browser, host, user);
    const s = `/subject/${subjectId}`;
    try {
      const found = await audit(page, host.url, [
        { path: '/profile', ready: (p) => p.getByTestId('subscription-card').waitFor() },
        { path: s, ready: (p) => p.locator('.subject-tile').first().waitFor() },
        { path: `${s}/stats`, ready: (p) => p.getByTestId('stats-chart').locator('canvas').first().waitFor() },
        { path: `${s}/exam`, ready: (p) => p.getByRole('heading', { name: 'Mode examen' }).waitFor() },
        { path: `${s}/coach`, ready: (p) => p.getByTestId('coach-briefing').waitFor() },
        { path: `${s}/case` },
      ]);
      expect(found).toEqual([]);
    } finally {
      await close();
    }
  });
});
