/**
 * A salon's Stripe connected account as the console shows it (GET /api/console/salons/{id}/payments,
 * docs/payments.md): the answer's shape, and its state in the owner's words.
 */
export interface AccountRequirements {
  /** what Stripe needs now (Stripe's field names, e.g. external_account) */
  currently_due: string[];
  past_due: string[];
  /** what Stripe is checking (documents under review) */
  pending_verification: string[];
  disabled_reason: string | null;
}

export interface SalonPayments {
  account_id: string | null;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  requirements: AccountRequirements | null;
}

export type PaymentsState = 'not_started' | 'details_needed' | 'under_review' | 'can_take_payments' | 'payouts_on';

/** The account's state: payouts on (everything works), can take payments, under review, details needed, or no account yet. */
export function paymentsStateOf(p: SalonPayments): PaymentsState {
  if (!p.account_id) return 'not_started';
  if (p.charges_enabled && p.payouts_enabled) return 'payouts_on';
  if (p.charges_enabled) return 'can_take_payments';
  const r = p.requirements;
  if (r && r.currently_due.length === 0 && r.past_due.length === 0 && r.pending_verification.length > 0) return 'under_review';
  return 'details_needed';
}

/** The owner's words for each state (the console's "Get paid" section). */
export const PAYMENTS_STATE_TEXT: Record<PaymentsState, { title: string; detail: string }> = {
  not_started: {
    title: 'Not set up',
    detail: 'Set up payments with Stripe to take deposits, no-show fees and vouchers into your own bank account.',
  },
  details_needed: { title: 'Details needed', detail: 'Stripe needs more details before you can take payments.' },
  under_review: { title: 'Under review', detail: 'Stripe is checking your details. This usually takes a few minutes.' },
  can_take_payments: {
    title: 'Can take payments',
    detail: 'You can take card payments. Payouts start once Stripe has checked your bank account.',
  },
  payouts_on: { title: 'Payouts on', detail: 'You can take card payments, and payouts go to your bank account.' },
};

/** Why a card setting cannot be switched on yet (the 409's message and the console's note beside it). */
export const CARD_SETTINGS_NEED_PAYMENTS = 'Set up payments first: finish "Get paid" so this salon can take card payments.';

/** The settings that take a card (ConsoleSettings' names). */
export const CARD_SETTINGS = ['needs_card', 'deposit', 'no_show_protection', 'vouchers_on_sale'] as const;
export type CardSetting = (typeof CARD_SETTINGS)[number];
