// Edge cases a student meets by accident: the sign-in callback opened without its code goes back
// to the landing and says why; the upload form's messages ask only for what the page lets the
// student change, and a subject name without a visible letter is refused in the catalogue's words.
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { acceptCookies, newPage, screenshot, useJourneyHost, type TestHost } from './helpers.js';
import { coursePdf, createSubjects, signedInStudent } from './files-helpers.js';

describe('edge cases', () => {
  let host: TestHost;
  let browser: Browser;
  useJourneyHost((h, b) => {
    host = h;
    browser = b;
  });

  it('/auth/callback without a code goes back to the landing with a message', async () => {
    const { context, page } = await newPage(browser);
    try {
      await page.goto(host.url);
      await acceptCookies(page);
      await page.goto(`${host.url}/auth/callback`);
      await page.waitForURL(`${host.url}/`, { timeout: 5_000 });
      const banner = page.getByRole('alert').filter({ hasText: 'Ce lien de connexion est incomplet' });
      await expect.poll(() => banner.textContent()).toContain("Ce lien de connexion est incomplet : il ne contient pas de code. Connecte-toi depuis l'accueil.");
      expect(await page.getByText('Connexion en cours…').count()).toBe(0);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await screenshot(page, 'callback-without-code');
      // The message goes once dismissed, and the landing stays usable.
      await banner.getByRole('button', { name: 'Fermer' }).click();
      await expect.poll(() => banner.count()).toBe(0);
      expect(await page.getByRole('banner').getByRole('button', { name: 'Se connecter' }).count()).toBe(1);
    } finally {
      await context.close();
    }
  });

  it("the upload form on a subject's page asks for a file, not for a name it cannot change", async () => {
    const { user, context, page } = await signedInStudent(host, browser);
    try {
      const [subject] = await createSubjects(host, user, ['Chimie organique']);
      await page.goto(`${host.url}/subject/${subject.id}/upload`);
      await page.getByText('CHIMIE ORGANIQUE', { exact: true }).first().waitFor();
      expect(await page.getByLabel('Nom de la matière').count()).toBe(0);
      await page.getByRole('button', { name: 'Envoyer', exact: true }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'Sélectionne' });
      await expect.poll(() => alert.textContent()).toBe('Sélectionne au moins un fichier PDF');
      await screenshot(page, 'upload-no-file-fixed-subject', true);

      // On the new-subject form the name can be typed: a name with nothing visible is refused,
      // before anything is sent, in the words the server would use.
      await page.goto(`${host.url}/?newSubject=true`);
      await page.getByLabel('Nom de la matière').fill('\u200b\u202e');
      await page.getByLabel(/Choisir des fichiers PDF/).setInputFiles([await coursePdf('cours.pdf', 'Cours', ['La liaison covalente met en commun deux électrons.'])]);
      await page.getByRole('button', { name: 'Créer la matière et envoyer' }).click();
      await expect
        .poll(() => page.getByRole('alert').filter({ hasText: 'nom de la matière' }).textContent())
        .toBe('Le nom de la matière doit contenir au moins une lettre ou un chiffre visible, sans caractère invisible ni caractère de contrôle.');
      const subjects = await fetch(`${host.url}/api/subjects`, { headers: { authorization: `Bearer ${user.accessToken}` } }).then((r) => r.json() as Promise<{ subjects: unknown[] }>);
      expect(subjects.subjects).toHaveLength(1);
    } finally {
      await context.close();
    }
  });
});
