// Browser journeys of planning and progress, on the laptop host in Chromium: a free student sets
// goals (a value out of bounds is named under its field) and sees the week's progress; sets an
// exam date three weeks away and gets a day-by-day plan that fits, downloads it as .ics (read by a
// calendar parser, ical.js), adds the week to the revision tasks, ticks a reading off and sees the
// plan move on, keeps a task of their own (overdue first, edited, deleted); a study page reports
// active time; statistics show a free student the summary and the upgrade modal, and a Premium
// student the charts for 7 days, 30 days and all history, each with its table. Pages are also shot
// at 360 px wide.
import { readFile } from 'node:fs/promises';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { api, type TestUser } from '../support/host.js';
import { makePremium, readyFile } from '../support/study.js';
import { createSubject } from '../support/uploads.js';
import { dialog, phoneShot, screenshot, useJourneyHost, type TestHost } from './helpers.js';
import { coursePdf, parisDate, signedInStudent } from './files-helpers.js';

const COURSE = [
  "La photosynthèse est le processus par lequel les plantes vertes fabriquent de la matière organique à partir de dioxyde de carbone et d'eau, grâce à l'énergie lumineuse. Elle se déroule dans les chloroplastes.",
  "La chlorophylle est le pigment qui absorbe la lumière. Elle absorbe surtout le bleu et le rouge et réfléchit le vert. La phase claire produit de l'ATP et libère du dioxygène.",
  "Le cycle de Calvin fixe le dioxyde de carbone pendant la phase sombre. Melvin Calvin décrit ce cycle en 1950. L'enzyme RuBisCO catalyse la fixation du carbone.",
];
const FILE_NAME = 'Cours de photosynthèse';

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

async function subjectWithCourse(host: TestHost, user: TestUser): Promise<{ subjectId: string; fileId: string }> {
  const subject = await createSubject(host, user.accessToken, 'Biologie');
  const pdf = await coursePdf('photosynthese.pdf', 'La photosynthèse', COURSE);
  return { subjectId: subject.id, fileId: await readyFile(host, user, subject.id, FILE_NAME, pdf.buffer) };
}

describe('planning and progress', () => {
  let host: TestHost;
  let browser: Browser;
  useJourneyHost((h, b) => {
    host = h;
    browser = b;
  });

  it('a student sets goals, plans the exam, exports the calendar and works through the tasks', async () => {
    const { user, context, page } = await signedInStudent(host, browser);
    try {
      const { subjectId } = await subjectWithCourse(host, user);

      // Goals: a value out of bounds is named under its field, in French; then saved.
      await page.goto(`${host.url}/goals`);
      await page.getByRole('heading', { name: 'Mes objectifs', level: 1 }).waitFor();
      await expect.poll(() => page.getByTestId('week-progress').textContent()).toContain("Fixe un temps d'étude hebdomadaire");
      await page.getByLabel("Temps d'étude par semaine (heures)").fill('0,5');
      await page.getByLabel('Note visée (sur 20)').fill('21');
      await page.getByLabel('Score visé aux quiz (%)').fill('80');
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await page.getByText("Le temps d'étude doit être compris entre 1 et 60 heures, par demi-heure.").waitFor();
      await page.getByText('La note doit être comprise entre 0 et 20, par demi-point.').waitFor();
      expect(await page.getByLabel("Temps d'étude par semaine (heures)").getAttribute('aria-invalid')).toBe('true');
      await page.getByLabel("Temps d'étude par semaine (heures)").fill('6');
      await page.getByLabel('Note visée (sur 20)').fill('14,5');
      await page.getByLabel('Note actuelle (sur 20)').fill('11');
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await page.getByText('Objectifs enregistrés.').waitFor();
      expect((await api(host, '/api/goals', { token: user.accessToken })).body.goals).toEqual({ weekly_hours: 6, target_grade: 14.5, target_quiz_score: 80, current_grade: 11 });
      await expect.poll(() => page.getByTestId('week-progress').textContent()).toContain("0 min d'étude sur 6 h");
      expect(await page.getByTestId('week-progress').textContent()).toContain('Note actuelle : 11/20, objectif : 14,5/20');
      await page.getByTestId('streak-card').waitFor();

      // A study page counts the time the student is active on it (the clock runs fast here).
      await page.clock.install();
      await page.goto(`${host.url}/subject/${subjectId}/question`);
      await page.getByRole('heading', { name: 'Biologie' }).waitFor();
      const beat = page.waitForRequest((r) => r.url().includes(`/api/subjects/${subjectId}/activity`) && r.method() === 'POST');
      await page.mouse.move(200, 300);
      await page.keyboard.press('Tab');
      await page.clock.runFor(31_000);
      const sent = JSON.parse((await beat).postData() ?? '{}') as { active_ms: number; timezone: string };
      expect(sent.active_ms).toBeGreaterThanOrEqual(29_000);
      expect(sent.active_ms).toBeLessThanOrEqual(31_000);
      expect(sent.timezone).toBe('Europe/Paris');
      // The beat's answer: credited whole (the first moment of this student).
      const answer = await (await beat).response();
      expect(answer?.status()).toBe(200);
      expect((await answer!.json()).credited_ms).toBe(Math.min(sent.active_ms, 30_000));
      expect((await api(host, '/api/goals?timezone=Europe/Paris', { token: user.accessToken })).body.week.minutes).toBeGreaterThan(0);
      await page.goto(`${host.url}/goals`);
      await expect.poll(() => page.getByTestId('week-progress').textContent()).toMatch(/[1-9] min d'étude sur 6 h/);

      // The exam in three weeks, studying Monday to Friday (the default): a plan that fits.
      const examDate = addDays(parisDate(), 21);
      await page.goto(`${host.url}/subject/${subjectId}/schedule`);
      await page.getByText("Pas encore de planning : indique la date de ton examen.").waitFor();
      await page.getByLabel("Date de l'examen").fill(examDate);
      for (const day of ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi']) expect(await page.getByLabel(day, { exact: true }).isChecked()).toBe(true);
      expect(await page.getByLabel('samedi', { exact: true }).isChecked()).toBe(false);
      await page.getByRole('button', { name: 'Planifier' }).click();
      await page.getByText('Planning mis à jour.').waitFor();
      await expect.poll(() => page.getByTestId('plan-verdict').textContent()).toMatch(/^Tout tient avant l'examen du .+ : \d+ jours de révision\.$/);
      expect(await page.getByText('Basé sur 6 h par semaine, soit 1 h 10 par jour de révision.').count()).toBe(1);
      const days = page.getByTestId('plan-days').locator('> li');
      // The reading first, the final review on the last two study days before the exam.
      expect(await days.count()).toBeGreaterThanOrEqual(3);
      await expect.poll(() => days.last().textContent()).toContain('Révision finale');
      await expect.poll(() => days.first().textContent()).toContain(`Lire « ${FILE_NAME} » p. 1–3`);
      // No day holds more than its budget, and no weekend day is planned.
      const plan = (await api(host, `/api/subjects/${subjectId}/plan?timezone=Europe/Paris`, { token: user.accessToken })).body;
      for (const d of plan.plan.days) {
        expect(d.minutes).toBeLessThanOrEqual(d.budgetMinutes);
        if (d.sessions.length) expect([0, 6]).not.toContain(new Date(`${d.date}T12:00:00Z`).getUTCDay());
      }
      await screenshot(page, 'planning-schedule', true);

      // The calendar file: one event per session, as a calendar application reads it.
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Télécharger le calendrier (.ics)' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('revise-biologie.ics');
      const calendar = new ICAL.Component(ICAL.parse(await readFile((await download.path())!, 'utf8')));
      const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
      const sessions = plan.plan.days.flatMap((d: { sessions: unknown[] }) => d.sessions);
      expect(events).toHaveLength(sessions.length);
      expect(events[0].summary).toBe(`Lire « ${FILE_NAME} » p. 1–3`);

      // The week's sessions become tasks; the reading, ticked off, leaves the plan.
      await page.getByRole('button', { name: 'Ajouter la semaine à mes tâches' }).click();
      await page.getByText(/^\d+ tâches? ajoutées?\./).waitFor();
      await page.getByRole('link', { name: 'Voir mes tâches' }).click();
      await page.waitForURL(`**/subject/${subjectId}/todos`);
      const reading = page.getByTestId('todo').filter({ hasText: `Lire « ${FILE_NAME} » p. 1–3` });
      await reading.waitFor();
      expect(await reading.textContent()).toContain('Planning');
      await reading.getByRole('checkbox').check();
      await page.getByRole('heading', { name: 'Terminées' }).waitFor();
      await expect.poll(() => page.getByRole('region', { name: 'Terminées' }).textContent()).toContain(`Lire « ${FILE_NAME} » p. 1–3`);
      const after = (await api(host, `/api/subjects/${subjectId}/plan?timezone=Europe/Paris`, { token: user.accessToken })).body.plan;
      expect(after.totals.unreadPages).toBe(0);

      // A task of the student's own, overdue: first in the list; edited, then deleted.
      await page.getByLabel('Tâche', { exact: true }).fill('Relire le chapitre 2');
      await page.getByLabel(/^Pour le/).fill(addDays(parisDate(), -1));
      await page.getByRole('button', { name: 'Ajouter', exact: true }).click();
      const own = page.getByTestId('todo').filter({ hasText: 'Relire le chapitre 2' });
      await own.waitFor();
      expect(await own.textContent()).toContain('En retard');
      expect(await page.getByRole('region', { name: 'À faire' }).getByTestId('todo').first().textContent()).toContain('Relire le chapitre 2');
      await own.getByRole('button', { name: 'Modifier « Relire le chapitre 2 »' }).click();
      await page.locator('form.todo-edit').getByLabel('Tâche').fill('Relire les chapitres 2 et 3');
      await page.locator('form.todo-edit').getByRole('button', { name: 'Enregistrer' }).click();
      const edited = page.getByTestId('todo').filter({ hasText: 'Relire les chapitres 2 et 3' });
      await edited.waitFor();
      await screenshot(page, 'planning-todos', true);
      await edited.getByRole('button', { name: 'Supprimer « Relire les chapitres 2 et 3 »' }).click();
      await expect.poll(() => edited.count()).toBe(0);
      const stored = (await api(host, `/api/subjects/${subjectId}/todos`, { token: user.accessToken })).body.todos as { title: string }[];
      expect(stored.some((x) => x.title.startsWith('Relire'))).toBe(false);

      // Statistics of a free account: the summary, and the upgrade modal for the details.
      await page.goto(`${host.url}/subject/${subjectId}/stats`);
      const summary = page.getByTestId('stats-summary');
      await summary.waitFor();
      expect(await summary.textContent()).toContain('Tes 7 derniers jours');
      expect(await page.getByTestId('stats-chart').count()).toBe(0);
      await summary.getByRole('button', { name: 'Voir les statistiques détaillées' }).click();
      await dialog(page).getByRole('heading', { name: 'Passe à Premium' }).waitFor();
      expect(await dialog(page).getByRole('alert').first().textContent()).toMatch(/Premium/);
      await screenshot(page, 'planning-stats-free');

      await phoneShot(page, `${host.url}/goals`, (p) => p.getByTestId('week-progress').waitFor(), 'planning-goals-phone', 360);
      await phoneShot(page, `${host.url}/subject/${subjectId}/schedule`, (p) => p.getByTestId('plan-days').waitFor(), 'planning-schedule-phone', 360);
      await phoneShot(page, `${host.url}/subject/${subjectId}/todos`, (p) => p.getByTestId('todo').first().waitFor(), 'planning-todos-phone', 360);
    } finally {
      await context.close();
    }
  });

  it('a Premium student sees the statistics with charts and their tables for 7 days, 30 days and all history', async () => {
    const { user, context, page } = await signedInStudent(host, browser);
    try {
      await makePremium(user);
      const { subjectId, fileId } = await subjectWithCourse(host, user);
      // Some study: active time, and a quiz question answered.
      expect((await api(host, `/api/subjects/${subjectId}/activity`, { token: user.accessToken, method: 'POST', body: { active_ms: 30_000, timezone: 'Europe/Paris' } })).status).toBe(200);
      const base = `/api/subjects/${subjectId}/quiz-sessions`;
      const session = (await api(host, base, { token: user.accessToken, method: 'POST', body: { file_id: fileId, difficulty: 'easy' } })).body.id as string;
      const question = (await api(host, `${base}/${session}/questions`, { token: user.accessToken, method: 'POST', body: { type: 'mcq' } })).body.question;
      expect((await api(host, `${base}/${session}/questions/${question.id}/answer`, { token: user.accessToken, method: 'POST', body: { choice: 0 } })).status).toBe(200);

      await page.goto(`${host.url}/subject/${subjectId}/stats`);
      await expect.poll(() => page.getByTestId('stats-chart').locator('canvas').count(), { timeout: 20_000 }).toBe(3);
      expect(await page.getByTestId('stats-quiz').textContent()).toContain('sur 1 question');
      const studyTable = page.getByRole('table', { name: "Temps d'étude par jour (minutes)" });
      expect(await studyTable.locator('tbody tr').count()).toBe(7);
      expect(await studyTable.locator('tbody tr').last().locator('td').textContent()).toBe('1');
      expect(await page.getByRole('table', { name: 'Score aux quiz par jour (%)' }).locator('tbody tr').count()).toBe(1);
      await screenshot(page, 'planning-stats-premium', true);

      await page.getByRole('radio', { name: '30 derniers jours' }).check();
      await expect.poll(() => studyTable.locator('tbody tr').count()).toBe(30);
      await page.getByRole('radio', { name: "Tout l'historique" }).check();
      // All history starts on the first day with a record: today.
      await expect.poll(() => studyTable.locator('tbody tr').count()).toBe(1);
      await page.getByTestId('stats-chart').locator('canvas').first().waitFor();

      // The whole account's statistics on /goals.
      await page.goto(`${host.url}/goals`);
      await expect.poll(() => page.getByTestId('stats-chart').locator('canvas').count(), { timeout: 20_000 }).toBe(3);
      await phoneShot(page, `${host.url}/subject/${subjectId}/stats`, (p) => p.getByTestId('stats-chart').locator('canvas').first().waitFor(), 'planning-stats-phone', 360);
    } finally {
      await context.close();
    }
  });
});
