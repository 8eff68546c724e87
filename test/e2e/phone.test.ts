// The phone study loop (issue 25), at 375 × 812 with touch: the quiz and podcast of a subject with
// one course have it chosen already; the exam's timer stays below
// the site header while the student scrolls; the footer's links and the tasks' checkboxes are
// 44-px tap targets.
import { describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { api } from '../support/host.js';
import { logInOnPhone, newPhoneContext, useJourneyHost, type TestHost } from './helpers.js';
import { onboardedPremium, readyCourse } from './files-helpers.js';

const COURSE = {
  subject: 'Sciences de la vie',
  file: 'Biologie cellulaire',
  title: 'La cellule',
  pages: [
    "La cellule est l'unité de base du vivant. Tout être vivant est constitué d'une ou de plusieurs cellules. Le noyau contient l'information génétique sous forme d'ADN.",
    "La membrane plasmique délimite la cellule et contrôle les échanges avec le milieu extérieur. Les mitochondries produisent l'énergie de la cellule par la respiration cellulaire.",
    "La mitose est la division d'une cellule mère en deux cellules filles identiques. Elle comprend quatre phases : prophase, métaphase, anaphase et télophase.",
  ],
};

/** Where the page stands, in CSS pixels from the top. */

/** A shot of the screen as the student sees it, kept out of the repository. */
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/phone-${name}.png` });

async function box(target: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const b = await target.boundingBox();
  if (!b) throw new Error('not on screen');
  return b;
}

describe('the study loop on a phone', () => {
  let host: TestHost;
  let browser: Browser;
  useJourneyHost((h, b) => {
    host = h;
    browser = b;
  });

  it('chooses the only file, keeps the exam timer in view and gives every tap a finger’s room', async () => {
    const user = await onboardedPremium(host);
    const { subjectId, fileId } = await readyCourse(host, user, COURSE);
    const todo = await api(host, `/api/subjects/${subjectId}/todos`, { method: 'POST', token: user.accessToken, body: { title: 'Relire la mitose' } });
    expect(todo.status).toBe(201);

    const context = await newPhoneContext(browser);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    try {
      await page.goto(host.url);
      await logInOnPhone(page, user.email, user.password);

      // The subject page, then the quiz from its tile.
      await page.goto(`${host.url}/subject/${subjectId}`);
      // The quiz, from its tile: the only course is chosen already, the quiz starts at once.
      await page.locator('.subject-tile', { hasText: 'Quiz' }).first().tap();
      await page.waitForURL(`**/subject/${subjectId}/quiz`);
      const quizFile = page.getByLabel('Fichier', { exact: true });
      await quizFile.waitFor();
      await expect.poll(() => quizFile.inputValue()).toBe(fileId);
      await shot(page, 'quiz-setup');
      await page.getByRole('button', { name: 'Commencer le quiz' }).tap();
      await page.waitForURL(`**/subject/${subjectId}/quiz?session=*`);
      expect(await page.getByText('Choisis un fichier', { exact: true }).count()).toBe(0);

      // The podcast: the course is chosen already too.
      await page.goto(`${host.url}/subject/${subjectId}/podcast`);
      const podcastFile = page.getByLabel('Podcast de', { exact: true });
      await expect.poll(() => podcastFile.inputValue()).toBe(fileId);
      await shot(page, 'podcast-setup');

      // The exam: while the student scrolls its questions, the timer sits right below the header.
      await page.goto(`${host.url}/subject/${subjectId}/exam`);
      await page.getByRole('button', { name: "Commencer l'examen" }).tap();
      await page.waitForURL(`**/subject/${subjectId}/exam?exam=*`);
      const timer = page.getByTestId('exam-timer');
      await timer.waitFor();
      // Scrolled into the question (the exam's frame starts 200 px above the header's bottom; the
      // timer stays stuck while the frame goes on below it).
      const header = await box(page.getByRole('banner'));
      const run = await box(page.locator('.exam-run'));
      await page.evaluate(`window.scrollBy({ top: ${run.y - (header.y + header.height) + 200}, behavior: "instant" })`);
      await page.waitForTimeout(300);
      await shot(page, 'exam-scrolled');
      expect((await box(page.locator('.exam-run'))).y).toBeLessThan(0);
      const timerBox = await box(timer);
      expect(timerBox.y).toBeGreaterThanOrEqual(header.y + header.height - 0.5);
      expect(timerBox.y).toBeLessThanOrEqual(header.y + header.height + 2);
      // Nothing covers the timer's time: a tap there reaches it.
      const hit = await timer.evaluate((el, [x, y]) => el.contains(el.ownerDocument.elementFromPoint(x, y)), [timerBox.x + timerBox.width / 2, timerBox.y + 4]);
      expect(hit).toBe(true);

      // Tap targets: the footer's links and a task's checkbox are at least 44 px high and wide.
      await page.goto(`${host.url}/subject/${subjectId}/todos`);
      const check = page.getByRole('checkbox', { name: /Relire la mitose/ });
      await check.waitFor();
      const checkBox = await box(check);
      expect(checkBox.width).toBeGreaterThanOrEqual(44);
      expect(checkBox.height).toBeGreaterThanOrEqual(44);
      await check.tap();
      await expect.poll(() => check.isChecked()).toBe(true);
      await check.scrollIntoViewIfNeeded();
      await shot(page, 'todo-checked');
      const footerLinks = page.getByRole('contentinfo').getByRole('navigation').getByRole('link');
      expect(await footerLinks.count()).toBeGreaterThan(3);
      for (const link of await footerLinks.all()) {
        const b = await box(link);
        const name = (await link.textContent()) ?? '';
        expect(b.height, name).toBeGreaterThanOrEqual(44);
        expect(b.width, name).toBeGreaterThanOrEqual(44);
      }
      await footerLinks.first().scrollIntoViewIfNeeded();
      await shot(page, 'footer');
    } finally {
      await context.close();
    }
  });
});
