// Browser journeys of the podcasts: a free student asks for a podcast without choosing a file (the
// spec's message), generates a short one of a French course, follows its progress, listens while
// the rest is still being spoken, with the transcript following; pauses and plays with Space,
// changes the speed, jumps to a segment (the one passed over shows skipped), opens a cited page
// and comes back to the same episode, resumed where it stopped; downloads the MP3 (a real MP3 the
// browser reads, of a length inside the chosen range); cannot save it (the upgrade modal) and
// finds nothing in /my-podcasts; the fourth podcast of the month is refused with the limit's
// message and costs nothing. A Premium student generates a medium English episode of the whole
// subject, downloads it, saves it, finds it in /my-podcasts, opens it from there and deletes it.
// The player is also shot at 360 px wide, its controls within the thumb's reach.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { consume } from '../../functions/platform/usage.js';
import { api, type TestUser } from '../support/host.js';
import { dialog, screenshot, useJourneyHost, type TestHost } from './helpers.js';
import { makePremium, readyCourse, signedInStudent } from './files-helpers.js';

const FRENCH = [
  "Un objet est en mouvement lorsque sa position change au cours du temps par rapport à un référentiel. Le référentiel est l'objet par rapport auquel on étudie le mouvement. La trajectoire est l'ensemble des positions occupées par l'objet.",
  'La vitesse moyenne est le quotient de la distance parcourue par la durée du parcours. Elle se calcule avec la formule v = d / t, où d est la distance en mètres et t la durée en secondes. Par exemple, un cycliste qui parcourt 120 m en 20 s roule à une vitesse moyenne de 6 m/s.',
  "L'énergie cinétique est l'énergie que possède un objet du fait de son mouvement. Pour un objet de masse m qui se déplace à la vitesse v, elle vaut Ec = 1/2 × m × v². Elle s'exprime en joules. Isaac Newton publie ses lois du mouvement en 1687.",
];
const ENGLISH = [
  'Photosynthesis is the process by which green plants turn light energy into chemical energy. It takes place in the chloroplasts, which contain a green pigment called chlorophyll. The plant takes in carbon dioxide through its leaves and water through its roots.',
  'The overall equation of photosynthesis is six molecules of carbon dioxide plus six molecules of water giving one molecule of glucose and six molecules of oxygen. The light-dependent reactions happen in the thylakoid membranes, where water is split and oxygen is released.',
  'Cellular respiration releases the energy stored in glucose. It takes place in the mitochondria and uses oxygen. The overall equation is one molecule of glucose plus six molecules of oxygen giving six molecules of carbon dioxide, six molecules of water and energy in the form of ATP.',
  'Glycolysis is the first stage of respiration. It happens in the cytoplasm and splits one molecule of glucose into two molecules of pyruvate, producing two molecules of ATP. Without oxygen, yeast turns pyruvate into ethanol and carbon dioxide: this is alcoholic fermentation, used to make bread and beer.',
  'The Krebs cycle takes place in the matrix of the mitochondria. Hans Krebs described it in 1937 and received the Nobel Prize in 1953. The electron transport chain, in the inner membrane, produces most of the ATP: about thirty-two molecules for each molecule of glucose.',
  'The Calvin cycle takes place in the stroma. It uses the energy carried by ATP and NADPH to fix carbon dioxide into sugars. Jan Ingenhousz showed in 1779 that plants need light to produce oxygen. The rate of photosynthesis depends on light intensity, temperature and the concentration of carbon dioxide.',
];
const FRENCH_FILE = 'Mécanique - chapitre 1';
const FREE_PODCASTS = 3;
/** Writing and speaking an episode on two busy cores. */
const EPISODE_TIMEOUT = 240_000;

const lines = (page: Page) => page.getByTestId('transcript-line');
const lineStates = (page: Page) => lines(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-state')));
const playerState = (page: Page) => page.getByTestId('player-state').textContent();
/** Picks a choice card by its name in its group, as a student taps it. */
async function choose(page: Page, group: string, name: string): Promise<void> {
  await page.getByRole('group', { name: group }).getByText(name, { exact: true }).click();
  expect(await page.getByRole('radio', { name }).isChecked()).toBe(true);
}
const generateButton = (page: Page, name: RegExp | string) => page.getByRole('button', { name, exact: typeof name === 'string' });

/** Waits until the episode on screen is ready: its download button shows. */
async function waitUntilReady(page: Page, download: string): Promise<void> {
  await page.getByRole('button', { name: download }).waitFor({ timeout: EPISODE_TIMEOUT });
}

/** Downloads the episode's MP3 and returns its bytes and the length the browser reads in it. */
async function downloadMp3(page: Page, label: string): Promise<{ bytes: Buffer; seconds: number; name: string }> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByRole('button', { name: label }).click()]);
  const path = await download.path();
  const bytes = await readFile(path);
  const seconds = await page.evaluate<number>(`(async (b64) => {
    const blob = await (await fetch('data:audio/mpeg;base64,' + b64)).blob();
    const audio = new Audio(URL.createObjectURL(blob));
    await new Promise((resolve, reject) => {
      audio.onloadedmetadata = resolve;
      audio.onerror = () => reject(new Error('The browser cannot read the MP3'));
    });
    return audio.duration;
  })(${JSON.stringify(bytes.toString('base64'))})`);
  return { bytes, seconds, name: download.suggestedFilename() };
}

/** MP3: an ID3 tag or an MPEG audio frame header at the start. */
const isMp3 = (bytes: Buffer) => bytes.subarray(0, 3).toString('latin1') === 'ID3' || (bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0);

/** True when a tap at the middle of the element reaches it (nothing covers it) and it is on screen. */
async function reachable(page: Page, target: Locator): Promise<boolean> {
  const box = await target.boundingBox();
  if (!box) return false;
  const viewport = page.viewportSize();
  if (!viewport || box.y < 0 || box.y + box.height > viewport.height) return false;
  return target.evaluate((el, [x, y]) => {
    const hit = el.ownerDocument.elementFromPoint(x, y);
    return hit !== null && (hit === el || el.contains(hit));
  }, [box.x + box.width / 2, box.y + box.height / 2]);
}

async function podcastsOf(host: TestHost, user: TestUser, subjectId: string): Promise<{ id: string; status: string; duration_seconds: number | null; language: string }[]> {
  const res = await api(host, `/api/subjects/${subjectId}/podcasts`, { token: user.accessToken });
  expect(res.status).toBe(200);
  return res.body.podcasts;
}

describe('podcasts', () => {
  let host: TestHost;
  let browser: Browser;
  useJourneyHost((h, b) => {
    host = h;
    browser = b;
  });

  it('generates a short French podcast, plays it while it is spoken, and keeps a free student to drafts and three a month', async () => {
    const { user, context, page } = await signedInStudent(host, browser);
    try {
      const { subjectId, fileId } = await readyCourse(host, user, { subject: 'Physique', file: FRENCH_FILE, title: 'Le mouvement', pages: FRENCH });
      // The subject's podcast tile leads to the podcast page.
      await page.goto(`${host.url}/subject/${subjectId}`);
      await page.getByRole('link', { name: /^Podcast/ }).click();
      await page.waitForURL(`**/subject/${subjectId}/podcast`);
      await page.getByRole('heading', { name: 'Podcast', exact: true }).waitFor();
      expect(await page.title()).toBe('Podcast · PHYSIQUE — Révise');
      await expect.poll(() => page.getByTestId('usage-left').textContent()).toBe(`${FREE_PODCASTS} podcasts restants ce mois-ci`);

      // The subject's only course is chosen already (issue 25); with no file chosen, the spec's
      // message, and nothing is counted.
      await expect.poll(() => page.getByLabel('Podcast de').locator('option:checked').textContent()).toBe(FRENCH_FILE);
      await page.getByLabel('Podcast de').selectOption('');
      await generateButton(page, 'Générer le podcast').click();
      await page.getByText('Sélectionne un fichier pour générer un podcast').waitFor();
      expect(await podcastsOf(host, user, subjectId)).toHaveLength(0);

      await page.getByLabel('Podcast de').selectOption({ label: FRENCH_FILE });
      await choose(page, 'Durée', 'Court');
      await choose(page, 'Style des voix', 'Animateur');
      await generateButton(page, 'Générer le podcast').click();

      // Progress while it runs, and the first segments playable before the end.
      const progress = page.getByTestId('podcast-progress');
      await progress.waitFor();
      expect(await progress.textContent()).toMatch(/Écriture du script…|Script écrit · segment \d+ sur \d+/);
      await expect.poll(() => page.getByTestId('usage-left').textContent()).toBe(`${FREE_PODCASTS - 1} podcasts restants ce mois-ci`);
      await page.getByRole('button', { name: 'Écouter le passage 1', exact: true }).waitFor({ timeout: EPISODE_TIMEOUT });
      await expect.poll(() => lines(page).count()).toBeGreaterThan(3);
      expect(new URL(page.url()).searchParams.get('podcast')).toBeTruthy();
      await page.getByTestId('player-toggle').click();
      await expect.poll(() => playerState(page), { timeout: 20_000 }).toBe('En lecture');
      expect((await lineStates(page))[0]).toBe('playing');
      expect(await lines(page).first().getAttribute('aria-current')).toBe('true');
      await screenshot(page, 'podcast-playing');

      // Space pauses and plays again (not while a field has the focus).
      await page.getByRole('heading', { name: 'Transcription' }).click();
      await page.keyboard.press('Space');
      await expect.poll(() => playerState(page)).toBe('En pause');
      await page.keyboard.press('Space');
      await expect.poll(() => playerState(page)).toMatch(/En lecture|Chargement/);

      // The speed, from 0.75× to 2×.
      const speed = page.getByLabel('Vitesse');
      expect(await speed.locator('option').allTextContents()).toEqual(['0,75×', '1×', '1,25×', '1,5×', '1,75×', '2×']);
      await speed.selectOption({ label: '1,5×' });
      expect(await page.evaluate<number>("document.querySelector('audio').playbackRate")).toBe(1.5);

      // Jumping ahead: the segment passed over shows skipped, the chosen one is current.
      await page.getByRole('button', { name: 'Écouter le passage 3', exact: true }).click({ timeout: EPISODE_TIMEOUT });
      await expect.poll(() => page.getByTestId('player-where').textContent()).toMatch(/^Passage 3 sur \d+/);
      expect((await lineStates(page))[1]).toBe('skipped');
      await expect.poll(async () => (await lineStates(page))[2], { timeout: 20_000 }).toBe('playing');

      // The whole episode is ready: its length is inside "under 5 minutes".
      await waitUntilReady(page, 'Télécharger le MP3');
      await expect.poll(() => progress.count()).toBe(0);
      const [episode] = await podcastsOf(host, user, subjectId);
      expect(episode.status).toBe('ready');
      expect(episode.language).toBe('fr');
      expect(episode.duration_seconds).toBeGreaterThan(0);
      expect(episode.duration_seconds).toBeLessThan(300);
      expect(await page.getByText(/Brouillon gardé jusqu’à demain à \d\d:\d\d/).count()).toBe(1);

      // A cited page opens the viewer there; Back returns to the same episode, resumed.
      const chip = lines(page).getByTestId('citation').first();
      const href = await chip.getAttribute('href');
      expect(href).toMatch(new RegExp(`^/subject/${subjectId}/files\\?view=${fileId}&page=[1-3]$`));
      await page.getByTestId('player-toggle').click();
      await expect.poll(() => playerState(page)).toBe('En pause');
      await page.waitForTimeout(1_500);
      await chip.click();
      await page.waitForURL(`**/subject/${subjectId}/files?view=*`);
      await page.getByRole('heading', { name: 'Mes fichiers' }).waitFor();
      await page.goBack();
      await page.getByTestId('player-resume').waitFor();
      expect(await page.getByTestId('player-resume').textContent()).toMatch(/^Reprise là où tu t’étais arrêté : passage \d+, à \d+:\d\d\.$/);
      expect(await page.getByTestId('player-where').textContent()).not.toMatch(/^Passage 1 sur/);

      // The whole MP3, read by the browser: as long as the episode.
      const mp3 = await downloadMp3(page, 'Télécharger le MP3');
      expect(isMp3(mp3.bytes)).toBe(true);
      expect(mp3.name).toMatch(/\.mp3$/);
      expect(mp3.seconds).toBeGreaterThan(0);
      expect(mp3.seconds).toBeLessThan(300);
      expect(Math.abs(mp3.seconds - (episode.duration_seconds ?? 0))).toBeLessThan(3);

      // Saving is Premium: the upgrade modal, and nothing in /my-podcasts.
      await page.getByRole('button', { name: 'Enregistrer le podcast' }).click();
      await dialog(page).getByText('Cette fonctionnalité est réservée aux abonnés Premium.').waitFor();
      await screenshot(page, 'podcast-save-upgrade');
      await dialog(page).getByRole('button', { name: 'Plus tard' }).click();
      await page.goto(`${host.url}/my-podcasts`);
      await page.getByText(/Aucun podcast enregistré pour l’instant/).waitFor();
      expect(await page.getByText(/Avec Premium, garde tes podcasts/).count()).toBe(1);

      // On a phone: the player's controls within reach while the transcript is read.
      await page.setViewportSize({ width: 360, height: 760 });
      await page.goto(`${host.url}/subject/${subjectId}/podcast?podcast=${episode.id}`);
      await page.getByTestId('player-dock').waitFor();
      await lines(page).nth(2).scrollIntoViewIfNeeded();
      expect(await reachable(page, page.getByTestId('player-toggle'))).toBe(true);
      expect(await reachable(page, page.getByRole('button', { name: 'Passage suivant' }))).toBe(true);
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
      await screenshot(page, 'podcast-phone');
      await page.setViewportSize({ width: 1280, height: 860 });

      // The month's third and fourth: the fourth is refused with the limit's message and costs nothing.
      for (let used = 1; used < FREE_PODCASTS; used += 1) await consume(user.sub, 'podcast_generation', FREE_PODCASTS, new Date());
      await page.goto(`${host.url}/subject/${subjectId}/podcast`);
      await expect.poll(() => page.getByTestId('usage-left').textContent()).toBe('Plus aucun podcast ce mois-ci');
      await page.getByLabel('Podcast de').selectOption({ label: 'Toute la matière' });
      await generateButton(page, 'Générer le podcast').click();
      await dialog(page).getByText(`Limite d'utilisation atteinte (${FREE_PODCASTS}/${FREE_PODCASTS} ce mois-ci). Réessaie plus tard ou passe à Premium.`).waitFor();
      expect(await podcastsOf(host, user, subjectId)).toHaveLength(1);
      const usage = await api(host, '/api/usage', { token: user.accessToken });
      expect(usage.body.features.podcast_generation.used).toBe(FREE_PODCASTS);
    } finally {
      await context.close();
    }
  }, 600_000);

  it('lets a Premium student save a medium English episode of the whole subject, find it in My podcasts and delete it', async () => {
    const { user, context, page } = await signedInStudent(host, browser, { language: 'en' });
    try {
      await makePremium(user);
      const { subjectId } = await readyCourse(host, user, { subject: 'Biology', file: 'Photosynthesis', title: 'Photosynthesis', pages: ENGLISH });
      await page.goto(`${host.url}/subject/${subjectId}/podcast`);
      await page.getByRole('heading', { name: 'Podcast', exact: true }).waitFor();
      await expect.poll(() => page.getByTestId('usage-left').textContent()).toBe('Unlimited podcasts with Premium');
      await page.getByLabel('Podcast of').selectOption({ label: 'The whole subject' });
      await choose(page, 'Length', 'Medium');
      await choose(page, 'Voice style', 'Expert');
      await generateButton(page, 'Generate the podcast').click();
      await page.getByTestId('podcast-progress').waitFor();
      await waitUntilReady(page, 'Download the MP3');

      const [episode] = await podcastsOf(host, user, subjectId);
      expect(episode.language).toBe('en');
      expect(episode.duration_seconds).toBeGreaterThanOrEqual(300);
      expect(episode.duration_seconds).toBeLessThanOrEqual(600);
      expect(await lines(page).first().textContent()).toMatch(/photosynthesis/i);
      expect(await lineStates(page)).not.toContain('unavailable');

      const mp3 = await downloadMp3(page, 'Download the MP3');
      expect(isMp3(mp3.bytes)).toBe(true);
      expect(mp3.seconds).toBeGreaterThanOrEqual(300);
      expect(mp3.seconds).toBeLessThanOrEqual(600);

      // Saved: the badge, then the episode in My podcasts, opened from there.
      await page.getByRole('button', { name: 'Save the podcast' }).click();
      await page.getByTestId('podcast-saved').waitFor();
      await page.getByText('Podcast saved: you will find it in My podcasts.').waitFor();
      await page.getByRole('link', { name: 'My podcasts' }).click();
      await page.waitForURL('**/my-podcasts');
      const card = page.getByTestId('my-podcast');
      await expect.poll(() => card.count()).toBe(1);
      expect(await card.textContent()).toContain('BIOLOGY');
      await screenshot(page, 'my-podcasts', true);
      await card.getByRole('link', { name: /^Listen to / }).click();
      await page.waitForURL(`**/subject/${subjectId}/podcast?podcast=${episode.id}`);
      await page.getByTestId('podcast-player').waitFor();
      expect(await page.getByTestId('podcast-saved').count()).toBe(1);

      // Deleted from My podcasts: gone for good.
      await page.goto(`${host.url}/my-podcasts`);
      await card.getByRole('button', { name: /^Delete the podcast / }).click();
      await dialog(page).getByRole('button', { name: 'Delete the podcast' }).click();
      await page.getByText(/No saved podcast yet/).waitFor();
      expect(await podcastsOf(host, user, subjectId)).toHaveLength(0);
    } finally {
      await context.close();
    }
  }, 600_000);
});
