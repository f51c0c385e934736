import { env } from 'cloudflare:test';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { configFrom } from '../../worker/config';
import { publishInviteChange } from '../../worker/messaging/realtime';
import { INVITE_EVENT, clientChannel, type InviteEvent } from '../../shared/invites';
import { bootstrapOf, call, demoLogin, standIn } from './helpers';

// publishInviteChange through the official `pusher` SDK reaches the Pusher stand-in, and a
// socket subscribed with a signature from the product's /pusher/auth receives the event.

interface Frame {
  event: string;
  channel?: string;
  data?: unknown;
}

/** A protocol-7 socket to the stand-in, as pusher-js opens it; collects frames to wait on. */
class Socket {
  private readonly frames: Frame[] = [];
  constructor(readonly ws: WebSocket) {
    ws.addEventListener('message', (e) => {
      this.frames.push(JSON.parse(String(e.data)) as Frame);
    });
    ws.accept();
  }
  async next(ms = 3000): Promise<Frame> {
    const deadline = Date.now() + ms;
    while (this.frames.length === 0) {
      if (Date.now() > deadline) throw new Error('timed out waiting for a frame');
      await new Promise((r) => setTimeout(r, 10));
    }
    return this.frames.shift()!;
  }
  send(frame: Frame) {
    this.ws.send(JSON.stringify(frame));
  }
}

const sockets: Socket[] = [];
afterEach(() => sockets.splice(0).forEach((s) => s.ws.close(1000, 'done')));

let token = '';
let username = '';
beforeAll(async () => {
  ({ token, username } = await demoLogin());
});

/** Connects, then subscribes to the client's channel with the product's own signature. */
async function subscribed(): Promise<Socket> {
  const res = await standIn(`/app/${env.PUSHER_KEY}?protocol=7&client=js&version=8.6.0`, { headers: { Upgrade: 'websocket' } });
  expect(res.status).toBe(101);
  const socket = new Socket(res.webSocket!);
  sockets.push(socket);
  const hello = await socket.next();
  expect(hello.event).toBe('pusher:connection_established');
  const socketId = (JSON.parse(hello.data as string) as { socket_id: string }).socket_id;
  const channel = clientChannel(username);
  const auth = await call('/pusher/auth', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ socket_id: socketId, channel_name: channel }).toString(),
  });
  expect(auth.status).toBe(200);
  socket.send({ event: 'pusher:subscribe', data: { channel, ...((await auth.json()) as { auth: string }) } });
  expect(await socket.next()).toMatchObject({ event: 'pusher_internal:subscription_succeeded', channel });
  return socket;
}

const EVENT: InviteEvent = { invite_id: 7, salon_id: 1, status: 'invited' };

describe('publishInviteChange', () => {
  it("delivers the invitation event, ids and status only, to the client's private channel", async () => {
    const socket = await subscribed();
    await publishInviteChange(configFrom(env), username, EVENT);
    const frame = await socket.next();
    expect(frame).toEqual({ event: INVITE_EVENT, channel: clientChannel(username), data: JSON.stringify(EVENT) });
  });

  it("is not heard on another client's channel", async () => {
    const socket = await subscribed();
    await publishInviteChange(configFrom(env), '00000000-0000-4000-8000-000000000000', EVENT);
    // a ping answered first proves nothing was queued before it
    socket.send({ event: 'pusher:ping', data: {} });
    expect((await socket.next()).event).toBe('pusher:pong');
  });

  it('throws on a refused trigger, with a message that holds no secret', async () => {
    const wrong = configFrom({ ...env, PUSHER_SECRET: 'a_wrong_secret_value' });
    const err = await publishInviteChange(wrong, username, EVENT).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(err?.message).toMatch(/Pusher refused the invitation event on private-client-.* \(status 401/);
    expect(err?.message).not.toContain('a_wrong_secret_value');
    expect(err?.message).not.toContain('local_pusher_secret');
  });

  it('throws when Pusher cannot be reached', async () => {
    const down = configFrom({ ...env, PUSHER_HOST: '127.0.0.1:9' });
    await expect(publishInviteChange(down, username, EVENT)).rejects.toThrow(/\(unreachable\)$/);
  });
});

describe('Pusher settings', () => {
  it('point development at the stand-in, without TLS', () => {
    const { pusher } = configFrom(env);
    expect(`http://${pusher.host}:${pusher.port}`).toBe(env.STANDINS_ORIGIN);
    expect(pusher).toMatchObject({ appId: 'local-app', key: 'local_pusher_key', cluster: 'eu', useTLS: false });
  });

  it("use Pusher's cluster over TLS without a host", () => {
    const { pusher } = configFrom({ ...env, PUSHER_HOST: '', PUSHER_CLUSTER: 'mt1' });
    expect(pusher).toMatchObject({ host: undefined, port: undefined, cluster: 'mt1', useTLS: true });
    expect(pusher.socketOrigin).toBe('wss://ws-mt1.pusher.com');
    expect(pusher.browser).toEqual({ key: 'local_pusher_key', cluster: 'mt1', forceTLS: true });
  });

  it('reach the salon page as public settings only, and its CSP allows just that socket', async () => {
    const res = await call('/salon/1');
    const html = await res.text();
    const host = new URL(env.STANDINS_ORIGIN);
    expect(bootstrapOf(html)).toMatchObject({
      realtime: { key: 'local_pusher_key', cluster: 'eu', wsHost: host.hostname, wsPort: Number(host.port), forceTLS: false },
    });
    expect(html).not.toContain('local_pusher_secret');
    const connect = /connect-src ([^;]*)/.exec(res.headers.get('Content-Security-Policy') ?? '')?.[1]?.split(' ');
    expect(connect).toContain(`ws://${host.host}`);
    expect(connect?.filter((s) => s.startsWith('ws'))).toHaveLength(1);
  });

  it('default to the eu cluster', () => {
    expect(configFrom({ ...env, PUSHER_CLUSTER: undefined }).pusher.cluster).toBe('eu');
  });
});
