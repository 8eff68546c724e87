import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../../functions/core/errors.js';
import { publicRoute, Reply, userRoute, type ApiEvent } from '../../../functions/platform/http.js';

function event(over: Partial<ApiEvent> & { sub?: string } = {}): ApiEvent {
  const { sub, ...rest } = over;
  return {
    version: '2.0',
    routeKey: 'POST /api/test',
    rawPath: '/api/test',
    rawQueryString: '',
    headers: { 'content-type': 'application/json' },
    isBase64Encoded: false,
    requestContext: {
      requestId: 'r1',
      authorizer: sub ? { jwt: { claims: { sub, username: sub }, scopes: [] }, principalId: '', integrationLatency: 0 } : undefined,
    } as unknown as ApiEvent['requestContext'],
    ...rest,
  } as ApiEvent;
}

const echo = userRoute({ body: z.object({ name: z.string().min(1), age: z.number().int() }).strict() }, async ({ body, user }) => ({ ...body, by: user.id }));

const parse = (r: { body?: string }) => JSON.parse(r.body ?? 'null');

describe('HTTP helper', () => {
  it('passes a valid body and the caller to the handler', async () => {
    const r = await echo(event({ sub: 'u1', body: JSON.stringify({ name: 'Léa', age: 19 }) }));
    expect(r.statusCode).toBe(200);
    expect(parse(r)).toEqual({ name: 'Léa', age: 19, by: 'u1' });
  });

  it('refuses a user route without a caller', async () => {
    const r = await echo(event({ body: '{}' }));
    expect(r.statusCode).toBe(401);
    expect(parse(r).error.code).toBe('unauthorized');
  });

  it('answers malformed JSON with 400 and a clear message in the caller language', async () => {
    const r = await echo(event({ sub: 'u1', body: '{"name": ', headers: { 'content-type': 'application/json', 'accept-language': 'en-GB,en;q=0.8' } }));
    expect(r.statusCode).toBe(400);
    expect(parse(r).error).toEqual({ code: 'invalid_json', message: 'The request body must be valid JSON' });
  });

  it('names the missing and wrong-typed fields', async () => {
    const r = await echo(event({ sub: 'u1', body: JSON.stringify({ age: 'old' }) }));
    expect(r.statusCode).toBe(400);
    const { message } = parse(r).error;
    expect(message).toMatch(/^Données invalides/);
    expect(message).toContain('name');
    expect(message).toContain('age');
  });

  it('refuses unknown fields', async () => {
    const r = await echo(event({ sub: 'u1', body: JSON.stringify({ name: 'a', age: 1, admin: true }) }));
    expect(r.statusCode).toBe(400);
  });

  it('refuses oversized bodies with 413', async () => {
    const r = await echo(event({ sub: 'u1', body: JSON.stringify({ name: 'x'.repeat(70_000), age: 1 }) }));
    expect(r.statusCode).toBe(413);
  });

  it('refuses a body that is not JSON with 415', async () => {
    const r = await echo(event({ sub: 'u1', body: 'name=a', headers: { 'content-type': 'application/x-www-form-urlencoded' } }));
    expect(r.statusCode).toBe(415);
  });

  it('keeps catalogue errors and hides unknown ones', async () => {
    const known = publicRoute({}, async () => {
      throw new AppError('referral_code_unknown', { code: 'ABC' });
    });
    const r1 = await known(event());
    expect(r1.statusCode).toBe(404);
    expect(parse(r1).error.message).toBe('Aucun utilisateur trouvé avec ce code de parrainage: ABC');
    const unknown = publicRoute({}, async () => {
      throw new Error('secret internal detail at db.ts:42');
    });
    const r2 = await unknown(event());
    expect(r2.statusCode).toBe(500);
    expect(r2.body).not.toContain('secret');
    expect(parse(r2).error).toEqual({ code: 'internal', message: 'Une erreur est survenue' });
  });

  it('answers 204 for no content and honours an explicit status', async () => {
    expect((await publicRoute({}, async () => undefined)(event())).statusCode).toBe(204);
    expect((await publicRoute({}, async () => new Reply(201, { ok: 1 }))(event())).statusCode).toBe(201);
  });
});

describe('the size of an answer', () => {
  it('is bounded: an answer over the limit is refused with a message in the caller’s language, never sent', async () => {
    const huge = userRoute({}, async () => ({ items: Array.from({ length: 700 }, (_, i) => ({ i, text: 'x'.repeat(8_000) })) }));
    const r = await huge(event({ sub: 'u1', headers: { 'x-revise-language': 'en' } }));
    expect(r.statusCode).toBe(500);
    expect(parse(r)).toMatchObject({ error: { code: 'response_too_large', message: 'The response would be too large to send. Ask for a smaller part.' } });
    const small = userRoute({}, async () => ({ items: ['a'] }));
    expect((await small(event({ sub: 'u1' }))).statusCode).toBe(200);
  });
});
