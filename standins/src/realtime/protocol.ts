/**
 * Pusher Channels wire protocol 7, the pure part: frames, channel names, the connect URL's checks
 * and what a client's frame asks for. No sockets, no storage: channels-object.ts does the I/O.
 */

/** Seconds of silence after which the client pings (sent in connection_established). */
export const ACTIVITY_TIMEOUT = 120;
/** Pusher's limit on a channel name. */
export const MAX_CHANNEL_NAME = 164;
/** Pusher's limit on an event's data (10 KB); a client frame may carry a little more around it. */
export const MAX_DATA_BYTES = 10 * 1024;
export const MAX_FRAME_BYTES = MAX_DATA_BYTES + 1024;
const CHANNEL_NAME = /^[-a-zA-Z0-9_=@,.;]+$/;

/** Exactly what pusher-js sends as its ping; answered without waking the Durable Object. */
export const PUSHER_JS_PING = '{"event":"pusher:ping","data":{}}';

export type ChannelKind = 'public' | 'private' | 'private-encrypted' | 'presence';

export function channelKind(name: string): ChannelKind {
  if (name.startsWith('private-encrypted-')) return 'private-encrypted';
  if (name.startsWith('private-')) return 'private';
  if (name.startsWith('presence-')) return 'presence';
  return 'public';
}

export const isValidChannelName = (name: unknown): name is string =>
  typeof name === 'string' && name.length > 0 && name.length <= MAX_CHANNEL_NAME && CHANNEL_NAME.test(name);

/** A server frame: `{event, channel?, data}`. */
export function frame(event: string, data: unknown, channel?: string): string {
  return JSON.stringify(channel === undefined ? { event, data } : { event, channel, data });
}

/** `pusher:error` with data `{code, message}` (an object, as Pusher sends it; code may be null). */
export const errorFrame = (code: number | null, message: string) => frame('pusher:error', { code, message });

export const connectionEstablished = (socketId: string) =>
  frame('pusher:connection_established', JSON.stringify({ socket_id: socketId, activity_timeout: ACTIVITY_TIMEOUT }));

export const pong = () => frame('pusher:pong', '{}');

/**
 * A refused subscription, on its channel: pusher-js hands a channel's non-internal events to its
 * bindings, so `channel.bind('pusher:subscription_error', …)` hears a forged signature as it hears
 * a refused authorisation (type AuthError, the refusal, status 401).
 */
export const subscriptionError = (channel: string, error: string) =>
  frame('pusher:subscription_error', { type: 'AuthError', error, status: 401 }, channel);

export const subscriptionSucceeded = (channel: string) => frame('pusher_internal:subscription_succeeded', '{}', channel);

/** An event as Pusher delivers it: data is passed through as the publisher's string. */
export const eventFrame = (event: string, channel: string, data: string) => frame(event, data, channel);

/** A fresh socket id, `<digits>.<digits>` as pusher-js and the server SDK expect. */
export function newSocketId(): string {
  const [a = 0, b = 0] = crypto.getRandomValues(new Uint32Array(2));
  return `${a}.${b}`;
}

/** Why the connect URL is refused: the pusher:error code (also the close code) and its message. */
export interface Refusal {
  code: number;
  message: string;
}

/** Checks `/app/{key}?protocol=7...` against the app's key, with Pusher's codes and wording. */
export function checkConnect(url: URL, appKey: string): Refusal | null {
  const m = /^\/app\/([^/]+)$/.exec(url.pathname);
  if (!m) return { code: 4005, message: 'Path not found' };
  const key = decodeURIComponent(m[1]!);
  if (key !== appKey) return { code: 4001, message: `App key ${key} not in this cluster. Did you forget to specify the cluster?` };
  const protocol = url.searchParams.get('protocol');
  if (protocol === null || protocol === '') return { code: 4008, message: 'No protocol version supplied' };
  if (!/^\d+$/.test(protocol)) return { code: 4006, message: 'Invalid version string format' };
  if (protocol !== '7') return { code: 4007, message: `Unsupported protocol version ${protocol}` };
  return null;
}

/** What a client frame asks for, or the error to answer it with (the socket stays open). */
export type ClientRequest =
  | { kind: 'ping' }
  | { kind: 'pong' }
  | { kind: 'subscribe'; channel: string; auth: string | undefined; channelData: string | undefined }
  | { kind: 'unsubscribe'; channel: string }
  | { kind: 'error'; code: number | null; message: string };

const fail = (code: number | null, message: string): ClientRequest => ({ kind: 'error', code, message });

/** `data` of a client frame: pusher-js sends an object; other clients a JSON string. */
function dataObject(data: unknown): Record<string, unknown> | null {
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data);
    } catch {
      return null;
    }
  }
  return data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : null;
}

/** Reads one client frame. Never throws: anything malformed becomes an `error` request. */
export function parseClientFrame(raw: string | ArrayBuffer): ClientRequest {
  if (typeof raw !== 'string') return fail(null, 'Binary frames are not supported; send JSON text');
  if (raw.length > MAX_FRAME_BYTES) return fail(null, `Frame too large: the limit is ${MAX_FRAME_BYTES} bytes`);
  let message: unknown;
  try {
    message = JSON.parse(raw);
  } catch {
    return fail(null, 'Invalid JSON: every frame is a JSON object {event, data}');
  }
  if (message === null || typeof message !== 'object' || Array.isArray(message)) return fail(null, 'Invalid frame: expected a JSON object');
  const { event, data } = message as { event?: unknown; data?: unknown };
  if (typeof event !== 'string' || !event) return fail(null, 'Invalid frame: missing event name');

  switch (event) {
    case 'pusher:ping':
      return { kind: 'ping' };
    case 'pusher:pong':
      return { kind: 'pong' };
    case 'pusher:subscribe':
    case 'pusher:unsubscribe': {
      const body = dataObject(data);
      const channel = body?.channel;
      if (!isValidChannelName(channel))
        return fail(
          null,
          `Invalid channel name '${String(channel ?? '').slice(0, MAX_CHANNEL_NAME)}': use up to ${MAX_CHANNEL_NAME} of a-z A-Z 0-9 _ - = @ , . ;`,
        );
      if (event === 'pusher:unsubscribe') return { kind: 'unsubscribe', channel };
      const auth = typeof body?.auth === 'string' ? body.auth : undefined;
      const channelData = typeof body?.channel_data === 'string' ? body.channel_data : undefined;
      return { kind: 'subscribe', channel, auth, channelData };
    }
    default:
      if (event.startsWith('client-'))
        return fail(null, 'To send client events, you must enable this feature in the Settings page of your dashboard.');
      return fail(null, `Unsupported event ${event.slice(0, 64)}`);
  }
}

/** Splits a channel `auth` of `key:signature`; null when it is not that shape. */
export function splitAuth(auth: string): { key: string; signature: string } | null {
  const i = auth.indexOf(':');
  return i > 0 ? { key: auth.slice(0, i), signature: auth.slice(i + 1) } : null;
}
