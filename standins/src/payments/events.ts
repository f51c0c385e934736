import Stripe from 'stripe';
import type { EventSource } from './context';
import { newId, unixSeconds } from './ids';
import { commit, type Write } from './store';
import { LOCAL_STRIPE } from './config';
import { webhookRequestInit } from './webhooks';

/** The state changes the stand-in records as events (and delivers as signed webhooks). */
type EventType =
  | 'payment_intent.succeeded'
  | 'payment_intent.amount_capturable_updated'
  | 'payment_intent.payment_failed'
  | 'payment_intent.canceled'
  | 'charge.refunded'
  | 'setup_intent.succeeded'
  | 'setup_intent.setup_failed'
  | 'setup_intent.canceled'
  | 'checkout.session.completed'
  | 'checkout.session.expired'
  | 'account.updated'
  | 'terminal.reader.action_succeeded'
  | 'terminal.reader.action_failed';

export interface EventDraft {
  type: EventType;
  object: { id: string };
  /** a Connect event: the connected account it happened on (the event's `account`, sent to the Connect endpoint) */
  account?: string;
}

/** The insert of one event: the exact JSON body a webhook will carry (signed as is). */
function eventStatement(db: D1Database, draft: EventDraft, source: EventSource): D1PreparedStatement {
  const id = newId('evt');
  const created = unixSeconds(source.now);
  const payload = JSON.stringify({
    id,
    object: 'event',
    ...(draft.account ? { account: draft.account } : {}),
    api_version: Stripe.API_VERSION,
    created,
    data: { object: draft.object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: source.requestId, idempotency_key: source.idempotencyKey },
    type: draft.type,
  });
  return db
    .prepare('INSERT INTO stripe_events (id, type, object_id, created, payload) VALUES (?, ?, ?, ?, ?)')
    .bind(id, draft.type, draft.object.id, created, payload);
}

/** The events of a sandbox-driven change (no API request behind it). */
export const automatic = (now: number): EventSource => ({ now, requestId: null, idempotencyKey: null });

/** Commits writes with the events of the change, atomically (false after a lost race). */
export const commitWithEvents = (
  db: D1Database,
  writes: Write[],
  events: EventDraft[],
  source: EventSource,
  extra: D1PreparedStatement[] = [],
) => commit(db, writes, [...events.map((e) => eventStatement(db, e, source)), ...extra]);

export interface WebhookEvent {
  id: string;
  type: string;
  /** Unix seconds */
  created: number;
  /** the exact JSON body to sign and POST */
  payload: string;
  delivered: boolean;
}

interface EventRow {
  id: string;
  type: string;
  created: number;
  payload: string;
  delivered_at: number | null;
}

const toWebhook = (r: EventRow): WebhookEvent => ({
  id: r.id,
  type: r.type,
  created: r.created,
  payload: r.payload,
  delivered: r.delivered_at !== null,
});

/** Recorded events, oldest first, with their delivery flag (all, or only (un)delivered ones). */
export async function webhookEvents(db: D1Database, opts: { delivered?: boolean; limit?: number } = {}): Promise<WebhookEvent[]> {
  const where = opts.delivered === undefined ? '' : `WHERE delivered_at IS ${opts.delivered ? 'NOT ' : ''}NULL`;
  const { results } = await db
    .prepare(`SELECT id, type, created, payload, delivered_at FROM stripe_events ${where} ORDER BY rowid LIMIT ?`)
    .bind(Math.max(1, Math.min(opts.limit ?? 100, 1000)))
    .all<EventRow>();
  return results.map(toWebhook);
}

/** Events not delivered yet, oldest first. */
export const pendingWebhooks = (db: D1Database, limit = 100) => webhookEvents(db, { delivered: false, limit });

/** Marks an event delivered; false if it is unknown or was already marked. */
export async function markDelivered(db: D1Database, id: string, now = Date.now()): Promise<boolean> {
  const res = await db.prepare('UPDATE stripe_events SET delivered_at = ? WHERE id = ? AND delivered_at IS NULL').bind(now, id).run();
  return res.meta.changes > 0;
}

/** Whether an event happened on a connected account (it names one): Stripe sends those to the Connect endpoint. */
const isConnectEvent = (w: WebhookEvent) => typeof (JSON.parse(w.payload) as { account?: unknown }).account === 'string';

/**
 * POSTs undelivered events to the configured endpoints, each signed as Stripe signs them: the
 * platform's own events to `endpoint` (the product's /webhooks/stripe) with the sandbox's webhook
 * secret, a connected account's events to `connectEndpoint` (/webhooks/stripe-connect) with the
 * Connect endpoint's own secret. An event is marked delivered once its endpoint answers 2xx, so a
 * failed delivery is tried again after the next API call; one with no endpoint configured waits.
 */
export async function deliverWebhooks(db: D1Database, endpoint: string | undefined, connectEndpoint?: string): Promise<number> {
  if (!endpoint && !connectEndpoint) return 0;
  let delivered = 0;
  for (const w of await pendingWebhooks(db)) {
    const connect = isConnectEvent(w);
    const url = connect ? connectEndpoint : endpoint;
    if (!url) continue;
    const secret = connect ? LOCAL_STRIPE.connectWebhookSecret : LOCAL_STRIPE.webhookSecret;
    const res = await fetch(url, await webhookRequestInit(w, secret)).catch(() => null);
    if (!res) break; // the endpoint is not up (yet): try again later
    await res.body?.cancel();
    if (res.ok && (await markDelivered(db, w.id))) delivered++;
  }
  return delivered;
}
