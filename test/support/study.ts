// Set-up shared by the integration tests: the laptop host started once per file, the storage
// invariant checked after every test, the course PDFs of the study features (quizzes, flashcards,
// questions), a student made Premium, a course file uploaded until ready.
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { SessionQuestion } from '../../functions/core/quiz.js';
import type { QuizQuestion } from '../../functions/core/artefacts.js';
import { db } from '../../functions/platform/clients.js';
import { config } from '../../functions/platform/config.js';
import { updateProfileFields } from '../../functions/platform/store/profiles.js';
import { coursePdf } from './fixtures.js';
import { api, startTestHost, type TestHost, type TestUser } from './host.js';
import { findOrphans } from './invariants.js';
import { uploadFile, waitForFinal } from './uploads.js';

/** A French biology course, one chapter a page: definitions, dates and scientists to ask about. */
export const BIOLOGY = [
  'Chapitre 1 : la cellule\nLa cellule est l’unité de base de tout être vivant. La membrane plasmique est l’enveloppe qui sépare la cellule du milieu extérieur. Le noyau est l’organite qui contient l’information génétique. Le cytoplasme est le milieu situé entre la membrane et le noyau. En 1665, Robert Hooke observe pour la première fois des cellules au microscope.',
  'Chapitre 2 : la photosynthèse\nLa photosynthèse est le processus par lequel les plantes vertes transforment l’énergie lumineuse en énergie chimique. Le chloroplaste est l’organite où se déroule la photosynthèse. La chlorophylle est le pigment vert qui absorbe la lumière rouge et bleue. Elle consomme du dioxyde de carbone et de l’eau, et rejette du dioxygène.',
  'Chapitre 3 : la respiration cellulaire\nLa respiration cellulaire est la réaction qui libère l’énergie contenue dans le glucose. La mitochondrie est l’organite où a lieu la respiration cellulaire. L’ATP est la molécule qui stocke l’énergie utilisable par la cellule. La fermentation est la voie, bien moins efficace, que suit la cellule privée de dioxygène. En 1937, Hans Krebs décrit le cycle qui porte son nom.',
  'Chapitre 4 : la division cellulaire\nLa mitose est la division par laquelle une cellule mère donne deux cellules filles identiques. La méiose est la division qui produit les gamètes. Un chromosome est une molécule d’ADN condensée. En 1882, Walther Flemming décrit la mitose.',
];

/** An English economics course. */
export const ECONOMICS = [
  'Chapter 1: supply and demand\nDemand is the quantity of a good that consumers are willing to buy at each price. Supply is the quantity of a good that producers are willing to sell at each price. The law of demand states that the quantity demanded falls when the price rises. A market is a place where buyers and sellers exchange goods.',
  'Chapter 2: elasticity\nPrice elasticity of demand is the responsiveness of the quantity demanded to a change in price. A substitute is a good that can replace another good. A complement is a good that is consumed together with another good. In 1890, Alfred Marshall published the Principles of Economics.',
  'Chapter 3: market equilibrium\nThe equilibrium price is the price at which the quantity supplied equals the quantity demanded. A shortage is a situation where demand exceeds supply. A surplus is a situation where supply exceeds demand. In 1776, Adam Smith described the invisible hand.',
];

/** A one-page file: few facts, so a session runs out of new questions. */
export const GENETICS = [
  'Chapitre 4 : la génétique\nL’ADN est la molécule qui porte l’information génétique. Un gène est une portion d’ADN qui code une protéine. La double hélice de l’ADN a été décrite par Watson et Crick en 1953.',
];

/**
 * Starts the host before the file's tests and hands it to `prepare`; after each test restores the
 * mocks and checks that no object lacks its record nor any record its object; stops the host at
 * the end.
 */
export function useTestHost(prepare: (host: TestHost) => Promise<void> | void): void {
  let host: TestHost | undefined;

  beforeAll(async () => {
    host = await startTestHost();
    await prepare(host);
  });

  afterEach(async () => {
    vi.restoreAllMocks();
    const orphans = await findOrphans();
    expect(orphans.objectsWithoutRecord).toEqual([]);
    expect(orphans.recordsWithoutObject).toEqual([]);
  });

  afterAll(async () => {
    await host?.stop();
  });
}

export interface StudyHost {
  host: TestHost;
  biologyPdf: Uint8Array;
  geneticsPdf: Uint8Array;
  englishPdf: Uint8Array;
}

/**
 * useTestHost, with the biology, genetics and English course PDFs made before the file's tests;
 * the fields are set once the host has started.
 */
export function useStudyHost(biology: string[], english: string[]): StudyHost {
  const setup = {} as StudyHost;
  useTestHost(async (host) => {
    setup.host = host;
    [setup.biologyPdf, setup.geneticsPdf, setup.englishPdf] = await Promise.all([
      coursePdf(biology, { title: 'Biologie' }),
      coursePdf(GENETICS, { title: 'Génétique' }),
      coursePdf(english, { title: 'Economics' }),
    ]);
  });
  return setup;
}

export async function makePremium(user: TestUser): Promise<void> {
  await updateProfileFields(
    user.sub,
    { is_subscribed: true, subscription_status: 'trialing', trial_end: new Date(Date.now() + 30 * 86_400_000).toISOString() },
    new Date(),
  );
}

/** Uploads a PDF and waits until it is ready; returns the file's id. */
export async function readyFile(host: TestHost, user: TestUser, subjectId: string, name: string, bytes: Uint8Array): Promise<string> {
  const { start, complete } = await uploadFile(host, user.accessToken, subjectId, `${name}.pdf`, bytes, name);
  expect(complete?.status, JSON.stringify(start.body)).toBe(200);
  const file = await waitForFinal(host, user.accessToken, subjectId, start.body.file.id);
  expect(file.status).toBe('ready');
  return file.id as string;
}

/** A quiz question as stored, with its answer (what the tests answer right or wrong with). */
export async function storedQuizQuestion(user: TestUser, subjectId: string, sessionId: string, questionId: string): Promise<QuizQuestion> {
  const out = await db().send(new GetCommand({ TableName: config().tableNames.quizSessions, Key: { user_id: user.sub, sk: `${subjectId}#${sessionId}` } }));
  return (JSON.parse(String(out.Item?.questions_json ?? '[]')) as SessionQuestion[]).find((q) => q.id === questionId)!.generated;
}

/**
 * Answers MCQs of an easy quiz session on the file, one per entry: right, wrong or "I don't know";
 * returns the pages cited by the questions missed.
 */
export async function answerQuiz(host: TestHost, user: TestUser, subjectId: string, fileId: string, answers: readonly ('right' | 'wrong' | 'skip')[]): Promise<number[]> {
  const call = (path: string, body: unknown) => api(host, path, { method: 'POST', token: user.accessToken, body });
  const base = `/api/subjects/${subjectId}/quiz-sessions`;
  const sessionId = (await call(base, { file_id: fileId, difficulty: 'easy' })).body.id as string;
  const missed: number[] = [];
  for (const how of answers) {
    const q = (await call(`${base}/${sessionId}/questions`, { type: 'mcq' })).body.question;
    const g = await storedQuizQuestion(user, subjectId, sessionId, q.id);
    const body = how === 'skip' ? { skip: true } : { choice: how === 'right' ? g.correct_index : (g.correct_index! + 1) % 4 };
    const r = await call(`${base}/${sessionId}/questions/${q.id}/answer`, body);
    if (r.status !== 200) throw new Error(`Answering failed: ${r.status} ${JSON.stringify(r.body)}`);
    if (how !== 'right') missed.push(...g.citations.map((c) => c.page));
  }
  return missed;
}
