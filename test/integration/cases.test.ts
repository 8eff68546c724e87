// Practical cases through the laptop host: Premium only; a scenario built from the course's rules
// and definitions with 3–5 questions shown without their correction; each answer graded once
// against its rubric, with the model answer, the reasoning expected and the pages; for a
// scientific course, a problem with data and its worked solution.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { db } from '../../functions/platform/clients.js';
import { config } from '../../functions/platform/config.js';
import { coursePdf } from '../support/fixtures.js';
import { FRENCH_MECHANICS } from '../support/courses.js';
import { api, newUser, type TestUser } from '../support/host.js';
import { BIOLOGY, ECONOMICS, makePremium, readyFile, useStudyHost } from '../support/study.js';
import { createSubject } from '../support/uploads.js';

const setup = useStudyHost(BIOLOGY, ECONOMICS);

const call = (user: TestUser, method: string, path: string, body?: unknown) => api(setup.host, path, { token: user.accessToken, method, body });

async function student(premium: boolean, pdf: Uint8Array, name: string) {
  const user = await newUser(setup.host);
  if (premium) await makePremium(user);
  const subject = await createSubject(setup.host, user.accessToken, name);
  const fileId = await readyFile(setup.host, user, subject.id, name, pdf);
  return { user, subjectId: subject.id, fileId };
}

interface CaseQuestionView {
  id: string;
  kind: 'apply' | 'compute';
  prompt: string;
  rubric?: { key_points: string[]; model_answer: string };
  reasoning?: string[];
  citations?: { file_id: string; page: number }[];
  evaluation?: { score: number; missing_concepts: string[] };
  solution?: { calculations: { expression: string; result: string }[] };
}

describe('practical cases', () => {
  it('are Premium: a free student gets premium_only', async () => {
    const { user, subjectId } = await student(false, setup.biologyPdf, 'Biologie');
    const r = await call(user, 'POST', `/api/subjects/${subjectId}/cases`, {});
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('premium_only');
  });

  it('build a scenario from the course’s definitions and grade each answer once against its rubric', async () => {
    const { user, subjectId, fileId } = await student(true, setup.biologyPdf, 'Biologie');
    const created = await call(user, 'POST', `/api/subjects/${subjectId}/cases`, { file_id: fileId });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const c = created.body;
    expect(c.scientific).toBe(false);
    expect(c.questions.length).toBeGreaterThanOrEqual(3);
    expect(c.questions.length).toBeLessThanOrEqual(5);
    expect(c.scenario.length).toBe(c.questions.length + 1);
    expect(JSON.stringify(c.questions)).not.toMatch(/rubric|model_answer|reasoning/);
    const first = c.questions[0] as CaseQuestionView;
    expect(first.prompt).toMatch(/quelle notion ou quelle règle du cours s’applique/);

    // The answer is graded against the rubric: the term and its definition score well.
    const stored = (await call(user, 'GET', `/api/subjects/${subjectId}/cases/${c.id}`)).body;
    expect(stored.questions[0].rubric).toBeUndefined();
    const situation = c.scenario[1] as string;
    const wrong = await call(user, 'POST', `/api/subjects/${subjectId}/cases/${c.id}/questions/${first.id}/answer`, { answer: 'Je ne sais pas vraiment, peut-être la météo.' });
    expect(wrong.status, JSON.stringify(wrong.body)).toBe(200);
    const graded = wrong.body.question as CaseQuestionView;
    expect(graded.evaluation!.score).toBeLessThan(50);
    expect(graded.rubric!.model_answer).toMatch(/La notion qui s’applique est « .+ »/);
    expect(graded.reasoning!.length).toBe(3);
    expect(graded.citations![0]).toMatchObject({ file_id: fileId });
    expect(situation.length).toBeGreaterThan(20);

    // Once only.
    const again = await call(user, 'POST', `/api/subjects/${subjectId}/cases/${c.id}/questions/${first.id}/answer`, { answer: 'autre chose' });
    expect(again.status).toBe(409);

    // A good answer, the one the course gives, scores at least the passing mark.
    const second = c.questions[1] as CaseQuestionView;
    const item = await db().send(new GetCommand({ TableName: config().tableNames.exams, Key: { user_id: user.sub, sk: `${subjectId}#${c.id}` } }));
    const rubric = (JSON.parse(String(item.Item?.case_json)) as { questions: CaseQuestionView[] }).questions[1].rubric!;
    const good = await call(user, 'POST', `/api/subjects/${subjectId}/cases/${c.id}/questions/${second.id}/answer`, { answer: rubric.model_answer });
    expect(good.status).toBe(200);
    expect((good.body.question as CaseQuestionView).evaluation!.score).toBeGreaterThanOrEqual(50);
    // The others stay without their correction.
    const view = (await call(user, 'GET', `/api/subjects/${subjectId}/cases/${c.id}`)).body;
    expect(view.questions[2].rubric).toBeUndefined();

    expect((await call(user, 'GET', `/api/subjects/${subjectId}/cases`)).body.cases).toEqual([expect.objectContaining({ id: c.id, answered: 2 })]);
    const other = await newUser(setup.host);
    expect((await call(other, 'GET', `/api/subjects/${subjectId}/cases/${c.id}`)).status).toBe(404);
    expect((await call(user, 'POST', `/api/subjects/${subjectId}/cases/${c.id}/questions/${first.id}/answer`, { answer: '  ' })).status).toBe(400);
  });

  it('give a scientific course a problem with data and its worked solution', async () => {
    const pdf = await coursePdf(FRENCH_MECHANICS.map((p) => p.text), { title: 'Mécanique' });
    const { user, subjectId } = await student(true, pdf, 'Physique');
    const created = await call(user, 'POST', `/api/subjects/${subjectId}/cases`, {});
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.scientific).toBe(true);
    const problem = created.body.questions[0] as CaseQuestionView;
    expect(problem.kind).toBe('compute');
    expect(problem.prompt).toMatch(/^Problème : .+ = \d+ .+Calcule/);
    const r = await call(user, 'POST', `/api/subjects/${subjectId}/cases/${created.body.id}/questions/${problem.id}/answer`, { answer: 'v = d / t' });
    expect(r.status).toBe(200);
    const solved = r.body.question as CaseQuestionView;
    expect(solved.solution!.calculations.length).toBeGreaterThan(0);
    expect(solved.rubric!.model_answer).toMatch(/\d/);
  });
});
