import Pusher from 'pusher';
import type { Config } from './config';

/** A trigger that waits longer than this has failed (the caller's request is waiting too). */
const TRIGGER_TIMEOUT_MS = 5000;

/** One `pusher` client per isolate and configuration. */
const clients = new WeakMap<Config['pusher'], Pusher>();

/**
 * The official Pusher server SDK for the configured app: Pusher's cluster over TLS, or the
 * stand-in's host in development. The edge signs channel subscriptions with it
 * (edge/realtime-auth.ts); messaging/realtime.ts publishes with it.
 */
export function pusherOf(config: Config): Pusher {
  const p = config.pusher;
  let client = clients.get(p);
  if (!client) {
    const base = { appId: p.appId, key: p.key, secret: p.secret, useTLS: p.useTLS, timeout: TRIGGER_TIMEOUT_MS };
    client = p.host ? new Pusher({ ...base, host: p.host, port: String(p.port) }) : new Pusher({ ...base, cluster: p.cluster });
    clients.set(p, client);
  }
  return client;
}
