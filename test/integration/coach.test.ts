// The coach through the laptop host: a briefing whose figures are the statistics page's, whose
// weak pages are the pages missed; a conversation answered from the record and from the course
// (cited), each message one question of a free student's month; ownership and bad input.
import { describe, expect, it } from 'vitest';
import type { Briefing } from '../../functions/core/coach.js';
import type { CoachReply } from '../../functions/core/artefacts.js';
import { api, newUser, type TestUser } from '../support/host.js';
import { BIOLOGY, ECONOMICS, makePremium, readyFile, answerQuiz, useStudyHost } from '../support/study.js';
import { createSubject } from '../support/uploads.js';

const setup = useStudyHost(BIOLOGY, ECONOMICS);

const call = (user: TestUser, method: string, path: string, body?: unknown, lang: 'fr' | 'en' = 'fr') =>
  api(setup.host, path, { token: user.accessToken, method, body, headers: { 'x-revise-language': lang } });

/** A student who answered five quiz questions: three right, one wrong, one "I don't know". */
async function studentWithHistory(premium: boolean) {
  const user = await newUser(setup.host);
  if (premium) await makePremium(user);
  const subject = await createSubject(setup.host, user.accessToken, 'Biologie');
  const fileId = await readyFile(setup.host, user, subject.id, 'Cours de biologie', setup.biologyPdf);
  const missed = await answerQuiz(setup.host, user, subject.id, fileId, ['right', 'right', 'right', 'wrong', 'skip']);
  return { user, subjectId: subject.id, fileId, missed };
}

describe('the coach', () => {
  it('briefs a student with the statistics page’s figures, the pages missed and one next action', async () => {
    const { user, subjectId, fileId, missed } = await studentWithHistory(true);
    const r = await call(user, 'GET', `/api/subjects/${subjectId}/coach?timezone=Europe/Paris`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const b = r.body.briefing as Briefing;
    const stats = (await call(user, 'GET', `/api/subjects/${subjectId}/stats?range=7d&timezone=Europe/Paris`)).body;
    const figure = (id: string) => b.figures.find((f) => f.id === id)?.value;
    expect(figure('stats.quiz.answered')).toBe(stats.quiz.answered);
    expect(figure('stats.quiz.correct')).toBe(stats.quiz.correct);
    expect(figure('stats.quiz.percent')).toBe(stats.quiz.percent);
    // Five questions, one passed ("I don't know"): four answers, three right.
    expect(stats.quiz).toMatchObject({ answered: 4, correct: 3, skipped: 1, percent: 75 });
    expect(b.went_well[0].text).toBe('Tu as répondu juste à 3 questions sur 4 cette semaine, soit 75 %.');
    // The weak pages are the pages missed, each a citation of the file.
    expect(b.weakest.length).toBeGreaterThan(0);
    for (const w of b.weakest) {
      expect(missed).toContain(w.page);
      expect(w.line.citations).toEqual([{ file_id: fileId, file_name: 'Cours de biologie', page: w.page }]);
      expect(w.topic).toMatch(/^Chapitre \d/);
    }
    // Mistakes made cards, due now; a few: the weakest topic comes first.
    expect(b.next_action).toMatchObject({ kind: 'quiz', file_id: fileId });
    expect(b.today[0].text).toMatch(/date d'examen/);

    // English interface, English briefing.
    const en = (await call(user, 'GET', `/api/subjects/${subjectId}/coach`, undefined, 'en')).body.briefing as Briefing;
    expect(en.went_well[0].text).toBe('You answered 3 of 4 questions correctly this week: 75 %.');
  });

  it('answers from the record and from the course, each message one question of a free month', async () => {
    const { user, subjectId, fileId } = await studentWithHistory(false);
    // Free students get the briefing too.
    expect((await call(user, 'GET', `/api/subjects/${subjectId}/coach`)).status).toBe(200);
    const ask = (message: string) => call(user, 'POST', `/api/subjects/${subjectId}/coach/messages`, { message });
    const weak = await ask('Que dois-je réviser en priorité ?');
    expect(weak.status, JSON.stringify(weak.body)).toBe(200);
    const reply = weak.body.reply as CoachReply;
    expect(reply.blocks.some((b) => b.kind === 'record' && /bonnes? réponses? sur/.test(b.text))).toBe(true);
    expect(weak.body.usage).toMatchObject({ used: 1, limit: 10 });

    const course = await ask('Qu’est-ce que la mitochondrie ?');
    const blocks = (course.body.reply as CoachReply).blocks.filter((b) => b.kind === 'course');
    expect(blocks.length).toBeGreaterThan(0);
    expect(blocks[0].text).toMatch(/respiration cellulaire/);
    expect(blocks[0].citations[0]).toMatchObject({ file_id: fileId, page: 3 });
    expect(course.body.usage.used).toBe(2);

    const off = await ask('Qui a gagné la coupe du monde de football 1998 ?');
    expect((off.body.reply as CoachReply).blocks[0].kind).toBe('note');

    expect((await call(user, 'POST', `/api/subjects/${subjectId}/coach/messages`, { message: '   ' })).status).toBe(400);
    const other = await newUser(setup.host);
    expect((await call(other, 'GET', `/api/subjects/${subjectId}/coach`)).status).toBe(404);
    expect((await call(other, 'POST', `/api/subjects/${subjectId}/coach/messages`, { message: 'Bonjour' })).status).toBe(404);
  });
});
