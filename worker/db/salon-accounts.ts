/**
 * A salon's Stripe connected account (migration 0037, docs/payments.md): which account it is and
 * its state as Stripe last reported it. Every write names both the salon and the account, so an
 * account's news can only ever change the one salon that holds it (a unique index).
 */
export interface SalonAccountRow {
  stripe_account_id: string | null;
  stripe_charges_enabled: number;
  stripe_payouts_enabled: number;
  stripe_details_submitted: number;
  /** JSON AccountRequirements, or null before Stripe first reported them */
  stripe_requirements: string | null;
}

export interface AccountStateWrite {
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  requirements: string;
}

export function salonAccountOf(db: D1Database, salonId: number): Promise<SalonAccountRow | null> {
  return db
    .prepare(
      `SELECT stripe_account_id, stripe_charges_enabled, stripe_payouts_enabled, stripe_details_submitted, stripe_requirements
         FROM salons WHERE id = ?`,
    )
    .bind(salonId)
    .first<SalonAccountRow>();
}

/** Gives a salon its account, only if it has none: of two owners pressing at once, one account is kept. */
export async function claimAccount(db: D1Database, salonId: number, accountId: string): Promise<boolean> {
  const res = await db
    .prepare('UPDATE salons SET stripe_account_id = ?2 WHERE id = ?1 AND stripe_account_id IS NULL')
    .bind(salonId, accountId)
    .run();
  return res.meta.changes > 0;
}

/** Records the account's state on the salon that holds it; false when no salon holds that account (id and account must both match). */
export async function recordAccountState(db: D1Database, salonId: number, accountId: string, s: AccountStateWrite): Promise<boolean> {
  const res = await db
    .prepare(
      `UPDATE salons SET stripe_charges_enabled = ?3, stripe_payouts_enabled = ?4, stripe_details_submitted = ?5, stripe_requirements = ?6
        WHERE id = ?1 AND stripe_account_id = ?2`,
    )
    .bind(salonId, accountId, s.chargesEnabled ? 1 : 0, s.payoutsEnabled ? 1 : 0, s.detailsSubmitted ? 1 : 0, s.requirements)
    .run();
  return res.meta.changes > 0;
}

/** The salon holding an account (at most one: a unique index), or null. */
export async function salonOfAccount(db: D1Database, accountId: string): Promise<number | null> {
  const row = await db.prepare('SELECT id FROM salons WHERE stripe_account_id = ?').bind(accountId).first<{ id: number }>();
  return row?.id ?? null;
}
