// Browser journeys of the coach, exam mode and practical cases. A Premium student with quiz
// history opens the coach: the briefing's figures are the statistics' figures, its weak pages open
// the viewer, and a question to the coach is answered from the record. They take a 20-minute
// mixed exam, answer two questions, reload half-way (the timer goes on from where it was, the
// answers are still there), submit, and get a grade out of 20 with cited corrections. They build a
// practical case on the French course and get rubric-based feedback. A free student sees what exam
// mode and practical cases are and gets the upgrade modal. Pages are shot, also at 375 px.
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, type TestUser } from '../support/host.js';
import { createSubject, uploadFile, waitForFinal } from '../support/uploads.js';
import { answerQuiz, BIOLOGY, makePremium } from '../support/study.js';
import { acceptCookies, dialog, screenshot, useJourneyHost, type TestHost } from './helpers.js';
import { coursePdf, signedInStudent } from './files-helpers.js';

const FILE_NAME = 'Cours de biologie';

async function courseSubject(host: TestHost, user: TestUser): Promise<{ subjectId: string; fileId: string }> {
  const subject = await createSubject(host, user.accessToken, 'Biologie');
  const pdf = await coursePdf('biologie.pdf', 'Biologie', BIOLOGY);
  const { start, complete } = await uploadFile(host, user.accessToken, subject.id, pdf.name, pdf.buffer, FILE_NAME);
  if (!complete || complete.status !== 200) throw new Error(`Upload failed: ${start.status}`);
  const file = await waitForFinal(host, user.accessToken, subject.id, start.body.file.id, 90_000);
  if (file.status !== 'ready') throw new Error('The course did not become ready');
  return { subjectId: subject.id, fileId: file.id };
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(400);
  await page.evaluate('window.scrollTo({ top: 0, behavior: "instant" })');
  await screenshot(page, name, true);
}

async function phoneShot(page: Page, url: string, ready: (p: Page) => Promise<void>, name: string): Promise<void> {
  const phone = await page.context().newPage();
  try {
    await phone.setViewportSize({ width: 375, height: 812 });
    await phone.goto(url);
    await acceptCookies(phone);
    await ready(phone);
    expect(await phone.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    await shoot(phone, name);
  } finally {
    await phone.close();
  }
}

/** mm:ss on the timer, in seconds. */
async function timerSeconds(page: Page): Promise<number> {
  const text = (await page.getByTestId('exam-timer').locator('span').first().textContent()) ?? '';
  const [m, s] = text.trim().split(':').map(Number);
  return m * 60 + s;
}

describe('coach, exam mode and practical cases', () => {
  let host: TestHost;
  let browser: Browser;
  useJourneyHost((h, b) => {
    host = h;
    browser = b;
  });

  it('gives a Premium student a briefing that matches the statistics, a timed exam that survives a reload, and a graded practical case', async () => {
    const { user, context, page } = await signedInStudent(host, browser);
    try {
      await makePremium(user);
      const { subjectId, fileId } = await courseSubject(host, user);
      await answerQuiz(host, user, subjectId, fileId, ['right', 'right', 'right', 'wrong', 'skip']);
      const stats = (await api(host, `/api/subjects/${subjectId}/stats?range=7d&timezone=Europe/Paris`, { token: user.accessToken })).body;

      // The coach, from its tile: the briefing's figures are the statistics'.
      await page.goto(`${host.url}/subject/${subjectId}`);
      await page.getByRole('link', { name: /^Coach IA/ }).click();
      const briefing = page.getByTestId('coach-briefing');
      await briefing.waitFor();
      await briefing.getByText(`Tu as répondu juste à ${stats.quiz.correct} question${stats.quiz.correct > 1 ? 's' : ''} sur ${stats.quiz.answered} cette semaine, soit ${stats.quiz.percent} %.`).waitFor();
      expect(await briefing.getByTestId('coach-stat').count()).toBeGreaterThan(0);
      const weakest = page.getByTestId('coach-weakest');
      const missedPages = (stats.missed as { page: number }[]).map((m) => m.page);
      const chips = weakest.getByTestId('citation');
      expect(await chips.count()).toBeGreaterThan(0);
      for (const href of await chips.evaluateAll((els) => els.map((el) => el.getAttribute('href')))) {
        const m = new RegExp(`^/subject/${subjectId}/files\\?view=${fileId}&page=(\\d)$`).exec(href ?? '');
        expect(m, href ?? '').not.toBeNull();
        expect(missedPages).toContain(Number(m![1]));
      }
      await page.getByTestId('coach-next').waitFor();
      await shoot(page, 'coach-briefing');
      await page.getByLabel('Par exemple : que dois-je réviser en priorité ?').fill('Que dois-je réviser en priorité ?');
      await page.getByRole('button', { name: 'Envoyer' }).click();
      const turn = page.getByTestId('coach-turn').first();
      await turn.getByText(/bonnes? réponses? sur/).first().waitFor();
      await shoot(page, 'coach-conversation');
      // A weak page opens the viewer there.
      await chips.first().click();
      await page.waitForURL(`**/subject/${subjectId}/files?view=${fileId}&page=*`);

      // Exam mode: 20 minutes, mixed.
      await page.goto(`${host.url}/subject/${subjectId}/exam`);
      await page.getByRole('heading', { name: 'Mode examen' }).waitFor();
      await page.getByText('20 min', { exact: true }).click();
      await page.getByText('Mixte', { exact: true }).click();
      await shoot(page, 'exam-setup');
      await page.getByRole('button', { name: "Commencer l'examen" }).click();
      await page.waitForURL(`**/subject/${subjectId}/exam?exam=*`);
      const timer = page.getByTestId('exam-timer');
      await timer.waitFor();
      expect(await timerSeconds(page)).toBeGreaterThan(19 * 60);
      // Question 1 (MCQ): the second option; question 2 (open): a written answer.
      await page.locator('.exam-option').nth(1).click();
      await page.getByText('Réponse enregistrée').waitFor();
      await page.getByRole('button', { name: 'Suivante →' }).click();
      await page.getByLabel('Ta réponse').fill('La photosynthèse transforme l’énergie lumineuse en énergie chimique dans le chloroplaste.');
      await page.getByText('Réponse enregistrée').waitFor();
      await shoot(page, 'exam-running');
      const before = await timerSeconds(page);

      // Half-way reload: the same time (give or take the reload), the answers kept.
      await page.waitForTimeout(2000);
      await page.reload();
      await timer.waitFor();
      const after = await timerSeconds(page);
      expect(after).toBeLessThan(before);
      expect(after).toBeGreaterThan(before - 30);
      await page.getByRole('button', { name: '1', exact: true }).click();
      expect(await page.locator('.exam-option').nth(1).locator('input').isChecked()).toBe(true);
      await page.getByRole('button', { name: '2', exact: true }).click();
      expect(await page.getByLabel('Ta réponse').inputValue()).toContain('photosynthèse');
      await phoneShot(page, page.url(), (p) => p.getByTestId('exam-timer').waitFor(), 'exam-running-phone');

      // Submit: a grade out of 20 and cited corrections.
      page.once('dialog', (d) => void d.accept());
      await page.getByTestId('exam-timer').getByRole('button', { name: "Rendre l'examen" }).click();
      const grade = page.getByTestId('exam-grade');
      await grade.waitFor({ timeout: 60_000 });
      expect(await grade.textContent()).toMatch(/^\d+(,5)?\/20$/);
      const corrections = page.getByTestId('exam-correction');
      expect(await corrections.count()).toBe(7);
      expect(await corrections.first().getByTestId('citation').count()).toBeGreaterThan(0);
      await shoot(page, 'exam-result');
      await phoneShot(page, page.url(), (p) => p.getByTestId('exam-grade').waitFor(), 'exam-result-phone');

      // A practical case on the French course, graded against its rubric.
      await page.goto(`${host.url}/subject/${subjectId}/case`);
      await page.getByRole('button', { name: 'Créer un cas pratique' }).click();
      await page.getByTestId('case-scenario').waitFor({ timeout: 30_000 });
      const first = page.getByTestId('case-question').first();
      expect(await first.textContent()).toMatch(/quelle notion ou quelle règle du cours s’applique/);
      await first.getByLabel('Ta réponse').fill('Il s’agit de la cellule, l’unité de base de tout être vivant.');
      await first.getByRole('button', { name: 'Faire corriger' }).click();
      const correction = first.getByTestId('case-correction');
      await correction.waitFor({ timeout: 30_000 });
      await correction.getByText('Réponse attendue :').waitFor();
      await correction.getByText('Raisonnement attendu :').waitFor();
      expect(await correction.getByTestId('citation').count()).toBeGreaterThan(0);
      await shoot(page, 'case-graded');
    } finally {
      await context.close();
    }
  });

  it('shows a free student what exam mode and practical cases are, and the way to Premium', async () => {
    const { user, context, page } = await signedInStudent(host, browser);
    try {
      const { subjectId } = await courseSubject(host, user);
      await page.goto(`${host.url}/subject/${subjectId}/exam`);
      await page.getByTestId('exam-premium-note').waitFor();
      await page.getByRole('button', { name: "Commencer l'examen" }).click();
      await dialog(page).getByText('Cette fonctionnalité est réservée aux abonnés Premium.').waitFor();
      await dialog(page).getByRole('button', { name: 'Passer à Premium' }).waitFor();
      await shoot(page, 'exam-free-upgrade');
      await page.keyboard.press('Escape');
      await page.goto(`${host.url}/subject/${subjectId}/case`);
      await page.getByTestId('case-premium-note').waitFor();
      await page.getByRole('button', { name: 'Créer un cas pratique' }).click();
      await dialog(page).getByText('Cette fonctionnalité est réservée aux abonnés Premium.').waitFor();
    } finally {
      await context.close();
    }
  });
});
