import { describe, expect, it } from 'vitest';
import { call, signUp } from './helpers';

// Issue 16 item 5: a logged-out access token kept working for up to an hour on protected calls.
// Logout now ends its session (Cognito's origin_jti) at the edge for the token's remaining life.
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  call(path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
const bearer = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });
const phone = `+4477009${String(Date.now() % 100_000).padStart(5, '0')}`;
const client = { first_name: 'Lou', last_name: 'Gone', email: 'lou@example.test', phone, password: 'Good-pass1' };

interface Session {
  access_token: string;
  user: { username: string };
}
async function logIn(): Promise<Session & { cookie: string }> {
  const res = await post('/session/login', { phone, password: client.password }, { 'CF-Connecting-IP': '100.64.9.9' });
  expect(res.status).toBe(200);
  const cookie = /__Host-session=[^;]*/.exec(res.headers.get('Set-Cookie') ?? '')?.[0] ?? '';
  return { ...((await res.json()) as Session), cookie };
}

describe('logout ends the session of the access token at once', () => {
  it('refuses the logged-out token on every protected call, and leaves other sessions alone', async () => {
    expect((await signUp(client, { 'CF-Connecting-IP': '100.64.9.8' })).status).toBe(200);
    const a = await logIn();
    const b = await logIn();
    const salons = (s: Session) => call(`/api/ncob/client/salons/${s.user.username}/`, bearer(s.access_token));
    expect((await salons(a)).status).toBe(200);

    const out = await post('/session/logout', {}, { Authorization: `Bearer ${a.access_token}`, Cookie: a.cookie });
    expect(out.status).toBe(204);
    const after = await salons(a);
    expect(after.status).toBe(401);
    expect(((await after.json()) as { detail: string }).detail).toBe('You have logged out. Please log in again.');
    expect((await call(`/api/client/get/invite/1/`, bearer(a.access_token))).status).toBe(401);
    expect((await call('/session/me', bearer(a.access_token))).status).toBe(401);
    // The other session (another device) still works.
    expect((await salons(b)).status).toBe(200);
  });

  it('logs out without a token, or with a forged one, without ending anything else', async () => {
    expect((await post('/session/logout', {})).status).toBe(204);
    expect((await post('/session/logout', {}, { Authorization: 'Bearer not.a.token' })).status).toBe(204);
  });
});
