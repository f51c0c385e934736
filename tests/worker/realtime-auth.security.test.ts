import { createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, demoLogin } from './helpers';

// POST /pusher/auth: pusher-js's channel authorisation. A client is signed into its own private
// channel only. The expected signature is written from Pusher's documentation, not the SDK's.

const KEY = 'local_pusher_key';
const SECRET = 'local_pusher_secret';
const SOCKET = '1234.5678';

let token = '';
let username = '';

beforeAll(async () => {
  ({ token, username } = await demoLogin());
});

/** Posts the form as pusher-js does (application/x-www-form-urlencoded). */
function authorise(fields: Record<string, string>, bearer: string | null = token) {
  const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded' };
  if (bearer !== null) headers.Authorization = `Bearer ${bearer}`;
  return call('/pusher/auth', { method: 'POST', headers, body: new URLSearchParams(fields).toString() });
}

describe('POST /pusher/auth', () => {
  it("signs the client's own private channel: key:HMAC-SHA256(secret, socket_id:channel), never cached", async () => {
    const channel = `private-client-${username}`;
    const res = await authorise({ socket_id: SOCKET, channel_name: channel });
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const expected = createHmac('sha256', SECRET).update(`${SOCKET}:${channel}`).digest('hex');
    expect(await res.json()).toEqual({ auth: `${KEY}:${expected}` });
  });

  it.each([
    ["another client's private channel", 'private-client-00000000-0000-4000-8000-000000000000'],
    ['a prefix of its own channel', 'private-client-'],
    ['a public channel (the spec’s salon channel)', '1_channel'],
    ['a presence channel', 'presence-client-x'],
    ['an encrypted channel', 'private-encrypted-client-x'],
  ])('refuses %s with 403 and says why', async (_what, channel) => {
    const res = await authorise({ socket_id: SOCKET, channel_name: channel });
    expect(res.status).toBe(403);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const body = (await res.json()) as { detail: string; code: string };
    expect(body.code).toBe('FORBIDDEN');
    expect(body.detail).toContain('only subscribe to your own channel');
    expect(JSON.stringify(body)).not.toMatch(/[0-9a-f]{64}/);
  });

  it('refuses the own channel name with a suffix (no prefix match)', async () => {
    const res = await authorise({ socket_id: SOCKET, channel_name: `private-client-${username}x` });
    expect(res.status).toBe(403);
  });

  it.each([
    ['no token', null],
    ['a malformed token', 'not a token'],
    ['a forged token', 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln'],
  ])('answers 401 with %s', async (_what, bearer) => {
    const res = await authorise({ socket_id: SOCKET, channel_name: `private-client-${username}` }, bearer);
    expect(res.status).toBe(401);
    expect(await res.json()).not.toHaveProperty('auth');
  });

  it.each([
    ['a socket id that is not digits.digits', { socket_id: '12.ab', channel_name: 'private-client-x' }],
    ['a socket id with a suffix', { socket_id: '1.2:x', channel_name: 'private-client-x' }],
    ['no socket id', { channel_name: 'private-client-x' }],
    ['no channel', { socket_id: SOCKET }],
    ['an over-long channel', { socket_id: SOCKET, channel_name: 'private-' + 'x'.repeat(200) }],
  ])('answers 400 to %s', async (_what, fields: Record<string, string>) => {
    const res = await authorise(fields);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('BAD_REQUEST');
  });

  it('answers 400 to a JSON body (pusher-js posts a form)', async () => {
    const res = await call('/pusher/auth', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ socket_id: SOCKET, channel_name: `private-client-${username}` }),
    });
    expect(res.status).toBe(400);
  });
});
