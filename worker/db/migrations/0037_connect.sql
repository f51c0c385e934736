-- Stripe Connect (docs/payments.md): the salon's connected account (an Express account, paid by
-- destination charges) and its state as Stripe last reported it (account.updated, or a read when
-- the owner returns from onboarding). A salon's card settings can be switched on only while
-- stripe_charges_enabled is 1. Each account belongs to one salon: the unique index makes sure an
-- account's events can only ever change that salon's row.
ALTER TABLE salons ADD COLUMN stripe_account_id TEXT CHECK (stripe_account_id IS NULL OR stripe_account_id GLOB 'acct_*');
ALTER TABLE salons ADD COLUMN stripe_charges_enabled INTEGER NOT NULL DEFAULT 0 CHECK (stripe_charges_enabled IN (0, 1));
ALTER TABLE salons ADD COLUMN stripe_payouts_enabled INTEGER NOT NULL DEFAULT 0 CHECK (stripe_payouts_enabled IN (0, 1));
ALTER TABLE salons ADD COLUMN stripe_details_submitted INTEGER NOT NULL DEFAULT 0 CHECK (stripe_details_submitted IN (0, 1));
-- JSON {currently_due, past_due, pending_verification, disabled_reason} of the account's requirements
ALTER TABLE salons ADD COLUMN stripe_requirements TEXT CHECK (stripe_requirements IS NULL OR json_valid(stripe_requirements));
CREATE UNIQUE INDEX salons_stripe_account ON salons(stripe_account_id) WHERE stripe_account_id IS NOT NULL;
