import { sha256Hex } from './ids';
import { badParam, StripeApiError } from './stripe-error';

/**
 * Stripe's Idempotency-Key on POSTs: the first request's result (success or error, once the
 * endpoint ran) is kept 24 hours and replayed for a repeat with the same parameters; the same
 * key with other parameters is an idempotency_error (400), and a repeat while the first is
 * still running is one too (409). Validation failures are not kept.
 */
export interface Answer {
  status: number;
  body: unknown;
  /** whether Stripe would keep this result for an idempotent replay */
  store: boolean;
}

export interface Replayable extends Answer {
  /** the original request's id when this answer is a replay */
  replayOf?: string;
}

const KEPT_MS = 24 * 3600_000;
/** A first request still unfinished after this long is taken to have died. */
const ABANDONED_MS = 60_000;
/** Parameters whose values enter the fingerprint only as a short digest that cannot identify them. */
const SENSITIVE = new Set(['card[number]', 'card[cvc]']);

/** Hash of method, path and parameters; a card number or CVC only as a 24-bit digest. */
export async function requestFingerprint(method: string, path: string, pairs: [string, string][]): Promise<string> {
  const safe = await Promise.all(pairs.map(async ([k, v]) => [k, SENSITIVE.has(k) ? (await sha256Hex(v)).slice(0, 6) : v] as const));
  return sha256Hex(JSON.stringify([method, path, safe]));
}

interface KeyRow {
  fingerprint: string;
  created_at: number;
  status: number | null;
  response: string | null;
}

const idempotencyError = (status: 400 | 409, message: string) => new StripeApiError(status, { type: 'idempotency_error', message }, false);

export async function idempotent(
  db: D1Database,
  scope: string,
  key: string,
  fingerprint: string,
  now: number,
  requestId: string,
  run: () => Promise<Answer>,
): Promise<Replayable> {
  if (key.length > 255) throw badParam('Keys for idempotent requests can only be 255 characters long.', 'Idempotency-Key');
  await db
    .prepare('DELETE FROM stripe_idempotency_keys WHERE created_at < ?')
    .bind(now - KEPT_MS)
    .run();
  const claimed = await db
    .prepare(
      `INSERT INTO stripe_idempotency_keys (scope, idempotency_key, fingerprint, created_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (scope, idempotency_key) DO NOTHING`,
    )
    .bind(scope, key, fingerprint, now)
    .run();
  if (claimed.meta.changes === 0) {
    const row = await db
      .prepare('SELECT fingerprint, created_at, status, response FROM stripe_idempotency_keys WHERE scope = ? AND idempotency_key = ?')
      .bind(scope, key)
      .first<KeyRow>();
    if (row) {
      if (row.fingerprint !== fingerprint) {
        throw idempotencyError(
          400,
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        );
      }
      if (row.status !== null && row.response !== null) {
        const saved = JSON.parse(row.response) as { requestId: string; body: unknown };
        return { status: row.status, body: saved.body, store: false, replayOf: saved.requestId };
      }
      const takenOver =
        row.created_at < now - ABANDONED_MS &&
        (
          await db
            .prepare(
              'UPDATE stripe_idempotency_keys SET created_at = ? WHERE scope = ? AND idempotency_key = ? AND status IS NULL AND created_at = ?',
            )
            .bind(now, scope, key, row.created_at)
            .run()
        ).meta.changes > 0;
      if (!takenOver) {
        throw idempotencyError(
          409,
          `There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ${key}. Please try again later.`,
        );
      }
    }
    // (a row that vanished between the two statements expired: run without a saved result)
  }
  const answer = await run();
  if (answer.store && answer.status < 500) {
    await db
      .prepare('UPDATE stripe_idempotency_keys SET status = ?, response = ? WHERE scope = ? AND idempotency_key = ?')
      .bind(answer.status, JSON.stringify({ requestId, body: answer.body }), scope, key)
      .run();
  } else {
    await db
      .prepare('DELETE FROM stripe_idempotency_keys WHERE scope = ? AND idempotency_key = ? AND status IS NULL')
      .bind(scope, key)
      .run();
  }
  return answer;
}
