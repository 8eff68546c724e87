import { describe, expect, it } from 'vitest';
import { matchRoute, routeKey, routes } from '../../../functions/api/routes.js';

describe('route table', () => {
  it('has one entry per method and path', () => {
    const keys = routes.map(routeKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('puts every route under /api', () => {
    for (const r of routes) expect(r.path.startsWith('/api/')).toBe(true);
  });

  it('matches paths and tells the allowed methods otherwise', () => {
    const hit = matchRoute('GET', '/api/profile');
    expect(hit && 'route' in hit && hit.route.path).toBe('/api/profile');
    const wrong = matchRoute('PUT', '/api/profile');
    expect(wrong && 'allowed' in wrong && wrong.allowed.sort()).toEqual(['GET', 'PATCH']);
    expect(matchRoute('GET', '/api/nothing-here')).toBeNull();
  });

  it('loads a handler for every route', { timeout: 60_000 }, async () => {
    for (const r of routes) expect(typeof (await r.load())).toBe('function');
  });
});
