import { newRevision } from './ids';
import { StripeApiError } from './stripe-error';

/**
 * The stand-in's object store on D1: one table per object type, each row the Stripe object as
 * answered (JSON), hidden sandbox state ('internal') and a revision token. Writes are
 * optimistic: an update names the revision it read, and a batch either applies every write
 * (with its events) or none — a lost race is retried by the caller from a fresh read.
 */
export type Table =
  | 'stripe_customers'
  | 'stripe_payment_methods'
  | 'stripe_setup_intents'
  | 'stripe_payment_intents'
  | 'stripe_refunds'
  | 'stripe_checkout_sessions'
  | 'stripe_accounts'
  | 'stripe_terminal_locations'
  | 'stripe_terminal_readers';

interface StripeObject {
  id: string;
  created: number;
  customer?: string | null;
}

export interface Stored<O, I> {
  object: O;
  internal: I;
  revision: string;
}

export interface Write {
  table: Table;
  object: StripeObject;
  internal?: object;
  /** The revision that was read; absent for a new object. */
  expected?: string;
}

interface Row {
  object: string;
  internal: string;
  revision: string;
}

export async function load<O, I = Record<string, never>>(db: D1Database, table: Table, id: string): Promise<Stored<O, I> | null> {
  const row = await db.prepare(`SELECT object, internal, revision FROM ${table} WHERE id = ?`).bind(id).first<Row>();
  return row && { object: JSON.parse(row.object) as O, internal: JSON.parse(row.internal) as I, revision: row.revision };
}

const isGuardFailure = (e: unknown) => e instanceof Error && /CHECK constraint failed/i.test(e.message);

/** Applies writes (and extra statements, e.g. events) atomically; false when another request changed an object first. */
export async function commit(db: D1Database, writes: Write[], extra: D1PreparedStatement[] = []): Promise<boolean> {
  const revisions = writes.map(() => newRevision());
  const statements = writes.map((w, i) => {
    const customer = w.table === 'stripe_customers' ? null : (w.object.customer ?? null);
    const object = JSON.stringify(w.object);
    const internal = JSON.stringify(w.internal ?? {});
    return w.expected === undefined
      ? db
          .prepare(`INSERT INTO ${w.table} (id, customer, created, revision, object, internal) VALUES (?, ?, ?, ?, ?, ?)`)
          .bind(w.object.id, customer, w.object.created, revisions[i], object, internal)
      : db
          .prepare(`UPDATE ${w.table} SET customer = ?, revision = ?, object = ?, internal = ? WHERE id = ? AND revision = ?`)
          .bind(customer, revisions[i], object, internal, w.object.id, w.expected);
  });
  const checks = writes.map((w) => `(SELECT revision FROM ${w.table} WHERE id = ?) = ?`).join(' AND ');
  const guard = db
    .prepare(`INSERT INTO stripe_write_guard (ok) SELECT CASE WHEN ${checks} THEN 1 ELSE 0 END`)
    .bind(...writes.flatMap((w, i) => [w.object.id, revisions[i]]));
  try {
    await db.batch([...statements, ...extra, guard, db.prepare('DELETE FROM stripe_write_guard')]);
    return true;
  } catch (e) {
    if (isGuardFailure(e)) return false;
    throw e;
  }
}

/** Stripe's answer when an object stays busy: 429 lock_timeout. */
export const lockTimeout = () =>
  new StripeApiError(429, {
    type: 'invalid_request_error',
    code: 'lock_timeout',
    message:
      'This object cannot be accessed right now because another API request or Stripe process is currently accessing it. If you see this error intermittently, retry the request.',
  });

/** Runs a read-decide-commit attempt until it commits (it returns undefined after a lost race). */
export async function retrying<T>(attempt: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 5; i++) {
    const result = await attempt();
    if (result !== undefined) return result;
  }
  throw lockTimeout();
}

/** Filters a list may use: fixed expressions only, never a caller's column name. */
export interface Filter {
  on: 'customer' | 'payment_intent';
  value: string;
}

const FILTER_SQL: Record<Filter['on'], string> = {
  customer: 'customer = ?',
  payment_intent: "json_extract(object, '$.payment_intent') = ?",
};

/** A Stripe list of the newest objects (10 unless `limit` says), filtered. */
export async function listObjects(db: D1Database, table: Table, url: string, filter: Filter | null, limit = 10): Promise<object> {
  const where = filter ? `WHERE ${FILTER_SQL[filter.on]}` : '';
  const { results } = await db
    .prepare(`SELECT object FROM ${table} ${where} ORDER BY rowid DESC LIMIT ?`)
    .bind(...(filter ? [filter.value] : []), limit + 1)
    .all<{ object: string }>();
  const data = results.slice(0, limit).map((r) => JSON.parse(r.object) as object);
  return { object: 'list', data, has_more: results.length > limit, url };
}
