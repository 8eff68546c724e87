// Property test of the API's bounds through the real handlers (functions/api, loaded from the one
// route table): every field of every request body, and every number of a query, given the values
// a careless or hostile client sends (denormals such as 5e-324 and 1e-320, underflows, 1e308,
// Infinity, NaN, impossible and far dates, a past or too distant exam date) is refused with 400
// before anything is read or stored, and the message is entirely in the caller's language. What
// reaches storage in the accepted cases (±0, rounded fields) is checked through the laptop host
// (test/integration/request-bounds.test.ts).
import { describe, expect, it } from 'vitest';
import { routeKey, routes, type RouteDef } from '../../../functions/api/routes.js';
import type { ApiEvent, ApiHandler } from '../../../functions/platform/http.js';
import {
  ENGLISH_WORDS,
  EXAM_DATE_FIELDS,
  EXTREME_DATES,
  EXTREME_NUMBERS,
  examOutOfWindow,
  fillPath,
  FRENCH_WORDS,
  leavesOf,
  NOT_JSON_NUMBERS,
  pathParams,
  requestSamples,
  ROUNDED_FIELDS,
  TINY,
  withRaw,
} from '../../support/request-samples.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

interface Case {
  route: RouteDef;
  what: string;
  body?: string;
  query?: Record<string, string>;
}

/** The mutated requests of one route: each body leaf and numeric query value, each extreme value. */
function casesOf(route: RouteDef): Case[] {
  const key = routeKey(route);
  const sample = requestSamples()[key];
  const cases: Case[] = [];
  if (sample.body) {
    for (const { field, value } of leavesOf(sample.body)) {
      const raws: string[] = [...EXTREME_NUMBERS, ...NOT_JSON_NUMBERS].filter((raw) => !(ROUNDED_FIELDS.has(`${key} ${field}`) && TINY.has(raw)));
      if (typeof value === 'string' && DAY.test(value)) {
        raws.push(...EXTREME_DATES.map((d) => JSON.stringify(d)));
        if (EXAM_DATE_FIELDS.has(`${key} ${field}`)) raws.push(...examOutOfWindow().map((d) => JSON.stringify(d)));
      }
      for (const raw of raws) cases.push({ route, what: `${field} = ${raw}`, body: withRaw(sample.body, field, raw), query: sample.query });
    }
  }
  for (const [name, value] of Object.entries(sample.query ?? {})) {
    if (!/^\d+$/.test(value)) continue;
    for (const raw of ['1e308', '1e-320', '5e-324', '-1', '1.5', 'NaN', 'Infinity', '-Infinity', '1e999', '0x10', '']) {
      cases.push({ route, what: `?${name}=${raw}`, body: sample.body ? JSON.stringify(sample.body) : undefined, query: { ...sample.query, [name]: raw } });
    }
  }
  return cases;
}

function eventOf(c: Case, lang: 'fr' | 'en'): ApiEvent {
  return {
    version: '2.0',
    routeKey: routeKey(c.route),
    rawPath: fillPath(c.route.path),
    rawQueryString: '',
    headers: { 'content-type': 'application/json', 'x-revise-language': lang },
    queryStringParameters: c.query,
    pathParameters: pathParams(c.route.path),
    body: c.body,
    isBase64Encoded: false,
    requestContext: {
      requestId: 'bounds',
      authorizer: { jwt: { claims: { sub: 'student-1', username: 'student-1' }, scopes: [] }, principalId: '', integrationLatency: 0 },
    } as unknown as ApiEvent['requestContext'],
  } as ApiEvent;
}

describe('request bounds', () => {
  it('has a sample request for every route that takes a body or a query', () => {
    const samples = requestSamples();
    const missing = routes.filter((r) => r.auth !== 'webhook' && ['POST', 'PUT', 'PATCH'].includes(r.method) && !(routeKey(r) in samples)).map(routeKey);
    expect(missing).toEqual([]);
    const unknown = Object.keys(samples).filter((k) => !routes.some((r) => routeKey(r) === k));
    expect(unknown).toEqual([]);
  });

  it('refuses every extreme value with 400, in the caller\'s language only, through the real handlers', { timeout: 120_000 }, async () => {
    const samples = requestSamples();
    const handlers = new Map<string, ApiHandler>();
    let count = 0;
    const failures: string[] = [];
    for (const route of routes.filter((r) => routeKey(r) in samples)) {
      const handler = handlers.get(routeKey(route)) ?? (await route.load());
      handlers.set(routeKey(route), handler);
      for (const c of casesOf(route)) {
        const lang = count++ % 2 ? 'en' : 'fr';
        const result = await handler(eventOf(c, lang));
        const message: string = JSON.parse(result.body ?? '{}').error?.message ?? '';
        const wrongWords = lang === 'fr' ? ENGLISH_WORDS.exec(message) : FRENCH_WORDS.exec(message);
        if (result.statusCode !== 400 || !message || wrongWords) failures.push(`${routeKey(route)} ${c.what} (${lang}): ${result.statusCode} ${message}`);
      }
    }
    expect(failures).toEqual([]);
    // Every route with a body or a numeric query was fed: hundreds of requests, not a handful.
    expect(count).toBeGreaterThan(800);
  });
});
