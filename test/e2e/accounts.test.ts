// Browser journeys of an account's life: sign-up with the e-mailed code through onboarding to the
// subjects page, log out and back in (wrong then right password), and the password reset from the
// e-mailed link. The journeys run in order on one account, as a student would live them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  acceptCookies,
  codeFrom,
  completeOnboarding,
  dialog,
  linkFrom,
  logIn,
  logOut,
  newPage,
  screenshot,
  submitSignUp,
  uniqueEmail,
  useJourneyHost,
  type TestHost,
} from './helpers.js';

describe('account journeys', () => {
  let host: TestHost;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const email = uniqueEmail('lea');
  const password = 'revise-2024';
  const newPassword = 'nouveau-secret-42';

  useJourneyHost((h, b) => {
    host = h;
    browser = b;
  });

  beforeAll(async () => {
    ({ context, page } = await newPage(browser));
  });

  afterAll(async () => {
    await context?.close();
  });

  it('signs up with the e-mailed code, goes through onboarding and pricing, and lands on the subjects with a streak of 1', async () => {
    await page.goto(host.url);
    await screenshot(page, 'landing-fr');
    await acceptCookies(page);

    const since = Date.now() - 1000;
    await submitSignUp(page, email, password);
    const modal = dialog(page);
    await expect.poll(() => modal.getByRole('heading').first().textContent()).toBe('Vérifie ton e-mail');
    await expect.poll(() => modal.textContent()).toContain(email);
    await screenshot(page, 'signup-code-step');

    const mail = await host.mailbox.waitFor(email, { since, timeoutMs: 15_000 });
    const code = codeFrom(mail.html);

    // A wrong code first: the spec's message, and the modal stays on the code step.
    const wrong = code === '000000' ? '111111' : '000000';
    await modal.getByLabel('Code de vérification').fill(wrong);
    await modal.getByRole('button', { name: 'Vérifier' }).click();
    await expect.poll(() => modal.getByRole('alert').textContent()).toBe('Code de vérification incorrect');

    await modal.getByLabel('Code de vérification').fill(code);
    await modal.getByRole('button', { name: 'Vérifier' }).click();

    await completeOnboarding(page);
    const free = page.getByRole('button', { name: 'Continuer avec la formule gratuite' });
    await free.waitFor();
    await screenshot(page, 'onboarding-pricing', true);
    await free.click();
    await page.waitForURL('**/subjects');

    const streak = page.getByTestId('streak-card');
    await expect.poll(() => streak.textContent()).toContain('1 jour d’affilée');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Mes matières');
    await screenshot(page, 'subjects-streak');

    // The profile shows what onboarding saved.
    await page.getByRole('banner').getByRole('link', { name: 'Profil' }).click();
    await page.waitForURL('**/profile');
    await expect.poll(() => page.getByLabel('Spécialité ou filière').inputValue()).toBe('Biologie');
    expect(await page.getByLabel("Niveau d'études").inputValue()).toBe('licence');
    await expect.poll(() => page.getByTestId('referral-code').textContent()).toMatch(/\S+/);
    await screenshot(page, 'profile', true);
  });

  it('after logging out, a wrong password says "Mot de passe incorrect" and the right one reaches /subjects', async () => {
    await logOut(page);
    expect(new URL(page.url()).pathname).toBe('/');

    // A signed-in page asks to log in and comes back to it.
    await page.goto(`${host.url}/goals`);
    await page.waitForURL(`${host.url}/`);
    const modal = dialog(page);
    await expect.poll(() => modal.getByRole('heading').first().textContent()).toBe('Connexion');
    await page.keyboard.press('Escape');
    await expect.poll(() => modal.count()).toBe(0);

    await logIn(page, email, 'pas-le-bon-mot');
    await expect.poll(() => dialog(page).getByRole('alert').textContent()).toBe('Mot de passe incorrect');
    await screenshot(page, 'login-wrong-password');

    await dialog(page).getByLabel('Mot de passe', { exact: true }).fill(password);
    await dialog(page).getByRole('button', { name: 'Se connecter', exact: true }).click();
    await page.waitForURL('**/subjects');
    await expect.poll(() => page.getByTestId('streak-card').textContent()).toContain('Record : 1');
  });

  it('resets a forgotten password from the e-mailed link and logs in with the new one', async () => {
    await logOut(page);
    await page.getByRole('banner').getByRole('button', { name: 'Se connecter' }).click();
    const modal = dialog(page);
    await modal.getByRole('button', { name: 'Mot de passe oublié ?' }).click();

    // An empty e-mail is refused with the spec's message.
    await modal.getByRole('button', { name: 'Envoyer le lien' }).click();
    await expect.poll(() => modal.getByRole('alert').textContent()).toBe('Veuillez saisir votre email');

    const since = Date.now() - 1000;
    await modal.getByLabel('E-mail').fill(email);
    await modal.getByRole('button', { name: 'Envoyer le lien' }).click();
    await expect.poll(() => modal.getByRole('status').first().textContent()).toContain(email);

    const mail = await host.mailbox.waitFor(email, { since, timeoutMs: 15_000, match: (m) => m.html.includes('/reset-password') });
    const link = linkFrom(mail.html);
    expect(new URL(link).pathname).toBe('/reset-password');

    await page.goto(link);
    await page.getByLabel('Nouveau mot de passe').fill('court');
    await page.getByLabel('Confirme le mot de passe').fill('court');
    await page.getByRole('button', { name: 'Mettre à jour le mot de passe' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Mot de passe trop court (minimum 8 caractères).');

    await page.getByLabel('Nouveau mot de passe').fill(newPassword);
    await page.getByLabel('Confirme le mot de passe').fill(`${newPassword}x`);
    await page.getByRole('button', { name: 'Mettre à jour le mot de passe' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Les mots de passe ne correspondent pas.');

    await page.getByLabel('Confirme le mot de passe').fill(newPassword);
    await page.getByRole('button', { name: 'Mettre à jour le mot de passe' }).click();
    await expect.poll(() => page.getByRole('main').getByRole('status').textContent()).toContain('Mot de passe mis à jour');
    await screenshot(page, 'reset-done');
    await page.waitForURL(`${host.url}/`, { timeout: 5000 });

    // The old password no longer works; the new one does.
    await logIn(page, email, password);
    await expect.poll(() => dialog(page).getByRole('alert').textContent()).toBe('Mot de passe incorrect');
    await dialog(page).getByLabel('Mot de passe', { exact: true }).fill(newPassword);
    await dialog(page).getByRole('button', { name: 'Se connecter', exact: true }).click();
    await page.waitForURL('**/subjects');

    // The same link cannot be used twice.
    await logOut(page);
    await page.goto(link);
    await page.getByLabel('Nouveau mot de passe').fill('encore-un-autre-1');
    await page.getByLabel('Confirme le mot de passe').fill('encore-un-autre-1');
    await page.getByRole('button', { name: 'Mettre à jour le mot de passe' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toMatch(/^(Ce lien a expiré ou est invalide\. Relance la procédure depuis « Mot de passe oublié »\.|Impossible de mettre à jour le mot de passe\. Réessaie\.)$/);
  });

  it('deletes the account after an explicit confirmation, and the account can no longer log in', async () => {
    await logIn(page, email, newPassword);
    await page.waitForURL('**/subjects');
    await page.getByRole('banner').getByRole('link', { name: 'Profil' }).click();
    await page.getByRole('button', { name: 'Supprimer mon compte' }).click();
    const confirm = dialog(page);
    const finalButton = confirm.getByRole('button', { name: 'Supprimer définitivement' });
    expect(await finalButton.isDisabled()).toBe(true);
    await confirm.getByLabel('Confirmation').fill('SUPPRIMER');
    await screenshot(page, 'delete-confirm');
    await finalButton.click();
    await page.getByRole('banner').getByRole('button', { name: 'Se connecter' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    await logIn(page, email, newPassword);
    await expect.poll(() => dialog(page).getByRole('alert').textContent()).toBe('Mot de passe incorrect');
    await page.keyboard.press('Escape');
  });

  it('a reset link without its code shows the invalid-link state', async () => {
    await page.goto(`${host.url}/reset-password?email=${encodeURIComponent(email)}`);
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Lien invalide ou expiré.');
  });
});
