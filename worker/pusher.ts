import type { Config } from './config';
import { digestHex, hmacSha256Hex } from './crypto';

/** A trigger that waits longer than this has failed (the caller's request is waiting too). */
const TRIGGER_TIMEOUT_MS = 5000;

/** Pusher's refusal of a trigger: its status and its answer's text (the SDK's RequestError has the same fields). */
export class PusherError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`Unexpected status code ${status}`);
  }
}

/** Pusher's cluster over TLS, or the stand-in's host in development. */
const baseUrl = (p: Config['pusher']) =>
  p.host ? `${p.useTLS ? 'https' : 'http'}://${p.host}:${p.port}` : `https://api-${p.cluster}.pusher.com`;

/**
 * Publishes one event on one channel through Pusher's HTTP API (docs/booking/realtime.md): POST
 * /apps/{app_id}/events, signed as Pusher documents it: body_md5, then auth_signature = hex
 * HMAC-SHA256(secret, "POST\n{path}\n{the other parameters, sorted}"). Throws a PusherError on a
 * refusal, and an AbortError after TRIGGER_TIMEOUT_MS.
 */
export async function triggerEvent(config: Config, channel: string, event: string, data: object): Promise<void> {
  const p = config.pusher;
  const path = `/apps/${p.appId}/events`;
  const body = JSON.stringify({ name: event, data: JSON.stringify(data), channels: [channel] });
  // Workers' crypto.subtle digests MD5 too (Pusher's body_md5).
  const md5 = await digestHex('MD5', body);
  const params = `auth_key=${p.key}&auth_timestamp=${Math.floor(Date.now() / 1000)}&auth_version=1.0&body_md5=${md5}`;
  const signature = await hmacSha256Hex(p.secret, `POST\n${path}\n${params}`);
  const res = await fetch(`${baseUrl(p)}${path}?${params}&auth_signature=${signature}`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json' },
    signal: AbortSignal.timeout(TRIGGER_TIMEOUT_MS),
  });
  if (res.status >= 400) throw new PusherError(res.status, await res.text());
  await res.body?.cancel();
}

/**
 * A private channel's subscription signature for pusher-js (the SDK's `authorizeChannel`):
 * `{auth: "{key}:{hex HMAC-SHA256(secret, socket_id:channel)}"}`.
 */
export async function authorizeChannel(config: Config, socketId: string, channel: string): Promise<{ auth: string }> {
  const p = config.pusher;
  return { auth: `${p.key}:${await hmacSha256Hex(p.secret, `${socketId}:${channel}`)}` };
}
