// Which model writes for whom, through the laptop host configured as the cloud (ENGINE_PROVIDER=bedrock,
// BEDROCK_MODEL_ID for Premium, BEDROCK_FREE_MODEL_ID for the free plan) against the Bedrock wire
// fake: a free student's question and deck go to the lighter model, a Premium student's to the most
// capable one, and a student who becomes Premium is served by Premium's model from the next request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetEngine } from '../../functions/platform/engine.js';
import { FREE_MODEL, MODEL, startConverseFake, type ConverseFake } from '../support/converse-fake.js';
import { coursePdf } from '../support/fixtures.js';
import { api, newUser, startTestHost, type TestHost, type TestUser } from '../support/host.js';
import { modelReply, newReplyState } from '../support/model-replies.js';
import { BIOLOGY, makePremium, readyFile } from '../support/study.js';
import { createSubject } from '../support/uploads.js';

let converse: ConverseFake;
let host: TestHost;
let pdf: Uint8Array;

beforeAll(async () => {
  converse = await startConverseFake();
  host = await startTestHost({ env: { ENGINE_PROVIDER: 'bedrock', BEDROCK_MODEL_ID: MODEL, BEDROCK_FREE_MODEL_ID: FREE_MODEL, BEDROCK_ENDPOINT: converse.url, LOG_LEVEL: 'warn' } });
  resetEngine();
  const state = newReplyState();
  converse.otherwise((call) => modelReply(call, state));
  pdf = await coursePdf(BIOLOGY, { title: 'Biologie' });
});

afterAll(async () => {
  await host?.stop();
  resetEngine();
  await converse?.close();
});

async function studentWithCourse(): Promise<{ user: TestUser; subjectId: string; fileId: string }> {
  const user = await newUser(host);
  const subject = await createSubject(host, user.accessToken, 'Biologie');
  const fileId = await readyFile(host, user, subject.id, 'Cours de biologie', pdf);
  return { user, subjectId: subject.id, fileId };
}

/** The models the fake was called with during `run`, which must succeed. */
async function modelsCalledBy(run: () => Promise<{ status: number; body: unknown }>): Promise<string[]> {
  const before = converse.calls.length;
  const res = await run();
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return converse.calls.slice(before).map((c) => c.modelId);
}

const ask = (user: TestUser, subjectId: string) =>
  api(host, `/api/subjects/${subjectId}/questions`, { token: user.accessToken, method: 'POST', body: { question: 'Où se déroule la photosynthèse ?', mode: 'course' } });

describe('the model of the plan', () => {
  it("sends a free student's question and deck to the free plan's model", async () => {
    const { user, subjectId, fileId } = await studentWithCourse();
    const forQuestion = await modelsCalledBy(() => ask(user, subjectId));
    expect(forQuestion.length).toBeGreaterThan(0);
    expect(new Set(forQuestion)).toEqual(new Set([FREE_MODEL]));
    const forDeck = await modelsCalledBy(() => api(host, `/api/subjects/${subjectId}/decks`, { token: user.accessToken, method: 'POST', body: { file_id: fileId, count: 5 } }));
    expect(forDeck.length).toBeGreaterThan(0);
    expect(new Set(forDeck)).toEqual(new Set([FREE_MODEL]));
  });

  it("sends a Premium student's question to Premium's model", async () => {
    const { user, subjectId } = await studentWithCourse();
    await makePremium(user);
    const models = await modelsCalledBy(() => ask(user, subjectId));
    expect(models.length).toBeGreaterThan(0);
    expect(new Set(models)).toEqual(new Set([MODEL]));
  });

  it('moves a student to Premium’s model as soon as they subscribe', async () => {
    const { user, subjectId } = await studentWithCourse();
    expect(new Set(await modelsCalledBy(() => ask(user, subjectId)))).toEqual(new Set([FREE_MODEL]));
    await makePremium(user);
    expect(new Set(await modelsCalledBy(() => ask(user, subjectId)))).toEqual(new Set([MODEL]));
  });
});
