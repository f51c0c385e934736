import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../worker/api';
import { policyOf } from '../../worker/api/policy';
import { demoClient, newClient, type Client } from './client-bookings-helpers';
import { call } from './helpers';

/** Every route that declares `client` (api/policy.ts), walked with no token, a token of another kind and another client's name. */
const clientRoutes = () => {
  const seen = new Map<string, { method: string; path: string }>();
  for (const r of api.routes)
    if (policyOf(r.handler)?.caller === 'client') seen.set(`${r.method} ${r.path}`, { method: r.method, path: r.path });
  return [...seen.values()];
};

/** A concrete path for a route: every param a plausible value, the username the one given. */
function concrete(path: string, username: string): string {
  const values: Record<string, string> = {
    salonId: '1',
    id: '1',
    appointmentId: '1',
    inviteId: '1',
    tab: 'future',
    isoTime: '2027-01-05T10:00:00+00:00',
    serviceIds: '1',
    stylistIds: '1',
    pi: 'pi_AAAAAAAAAAAA',
    username,
  };
  return `/api${path.replace(/:(\w+)(\{[^}]*\})?/g, (_, name: string) => values[name] ?? '1')}`;
}

const send = (method: string, path: string, headers: Record<string, string> = {}) =>
  call(path, {
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    ...(method === 'GET' || method === 'DELETE' ? {} : { body: '{}' }),
  });

let owner: Client;
let other: Client;
let idToken: string;

beforeAll(async () => {
  owner = await demoClient();
  other = await newClient();
  const login = await call('/session/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ phone: '+447700900123', password: 'Demo-pass1' }),
  });
  idToken = ((await login.json()) as { id_token: string }).id_token;
});

describe('every client route, walked', () => {
  it('has client routes to walk', () => {
    expect(clientRoutes().length).toBeGreaterThanOrEqual(15);
  });

  it('refuses a call with no token, 401', async () => {
    for (const r of clientRoutes()) {
      const res = await send(r.method, concrete(r.path, owner.username));
      expect(res.status, `${r.method} ${r.path}`).toBe(401);
    }
  });

  it("refuses a token of another kind (the identity service's ID token, a salon's admin key), 401", async () => {
    for (const r of clientRoutes()) {
      for (const token of [idToken, 'demo-admin-1']) {
        const res = await send(r.method, concrete(r.path, owner.username), { Authorization: `Bearer ${token}` });
        expect(res.status, `${r.method} ${r.path} with ${token.slice(0, 12)}…`).toBe(401);
      }
    }
  });

  it("answers 404 for another client's resource named in the path, never its data", async () => {
    const named = clientRoutes().filter((r) => r.path.includes(':username') && (r.method === 'GET' || r.method === 'DELETE'));
    expect(named.length).toBeGreaterThanOrEqual(3);
    for (const r of named) {
      const res = await send(r.method, concrete(r.path, owner.username), other.auth);
      expect(res.status, `${r.method} ${r.path}`).toBe(404);
    }
  });
});
