import { describe, expect, it } from 'vitest';
import { api } from '../../worker/api';
import { policyOf } from '../../worker/api/policy';
import { routeOf } from '../../worker/edge/route-policy';

/** Every route of the API (method and path), from its own route list: middleware for all methods left out. */
function apiRoutes() {
  const routes = new Map<string, { method: string; path: string; declared: boolean }>();
  for (const r of api.routes) {
    if (r.method === 'ALL') continue;
    const key = `${r.method} ${r.path}`;
    const seen = routes.get(key) ?? { method: r.method, path: r.path, declared: false };
    seen.declared ||= policyOf(r.handler) !== undefined;
    routes.set(key, seen);
  }
  return [...routes.values()];
}

describe('route policies (api/policy.ts)', () => {
  it('every API route declares who may call it and how it is cached', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.filter((r) => !r.declared).map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it('names a salon’s id :salonId in every path (staff admission and the salon’s database read that name)', () => {
    const wrong = apiRoutes()
      .map((r) => `${r.method} ${r.path}`)
      // a client's own list of salons is named by the client, not by a salon
      .filter((r) => /\/salons?\/:(?!salonId\b)/.test(r) && !r.endsWith('/client/salons/:username/'));
    expect(wrong).toEqual([]);
  });

  it('the edge finds the policy of a concrete path, with its params', () => {
    expect(routeOf('GET', '/book-online/salon/1/')).toMatchObject({ policy: { caller: 'public' }, params: { salonId: '1' } });
    expect(routeOf('GET', '/book-online/salon/1/')!.policy.cache!.scope({ salonId: '1' })).toBe('salon:1');
    expect(routeOf('GET', '/book-online/salon/by-domain/book.demo-salon.test/')!.policy.cache).toMatchObject({ misses: true });
    expect(routeOf('GET', '/ncob/client/salons/abc/')!.policy).toEqual({ caller: 'client' });
    expect(routeOf('POST', '/book-online/hold/1/')!.policy).toEqual({ caller: 'client-if-sent', takesHold: true });
    expect(routeOf('DELETE', '/book-online/hold/1/AAAAAAAAAAAAAAAAAAAA/')!.policy).toEqual({ caller: 'client-if-sent' });
    expect(routeOf('GET', '/rebooking/salons/')!.policy.caller).toBe('rebooking');
    expect(routeOf('PATCH', '/admin/salons/1')!.policy.caller).toBe('admin');
    expect(routeOf('PATCH', '/console/salons/1/settings')!.policy).toEqual({ caller: 'staff', roles: ['owner', 'manager'] });
    expect(routeOf('POST', '/console/salons/1/staff')!.policy).toEqual({ caller: 'staff', roles: ['owner', 'manager'] });
    expect(routeOf('DELETE', '/console/salons/1/staff/2')!.policy).toEqual({ caller: 'staff', roles: ['owner'] });
    expect(routeOf('PUT', '/console/salons/1/photos/cover')!.policy).toEqual({ caller: 'staff', roles: ['owner', 'manager'] });
    expect(routeOf('GET', '/ncob/invite/DemoJamieRiversInvite01/')!.policy).toEqual({ caller: 'public' });
    // A GET of a path declared for POST only, and a path no route has: no policy (the API answers 404).
    expect(routeOf('GET', '/book-online/hold/1/')).toBeNull();
    expect(routeOf('GET', '/no/such/call/')).toBeNull();
  });

  it('caches only public GETs: no personal call has a cache', () => {
    for (const r of api.routes) {
      const p = policyOf(r.handler);
      if (p?.cache) {
        expect(p.caller, `${r.method} ${r.path}`).toBe('public');
        expect(r.method, r.path).toBe('GET');
      }
    }
  });
});
