// The web client checks a body with the server's own schema before sending it: what the server
// would refuse is refused in the browser with the same status, code and message, and no request
// leaves; a body the server takes is sent as it is.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiEvent, ApiResult } from '../../../functions/platform/http.js';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: async () => ({ tokens: undefined }) }));

const { addCard } = await import('../../../functions/api/cards.js');
const { askQuestion } = await import('../../../functions/api/questions.js');
const { startQuizSession } = await import('../../../functions/api/quiz.js');
// The web modules are loaded by path: the server's type check does not follow the web app's
// (bundler-resolved) imports, which web/tsconfig.json checks.
type Send = (subjectId: string, body: unknown) => Promise<unknown>;
const web = (path: string) => import(/* @vite-ignore */ path);
const { cardsApi } = (await web('../../../web/src/api/cards.ts')) as { cardsApi: { create: Send; review: (subjectId: string, cardId: string, rating: string, reps: number) => Promise<unknown> } };
const { quizApi } = (await web('../../../web/src/api/quiz.ts')) as { quizApi: { start: Send; answer: (subjectId: string, sessionId: string, questionId: string, body: unknown) => Promise<unknown> } };
const { examsApi } = (await web('../../../web/src/api/exams.ts')) as { examsApi: { start: Send } };
const { studyApi } = (await web('../../../web/src/api/study.ts')) as { studyApi: { ask: Send } };
const { ApiError } = (await web('../../../web/src/api/client.ts')) as { ApiError: new (...args: never[]) => { status: number; code: string; message: string } };

type Handler = (event: ApiEvent) => Promise<ApiResult>;

/** The server's answer to `body` (these refusals come before any storage is read). */
async function serverAnswer(handler: Handler, body: unknown, pathParameters: Record<string, string>) {
  const r = await handler({
    version: '2.0',
    routeKey: 'POST /api/test',
    rawPath: '/api/test',
    rawQueryString: '',
    headers: { 'content-type': 'application/json', 'x-revise-language': 'fr' },
    pathParameters,
    body: JSON.stringify(body),
    isBase64Encoded: false,
    requestContext: { requestId: 'r1', authorizer: { jwt: { claims: { sub: 'u1', username: 'u1' }, scopes: [] }, principalId: '', integrationLatency: 0 } },
  } as unknown as ApiEvent);
  const error = (JSON.parse(r.body ?? '{}') as { error: { code: string; message: string } }).error;
  return { status: r.statusCode, code: error.code, message: error.message };
}

async function webAnswer(send: () => Promise<unknown>) {
  const err = await send().then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  const { status, code, message } = err as InstanceType<typeof ApiError>;
  return { status, code, message };
}

const fetchSpy = vi.fn(async () => new Response(JSON.stringify({ ok: true }), { status: 201, headers: { 'content-type': 'application/json' } }));

beforeEach(() => {
  fetchSpy.mockClear();
  vi.stubGlobal('fetch', fetchSpy);
});

describe('the web client refuses what the server refuses, in the same words', () => {
  it('a card side over its limit', async () => {
    const body = { front: 'x'.repeat(501), back: 'Verso' };
    const server = await serverAnswer(addCard, body, { subjectId: 's1' });
    expect(server).toMatchObject({ status: 400, code: 'invalid_input' });
    expect(server.message).toContain('front');
    expect(await webAnswer(() => cardsApi.create('s1', body))).toEqual(server);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('an empty question, before its missing mode', async () => {
    const body = { question: '   ', mode: 'nope' };
    const server = await serverAnswer(askQuestion, body, { subjectId: 's1' });
    expect(server).toEqual({ status: 400, code: 'question_empty', message: expect.any(String) });
    expect(await webAnswer(() => studyApi.ask('s1', body))).toEqual(server);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('a quiz without a file, before its difficulty', async () => {
    const body = { file_id: ' ', difficulty: 'impossible' };
    const server = await serverAnswer(startQuizSession, body, { subjectId: 's1' });
    expect(server.code).toBe('quiz_file_required');
    expect(await webAnswer(() => quizApi.start('s1', body))).toEqual(server);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('sends a body the server takes, unchanged', async () => {
    await cardsApi.create('s1', { front: '  Mitose ', back: 'Division cellulaire.' });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [, init] = fetchSpy.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({ front: '  Mitose ', back: 'Division cellulaire.' });
  });

  it('sends every kind of body that has checks of its own before the schema, when it is valid', async () => {
    const bodies: [Send, unknown][] = [
      [studyApi.ask, { question: 'Comment calcule-t-on la vitesse moyenne ?', mode: 'concise' }],
      [quizApi.start, { file_id: 'f1', difficulty: 'easy' }],
    ];
    for (const [send, body] of bodies) await send('s1', body);
    expect(fetchSpy.mock.calls.map((c) => JSON.parse((c as unknown as [string, RequestInit])[1].body as string))).toEqual(bodies.map(([, b]) => b));
  });

  it("sends the browser's time zone with a quiz answer, a card review and an exam's start (the day they count on)", async () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    await quizApi.answer('s1', 'q1', 'x1', { skip: true });
    await cardsApi.review('s1', 'c1', 'good', 2);
    await examsApi.start('s1', { minutes: 20, format: 'mcq' });
    expect(fetchSpy.mock.calls.map((c) => JSON.parse((c as unknown as [string, RequestInit])[1].body as string))).toEqual([
      { skip: true, timezone: zone },
      { rating: 'good', reps: 2, timezone: zone },
      { minutes: 20, format: 'mcq', timezone: zone },
    ]);
  });
});
