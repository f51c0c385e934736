import { SELF } from 'cloudflare:test';
import { createHash, createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';

// The Pusher Channels stand-in, checked over the wire as pusher-js and the `pusher` SDK use it.
// The signing below is written from Pusher's documentation, not imported from the stand-in.

// ---- helpers --------------------------------------------------------------------------------

const STANDINS = 'http://127.0.0.1:8788';
/** [vars] of standins/wrangler.toml. */
const APP_ID = 'local-app';
const KEY = 'local_pusher_key';
const SECRET = 'local_pusher_secret';
const SOCKET_PATH = `/app/${KEY}?protocol=7&client=js&version=8.4.0&flash=false`;

interface Frame {
  event: string;
  channel?: string;
  data?: unknown;
}

/** One WebSocket client: collects frames and the close, and waits for them. */
class Client {
  private readonly frames: Frame[] = [];
  private readonly waiters: (() => void)[] = [];
  closed: { code: number; reason: string } | null = null;
  socketId = '';

  constructor(readonly ws: WebSocket) {
    ws.addEventListener('message', (e) => {
      this.frames.push(JSON.parse(String(e.data)) as Frame);
      this.wake();
    });
    ws.addEventListener('close', (e) => {
      this.closed = { code: e.code, reason: e.reason };
      this.wake();
    });
    ws.accept();
  }

  private wake() {
    for (const w of this.waiters.splice(0)) w();
  }

  private async until(done: () => boolean, what: string, ms = 3000) {
    const deadline = Date.now() + ms;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  /** The next frame the server sent. */
  async next(): Promise<Frame> {
    await this.until(() => this.frames.length > 0, 'a frame');
    return this.frames.shift()!;
  }

  async waitClosed() {
    await this.until(() => this.closed !== null, 'the close');
    return this.closed!;
  }

  send(frame: unknown) {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** Pings and expects the pong as the very next frame: proves nothing else was queued and the socket lives. */
  async expectNothingElse() {
    this.send({ event: 'pusher:ping', data: {} });
    expect(await this.next()).toEqual({ event: 'pusher:pong', data: '{}' });
  }

  async subscribe(channel: string, auth?: string): Promise<Frame> {
    this.send({ event: 'pusher:subscribe', data: auth === undefined ? { channel } : { auth, channel } });
    return this.next();
  }
}

const open: Client[] = [];
afterEach(() => {
  for (const c of open.splice(0))
    try {
      c.ws.close(1000, 'done');
    } catch {
      // closed by the server
    }
});

async function connect(path = SOCKET_PATH): Promise<Client> {
  const res = await SELF.fetch(`${STANDINS}${path}`, { headers: { Upgrade: 'websocket' } });
  expect(res.status).toBe(101);
  expect(res.webSocket).toBeTruthy();
  const client = new Client(res.webSocket!);
  open.push(client);
  return client;
}

/** Connects and reads connection_established. */
async function connected(): Promise<Client> {
  const client = await connect();
  const hello = await client.next();
  expect(hello.event).toBe('pusher:connection_established');
  client.socketId = (JSON.parse(hello.data as string) as { socket_id: string }).socket_id;
  return client;
}

const hmacHex = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');
/** What an app's auth endpoint answers for a private channel (Pusher's "auth signatures" page). */
const channelAuth = (socketId: string, channel: string, secret = SECRET, key = KEY) =>
  `${key}:${hmacHex(secret, `${socketId}:${channel}`)}`;

interface Signing {
  secret?: string;
  key?: string;
  timestamp?: number;
  md5?: string;
  appId?: string;
}

/** A POST to Pusher's HTTP API signed as the `pusher` SDK signs it. */
function apiPost(resource: 'events', body: unknown, s: Signing = {}) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const path = `/apps/${s.appId ?? APP_ID}/${resource}`;
  const md5 = s.md5 ?? createHash('md5').update(raw).digest('hex');
  const timestamp = s.timestamp ?? Math.floor(Date.now() / 1000);
  // Already in key order: auth_key, auth_timestamp, auth_version, body_md5.
  const query = `auth_key=${s.key ?? KEY}&auth_timestamp=${timestamp}&auth_version=1.0&body_md5=${md5}`;
  const signature = hmacHex(s.secret ?? SECRET, `POST\n${path}\n${query}`);
  return SELF.fetch(`${STANDINS}${path}?${query}&auth_signature=${signature}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: raw,
  });
}

let seq = 0;
/** A channel name no other test uses. */
const fresh = (prefix = '') => `${prefix}salon-${++seq}-${Date.now()}_channel`;

// ---- the WebSocket ----------------------------------------------------------------------------

describe('Pusher Channels stand-in: the WebSocket (protocol 7)', () => {
  it('greets with pusher:connection_established: data a JSON string {socket_id "<digits>.<digits>", activity_timeout 120}', async () => {
    const client = await connect();
    const hello = await client.next();
    expect(hello).toEqual({ event: 'pusher:connection_established', data: expect.any(String) });
    const data = JSON.parse(hello.data as string) as Record<string, unknown>;
    expect(data).toEqual({ socket_id: expect.stringMatching(/^\d+\.\d+$/), activity_timeout: 120 });
    const other = await connected();
    expect(other.socketId).not.toBe(data.socket_id);
  });

  it('answers pusher:ping with pusher:pong, as pusher-js sends it and with data as a string', async () => {
    const client = await connected();
    client.send('{"event":"pusher:ping","data":{}}');
    expect(await client.next()).toEqual({ event: 'pusher:pong', data: '{}' });
    client.send({ event: 'pusher:ping', data: '{}' });
    expect(await client.next()).toEqual({ event: 'pusher:pong', data: '{}' });
  });

  it('subscribes anyone to a public channel', async () => {
    const client = await connected();
    const channel = fresh();
    expect(await client.subscribe(channel)).toEqual({ event: 'pusher_internal:subscription_succeeded', channel, data: '{}' });
    // Subscribing again is harmless.
    expect(await client.subscribe(channel)).toEqual({ event: 'pusher_internal:subscription_succeeded', channel, data: '{}' });
  });

  it('subscribes to a private channel with the auth key:HMAC-SHA256(secret, socket_id:channel)', async () => {
    const client = await connected();
    const channel = fresh('private-');
    expect(await client.subscribe(channel, channelAuth(client.socketId, channel))).toEqual({
      event: 'pusher_internal:subscription_succeeded',
      channel,
      data: '{}',
    });
    const encrypted = fresh('private-encrypted-');
    expect(await client.subscribe(encrypted, channelAuth(client.socketId, encrypted))).toEqual({
      event: 'pusher_internal:subscription_succeeded',
      channel: encrypted,
      data: '{}',
    });
  });

  it('refuses a private channel with a wrong, foreign or missing auth: pusher:error 4009 and pusher:subscription_error, the socket stays open', async () => {
    const client = await connected();
    const channel = fresh('private-');
    const other = await connected();
    const wrong = [
      channelAuth(client.socketId, channel, 'not_the_secret'),
      channelAuth(other.socketId, channel), // signed for another socket
      channelAuth(client.socketId, `${channel}-x`), // signed for another channel
      `${KEY}:${'0'.repeat(64)}`,
      `${KEY}:zz`,
      'no-colon',
      undefined,
    ];
    for (const auth of wrong) {
      const answer = await client.subscribe(channel, auth);
      expect(answer, String(auth)).toEqual({
        event: 'pusher:error',
        data: { code: 4009, message: expect.stringMatching(/^Invalid signature: /) },
      });
      expect((answer.data as { message: string }).message).toContain(`${client.socketId}:${channel}`);
      // issue 33 item 7: and on the channel, pusher:subscription_error, which pusher-js's channel.bind hears
      expect(await client.next()).toEqual({
        event: 'pusher:subscription_error',
        channel,
        data: { type: 'AuthError', error: (answer.data as { message: string }).message, status: 401 },
      });
    }
    expect(await client.subscribe(channel, channelAuth(client.socketId, channel, SECRET, 'another_key'))).toEqual({
      event: 'pusher:error',
      data: { code: 4009, message: "Invalid key in subscription auth data: 'another_key'" },
    });
    expect(await client.next()).toMatchObject({ event: 'pusher:subscription_error', channel });
    expect(client.closed).toBeNull();
    await client.expectNothingElse();
    // A refused channel gets no events.
    expect((await apiPost('events', { name: 'x', data: '{}', channels: [channel] })).status).toBe(200);
    await client.expectNothingElse();
  });

  it('refuses presence channels and client events with a pusher:error, keeping the socket', async () => {
    const client = await connected();
    const presence = await client.subscribe('presence-salon', channelAuth(client.socketId, 'presence-salon'));
    expect(presence).toEqual({ event: 'pusher:error', data: { code: null, message: expect.stringContaining('Presence channels') } });
    client.send({ event: 'client-typing', channel: 'private-x', data: '{}' });
    expect(await client.next()).toEqual({
      event: 'pusher:error',
      data: { code: null, message: 'To send client events, you must enable this feature in the Settings page of your dashboard.' },
    });
    await client.expectNothingElse();
  });

  it('answers malformed frames with pusher:error and keeps the socket open', async () => {
    const client = await connected();
    const malformed = [
      '{not json',
      '[1,2]',
      'null',
      '"text"',
      '{"data":{}}',
      '{"event":"pusher:subscribe","data":{}}',
      '{"event":"pusher:subscribe","data":"{broken"}',
      '{"event":"pusher:subscribe","data":{"channel":"bad channel!"}}',
      `{"event":"pusher:subscribe","data":{"channel":"${'a'.repeat(165)}"}}`,
      '{"event":"pusher:unsubscribe","data":{"channel":42}}',
      '{"event":"pusher:nonsense","data":{}}',
      JSON.stringify({ event: 'pusher:ping', data: 'x'.repeat(20_000) }),
    ];
    for (const text of malformed) {
      client.send(text);
      expect(await client.next(), text.slice(0, 80)).toEqual({ event: 'pusher:error', data: { code: null, message: expect.any(String) } });
    }
    expect(client.closed).toBeNull();
    await client.expectNothingElse();
    expect(await client.subscribe('after-errors')).toMatchObject({ event: 'pusher_internal:subscription_succeeded' });
  });

  it("closes an unknown app key with 4001 after Pusher's pusher:error", async () => {
    const client = await connect('/app/some_other_key?protocol=7&client=js&version=8.4.0');
    const message = 'App key some_other_key not in this cluster. Did you forget to specify the cluster?';
    expect(await client.next()).toEqual({ event: 'pusher:error', data: { code: 4001, message } });
    expect(await client.waitClosed()).toEqual({ code: 4001, reason: message });
  });

  it('closes an unsupported protocol with 4007 and a missing one with 4008', async () => {
    const old = await connect(`/app/${KEY}?protocol=6&client=js&version=3.0`);
    expect(await old.next()).toEqual({ event: 'pusher:error', data: { code: 4007, message: expect.any(String) } });
    expect((await old.waitClosed()).code).toBe(4007);
    const none = await connect(`/app/${KEY}?client=js`);
    expect(await none.next()).toEqual({ event: 'pusher:error', data: { code: 4008, message: 'No protocol version supplied' } });
    expect((await none.waitClosed()).code).toBe(4008);
  });

  it('answers a plain GET of the socket URL with 426', async () => {
    const res = await SELF.fetch(`${STANDINS}${SOCKET_PATH}`);
    expect(res.status).toBe(426);
  });
});

// ---- the HTTP events API ----------------------------------------------------------------------

describe('Pusher Channels stand-in: the HTTP events API', () => {
  it("delivers a signed POST /apps/{id}/events to the channel's sockets, and not to other channels", async () => {
    const channel = fresh();
    const elsewhere = fresh();
    const [a, b, c] = [await connected(), await connected(), await connected()];
    await a.subscribe(channel);
    await b.subscribe(elsewhere);
    await c.subscribe(channel);
    const data = JSON.stringify({ appointment_id: 42, change: 'cancelled' });

    const res = await apiPost('events', { name: 'booking-changed', data, channels: [channel] });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({});
    expect(await a.next()).toEqual({ event: 'booking-changed', channel, data });
    expect(await c.next()).toEqual({ event: 'booking-changed', channel, data });
    await a.expectNothingElse();
    await b.expectNothingElse();

    // several channels reach each subscriber
    expect((await apiPost('events', { name: 'both', data: '{}', channels: [channel, elsewhere] })).status).toBe(200);
    expect(await a.next()).toEqual({ event: 'both', channel, data: '{}' });
    expect(await b.next()).toEqual({ event: 'both', channel: elsewhere, data: '{}' });
  });

  it('delivers to private channels, and stops after pusher:unsubscribe', async () => {
    const channel = fresh('private-');
    const client = await connected();
    await client.subscribe(channel, channelAuth(client.socketId, channel));
    expect((await apiPost('events', { name: 'invitation', data: '{"id":1}', channels: [channel] })).status).toBe(200);
    expect(await client.next()).toEqual({ event: 'invitation', channel, data: '{"id":1}' });
    client.send({ event: 'pusher:unsubscribe', data: { channel } });
    expect((await apiPost('events', { name: 'invitation', data: '{"id":2}', channels: [channel] })).status).toBe(200);
    await client.expectNothingElse();
  });

  it("answers 401 with Pusher's text to a bad signature, wrong body_md5, stale timestamp, unknown key or app, delivering nothing", async () => {
    const channel = fresh();
    const client = await connected();
    await client.subscribe(channel);
    const body = { name: 'nope', data: '{}', channels: [channel] };
    const cases: [Signing, RegExp][] = [
      [{ secret: 'wrong_secret' }, /^Invalid signature: you should have sent HmacSHA256Hex\("POST\\n\/apps\/local-app\/events\\nauth_key=/],
      [{ md5: createHash('md5').update('another body').digest('hex') }, /body_md5/],
      [{ timestamp: Math.floor(Date.now() / 1000) - 601 }, /^Timestamp expired: Given timestamp \(\d+\) not within 600s of server time/],
      [{ timestamp: Math.floor(Date.now() / 1000) + 700 }, /^Timestamp expired/],
      [{ key: 'another_key' }, /^Unknown auth_key$/],
      [{ appId: 'another-app' }, /app_id/],
    ];
    for (const [signing, text] of cases) {
      const res = await apiPost('events', body, signing);
      expect(res.status, JSON.stringify(signing)).toBe(401);
      expect(await res.text()).toMatch(text);
    }
    // Unsigned entirely.
    const bare = await SELF.fetch(`${STANDINS}/apps/${APP_ID}/events`, { method: 'POST', body: JSON.stringify(body) });
    expect(bare.status).toBe(401);
    await client.expectNothingElse();
  });

  it('answers 400 to a signed body that is not a valid event, and 413 to data over 10 KB', async () => {
    const bad: [unknown, number][] = [
      ['{not json', 400],
      [{ data: '{}', channels: ['a'] }, 400],
      [{ name: 'x', data: { not: 'a string' }, channels: ['a'] }, 400],
      [{ name: 'x', data: '{}' }, 400],
      [{ name: 'x', data: '{}', channels: [] }, 400],
      [{ name: 'x', data: '{}', channels: ['bad channel!'] }, 400],
      [{ name: 'x', data: '{}', channels: Array.from({ length: 101 }, (_, i) => `c${i}`) }, 400],
      [{ name: 'x', data: '{}', channels: ['a'], socket_id: '1.2' }, 400],
      [{ name: 'x', data: '{}', channel: 'a' }, 400],
      [{ name: 'x', data: 'x'.repeat(10 * 1024 + 1), channels: ['a'] }, 413],
    ];
    for (const [body, status] of bad) {
      const res = await apiPost('events', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(await res.text()).not.toBe('');
    }
    expect((await apiPost('events', { name: 'x', data: '{}', channels: ['a'] })).status).toBe(200);
    const batch = await SELF.fetch(`${STANDINS}/apps/${APP_ID}/batch_events`, { method: 'POST', body: '{}' });
    expect(batch.status).toBe(404);
  });
});
