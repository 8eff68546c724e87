// The study reminders switch on /profile, in Chromium: a Premium student turns the reminders off
// and on (saved on the profile, still so after a reload); a free student sees it locked and the
// way to Premium opens the upgrade modal; the e-mail's unsubscribe link works without signing in.
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { findProfile } from '../../functions/platform/store/profiles.js';
import { makePremium } from '../support/study.js';
import { unsubscribeToken } from '../../functions/platform/unsubscribe-token.js';
import { dialog, newPage, screenshot, useJourneyHost, type TestHost } from './helpers.js';
import { signedInStudent } from './files-helpers.js';

describe('study reminders on the profile', () => {
  let host: TestHost;
  let browser: Browser;
  useJourneyHost((h, b) => {
    host = h;
    browser = b;
  });

  it('a Premium student turns them off and on; the choice is kept', async () => {
    const { user, context, page } = await signedInStudent(host, browser);
    try {
      await makePremium(user);
      await page.goto(`${host.url}/profile`);
      const toggle = page.getByRole('switch', { name: "Rappels d'étude par e-mail" });
      await expect.poll(() => toggle.isEnabled(), { timeout: 15_000 }).toBe(true);
      expect(await toggle.isChecked()).toBe(true);
      await toggle.click();
      await page.getByText("Rappels d'étude désactivés.").waitFor();
      expect((await findProfile(user.sub))?.study_reminders).toBe(false);
      await page.getByTestId('reminders-card').scrollIntoViewIfNeeded();
      await screenshot(page, 'profile-reminders-premium');

      await page.reload();
      await expect.poll(() => toggle.isEnabled(), { timeout: 15_000 }).toBe(true);
      expect(await toggle.isChecked()).toBe(false);
      await toggle.click();
      await page.getByText("Rappels d'étude activés.").waitFor();
      expect((await findProfile(user.sub))?.study_reminders).toBe(true);
    } finally {
      await context.close();
    }
  });

  it("the e-mail's unsubscribe link turns them off without signing in, after one click", async () => {
    const { user, context } = await signedInStudent(host, browser);
    await context.close();
    await makePremium(user);
    const token = await unsubscribeToken(user.sub);
    const { context: visitor, page } = await newPage(browser);
    try {
      await page.goto(`${host.url}/reminders/unsubscribe?token=${encodeURIComponent(token)}`);
      await page.getByRole('heading', { name: "Rappels d'étude par e-mail", level: 1 }).waitFor();
      // Opening the link changes nothing: only the click does.
      expect((await findProfile(user.sub))?.study_reminders).not.toBe(false);
      await page.getByRole('button', { name: 'Ne plus recevoir les rappels' }).click();
      await page.getByText("C'est fait : tu ne recevras plus de rappels d'étude.", { exact: false }).waitFor();
      expect((await findProfile(user.sub))?.study_reminders).toBe(false);
      await screenshot(page, 'reminders-unsubscribed');

      await page.goto(`${host.url}/reminders/unsubscribe?token=${encodeURIComponent(`${token.slice(0, -2)}xx`)}`);
      await page.getByRole('button', { name: 'Ne plus recevoir les rappels' }).click();
      await page.getByRole('alert').getByText("Ce lien de désinscription n'est pas valide.", { exact: false }).waitFor();
    } finally {
      await visitor.close();
    }
  });

  it('a free student sees them locked, with the way to Premium', async () => {
    const { context, page } = await signedInStudent(host, browser);
    try {
      await page.goto(`${host.url}/profile`);
      const card = page.getByTestId('reminders-card');
      await expect.poll(() => card.getAttribute('aria-busy'), { timeout: 15_000 }).toBe('false');
      const toggle = page.getByRole('switch', { name: "Rappels d'étude par e-mail" });
      expect(await toggle.isDisabled()).toBe(true);
      expect(await toggle.isChecked()).toBe(false);
      await card.getByText("Les rappels d'étude par e-mail sont réservés aux abonnés Premium.").waitFor();
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, 'profile-reminders-free');
      await card.getByRole('button', { name: 'Débloquer avec Premium' }).click();
      await dialog(page).getByText("Les rappels d'étude par e-mail sont réservés aux abonnés Premium.").waitFor();
    } finally {
      await context.close();
    }
  });
});
