import { isIdempotencyError, type Account, type StripeClient } from './stripe-api';
import type { AccountRequirements, SalonPayments } from '../../shared/console/payments';
import { claimAccount, recordAccountState, salonAccountOf, type SalonAccountRow } from '../db/salon-accounts';
import { AppError } from '../errors';
import type { Payee } from './flow';

/**
 * Stripe Connect for the salons (docs/payments.md): each salon's Express connected account, its
 * onboarding on Stripe's hosted pages, and its state as Stripe reports it. Payments are
 * destination charges to the account (payments/flow.ts).
 */

export function paymentsOf(row: SalonAccountRow): SalonPayments {
  return {
    account_id: row.stripe_account_id,
    charges_enabled: !!row.stripe_charges_enabled,
    payouts_enabled: !!row.stripe_payouts_enabled,
    requirements: row.stripe_requirements ? (JSON.parse(row.stripe_requirements) as AccountRequirements) : null,
  };
}

/** Whether the salon's account can take payments now. */
export async function canTakePayments(db: D1Database, salonId: number): Promise<boolean> {
  const row = await salonAccountOf(db, salonId);
  return !!row?.stripe_account_id && !!row.stripe_charges_enabled;
}

/** Who a salon's payments go to: its account while it can take payments, else null (the payment is refused). */
export async function payeeOf(db: D1Database, salonId: number, feePercent: number): Promise<Payee | null> {
  const row = await salonAccountOf(db, salonId);
  if (!row?.stripe_account_id || !row.stripe_charges_enabled) return null;
  return { account: row.stripe_account_id, feePercent };
}

const requirementsOf = (a: Account): AccountRequirements => ({
  currently_due: a.requirements?.currently_due ?? [],
  past_due: a.requirements?.past_due ?? [],
  pending_verification: a.requirements?.pending_verification ?? [],
  disabled_reason: a.requirements?.disabled_reason ?? null,
});

/** Records the account's state, as retrieved from Stripe, on the salon holding it; false when it holds another. */
export function recordAccount(db: D1Database, salonId: number, a: Account): Promise<boolean> {
  return recordAccountState(db, salonId, a.id, {
    chargesEnabled: !!a.charges_enabled,
    payoutsEnabled: !!a.payouts_enabled,
    detailsSubmitted: !!a.details_submitted,
    requirements: JSON.stringify(requirementsOf(a)),
  });
}

/** The salon's payments as the console shows them, read afresh from Stripe when it has an account (the owner back from onboarding). */
export async function freshPayments(db: D1Database, stripe: StripeClient, salonId: number): Promise<SalonPayments> {
  const row = await salonAccountOf(db, salonId);
  if (!row) throw new AppError('NOT_FOUND', 'Salon not found');
  if (!row.stripe_account_id) return paymentsOf(row);
  await recordAccount(db, salonId, await stripe.accounts.retrieve(row.stripe_account_id));
  return paymentsOf((await salonAccountOf(db, salonId))!);
}

const busy = isIdempotencyError;

/**
 * The salon's account, made once: the key is the salon's, and the salon keeps the account its
 * conditional write recorded first. Presses at the same moment send the same key at once, which
 * Stripe refuses while the first is running (409 idempotency error): those wait for it and then
 * read the account it made (the key's replay), at most a few times.
 */
async function newAccount(db: D1Database, stripe: StripeClient, a: OnboardingAsk): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    try {
      const account = await stripe.accounts.create(
        {
          type: 'express',
          country: a.country,
          email: a.email || undefined,
          business_profile: { name: a.name },
          capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
          metadata: { salon_id: String(a.salonId) },
        },
        { idempotencyKey: `connect-account-salon-${a.salonId}` },
      );
      await claimAccount(db, a.salonId, account.id);
      return (await salonAccountOf(db, a.salonId))!.stripe_account_id!;
    } catch (e) {
      if (!busy(e) || attempt >= 5) throw e;
      await new Promise((r) => setTimeout(r, 150 * (attempt + 1)));
      const now = await salonAccountOf(db, a.salonId);
      if (now?.stripe_account_id) return now.stripe_account_id;
    }
  }
}

export interface OnboardingAsk {
  salonId: number;
  name: string;
  email: string;
  country: string;
  /** where Stripe sends the owner back (return) or for a new link (refresh) */
  returnUrl: string;
  refreshUrl: string;
}

/**
 * "Get paid": the salon's connected account (made once: the key and a conditional write keep one
 * account of two presses at once), and a link to Stripe's hosted onboarding for it.
 */
export async function startOnboarding(
  db: D1Database,
  stripe: StripeClient,
  a: OnboardingAsk,
): Promise<{ url: string; account_id: string }> {
  const row = await salonAccountOf(db, a.salonId);
  if (!row) throw new AppError('NOT_FOUND', 'Salon not found');
  const accountId = row.stripe_account_id ?? (await newAccount(db, stripe, a));
  const link = await stripe.accountLinks.create({
    account: accountId,
    type: 'account_onboarding',
    return_url: a.returnUrl,
    refresh_url: a.refreshUrl,
  });
  return { url: link.url, account_id: accountId };
}
