import { sha256Hex } from './ids';
import { StripeApiError } from './stripe-error';
import { TEST_CARDS, TEST_PAYMENT_METHODS, type Behaviour, type Brand } from './test-cards';

/**
 * Card details as Stripe keeps them on a PaymentMethod: never the number or the CVC, only
 * brand, last4, expiry, a fingerprint and (in the sandbox) the test behaviour of the number.
 */
export interface CardDetails {
  brand: Brand;
  checks: { address_line1_check: null; address_postal_code_check: null; cvc_check: 'pass' | null };
  country: string;
  display_brand: string;
  exp_month: number;
  exp_year: number;
  fingerprint: string;
  funding: 'credit' | 'debit';
  generated_from: null;
  last4: string;
  networks: { available: Brand[]; preferred: null };
  regulated_status: 'unregulated';
  three_d_secure_usage: { supported: true };
  wallet: null;
}

export interface CardInput {
  number: string;
  exp_month: string;
  exp_year: string;
  cvc?: string | undefined;
}

const DISPLAY: Record<Brand, string> = {
  visa: 'visa',
  mastercard: 'mastercard',
  amex: 'american_express',
  discover: 'discover',
  diners: 'diners_club',
  jcb: 'jcb',
  unionpay: 'china_union_pay',
};

/** A 402 card_error, as Stripe answers an unusable card. */
const cardError = (code: string, message: string, param?: string, declineCode?: string) =>
  new StripeApiError(402, {
    type: 'card_error',
    code,
    message,
    ...(declineCode ? { decline_code: declineCode } : {}),
    ...(param ? { param } : {}),
  });

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 16 alphanumerics like Stripe's ('Xt5EWLLDS7FJjR1c'), stable per number (only test numbers reach it). */
async function fingerprintOf(number: string): Promise<string> {
  const hex = await sha256Hex(`stripe-standin-fingerprint:${number}`);
  return Array.from({ length: 16 }, (_, i) => BASE62[parseInt(hex.slice(i * 2, i * 2 + 2), 16) % 62]).join('');
}

async function detailsOf(
  number: string,
  expMonth: number,
  expYear: number,
  cvcGiven: boolean,
): Promise<{ card: CardDetails; behaviour: Behaviour }> {
  const test = TEST_CARDS[number]!;
  return {
    behaviour: test.behaviour,
    card: {
      brand: test.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: cvcGiven ? 'pass' : null },
      country: test.country,
      display_brand: DISPLAY[test.brand],
      exp_month: expMonth,
      exp_year: expYear,
      fingerprint: await fingerprintOf(number),
      funding: test.funding,
      generated_from: null,
      last4: number.slice(-4),
      networks: { available: [test.brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
  };
}

/** Validates a card as Stripe does (number, then expiry, then CVC); only test numbers are accepted. */
export async function cardFromInput(input: CardInput, nowMs: number) {
  const number = input.number.replace(/[ -]/g, '');
  if (!/^\d+$/.test(number) || number.length > 19) throw cardError('incorrect_number', 'Your card number is incorrect.', 'card[number]');
  if (number.length < 13) throw cardError('incomplete_number', 'Your card number is incomplete.', 'card[number]');
  if (!luhn(number)) throw cardError('incorrect_number', 'Your card number is incorrect.', 'card[number]');

  const now = new Date(nowMs);
  const month = /^\d{1,2}$/.test(input.exp_month) ? Number(input.exp_month) : NaN;
  if (!(month >= 1 && month <= 12)) throw cardError('invalid_expiry_month', "Your card's expiration month is invalid.", 'card[exp_month]');
  const rawYear = /^\d{2}$|^\d{4}$/.test(input.exp_year) ? Number(input.exp_year) : NaN;
  const year = rawYear < 100 ? 2000 + rawYear : rawYear;
  const thisYear = now.getUTCFullYear();
  if (!(year >= thisYear && year <= thisYear + 50))
    throw cardError('invalid_expiry_year', "Your card's expiration year is invalid.", 'card[exp_year]');
  if (year === thisYear && month < now.getUTCMonth() + 1) {
    throw cardError('invalid_expiry_month', "Your card's expiration month is invalid.", 'card[exp_month]');
  }
  if (input.cvc !== undefined && !/^\d{3,4}$/.test(input.cvc))
    throw cardError('invalid_cvc', "Your card's security code is invalid.", 'card[cvc]');

  if (!TEST_CARDS[number]) {
    throw cardError(
      'card_declined',
      'Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
      undefined,
      'test_mode_live_card',
    );
  }
  return detailsOf(number, month, year, input.cvc !== undefined);
}

/** The card of a test PaymentMethod id (pm_card_visa...), expiring in December three years on. */
export function cardFromTestId(id: string, nowMs: number) {
  const number = TEST_PAYMENT_METHODS[id]!;
  return detailsOf(number, 12, new Date(nowMs).getUTCFullYear() + 3, true);
}
