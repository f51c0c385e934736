import { DurableObject } from 'cloudflare:workers';
import type { StandInsEnv } from '../env';
import { pusherApp } from './app';
import {
  PUSHER_JS_PING,
  channelKind,
  checkConnect,
  connectionEstablished,
  errorFrame,
  eventFrame,
  newSocketId,
  parseClientFrame,
  pong,
  splitAuth,
  subscriptionError,
  subscriptionSucceeded,
} from './protocol';
import { channelStringToSign, verifyHmacSha256Hex } from './signatures';

/** What each socket keeps across hibernation (serializeAttachment holds at most 2 KiB). */
interface SocketState {
  socketId: string;
  channels: string[];
}
const MAX_ATTACHMENT_CHARS = 2000;

/**
 * The Pusher Channels server: one Durable Object holds every connection of the stand-in app,
 * through the WebSocket Hibernation API so idle sockets cost nothing. The Worker routes
 * `GET /app/{key}` (Upgrade: websocket) here and calls `publish()` for the HTTP events API.
 */
export class PusherChannels extends DurableObject<StandInsEnv> {
  constructor(ctx: DurableObjectState, env: StandInsEnv) {
    super(ctx, env);
    // pusher-js's ping is answered by the runtime without waking the object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PUSHER_JS_PING, pong()));
  }

  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket')
      return new Response('Expected a WebSocket upgrade (Upgrade: websocket)', { status: 426, headers: { Upgrade: 'websocket' } });
    const { 0: client, 1: server } = new WebSocketPair();
    const refusal = checkConnect(new URL(request.url), pusherApp(this.env).key);
    if (refusal) {
      // As Pusher does: say why in a pusher:error, then close with that code (4000-4099: don't reconnect).
      server.accept();
      server.send(errorFrame(refusal.code, refusal.message));
      server.close(refusal.code, refusal.message);
      return new Response(null, { status: 101, webSocket: client });
    }
    const state: SocketState = { socketId: newSocketId(), channels: [] };
    this.ctx.acceptWebSocket(server);
    server.serializeAttachment(state);
    server.send(connectionEstablished(state.socketId));
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    try {
      await this.handle(ws, message);
    } catch (err) {
      // Never let one frame take the object down: the client hears about it, the socket stays.
      safeSend(ws, errorFrame(null, `Internal error handling the frame: ${err instanceof Error ? err.message : String(err)}`));
    }
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    try {
      ws.close(code === 1005 || code === 1006 ? 1000 : code, reason);
    } catch {
      // already closed
    }
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    try {
      ws.close(1011, 'WebSocket error');
    } catch {
      // already closed
    }
  }

  /**
   * Sends `{event, channel, data}` to every socket subscribed to each of `channels`. Answers how
   * many frames went out.
   */
  async publish(channels: string[], event: string, data: string): Promise<number> {
    let sent = 0;
    for (const ws of this.ctx.getWebSockets()) {
      const state = ws.deserializeAttachment() as SocketState | null;
      if (!state) continue;
      for (const channel of channels) if (state.channels.includes(channel) && safeSend(ws, eventFrame(event, channel, data))) sent++;
    }
    return sent;
  }

  private async handle(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    const state = ws.deserializeAttachment() as SocketState;
    const request = parseClientFrame(message);
    switch (request.kind) {
      case 'ping':
        ws.send(pong());
        return;
      case 'pong':
        return;
      case 'error':
        ws.send(errorFrame(request.code, request.message));
        return;
      case 'unsubscribe':
        if (state.channels.includes(request.channel)) {
          state.channels = state.channels.filter((c) => c !== request.channel);
          ws.serializeAttachment(state);
        }
        return;
      case 'subscribe': {
        const { channel, auth } = request;
        const kind = channelKind(channel);
        if (kind === 'presence') {
          ws.send(errorFrame(null, `Presence channels are not supported by the offline Pusher stand-in (${channel})`));
          return;
        }
        if (kind !== 'public') {
          const refused = await this.checkAuth(state.socketId, channel, auth);
          if (refused) {
            ws.send(errorFrame(4009, refused));
            ws.send(subscriptionError(channel, refused));
            return;
          }
        }
        if (!state.channels.includes(channel)) {
          const next = { ...state, channels: [...state.channels, channel] };
          if (JSON.stringify(next).length > MAX_ATTACHMENT_CHARS) {
            ws.send(errorFrame(null, `Too many channels on one connection: unsubscribe from one before subscribing to ${channel}`));
            return;
          }
          ws.serializeAttachment(next);
        }
        ws.send(subscriptionSucceeded(channel));
        return;
      }
    }
  }

  /** Checks a private channel's `auth` (`key:hex(HMAC-SHA256(secret, socket_id:channel))`); the refusal's message, or null. */
  private async checkAuth(socketId: string, channel: string, auth: string | undefined): Promise<string | null> {
    const { key, secret } = pusherApp(this.env);
    const toSign = channelStringToSign(socketId, channel);
    const parts = auth === undefined ? null : splitAuth(auth);
    if (!parts) return `Invalid signature: Expected HMAC SHA256 hex digest of ${toSign}, but got ${auth ?? ''}`;
    if (parts.key !== key) return `Invalid key in subscription auth data: '${parts.key.slice(0, 64)}'`;
    if (!(await verifyHmacSha256Hex(secret, toSign, parts.signature)))
      return `Invalid signature: Expected HMAC SHA256 hex digest of ${toSign}, but got ${parts.signature.slice(0, 128)}`;
    return null;
  }
}

function safeSend(ws: WebSocket, text: string): boolean {
  try {
    ws.send(text);
    return true;
  } catch {
    return false;
  }
}

/** The one Durable Object that holds every connection of the app (its fetch and its RPC methods). */
export const channelsObject = (env: StandInsEnv) => {
  // env.ts names the binding without this class (it would import this module back): its type is known here.
  const ns = env.REALTIME as unknown as DurableObjectNamespace<PusherChannels>;
  return ns.get(ns.idFromName('pusher-app'));
};
