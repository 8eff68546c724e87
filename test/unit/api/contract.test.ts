// The API's wire (functions/core/contract.ts) holds on both sides. At compile time (this file is
// type-checked with the server's tsconfig: each `@ts-expect-error` below must meet an error, or
// the check fails): a call with a body its route's schema would refuse, or without the route's
// path parameter, does not compile; a handler answering something else than its route's contract
// is not accepted by the route table; what a call resolves to is the route's answer. At run time:
// the web client's request line for every route of the table is that route's path, with each
// parameter filled in (encoded) and the rest sent as the query.
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { Answer, CallArgs, ResponseOf } from '../../../functions/core/contract.js';
import type { ConversationSummary, Turn, UsageFigure } from '../../../functions/core/views.js';
import { routeKey, routes, type HandlerOf } from '../../../functions/api/routes.js';
import type { RouteHandler } from '../../../functions/platform/http.js';

vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: async () => ({ tokens: undefined }) }));

/** Stands for `call(key, ...)` of the web client (web/src/api/client.ts), whose arguments are these. */
const ask = (..._args: CallArgs<'POST /api/subjects/{subjectId}/questions'>) => undefined;
const conversation = (..._args: CallArgs<'GET /api/subjects/{subjectId}/conversations/{conversationId}'>) => undefined;

// What the page sends.
ask({ subjectId: 's1' }, { question: 'Qu’est-ce que la mitose ?', mode: 'course' });
// @ts-expect-error: a question without its text is refused by askBody
ask({ subjectId: 's1' }, { mode: 'course' });
// @ts-expect-error: an answer mode the schema does not know
ask({ subjectId: 's1' }, { question: 'Qu’est-ce que la mitose ?', mode: 'poem' });
// @ts-expect-error: the subject the path names is missing
ask({}, { question: 'Qu’est-ce que la mitose ?', mode: 'course' });
conversation({ subjectId: 's1', conversationId: 'c1' });
// @ts-expect-error: a GET takes no body
conversation({ subjectId: 's1', conversationId: 'c1' }, { title: 'x' });

// What the route answers.
type Asked = ResponseOf<'POST /api/subjects/{subjectId}/questions'>;
expectTypeOf<Asked>().toEqualTypeOf<{ conversation: ConversationSummary; turn: Turn; usage: UsageFigure }>();
expectTypeOf<Answer<ResponseOf<'GET /api/subjects/{subjectId}/plan.ics'>>>().toEqualTypeOf<string>();
expectTypeOf<Answer<ResponseOf<'GET /api/cards/export'>>>().toEqualTypeOf<Blob>();

// What the route table accepts as the handler of a route (checked by the compiler only).
export function handlerChecks(
  answersItsContract: RouteHandler<Asked, unknown, undefined>,
  answersNoUsage: RouteHandler<Omit<Asked, 'usage'>, unknown, undefined>,
  acceptsLessThanSent: RouteHandler<Asked, { question: string; mode: 'course' }, undefined>,
) {
  const accepted: HandlerOf<'POST /api/subjects/{subjectId}/questions'> = answersItsContract;
  // @ts-expect-error: the page reads `usage`, which this handler does not answer
  const missingUsage: HandlerOf<'POST /api/subjects/{subjectId}/questions'> = answersNoUsage;
  // @ts-expect-error: the page may send the other answer modes, which this handler would refuse
  const narrowBody: HandlerOf<'POST /api/subjects/{subjectId}/questions'> = acceptsLessThanSent;
  return [accepted, missingUsage, narrowBody];
}

const web = (path: string) => import(/* @vite-ignore */ path);
const { routePath } = (await web('../../../web/src/api/client.ts')) as { routePath: (key: string, params: object) => { method: string; path: string } };

describe('the web client’s request line', () => {
  it('is each route’s own path, its parameters filled in and encoded', () => {
    for (const route of routes.filter((r) => r.auth !== 'webhook')) {
      const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const params = Object.fromEntries(names.map((name) => [name, `${name} é/?`]));
      const { method, path } = routePath(routeKey(route), params);
      expect(method).toBe(route.method);
      const filled = route.path.replace(/^\/api/, '').replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(`${name} é/?`));
      expect(path).toBe(filled);
    }
  });

  it('sends the other parameters as the query, leaving out those not given', () => {
    expect(routePath('GET /api/subjects/{subjectId}/stats', { subjectId: 's 1', range: '30d', timezone: 'Europe/Paris', cursor: undefined })).toEqual({
      method: 'GET',
      path: '/subjects/s%201/stats?range=30d&timezone=Europe%2FParis',
    });
  });
});
