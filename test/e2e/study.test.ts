// Browser journeys of the study tools: a free student asks questions about a three-page course
// (the mode and question checks, an answer citing page 2 whose chip opens the viewer there, an
// exercise solved in its six parts, a question the course cannot answer), is asked before leaving
// a conversation not saved, saves it, finds it again after a reload, and reaches the month's
// limit (the upgrade modal with the server's message); a Premium student generates a revision
// sheet, saves it, reopens it and deletes it, while a free student finds saving locked. The pages
// are also shot at 375 px wide.
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, type TestUser } from '../support/host.js';
import { acceptCookies, dialog, screenshot, useJourneyHost, type TestHost } from './helpers.js';
import { makePremium, readyCourse, signedInStudent } from './files-helpers.js';

const MECANIQUE = [
  "Un objet est en mouvement lorsque sa position change au cours du temps par rapport à un référentiel. Le référentiel est l'objet par rapport auquel on étudie le mouvement. La trajectoire est l'ensemble des positions occupées par l'objet.",
  "La vitesse moyenne est le quotient de la distance parcourue par la durée du parcours. Elle se calcule avec la formule v = d / t, où d est la distance en mètres et t la durée en secondes. Par exemple, un cycliste qui parcourt 120 m en 20 s roule à une vitesse moyenne de 6 m/s.",
  "L'énergie cinétique est l'énergie que possède un objet du fait de son mouvement. Pour un objet de masse m qui se déplace à la vitesse v, elle vaut Ec = 1/2 × m × v². Elle s'exprime en joules. Isaac Newton publie ses lois du mouvement en 1687.",
];

const FILE_NAME = 'Mécanique - chapitre 1';
const FREE_QUESTIONS = 10;

/** A subject with the three-page course, ready to be read. */
const courseSubject = (host: TestHost, user: TestUser) => readyCourse(host, user, { subject: 'Physique', file: FILE_NAME, title: 'Le mouvement', pages: MECANIQUE });

/** A full-page shot from the top (a smooth scroll to the newest answer may still be running). */
async function shoot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(400);
  await page.evaluate('window.scrollTo({ top: 0, behavior: "instant" })');
  await screenshot(page, name, true);
}

const questionBox = (page: Page) => page.getByRole('textbox', { name: /question/i });
const turns = (page: Page) => page.getByTestId('turn');

/** Picks a response mode by its label in the mode picker. */
async function pickMode(page: Page, label: string): Promise<void> {
  await page.getByRole('group', { name: 'Mode de réponse' }).getByText(label, { exact: true }).click();
  expect(await page.getByRole('radio', { name: label }).isChecked()).toBe(true);
}

/** Types a question, sends it with Enter and waits for its answer (the n-th turn). */
async function ask(page: Page, question: string, expectedTurns: number): Promise<void> {
  await questionBox(page).fill(question);
  await questionBox(page).press('Enter');
  await expect.poll(() => turns(page).count(), { timeout: 60_000 }).toBe(expectedTurns);
}

describe('question page and revision sheets', () => {
  let host: TestHost;
  let browser: Browser;
  useJourneyHost((h, b) => {
    host = h;
    browser = b;
  });

  it('answers from the course with citations that open the page, saves the conversation and stops at the free limit', async () => {
    const { user, context, page } = await signedInStudent(host, browser);
    try {
      const { subjectId, fileId } = await courseSubject(host, user);
      await page.goto(`${host.url}/subject/${subjectId}/question`);
      await page.getByRole('heading', { name: 'Poser une question' }).waitFor();
      expect(await page.title()).toBe('Poser une question · PHYSIQUE — Révise');
      await expect.poll(() => page.getByTestId('usage-left').textContent()).toBe(`${FREE_QUESTIONS} questions restantes ce mois-ci`);
      for (const mode of ['Question de cours', 'Réponse concise', 'Réponse détaillée', "Résolution d'exercice", 'Pas à pas']) {
        expect(await page.getByRole('radio', { name: mode }).count(), mode).toBe(1);
      }

      // The page's own checks, in the spec's words: a question first, then a mode.
      await page.getByRole('button', { name: 'Envoyer' }).click();
      await page.getByText('Saisis une question.').waitFor();
      await questionBox(page).fill('Comment calcule-t-on la vitesse moyenne ?');
      await questionBox(page).press('Enter');
      await page.getByText('Choisis un mode de réponse.').waitFor();
      // Shift+Enter goes to the next line instead of sending.
      await questionBox(page).press('Shift+Enter');
      expect(await questionBox(page).inputValue()).toBe('Comment calcule-t-on la vitesse moyenne ?\n');

      // A concise answer: it cites page 2 of the course, and one question is used.
      await pickMode(page, 'Réponse concise');
      await ask(page, 'Comment calcule-t-on la vitesse moyenne ?', 1);
      const first = turns(page).first();
      expect(await first.getByTestId('answer').textContent()).toMatch(/vitesse moyenne/i);
      const chip = first.getByRole('link', { name: `${FILE_NAME} · p. 2` }).first();
      expect(await chip.getAttribute('href')).toBe(`/subject/${subjectId}/files?view=${fileId}&page=2`);
      expect(await chip.getAttribute('title')).toBeTruthy();
      await expect.poll(() => page.getByTestId('usage-left').textContent()).toBe(`${FREE_QUESTIONS - 1} questions restantes ce mois-ci`);
      await shoot(page, 'question-answer');

      // An exercise, solved in its six parts (theorems and calculations when the course gives them).
      await pickMode(page, "Résolution d'exercice");
      await ask(page, 'Un train parcourt 300 m en 15 s. Quelle est sa vitesse moyenne ?', 2);
      const solution = turns(page).nth(1).getByTestId('exercise-solution');
      for (const part of ['Objectif', 'Étapes', 'Réponse finale']) {
        expect(await solution.getByRole('heading', { name: part }).count(), part).toBe(1);
      }
      expect(await turns(page).nth(1).getByTestId('citation').count()).toBeGreaterThan(0);
      await shoot(page, 'question-exercise');

      // A question the course does not answer says so, distinctly.
      await pickMode(page, 'Question de cours');
      await ask(page, 'Qui a peint la Joconde au musée du Louvre ?', 3);
      await turns(page).nth(2).getByTestId('answer-not-found').waitFor();
      expect(await turns(page).nth(2).getByTestId('citation').count()).toBe(0);

      // The citation opens the viewer at page 2 without asking; Back returns to the same thread.
      await first.getByRole('link', { name: `${FILE_NAME} · p. 2` }).first().click();
      await page.waitForURL(`**/subject/${subjectId}/files?view=${fileId}&page=2`);
      await expect.poll(() => dialog(page).getByTestId('viewer-page').textContent(), { timeout: 20_000 }).toBe('Page 2 / 3');
      await page.goBack();
      await page.waitForURL(`**/subject/${subjectId}/question?conversation=*`);
      await expect.poll(() => turns(page).count(), { timeout: 15_000 }).toBe(3);

      // Leaving for another page asks first; staying keeps the thread.
      await page.getByRole('navigation', { name: 'Mes matières' }).getByRole('link', { name: 'PHYSIQUE' }).click();
      const leave = dialog(page);
      await expect.poll(() => leave.getByRole('heading').textContent()).toBe('Continuer sans enregistrer ?');
      await page.waitForTimeout(300);
      await screenshot(page, 'question-leave');
      await leave.getByRole('button', { name: 'Annuler' }).click();
      expect(new URL(page.url()).pathname).toBe(`/subject/${subjectId}/question`);
      expect(await turns(page).count()).toBe(3);
      // Closing the tab gets the browser's own prompt (dismissed: the tab stays).
      const prompt = page.waitForEvent('dialog');
      await page.close({ runBeforeUnload: true });
      const beforeUnload = await prompt;
      expect(beforeUnload.type()).toBe('beforeunload');
      await beforeUnload.dismiss();
      expect(page.isClosed()).toBe(false);

      // Saving under a title: the first question is offered, another title is kept.
      await page.getByRole('button', { name: 'Enregistrer la conversation' }).click();
      const save = dialog(page);
      expect(await save.getByLabel('Titre').inputValue()).toBe('Comment calcule-t-on la vitesse moyenne ?');
      await save.getByLabel('Titre').fill('Vitesse moyenne');
      await save.getByRole('button', { name: 'Enregistrer' }).click();
      await page.getByTestId('conversation-saved').waitFor();
      const saved = page.getByTestId('saved-conversation');
      await expect.poll(() => saved.count()).toBe(1);
      expect(await saved.first().textContent()).toContain('Vitesse moyenne');
      expect(await saved.first().textContent()).toContain('3 questions');

      // After a reload the list keeps it; a new conversation, then the saved one reopens.
      await page.reload();
      await expect.poll(() => saved.count(), { timeout: 15_000 }).toBe(1);
      await page.getByRole('button', { name: 'Nouvelle conversation' }).click();
      await expect.poll(() => turns(page).count()).toBe(0);
      expect(new URL(page.url()).search).toBe('');
      await saved.first().getByRole('button', { name: /^Vitesse moyenne/ }).click();
      await expect.poll(() => turns(page).count(), { timeout: 15_000 }).toBe(3);
      expect(await turns(page).first().textContent()).toContain('Comment calcule-t-on la vitesse moyenne ?');
      await page.getByTestId('conversation-saved').waitFor();
      // A saved conversation can be left without a question.
      await page.getByRole('navigation', { name: 'Mes matières' }).getByRole('link', { name: 'PHYSIQUE' }).click();
      await page.waitForURL(`**/subject/${subjectId}`);
      // `/conversations` leads to the question page.
      await page.goto(`${host.url}/subject/${subjectId}/conversations`);
      await page.waitForURL(`**/subject/${subjectId}/question`);

      // The rest of the month's questions asked elsewhere: the page says none is left, and asking
      // opens the upgrade modal with the server's message.
      const usage = await api(host, '/api/usage', { token: user.accessToken });
      const left: number = usage.body.features.question_generation.remaining;
      expect(left).toBeGreaterThan(0);
      for (let i = 0; i < left; i += 1) {
        const r = await api(host, `/api/subjects/${subjectId}/questions`, {
          method: 'POST',
          token: user.accessToken,
          body: { question: `Qu'est-ce que l'énergie cinétique ? (${i + 1})`, mode: 'concise' },
        });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
      }
      await page.reload();
      await expect.poll(() => page.getByTestId('usage-left').textContent(), { timeout: 15_000 }).toBe('Plus aucune question ce mois-ci');
      await pickMode(page, 'Réponse concise');
      await questionBox(page).fill("Qu'est-ce que le référentiel ?");
      await page.getByRole('button', { name: 'Envoyer' }).click();
      const modal = dialog(page);
      await expect.poll(() => modal.getByRole('heading', { level: 2 }).first().textContent()).toBe('Passe à Premium');
      expect(await modal.getByRole('alert').textContent()).toBe(
        `Limite d'utilisation atteinte (${FREE_QUESTIONS}/${FREE_QUESTIONS} ce mois-ci). Réessaie plus tard ou passe à Premium.`,
      );
      await page.waitForTimeout(300);
      await screenshot(page, 'question-limit');
      await modal.getByRole('button', { name: 'Plus tard' }).click();
      // The question stays in the box, to send later.
      expect(await questionBox(page).inputValue()).toBe("Qu'est-ce que le référentiel ?");
      expect(await turns(page).count()).toBe(0);

      // Revision sheets: a free student sees saving locked, and trying opens the upgrade modal.
      await page.goto(`${host.url}/subject/${subjectId}/summary`);
      await page.getByRole('button', { name: 'Générer la fiche' }).click();
      await page.getByTestId('sheet').waitFor({ timeout: 60_000 });
      expect(await page.getByText("L'enregistrement des fiches est réservé aux abonnés Premium.").count()).toBe(1);
      await page.getByRole('button', { name: 'Enregistrer la fiche' }).click();
      await expect
        .poll(() => dialog(page).getByRole('alert').textContent())
        .toBe('Cette fonctionnalité est réservée aux abonnés Premium.');
      await dialog(page).getByRole('button', { name: 'Plus tard' }).click();
      expect(await page.getByTestId('saved-sheet').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('generates a revision sheet for Premium, saves it, reopens it and deletes it', async () => {
    const { user, context, page } = await signedInStudent(host, browser);
    try {
      await makePremium(user);
      const { subjectId, fileId } = await courseSubject(host, user);
      await page.goto(`${host.url}/subject/${subjectId}/summary`);
      await page.getByRole('heading', { name: 'Fiches de révision' }).first().waitFor();
      await expect.poll(() => page.getByTestId('usage-left').textContent()).toBe('Fiches illimitées avec Premium');

      // One file or the whole subject.
      const scope = page.getByLabel('Fiche de');
      await expect.poll(() => scope.locator('option').allTextContents()).toEqual(['Toute la matière', FILE_NAME]);
      await scope.selectOption(fileId);
      await page.getByRole('button', { name: 'Générer la fiche' }).click();
      const sheet = page.getByTestId('sheet');
      await sheet.waitFor({ timeout: 60_000 });
      expect(await sheet.getByRole('heading', { level: 2 }).textContent()).toBeTruthy();
      expect(await sheet.textContent()).toContain(`Fichier : ${FILE_NAME}`);
      expect(await sheet.getByRole('heading', { level: 3 }).count()).toBeGreaterThan(0);
      const chips = sheet.getByTestId('citation');
      expect(await chips.count()).toBeGreaterThan(0);
      expect(await chips.first().getAttribute('href')).toMatch(new RegExp(`^/subject/${subjectId}/files\\?view=${fileId}&page=[123]$`));
      await shoot(page, 'sheet');

      const title = (await sheet.getByRole('heading', { level: 2 }).textContent()) ?? '';
      await page.getByRole('button', { name: 'Enregistrer la fiche' }).click();
      await page.getByTestId('sheet-saved').waitFor();
      const saved = page.getByTestId('saved-sheet');
      await expect.poll(() => saved.count()).toBe(1);
      expect(await saved.first().textContent()).toContain(title);

      // After a reload on the bare page, the saved sheet reopens from the list.
      await page.goto(`${host.url}/subject/${subjectId}/summary`);
      await expect.poll(() => saved.count(), { timeout: 15_000 }).toBe(1);
      expect(await sheet.count()).toBe(0);
      await saved.first().getByRole('button', { name: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).click();
      await sheet.waitFor({ timeout: 15_000 });
      expect(await sheet.getByRole('heading', { level: 2 }).textContent()).toBe(title);
      await page.getByTestId('sheet-saved').waitFor();

      // Printed: the sheet alone, with its references, without the app around it.
      await page.emulateMedia({ media: 'print' });
      expect(await page.getByRole('banner').isVisible()).toBe(false);
      expect(await page.getByRole('button', { name: 'Imprimer' }).isVisible()).toBe(false);
      expect(await page.getByRole('heading', { name: 'Fiches enregistrées' }).isVisible()).toBe(false);
      expect(await chips.first().isVisible()).toBe(true);
      await shoot(page, 'sheet-print');
      await page.emulateMedia({ media: 'screen' });

      // At a phone's width: the sheet, then the question page with an answer.
      const phone = await context.newPage();
      await phone.setViewportSize({ width: 375, height: 800 });
      await phone.goto(page.url());
      await phone.getByTestId('sheet').waitFor({ timeout: 20_000 });
      await acceptCookies(phone);
      expect(await phone.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
      await shoot(phone, 'sheet-375');
      await phone.goto(`${host.url}/subject/${subjectId}/question`);
      await pickMode(phone, "Résolution d'exercice");
      await ask(phone, 'Un cycliste parcourt 120 m en 20 s. Quelle est sa vitesse moyenne ?', 1);
      expect(await phone.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
      await shoot(phone, 'question-375');
      await phone.getByRole('button', { name: 'Enregistrer la conversation' }).click();
      await dialog(phone).getByRole('button', { name: 'Enregistrer' }).click();
      await phone.getByTestId('conversation-saved').waitFor();
      await phone.close();

      // Deleting asks first, then the sheet is gone from the list and from the server.
      await saved.first().getByRole('button', { name: `Supprimer la fiche ${title}` }).click();
      const confirm = dialog(page);
      await expect.poll(() => confirm.getByRole('heading').textContent()).toBe(`Supprimer la fiche «\u00a0${title}\u00a0» ?`);
      await confirm.getByRole('button', { name: 'Supprimer la fiche' }).click();
      await expect.poll(() => saved.count()).toBe(0);
      expect(await sheet.count()).toBe(0);
      const list = await api(host, `/api/subjects/${subjectId}/sheets`, { token: user.accessToken });
      expect(list.body.sheets).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
