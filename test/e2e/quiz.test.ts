// Browser journey of the quiz and the flashcards: a visitor is told quizzes need an account; a
// student picks a four-page chemistry course, starts a mixed quiz, answers an MCQ from the
// keyboard (the correction agrees with the option it highlights, and cites a page that opens the
// viewer), writes a partial answer to an open question (evaluating, then a score out of 100 and
// pages to reread), says "I don't know" to another (a review card is made), ends the session
// (the summary's figures match what was seen), finds the cards due on the subject page, and
// reviews them with the keyboard alone (Space turns a card over, 1 is Again, 3 is Good), seeing
// each next review date. The pages are also shot at 375 px wide.
import { describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { consume } from '../../functions/platform/usage.js';
import { api, type TestUser } from '../support/host.js';
import { acceptCookies, dialog, expectNoSideScroll, newPage, phoneShot, screenshot, shoot, useJourneyHost, type TestHost } from './helpers.js';
import { readyCourse, signedInStudent } from './files-helpers.js';

const CHIMIE = [
  "Une solution est un mélange homogène obtenu en dissolvant un soluté dans un solvant. Le solvant est l'espèce chimique majoritaire de la solution. La concentration massique est le quotient de la masse de soluté dissous par le volume de la solution. Elle se calcule avec la formule Cm = m / V, où m est la masse en grammes et V le volume en litres.",
  "La quantité de matière est le nombre de moles d'une espèce chimique. Elle se calcule avec la formule n = m / M, où M est la masse molaire en grammes par mole. Le chimiste italien Amedeo Avogadro formule son hypothèse en 1811. La constante d'Avogadro vaut 6,02 × 10^23 par mole.",
  "La dilution consiste à diminuer la concentration d'une solution en ajoutant du solvant. Au cours d'une dilution, la quantité de matière de soluté se conserve : C1 × V1 = C2 × V2. Le facteur de dilution est le rapport de la concentration de la solution mère sur la concentration de la solution fille.",
  "Antoine Lavoisier énonce la loi de conservation de la masse en 1789. Le pH mesure l'acidité d'une solution : il est compris entre 0 et 14. Une solution est acide lorsque son pH est inférieur à 7. Dmitri Mendeleïev publie sa classification périodique des éléments en 1869.",
];

const FILE_NAME = 'Chimie - les solutions';
const FREE_QUIZ_QUESTIONS = 15;

/** A subject with the four-page course, ready to be read. */
const courseSubject = (host: TestHost, user: TestUser) => readyCourse(host, user, { subject: 'Chimie', file: FILE_NAME, title: 'Les solutions', pages: CHIMIE });

const question = (page: Page) => page.getByTestId('quiz-question');
const options = (page: Page) => question(page).getByTestId('quiz-option');
const verdict = (page: Page) => question(page).getByTestId('quiz-verdict');

/** Waits for the n-th question to be on screen, waiting for its answer. */
async function waitForQuestion(page: Page, n: number): Promise<void> {
  await expect.poll(() => question(page).locator('.quiz-eyebrow').textContent(), { timeout: 60_000 }).toMatch(new RegExp(`^Question ${n}`));
}

/** The citation chips of an element link to the files page's viewer at a page of the course. */
async function expectCitations(where: Locator, subjectId: string, fileId: string): Promise<void> {
  const chips = where.getByTestId('citation');
  expect(await chips.count()).toBeGreaterThan(0);
  for (const href of await chips.evaluateAll((els) => els.map((el) => el.getAttribute('href')))) {
    expect(href).toMatch(new RegExp(`^/subject/${subjectId}/files\\?view=${fileId}&page=[1-4]$`));
  }
}

describe('quiz and flashcards', () => {
  let host: TestHost;
  let browser: Browser;
  useJourneyHost((h, b) => {
    host = h;
    browser = b;
  });

  it('runs a quiz on a file, grades an open answer, ends with a summary and reviews the mistakes from the keyboard', async () => {
    const { user, context, page } = await signedInStudent(host, browser);
    try {
      const { subjectId, fileId } = await courseSubject(host, user);

      // A visitor is told quizzes need an account, with the way to log in.
      const visitor = await newPage(browser);
      try {
        await visitor.page.goto(`${host.url}/subject/${subjectId}/quiz`);
        await visitor.page.getByText('Authentification requise - Connecte-toi pour accéder aux quiz.').waitFor();
        await acceptCookies(visitor.page);
        await screenshot(visitor.page, 'quiz-signed-out');
        await visitor.page.getByRole('main').getByRole('button', { name: 'Se connecter' }).click();
        await dialog(visitor.page).getByLabel('E-mail').waitFor();
        expect(new URL(visitor.page.url()).pathname).toBe(`/subject/${subjectId}/quiz`);
      } finally {
        await visitor.context.close();
      }

      // The subject page's quiz tile leads to the quiz.
      await page.goto(`${host.url}/subject/${subjectId}`);
      await page.getByRole('link', { name: /^Quiz/ }).click();
      await page.waitForURL(`**/subject/${subjectId}/quiz`);
      await page.getByRole('heading', { name: 'Quiz', exact: true }).waitFor();
      expect(await page.title()).toBe('Quiz · CHIMIE — Révise');
      await expect.poll(() => page.getByTestId('usage-left').textContent()).toBe(`${FREE_QUIZ_QUESTIONS} questions de quiz restantes ce mois-ci`);

      // The subject's only course is chosen already (issue 25); with no file chosen, the spec's message.
      await expect.poll(() => page.getByLabel('Fichier').locator('option:checked').textContent()).toBe(FILE_NAME);
      await page.getByLabel('Fichier').selectOption('');
      await page.getByRole('button', { name: 'Commencer le quiz' }).click();
      await page.getByText('Sélectionne un fichier pour générer un quiz').waitFor();
      await page.getByLabel('Fichier').selectOption({ label: FILE_NAME });
      expect(await page.getByRole('radio', { name: 'Facile' }).isChecked()).toBe(true);
      await page.getByText('Mixte', { exact: true }).click();
      expect(await page.getByRole('radio', { name: 'Mixte' }).isChecked()).toBe(true);
      await shoot(page, 'quiz-setup');
      await page.getByRole('button', { name: 'Commencer le quiz' }).click();

      // Question 1, an MCQ: four options; key 1 picks the first, Enter submits.
      await waitForQuestion(page, 1);
      await page.waitForURL(`**/subject/${subjectId}/quiz?session=*`);
      const sessionUrl = page.url();
      expect(await question(page).getByRole('radio').count()).toBe(4);
      expect(await question(page).textContent()).toContain('QCM');
      await page.keyboard.press('1');
      expect(await question(page).getByRole('radio').first().isChecked()).toBe(true);
      await shoot(page, 'quiz-mcq-question');
      await page.keyboard.press('Enter');
      await verdict(page).waitFor();
      const mcqStatus = await verdict(page).getAttribute('data-status');
      expect(['correct', 'incorrect']).toContain(mcqStatus);
      // Exactly one option is the right one; the first is it when the answer was right, and is
      // marked as the wrong choice otherwise.
      const states = await options(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-state')));
      expect(states.filter((s) => s === 'right')).toHaveLength(1);
      expect(states[0]).toBe(mcqStatus === 'correct' ? 'right' : 'wrong');
      expect(await verdict(page).textContent()).toContain(mcqStatus === 'correct' ? 'Bonne réponse !' : 'Mauvaise réponse');
      if (mcqStatus === 'incorrect') {
        const right = await options(page).nth(states.indexOf('right')).locator('.quiz-option-text').textContent();
        expect(await verdict(page).textContent()).toContain(`La bonne réponse : ${right}`);
      }
      await expectCitations(question(page).getByTestId('quiz-explanation'), subjectId, fileId);
      let cardsSeen = 0;
      if (mcqStatus === 'incorrect') {
        await question(page).getByText('Ajoutée à tes cartes de révision').waitFor();
        cardsSeen += 1;
      }
      // The next question is one Enter away: the focus went to its button.
      expect(await page.evaluate('document.activeElement?.textContent')).toContain('Question suivante');
      await expect.poll(() => page.getByTestId('usage-left').textContent()).toBe(`${FREE_QUIZ_QUESTIONS - 1} questions de quiz restantes ce mois-ci`);
      await shoot(page, 'quiz-mcq-feedback');
      await phoneShot(page, sessionUrl, (p) => p.getByTestId('quiz-verdict').waitFor(), 'quiz-mcq-feedback-375');

      // The citation opens the viewer at its page; Back returns to the same session.
      const chip = question(page).getByTestId('quiz-explanation').getByTestId('citation').first();
      const cited = Number(new URL((await chip.getAttribute('href')) ?? '', host.url).searchParams.get('page'));
      await chip.click();
      await page.waitForURL(`**/subject/${subjectId}/files?view=${fileId}&page=${cited}`);
      await expect.poll(() => dialog(page).getByTestId('viewer-page').textContent(), { timeout: 20_000 }).toBe(`Page ${cited} / 4`);
      await page.goBack();
      await page.waitForURL(sessionUrl);
      await verdict(page).waitFor({ timeout: 15_000 });

      // Question 2, open: a partial answer, "Evaluating…" while it is graded, then the grading.
      await page.getByRole('button', { name: 'Question suivante' }).press('Enter');
      await waitForQuestion(page, 2);
      expect(await question(page).textContent()).toContain('Question ouverte');
      const answerBox = question(page).getByRole('textbox', { name: 'Ta réponse' });
      expect(await page.evaluate('document.activeElement?.tagName')).toBe('TEXTAREA');
      await question(page).getByRole('button', { name: 'Valider' }).click();
      await question(page).getByText('Écris une réponse ou choisis « Je ne sais pas ».').waitFor();
      await answerBox.fill('Il faut utiliser la masse et le volume de la solution.');
      // The grading is held back a moment, so that its waiting state can be seen.
      await page.route('**/answer', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 800));
        await route.continue();
      });
      await answerBox.press('Control+Enter');
      await question(page).getByText('Évaluation de ta réponse…').waitFor();
      await screenshot(page, 'quiz-evaluating');
      await question(page).getByTestId('evaluation').waitFor({ timeout: 60_000 });
      await page.unroute('**/answer');
      const scoreLabel = (await question(page).getByTestId('quiz-score').getAttribute('aria-label')) ?? '';
      const score = Number(/^Score : (\d+) sur 100$/.exec(scoreLabel)?.[1] ?? NaN);
      expect(score).toBeGreaterThanOrEqual(0);
      expect(score).toBeLessThanOrEqual(100);
      expect(await question(page).getByTestId('quiz-score').textContent()).toBe(`${score}/100`);
      for (const part of ['Points clés attendus', 'Réponse modèle']) {
        expect(await question(page).getByRole('heading', { name: part }).count(), part).toBe(1);
      }
      await question(page).getByRole('heading', { name: 'Pages à relire' }).waitFor();
      await expectCitations(question(page).getByTestId('further-study'), subjectId, fileId);
      expect(await question(page).getByText('Il faut utiliser la masse et le volume de la solution.').count()).toBe(1);
      if (score < 50) {
        await question(page).getByText('Ajoutée à tes cartes de révision').waitFor();
        cardsSeen += 1;
      }
      await shoot(page, 'quiz-open-evaluation');
      await phoneShot(page, page.url(), (p) => p.getByTestId('evaluation').waitFor(), 'quiz-open-evaluation-375');

      // Question 3, an MCQ again: "I don't know" shows the right answer and makes a review card.
      await page.getByRole('button', { name: 'Question suivante' }).click();
      await waitForQuestion(page, 3);
      expect(await question(page).getByRole('radio').count()).toBe(4);
      const skippedQuestion = ((await question(page).locator('.quiz-question').textContent()) ?? '').trim();
      await question(page).getByRole('button', { name: 'Je ne sais pas' }).click();
      await verdict(page).waitFor();
      expect(await verdict(page).getAttribute('data-status')).toBe('skipped');
      expect(await verdict(page).textContent()).toContain('Question passée');
      expect(await options(page).evaluateAll((els) => els.filter((el) => el.getAttribute('data-state') === 'right').length)).toBe(1);
      await question(page).getByText('Ajoutée à tes cartes de révision').waitFor();
      cardsSeen += 1;
      expect(await question(page).getByRole('link', { name: 'Voir mes flashcards' }).getAttribute('href')).toBe(`/subject/${subjectId}/flashcards`);
      // Beside the quiz, the session so far.
      await expect.poll(() => page.getByTestId('quiz-recap-item').count()).toBe(3);
      expect(await page.getByTestId('quiz-progress').textContent()).toBe('3 questions répondues');

      // Ending the session: the summary's figures are those of the questions seen.
      await page.getByRole('button', { name: 'Terminer la session' }).click();
      const summary = page.getByTestId('quiz-summary');
      await summary.waitFor();
      const correct = (mcqStatus === 'correct' ? 1 : 0) + (score >= 50 ? 1 : 0);
      expect(await summary.getByTestId('summary-correct').textContent()).toBe(`Bonnes réponses${correct} / 3`);
      expect(await summary.getByTestId('summary-open').textContent()).toBe(`Score moyen aux questions ouvertes${score}/100`);
      expect(await summary.getByTestId('summary-skipped').textContent()).toBe('Questions passées1');
      expect(await summary.getByTestId('summary-cards').textContent()).toBe(`Cartes de révision créées${cardsSeen}`);
      const review = summary.getByRole('link', { name: 'Revoir mes erreurs' });
      expect(await review.getAttribute('href')).toBe(`/subject/${subjectId}/flashcards?review=1`);
      await shoot(page, 'quiz-summary');
      await phoneShot(page, page.url(), (p) => p.getByTestId('quiz-summary').waitFor(), 'quiz-summary-375');

      // The subjects grid and the subject page count the cards due.
      await page.getByRole('banner').getByRole('link', { name: 'Mes matières' }).click();
      await page.waitForURL('**/subjects');
      await expect.poll(() => page.getByTestId('subject-due-cards').textContent()).toBe(cardsSeen === 1 ? '1 carte à réviser' : `${cardsSeen} cartes à réviser`);
      await shoot(page, 'cards-subjects-badge');
      await page.getByRole('link', { name: 'Ouvrir la matière CHIMIE' }).click();
      await page.waitForURL(`**/subject/${subjectId}`);
      await expect.poll(() => page.getByTestId('tile-due').textContent()).toBe(`${cardsSeen} à réviser`);
      await shoot(page, 'cards-subject-tile');
      await page.getByRole('link', { name: /^Flashcards/ }).click();
      await page.waitForURL(`**/subject/${subjectId}/flashcards`);
      await expect.poll(() => page.getByTestId('cards-due').textContent()).toBe(`${cardsSeen}${cardsSeen === 1 ? 'carte à réviser' : 'cartes à réviser'}`);
      const mistakeCard = page.getByTestId('card-item').filter({ hasText: skippedQuestion });
      expect(await mistakeCard.getByTestId('card-source').textContent()).toBe('Erreur de quiz');
      expect(await mistakeCard.getByTestId('card-due').textContent()).toBe('À réviser');
      await expectCitations(mistakeCard, subjectId, fileId);
      await shoot(page, 'cards-list');

      // The review, from the keyboard alone: Enter on the review button, Space turns the card
      // over, 1 rates it Again and the next date shows; the other cards get 3 (Good).
      await page.getByRole('button', { name: 'Réviser maintenant' }).focus();
      await page.keyboard.press('Enter');
      const card = page.getByTestId('review-card');
      await card.waitFor();
      expect(await page.getByTestId('review-progress').textContent()).toBe(`Carte 1 sur ${cardsSeen}`);
      expect(await page.evaluate('document.activeElement?.dataset.testid')).toBe('review-card');
      for (let i = 0; i < cardsSeen; i += 1) {
        const front = (await card.locator('.flashcard-front .flashcard-text').textContent()) ?? '';
        await page.keyboard.press('Space');
        await page.getByTestId('review-back').waitFor();
        const isMistake = front.trim() === skippedQuestion;
        if (isMistake) {
          expect(await page.getByRole('group', { name: 'Comment ça s’est passé ?' }).getByRole('button').allTextContents()).toEqual([
            '1À revoir',
            '2Difficile',
            '3Bien',
            '4Facile',
          ]);
          await shoot(page, 'cards-review-flipped');
          await phoneShot(page, `${host.url}/subject/${subjectId}/flashcards?review=1`, async (p) => {
            await p.getByTestId('review-card').waitFor();
            await p.keyboard.press('Space');
            await p.getByTestId('review-back').waitFor();
          }, 'cards-review-flipped-375');
        }
        await page.keyboard.press(isMistake ? '1' : '3');
        if (i + 1 < cardsSeen) await expect.poll(() => page.getByTestId('review-progress').textContent()).toBe(`Carte ${i + 2} sur ${cardsSeen}`);
        else await page.getByTestId('review-done').waitFor();
        expect(await page.getByTestId('review-result').textContent()).toMatch(
          new RegExp(`^«\u00a0${isMistake ? 'À revoir' : 'Bien'}\u00a0» · Prochaine révision : (aujourd'hui|demain) à \\d{2}:\\d{2}$`),
        );
        // The focus stays on the card being reviewed.
        if (i + 1 < cardsSeen) expect(await page.evaluate('document.activeElement?.dataset.testid')).toBe('review-card');
      }
      expect(await page.getByTestId('review-done').textContent()).toContain(cardsSeen === 1 ? '1 carte révisée.' : `${cardsSeen} cartes révisées.`);
      expect(await page.getByTestId('review-next-due').textContent()).toMatch(/^Prochaine carte à réviser : aujourd'hui à \d{2}:\d{2}$/);
      await shoot(page, 'cards-review-done');

      // Back to the list: nothing due right now, the card rated Again comes back within minutes.
      await page.getByRole('button', { name: 'Retour à mes cartes' }).first().click();
      await expect.poll(() => page.getByTestId('cards-due').textContent()).toBe('0cartes à réviser');
      expect(await mistakeCard.getByTestId('card-due').textContent()).toMatch(/^Prochaine révision : aujourd'hui à \d{2}:\d{2}$/);
      expect(await page.getByRole('button', { name: 'Réviser maintenant' }).isDisabled()).toBe(true);

      // The month's quiz questions used up elsewhere: the quiz says none is left, and asking for
      // one opens the upgrade modal with the server's message.
      const used = (await api(host, '/api/usage', { token: user.accessToken })).body.features.quiz_generation.used as number;
      for (let i = used; i < FREE_QUIZ_QUESTIONS; i += 1) await consume(user.sub, 'quiz_generation', FREE_QUIZ_QUESTIONS, new Date());
      await page.goto(`${host.url}/subject/${subjectId}/quiz`);
      await expect.poll(() => page.getByTestId('usage-left').textContent(), { timeout: 15_000 }).toBe('Plus aucune question de quiz ce mois-ci');
      await page.getByLabel('Fichier').selectOption({ label: FILE_NAME });
      await page.getByRole('button', { name: 'Commencer le quiz' }).click();
      const modal = dialog(page);
      await expect.poll(() => modal.getByRole('heading', { level: 2 }).first().textContent()).toBe('Passe à Premium');
      expect(await modal.getByRole('alert').textContent()).toBe(
        `Limite d'utilisation atteinte (${FREE_QUIZ_QUESTIONS}/${FREE_QUIZ_QUESTIONS} ce mois-ci). Réessaie plus tard ou passe à Premium.`,
      );
      await modal.getByRole('button', { name: 'Plus tard' }).click();
      expect(await question(page).count()).toBe(0);
      await page.getByRole('button', { name: 'Générer une question' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('generates a deck, adds, edits and deletes a card by hand', async () => {
    const { user, context, page } = await signedInStudent(host, browser);
    try {
      const { subjectId } = await courseSubject(host, user);
      await page.goto(`${host.url}/subject/${subjectId}/flashcards`);
      await page.getByRole('heading', { name: 'Flashcards', exact: true }).waitFor();
      await page.getByText("Aucune carte pour l'instant", { exact: false }).waitFor();
      await expect.poll(() => page.getByTestId('usage-left').textContent()).toBe('5 paquets restants ce mois-ci');

      // A deck of 40 from the file: the course holds fewer notions, and the page says how many and why.
      await page.getByLabel('Cartes tirées de').selectOption({ label: FILE_NAME });
      await page.getByLabel('Nombre de cartes').selectOption('40');
      await page.getByRole('button', { name: 'Générer un paquet' }).click();
      await page.getByText(/^\d+ cartes? ajoutées? à ton paquet\.$/).waitFor({ timeout: 60_000 });
      const generated = await page.getByTestId('card-item').count();
      expect(generated).toBeGreaterThan(0);
      expect(generated).toBeLessThan(40);
      expect(await page.getByTestId('deck-short').textContent()).toBe(
        `Seulement ${generated} sur les 40 cartes demandées : ce cours ne contient pas d’autre notion (définition, formule, date, personnage, méthode) qui ne soit pas déjà dans tes cartes.`,
      );
      await shoot(page, 'cards-deck-short');
      expect(await page.getByText(`${generated === 1 ? '1 carte ajoutée' : `${generated} cartes ajoutées`} à ton paquet.`).count()).toBe(1);
      expect(await page.getByTestId('card-source').allTextContents()).toEqual(Array(generated).fill('Générée'));
      await expect.poll(() => page.getByTestId('usage-left').textContent()).toBe('4 paquets restants ce mois-ci');
      await expect.poll(() => page.getByTestId('cards-total').textContent()).toBe(`${generated}${generated === 1 ? 'carte au total' : 'cartes au total'}`);

      // By hand: both sides are needed.
      await page.getByRole('button', { name: 'Ajouter une carte' }).click();
      const add = dialog(page);
      await add.getByRole('button', { name: 'Enregistrer' }).click();
      await add.getByText('Remplis le recto et le verso de la carte.').waitFor();
      await add.getByLabel('Recto (question ou notion)').fill('Formule de la dilution');
      await add.getByLabel('Verso (réponse)').fill('C1 × V1 = C2 × V2');
      await add.getByRole('button', { name: 'Enregistrer' }).click();
      const manual = page.getByTestId('card-item').filter({ hasText: 'Formule de la dilution' });
      await manual.waitFor();
      expect(await manual.getByTestId('card-source').textContent()).toBe('Manuelle');
      expect(await manual.getByTestId('card-due').textContent()).toBe('À réviser');
      expect(await manual.getByTestId('citation').count()).toBe(0);

      // Edited in a dialog that starts with its text.
      await manual.getByRole('button', { name: 'Modifier la carte Formule de la dilution' }).click();
      const edit = dialog(page);
      expect(await edit.getByLabel('Verso (réponse)').inputValue()).toBe('C1 × V1 = C2 × V2');
      await edit.getByLabel('Recto (question ou notion)').fill('Conservation de la matière lors d’une dilution');
      await edit.getByRole('button', { name: 'Enregistrer' }).click();
      const edited = page.getByTestId('card-item').filter({ hasText: 'Conservation de la matière lors d’une dilution' });
      await edited.waitFor();
      expect(await page.getByTestId('card-item').filter({ hasText: 'Formule de la dilution' }).count()).toBe(0);
      await page.setViewportSize({ width: 375, height: 812 });
      await expectNoSideScroll(page);
      await shoot(page, 'cards-deck-375');
      await page.setViewportSize({ width: 1280, height: 860 });

      // Deleted after confirming.
      await edited.getByRole('button', { name: /^Supprimer la carte/ }).click();
      const confirm = dialog(page);
      await expect.poll(() => confirm.getByRole('heading').textContent()).toBe('Supprimer cette carte ?');
      await confirm.getByRole('button', { name: 'Supprimer la carte' }).click();
      await expect.poll(() => page.getByTestId('card-item').count()).toBe(generated);
      await page.reload();
      await expect.poll(() => page.getByTestId('card-item').count(), { timeout: 15_000 }).toBe(generated);
    } finally {
      await context.close();
    }
  });
});
