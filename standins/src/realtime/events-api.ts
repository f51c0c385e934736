import { Hono, type Context } from 'hono';
import type { StandInsApp } from '../env';
import { pusherApp } from './app';
import { channelsObject } from './channels-object';
import { MAX_DATA_BYTES, isValidChannelName } from './protocol';
import { apiStringToSign, md5Hex, verifyHmacSha256Hex } from './signatures';

/** Pusher's limits: 100 channels per event, 200-character event names. */
const MAX_CHANNELS = 100;
const MAX_EVENT_NAME = 200;
const MAX_BODY_BYTES = 256 * 1024;
/** How far auth_timestamp may be from the server's clock. */
const TIMESTAMP_WINDOW_S = 600;

type Ctx = Context<StandInsApp>;

/** One event to publish, checked. */
interface Publish {
  name: string;
  data: string;
  channels: string[];
}

class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 413,
    message: string,
  ) {
    super(message);
  }
}

const utf8Length = (s: string) => new TextEncoder().encode(s).byteLength;

/**
 * Checks the HTTP API's authentication as Pusher does: the app id and auth_key, auth_version 1.0,
 * auth_timestamp within 600 s, body_md5 = md5 hex of the raw body, and auth_signature =
 * hex(HMAC-SHA256(secret, "POST\n{path}\n{sorted params but auth_signature}")).
 */
async function authenticate(c: Ctx, body: Uint8Array): Promise<void> {
  const app = pusherApp(c.env);
  const url = new URL(c.req.url);
  const q = url.searchParams;
  if (c.req.param('appId') !== app.appId) throw new ApiError(401, `Unknown app_id ${c.req.param('appId')?.slice(0, 64)}`);
  const key = q.get('auth_key');
  if (!key) throw new ApiError(401, 'Missing auth_key');
  if (key !== app.key) throw new ApiError(401, 'Unknown auth_key');
  if (q.get('auth_version') !== '1.0') throw new ApiError(401, 'Invalid auth_version: expected 1.0');
  const timestamp = q.get('auth_timestamp') ?? '';
  const now = Math.floor(Date.now() / 1000);
  if (!/^\d+$/.test(timestamp)) throw new ApiError(401, 'Missing or invalid auth_timestamp');
  if (Math.abs(now - Number(timestamp)) > TIMESTAMP_WINDOW_S)
    throw new ApiError(401, `Timestamp expired: Given timestamp (${timestamp}) not within ${TIMESTAMP_WINDOW_S}s of server time (${now})`);
  const md5 = q.get('body_md5');
  if (md5 === null) throw new ApiError(401, 'Missing body_md5');
  if (md5.toLowerCase() !== md5Hex(body)) throw new ApiError(401, 'Invalid body_md5: it must be the MD5 hex digest of the request body');
  const signature = q.get('auth_signature') ?? '';
  const toSign = apiStringToSign('POST', url.pathname, q);
  if (!(await verifyHmacSha256Hex(app.secret, toSign, signature)))
    throw new ApiError(
      401,
      `Invalid signature: you should have sent HmacSHA256Hex(${JSON.stringify(toSign)}, your_secret_key), but you sent "${signature.slice(0, 128)}"`,
    );
}

/** Reads `{name, data, channels}` with Pusher's limits, as the `pusher` SDK's trigger() sends it. */
function readEvent(value: unknown): Publish {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new ApiError(400, 'Expected a JSON object');
  const e = value as Record<string, unknown>;
  if (typeof e.name !== 'string' || !e.name) throw new ApiError(400, 'Missing event name');
  if (e.name.length > MAX_EVENT_NAME) throw new ApiError(400, `Event name too long (the limit is ${MAX_EVENT_NAME} characters)`);
  if (typeof e.data !== 'string') throw new ApiError(400, 'Missing data: it must be a string (JSON-encode objects)');
  if (utf8Length(e.data) > MAX_DATA_BYTES) throw new ApiError(413, `Event data too large (the limit is ${MAX_DATA_BYTES} bytes)`);
  // (the product never excludes a sender: socket_id is refused rather than ignored)
  if (e.socket_id !== undefined) throw new ApiError(400, 'socket_id is not supported by the stand-in');
  const channels: unknown = e.channels;
  if (!Array.isArray(channels) || channels.length === 0) throw new ApiError(400, 'channels must be a non-empty array');
  if (channels.length > MAX_CHANNELS) throw new ApiError(400, `Too many channels (the limit is ${MAX_CHANNELS})`);
  for (const ch of channels) if (!isValidChannelName(ch)) throw new ApiError(400, `Invalid channel name '${String(ch).slice(0, 200)}'`);
  return { name: e.name, data: e.data, channels: [...new Set(channels as string[])] };
}

/** Authenticates, then reads the JSON body; errors become Pusher's plain-text answers. */
async function handle(c: Ctx): Promise<Response> {
  try {
    const body = new Uint8Array(await c.req.arrayBuffer());
    if (body.byteLength > MAX_BODY_BYTES) throw new ApiError(413, 'Request Entity Too Large');
    await authenticate(c, body);
    let json: unknown;
    try {
      json = JSON.parse(new TextDecoder().decode(body));
    } catch {
      throw new ApiError(400, 'Invalid JSON in the request body');
    }
    const e = readEvent(json);
    await channelsObject(c.env).publish(e.channels, e.name, e.data);
    return c.json({});
  } catch (err) {
    if (err instanceof ApiError) return c.text(err.message, err.status);
    throw err;
  }
}

/** Pusher's HTTP API for publishing, as the product's `pusher` SDK calls it (trigger): POST /apps/{app_id}/events, answered 200 `{}`. */
export const eventsApi = new Hono<StandInsApp>().post('/apps/:appId/events', (c) => handle(c));
