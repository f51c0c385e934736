import * as z from 'zod';
import type { Ctx, EventSource, Route } from './context';
import { automatic, commitWithEvents } from './events';
import { newId, randomBase62, unixSeconds } from './ids';
import { applyMetadata, type Metadata } from './metadata';
import { absoluteUrl, formBool, idParam, metadataParam } from './params';
import { load, retrying } from './store';
import { badParam, noSuch } from './stripe-error';
import { parseParams } from './validation';

/**
 * Stripe Connect's connected accounts as the product uses them (worker/payments/connect.ts):
 * POST /v1/accounts makes one that cannot take payments yet, POST /v1/account_links a link to
 * the stand-in's hosted onboarding page (connect-onboarding.ts; links in stripe_account_links), GET /v1/accounts/:id reads it.
 * Completing onboarding (the page, or POST /__dev/stripe/accounts/:id/complete) enables it and
 * records account.updated on the account, delivered to the Connect endpoint.
 */
export interface Requirements {
  alternatives: [];
  current_deadline: null;
  currently_due: string[];
  disabled_reason: string | null;
  errors: [];
  eventually_due: string[];
  past_due: string[];
  pending_verification: string[];
}

export interface Account {
  id: string;
  object: 'account';
  business_profile: { name: string | null; url: string | null };
  business_type: string | null;
  capabilities: Record<string, 'active' | 'inactive' | 'pending'>;
  charges_enabled: boolean;
  country: string;
  created: number;
  default_currency: string;
  details_submitted: boolean;
  email: string | null;
  metadata: Metadata;
  payouts_enabled: boolean;
  requirements: Requirements;
  type: 'express' | 'standard' | 'custom';
}

export interface AccountLink {
  return_url: string;
  refresh_url: string;
  /** epoch ms */
  expires_at: number;
}

export type AccountInternal = Record<string, never>;

/** What onboarding asks for until a person completes it. */
const ONBOARDING_DUE = [
  'business_profile.mcc',
  'business_profile.url',
  'external_account',
  'individual.dob.day',
  'individual.first_name',
  'individual.last_name',
  'tos_acceptance.date',
  'tos_acceptance.ip',
];
const LINK_LIFETIME_MS = 5 * 60 * 1000;
const CURRENCIES: Record<string, string> = { GB: 'gbp', US: 'usd', IE: 'eur', FR: 'eur', DE: 'eur' };

const requirements = (due: string[], pending: string[] = []): Requirements => ({
  alternatives: [],
  current_deadline: null,
  currently_due: due,
  disabled_reason: due.length > 0 ? 'requirements.past_due' : pending.length > 0 ? 'requirements.pending_verification' : null,
  errors: [],
  eventually_due: due,
  past_due: due,
  pending_verification: pending,
});

const capability = z.strictObject({ requested: formBool });
const createAccount = z.strictObject({
  type: z.enum(['express', 'standard', 'custom']),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .transform((c) => c.toUpperCase())
    .optional(),
  email: z.string().max(800).optional(),
  business_profile: z.strictObject({ name: z.string().max(200).optional(), url: z.string().max(5000).optional() }).optional(),
  capabilities: z.partialRecord(z.enum(['card_payments', 'transfers']), capability).optional(),
  metadata: metadataParam,
});
const createLink = z.strictObject({
  account: idParam,
  refresh_url: absoluteUrl,
  return_url: absoluteUrl,
  type: z.enum(['account_onboarding', 'account_update']),
  collect: z.enum(['currently_due', 'eventually_due']).optional(),
});

export const loadAccount = async (db: D1Database, id: string, param = 'account', status: 400 | 404 = 404) => {
  const stored = await load<Account, AccountInternal>(db, 'stripe_accounts', id);
  if (!stored) throw noSuch('account', id, param, status);
  return stored;
};

async function create(ctx: Ctx): Promise<object> {
  const p = parseParams(createAccount, ctx.input);
  const country = p.country ?? 'GB';
  const account: Account = {
    id: newId('acct'),
    object: 'account',
    business_profile: { name: p.business_profile?.name ?? null, url: p.business_profile?.url ?? null },
    business_type: null,
    capabilities: Object.fromEntries(Object.keys(p.capabilities ?? {}).map((k) => [k, 'inactive' as const])),
    charges_enabled: false,
    country,
    created: unixSeconds(ctx.now),
    default_currency: CURRENCIES[country] ?? 'usd',
    details_submitted: false,
    email: p.email ?? null,
    metadata: applyMetadata({}, p.metadata),
    payouts_enabled: false,
    requirements: requirements(ONBOARDING_DUE),
    type: p.type,
  };
  await commitWithEvents(ctx.db, [{ table: 'stripe_accounts', object: account }], [], ctx);
  return account;
}

/** POST /v1/account_links: a single-use link to the hosted onboarding page, for five minutes. */
async function createAccountLink(ctx: Ctx): Promise<object> {
  const p = parseParams(createLink, ctx.input);
  if (!ctx.origin) throw badParam('The stand-in needs PUBLIC_ORIGIN to make account links.');
  const token = randomBase62(24);
  await loadAccount(ctx.db, p.account, 'account', 400);
  await ctx.db
    .prepare('INSERT INTO stripe_account_links (token, account, return_url, refresh_url, expires_at) VALUES (?, ?, ?, ?, ?)')
    .bind(token, p.account, p.return_url, p.refresh_url, ctx.now + LINK_LIFETIME_MS)
    .run();
  return {
    object: 'account_link',
    created: unixSeconds(ctx.now),
    expires_at: unixSeconds(ctx.now + LINK_LIFETIME_MS),
    url: `${ctx.origin}/connect/onboarding/${p.account}/${token}`,
  };
}

/** The account's link of a token if it is live (not used, not expired). */
export async function liveLink(db: D1Database, account: string, token: string, now: number): Promise<AccountLink | null> {
  return db
    .prepare(
      'SELECT return_url, refresh_url, expires_at FROM stripe_account_links WHERE token = ? AND account = ? AND used_at IS NULL AND expires_at > ?',
    )
    .bind(token, account, now)
    .first<AccountLink>();
}

export type Outcome = 'verified' | 'review';

/**
 * Onboarding completed as a person would: the details are submitted; 'verified' enables charges
 * and payouts, 'review' leaves the account under review (charges off, pending verification). The
 * link used is spent. Records account.updated on the account.
 */
export async function completeOnboarding(
  db: D1Database,
  id: string,
  outcome: Outcome,
  source: EventSource = automatic(Date.now()),
  token?: string,
): Promise<Account> {
  return retrying(async () => {
    const stored = await loadAccount(db, id);
    const verified = outcome === 'verified';
    const account: Account = {
      ...stored.object,
      business_type: 'individual',
      capabilities: Object.fromEntries(Object.keys(stored.object.capabilities).map((k) => [k, verified ? 'active' : 'pending'] as const)),
      charges_enabled: verified,
      details_submitted: true,
      payouts_enabled: verified,
      requirements: requirements([], verified ? [] : ['individual.verification.document']),
    };
    // the link used is spent with the change (a second send of the form finds it used)
    const spend = token ? [db.prepare('UPDATE stripe_account_links SET used_at = ? WHERE token = ?').bind(source.now, token)] : [];
    const ok = await commitWithEvents(
      db,
      [{ table: 'stripe_accounts', object: account, expected: stored.revision }],
      [{ type: 'account.updated', object: account, account: account.id }],
      source,
      spend,
    );
    return ok ? account : undefined;
  });
}

export const accountRoutes: Route[] = [
  { method: 'POST', path: '/v1/accounts', handler: create },
  { method: 'GET', path: '/v1/accounts/:id', handler: async (ctx) => (await loadAccount(ctx.db, ctx.params.id!)).object },
  { method: 'POST', path: '/v1/account_links', handler: createAccountLink },
];
