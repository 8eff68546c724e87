// Exam mode through the laptop host, as the exam page uses it: Premium only; questions across the
// chosen files without their answers; answers saved as the student goes and found again after a
// reload; one submission when the timer and the click race; answers after the deadline refused and
// an exam whose time ran out submitted by the next read; the grade out of 20 with cited
// corrections, mistakes turned into review cards and the answers counted in the statistics.
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { ExamQuestion, ExamView } from '../../functions/core/exam.js';
import { db } from '../../functions/platform/clients.js';
import { config } from '../../functions/platform/config.js';
import { describeUserData } from '../../functions/platform/store/account-data.js';
import { api, newUser, type TestUser } from '../support/host.js';
import { BIOLOGY, ECONOMICS, makePremium, readyFile, useStudyHost } from '../support/study.js';
import { createSubject } from '../support/uploads.js';

const setup = useStudyHost(BIOLOGY, ECONOMICS);

const call = (user: TestUser, method: string, path: string, body?: unknown, lang?: 'fr' | 'en') =>
  api(setup.host, path, { token: user.accessToken, method, body, headers: lang ? { 'x-revise-language': lang } : undefined });

async function student(premium: boolean) {
  const user = await newUser(setup.host);
  if (premium) await makePremium(user);
  const subject = await createSubject(setup.host, user.accessToken, 'Biologie');
  const bio = await readyFile(setup.host, user, subject.id, 'Cours de biologie', setup.biologyPdf);
  const gen = await readyFile(setup.host, user, subject.id, 'Génétique', setup.geneticsPdf);
  return { user, subjectId: subject.id, files: [bio, gen] };
}

async function stored(user: TestUser, subjectId: string, examId: string): Promise<ExamQuestion[]> {
  const out = await db().send(new GetCommand({ TableName: config().tableNames.exams, Key: { user_id: user.sub, sk: `${subjectId}#${examId}` } }));
  return JSON.parse(String(out.Item?.questions_json)) as ExamQuestion[];
}

describe('exam mode', () => {
  it('is Premium: a free student gets premium_only, and nothing is created', async () => {
    const { user, subjectId } = await student(false);
    const r = await call(user, 'POST', `/api/subjects/${subjectId}/exams`, { minutes: 20, format: 'mixed' }, 'en');
    expect(r.status).toBe(403);
    expect(r.body.error).toMatchObject({ code: 'premium_only', message: 'This feature is reserved for Premium subscribers.' });
    expect((await describeUserData(user.sub)).exams).toBe(0);
  });

  it('runs a mixed exam: no answers shown, answers kept across reloads, one result when submissions race, graded out of 20 with cards and statistics', async () => {
    const { user, subjectId, files } = await student(true);
    const base = `/api/subjects/${subjectId}/exams`;
    const created = await call(user, 'POST', base, { minutes: 20, format: 'mixed' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const exam = created.body as ExamView;
    expect(exam.status).toBe('running');
    expect(exam.questions).toHaveLength(7);
    expect(exam.questions.map((q) => q.type)).toEqual(['mcq', 'open', 'mcq', 'open', 'mcq', 'open', 'mcq']);
    expect(exam.remaining_ms).toBeGreaterThan(19 * 60_000);
    expect(exam.remaining_ms).toBeLessThanOrEqual(20 * 60_000);
    expect(JSON.stringify(exam)).not.toMatch(/correct_index|rubric|citations/);
    const questions = await stored(user, subjectId, exam.id);
    // Hard questions, drawn from both files (the larger biology file more often), none repeated.
    expect(questions.every((q) => q.generated.difficulty === 'hard')).toBe(true);
    const onBio = questions.filter((q) => q.file_id === files[0]).length;
    expect(onBio).toBeGreaterThan(questions.length - onBio);
    expect(questions.some((q) => q.file_id === files[1])).toBe(true);
    expect(new Set(questions.map((q) => q.generated.fact_key)).size).toBe(questions.length);

    // Answers: the first MCQ right, the second wrong, the first open question written, the rest blank.
    const [m1, o1, m2] = questions;
    const put = (q: ExamQuestion, body: object) => call(user, 'PUT', `${base}/${exam.id}/answers/${q.id}`, body);
    expect((await put(m1, { choice: (m1.generated.correct_index! + 1) % 4, time_ms: 4000 })).status).toBe(200);
    // Changed before the end: the last saved answer counts.
    expect((await put(m1, { choice: m1.generated.correct_index, time_ms: 9000 })).status).toBe(200);
    expect((await put(m2, { choice: (m2.generated.correct_index! + 1) % 4, time_ms: 5000 })).status).toBe(200);
    expect((await put(o1, { answer: o1.generated.rubric!.model_answer, time_ms: 60_000 })).status).toBe(200);
    // Bad input: a text for an MCQ, a choice out of range, an unknown question, another student.
    expect((await put(m1, { answer: 'b', time_ms: 1 })).status).toBe(400);
    expect((await put(m1, { choice: 7, time_ms: 1 })).status).toBe(400);
    expect((await call(user, 'PUT', `${base}/${exam.id}/answers/nope`, { choice: 1, time_ms: 1 })).status).toBe(404);
    const other = await newUser(setup.host);
    expect((await call(other, 'GET', `${base}/${exam.id}`)).status).toBe(404);
    expect((await call(other, 'PUT', `${base}/${exam.id}/answers/${m1.id}`, { choice: 1, time_ms: 1 })).status).toBe(404);

    // A reload: the same deadline and the answers saved.
    const reloaded = (await call(user, 'GET', `${base}/${exam.id}`)).body as ExamView;
    expect(reloaded.deadline).toBe(exam.deadline);
    expect(reloaded.answers[m1.id]).toEqual({ choice: m1.generated.correct_index, time_ms: 9000 });
    expect(reloaded.answers[o1.id].answer).toBe(o1.generated.rubric!.model_answer);

    // The timer and the click race: one grading, the same result for both.
    const [a, b] = await Promise.all([call(user, 'POST', `${base}/${exam.id}/submit`), call(user, 'POST', `${base}/${exam.id}/submit`)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.status).toBe('graded');
    expect(b.body.result).toEqual(a.body.result);
    const result = (a.body as ExamView).result!;
    expect(result.total).toBe(7);
    expect(result.answered).toBe(3);
    expect(result.questions[0]).toMatchObject({ status: 'correct', score: 100, time_ms: 9000 });
    expect(result.questions[2]).toMatchObject({ status: 'incorrect', score: 0, correct_index: m2.generated.correct_index });
    expect(result.questions[1].status).toBe('evaluated');
    expect(result.questions[1].score).toBeGreaterThanOrEqual(50);
    expect(result.questions.every((q) => q.citations.length > 0 && q.explanation)).toBe(true);
    const expected = Math.round(((100 + result.questions[1].score) / 7 / 100) * 40) / 2;
    expect(result.grade).toBe(expected);

    // After submission, answers are refused.
    const late = await put(m2, { choice: m2.generated.correct_index, time_ms: 1 });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('exam_submitted');

    // The mistakes (one wrong, four blank) became review cards, once each.
    const cards = (await call(user, 'GET', `/api/subjects/${subjectId}/cards`)).body.cards as { source: string }[];
    expect(cards.filter((c) => c.source === 'mistake')).toHaveLength(5);
    expect(result.cards_created).toBe(5);
    // Every question is in the statistics, as hard questions: the three answered as answers (one
    // right), the four left blank apart — never "1 out of 7" answered.
    const stats = (await call(user, 'GET', `/api/subjects/${subjectId}/stats?range=7d`)).body;
    expect(stats.quiz.by_difficulty.hard.answered).toBe(3);
    expect(stats.quiz).toMatchObject({ answered: 3, skipped: 4 });
    expect(stats.quiz.correct).toBe(result.correct);
    expect((await call(user, 'GET', `/api/subjects/${subjectId}/stats/summary`)).body.quiz).toEqual({ answered: 3, correct: result.correct, skipped: 4 });
    expect(stats.missed.length).toBeGreaterThan(0);
    const list = (await call(user, 'GET', base)).body.exams;
    expect(list).toEqual([expect.objectContaining({ id: exam.id, status: 'graded', grade: result.grade, total: 7 })]);
  });

  it('refuses answers after the deadline, and the next read submits the exam', async () => {
    const { user, subjectId, files } = await student(true);
    const base = `/api/subjects/${subjectId}/exams`;
    const created = await call(user, 'POST', base, { minutes: 20, format: 'mcq', file_ids: [files[0]] });
    expect(created.status).toBe(201);
    const exam = created.body as ExamView;
    const questions = await stored(user, subjectId, exam.id);
    expect(questions.every((q) => q.file_id === files[0])).toBe(true);
    expect((await call(user, 'PUT', `${base}/${exam.id}/answers/${questions[0].id}`, { choice: questions[0].generated.correct_index, time_ms: 2000 })).status).toBe(200);
    // The time runs out.
    await db().send(
      new UpdateCommand({
        TableName: config().tableNames.exams,
        Key: { user_id: user.sub, sk: `${subjectId}#${exam.id}` },
        UpdateExpression: 'SET deadline = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
      }),
    );
    const late = await call(user, 'PUT', `${base}/${exam.id}/answers/${questions[1].id}`, { choice: 0, time_ms: 1 }, 'en');
    expect(late.status).toBe(409);
    expect(late.body.error).toMatchObject({ code: 'exam_time_over', message: 'Time is up for this exam: this answer was not saved.' });
    const read = (await call(user, 'GET', `${base}/${exam.id}`)).body as ExamView;
    expect(read.status).toBe('graded');
    expect(read.result!.answered).toBe(1);
    expect(read.result!.questions[0].status).toBe('correct');

    // Deleting the account leaves nothing behind, exams and cases included.
    expect((await call(user, 'POST', `/api/subjects/${subjectId}/cases`, {})).status).toBe(201);
    expect((await describeUserData(user.sub)).exams).toBe(2);
    expect((await call(user, 'DELETE', '/api/account')).status).toBe(204);
    expect(Object.values(await describeUserData(user.sub)).every((n) => n === 0)).toBe(true);
  });

  it('refuses bad input and files of other subjects, and goes with its subject', async () => {
    const { user, subjectId } = await student(true);
    const base = `/api/subjects/${subjectId}/exams`;
    expect((await call(user, 'POST', base, { minutes: 30, format: 'mixed' })).status).toBe(400);
    expect((await call(user, 'POST', base, { minutes: 20, format: 'essay' })).status).toBe(400);
    const missing = await call(user, 'POST', base, { minutes: 20, format: 'mcq', file_ids: ['nope'] });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('file_not_found');
    expect((await call(user, 'POST', base, { minutes: 20, format: 'open' })).status).toBe(201);
    expect((await describeUserData(user.sub)).exams).toBe(1);
    expect((await call(user, 'DELETE', `/api/subjects/${subjectId}`)).status).toBe(204);
    expect((await describeUserData(user.sub)).exams).toBe(0);
  });
});
