import type { Route } from './context';
import { load } from './store';
import { StripeApiError, noSuch, type Resource } from './stripe-error';

/**
 * The Stripe-Account header (Connect): a request made "as" a connected account sees only that
 * account's objects, and a request without it only the platform's. An object made with the
 * header is recorded as that account's (stripe_object_accounts); one without a row is the
 * platform's. Enforced here for every call, by the object ids it names: the path's :id and the
 * customer, payment_method, payment_intent and setup_intent it refers to. Another account's
 * object answers Stripe's resource_missing, as if it did not exist.
 */
const REFERENCES: Record<string, Resource> = {
  customer: 'customer',
  payment_method: 'payment_method',
  payment_intent: 'payment_intent',
  setup_intent: 'setup_intent',
};
const RESOURCE_OF_PREFIX: [string, Resource][] = [
  ['cus_', 'customer'],
  ['pm_', 'payment_method'],
  ['pi_', 'payment_intent'],
  ['seti_', 'setup_intent'],
  ['cs_', 'checkout_session'],
];

/** Stripe's test payment methods (pm_card_visa…) belong to every account. */
const isTestToken = (id: string) => /^pm_card_/.test(id) || id.startsWith('tok_');

async function ownerOf(db: D1Database, id: string): Promise<string | null> {
  const row = await db.prepare('SELECT account FROM stripe_object_accounts WHERE id = ?').bind(id).first<{ account: string }>();
  return row?.account ?? null;
}

/** 403 as Stripe answers a Stripe-Account header naming no account of this platform. */
const noAccess = (account: string) =>
  new StripeApiError(403, {
    type: 'invalid_request_error',
    code: 'account_invalid',
    message: `The provided key does not have access to account '${account.slice(0, 100)}' (or that account does not exist). Application access may have been revoked.`,
  });

/** The request's Stripe-Account: null for the platform; a connected account it must know. */
export async function requestAccount(db: D1Database, header: string | undefined): Promise<string | null> {
  const account = header?.trim() || null;
  if (account === null) return null;
  if (!(await load(db, 'stripe_accounts', account))) throw noAccess(account);
  return account;
}

/** Refuses a call naming an object of another account than the request's (resource_missing). */
export async function checkScope(
  db: D1Database,
  route: Route,
  account: string | null,
  params: Record<string, string>,
  input: Record<string, unknown>,
): Promise<void> {
  if (route.path.startsWith('/v1/accounts') || route.path === '/v1/account_links') return;
  const pathId = params.id;
  if (pathId && !isTestToken(pathId)) {
    const resource = RESOURCE_OF_PREFIX.find(([p]) => pathId.startsWith(p))?.[1];
    if (resource && (await ownerOf(db, pathId)) !== account) throw noSuch(resource, pathId, 'id');
  }
  for (const [param, resource] of Object.entries(REFERENCES)) {
    const ref = input[param];
    if (typeof ref !== 'string' || isTestToken(ref)) continue;
    if ((await ownerOf(db, ref)) !== account) throw noSuch(resource, ref, param, 400);
  }
}

/** Records a new object made with a Stripe-Account header as that account's. */
export async function recordOwner(db: D1Database, account: string | null, body: unknown): Promise<void> {
  if (account === null) return;
  const id = (body as { id?: unknown } | null)?.id;
  if (typeof id !== 'string' || id.startsWith('acct_')) return;
  await db.prepare('INSERT OR IGNORE INTO stripe_object_accounts (id, account) VALUES (?, ?)').bind(id, account).run();
}
