/**
 * The rules of the three card fields, as Stripe Elements applies them: formatting while typing,
 * brand from the first digits, Luhn, expiry and CVC checks, and Stripe's own error wording.
 */

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay' | 'unknown';

interface BrandRule {
  brand: CardBrand;
  prefix: RegExp;
  /** the lengths a complete number may have, shortest first */
  lengths: number[];
  /** digits per group when shown */
  groups: number[];
  cvc: number;
}

const RULES: BrandRule[] = [
  { brand: 'amex', prefix: /^3[47]/, lengths: [15], groups: [4, 6, 5], cvc: 4 },
  { brand: 'diners', prefix: /^3(0[0-5]|[0689])/, lengths: [14, 16], groups: [4, 6, 4], cvc: 3 },
  { brand: 'jcb', prefix: /^35/, lengths: [16], groups: [4, 4, 4, 4], cvc: 3 },
  { brand: 'visa', prefix: /^4/, lengths: [16], groups: [4, 4, 4, 4], cvc: 3 },
  { brand: 'mastercard', prefix: /^(5[1-5]|2[2-7])/, lengths: [16], groups: [4, 4, 4, 4], cvc: 3 },
  { brand: 'discover', prefix: /^(6011|64[4-9]|65)/, lengths: [16], groups: [4, 4, 4, 4], cvc: 3 },
  { brand: 'unionpay', prefix: /^62/, lengths: [16, 17, 18, 19], groups: [4, 4, 4, 4, 3], cvc: 3 },
];
const UNKNOWN: BrandRule = { brand: 'unknown', prefix: /^/, lengths: [16], groups: [4, 4, 4, 4, 3], cvc: 3 };

function ruleOf(digits: string): BrandRule {
  return RULES.find((r) => r.prefix.test(digits)) ?? UNKNOWN;
}

export const brandOf = (digits: string): CardBrand => ruleOf(digits).brand;

const onlyDigits = (s: string) => s.replace(/\D/g, '');

/** The longest number the brand allows (typing stops there). */
export const maxLength = (digits: string) => Math.max(...ruleOf(digits).lengths);

export function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** '4242424242424242' → '4242 4242 4242 4242'; American Express '3782 822463 10005'. */
export function formatNumber(raw: string): string {
  let digits = onlyDigits(raw);
  digits = digits.slice(0, maxLength(digits));
  const { groups } = ruleOf(digits);
  const out: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    out.push(digits.slice(at, at + size));
    at += size;
  }
  if (at < digits.length) out.push(digits.slice(at));
  return out.join(' ');
}

/** A field's state: complete (valid and whole), and the error to show now, if any. */
export interface FieldState {
  complete: boolean;
  /** shown at once (an impossible value) */
  error: string | null;
  /** shown once the client leaves the field (an unfinished value) */
  incomplete: string | null;
}

export const MSG_NUMBER_INVALID = 'Your card number is invalid.';
export const MSG_NUMBER_INCOMPLETE = 'Your card number is incomplete.';
export const MSG_EXPIRY_INCOMPLETE = "Your card's expiration date is incomplete.";
export const MSG_EXPIRY_PAST_YEAR = "Your card's expiration year is in the past.";
export const MSG_EXPIRY_PAST = "Your card's expiration date is in the past.";
export const MSG_EXPIRY_YEAR_INVALID = "Your card's expiration year is invalid.";
export const MSG_CVC_INCOMPLETE = "Your card's security code is incomplete.";

export function checkNumber(raw: string): FieldState {
  const digits = onlyDigits(raw);
  const rule = ruleOf(digits);
  if (digits.length === 0) return { complete: false, error: null, incomplete: MSG_NUMBER_INCOMPLETE };
  const whole = rule.lengths.includes(digits.length);
  const valid = whole && luhn(digits);
  if (valid) return { complete: true, error: null, incomplete: null };
  if (digits.length >= maxLength(digits)) return { complete: false, error: MSG_NUMBER_INVALID, incomplete: null };
  return { complete: false, error: null, incomplete: whole ? MSG_NUMBER_INVALID : MSG_NUMBER_INCOMPLETE };
}

/** The number is whole at its brand's longest length: focus may move on. */
export const numberFull = (raw: string) => {
  const digits = onlyDigits(raw);
  return digits.length === maxLength(digits);
};

/**
 * 'MM / YY' as typed: '4' → '04 / ', '1' → '1', '13' → '01 / 3', '12' → '12 / ' (but not while
 * deleting, so that backspace can take the separator away).
 */
export function formatExpiry(raw: string, deleting: boolean): string {
  let digits = onlyDigits(raw);
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  else if (digits.length >= 2 && digits[0] === '1' && Number(digits[1]) > 2) digits = `01${digits.slice(1)}`;
  if (digits.startsWith('00')) digits = '0';
  digits = digits.slice(0, 4);
  if (digits.length > 2) return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
  if (digits.length === 2 && !deleting) return `${digits} / `;
  return digits;
}

/** The month and four-digit year of a complete 'MM / YY'. */
export function expiryParts(value: string): { month: number; year: number } | null {
  const digits = onlyDigits(value);
  if (digits.length !== 4) return null;
  return { month: Number(digits.slice(0, 2)), year: 2000 + Number(digits.slice(2)) };
}

export function checkExpiry(value: string, now = new Date()): FieldState {
  const digits = onlyDigits(value);
  if (digits.length < 4) return { complete: false, error: null, incomplete: MSG_EXPIRY_INCOMPLETE };
  const { month, year } = expiryParts(value)!;
  const thisYear = now.getFullYear();
  if (month < 1 || month > 12) return { complete: false, error: MSG_EXPIRY_INCOMPLETE, incomplete: null };
  if (year < thisYear) return { complete: false, error: MSG_EXPIRY_PAST_YEAR, incomplete: null };
  if (year === thisYear && month < now.getMonth() + 1) return { complete: false, error: MSG_EXPIRY_PAST, incomplete: null };
  if (year > thisYear + 50) return { complete: false, error: MSG_EXPIRY_YEAR_INVALID, incomplete: null };
  return { complete: true, error: null, incomplete: null };
}

export const cvcLength = (numberRaw: string) => ruleOf(onlyDigits(numberRaw)).cvc;

export function formatCvc(raw: string, numberRaw: string): string {
  const known = brandOf(onlyDigits(numberRaw)) !== 'unknown';
  return onlyDigits(raw).slice(0, known ? cvcLength(numberRaw) : 4);
}

export function checkCvc(value: string, numberRaw: string): FieldState {
  const need = cvcLength(numberRaw);
  const digits = onlyDigits(value);
  // Stripe accepts 3 or 4 digits until the brand says which.
  const ok =
    need === 4 ? digits.length === 4 : digits.length === 3 || (brandOf(onlyDigits(numberRaw)) === 'unknown' && digits.length === 4);
  return ok ? { complete: true, error: null, incomplete: null } : { complete: false, error: null, incomplete: MSG_CVC_INCOMPLETE };
}

export const digitsOf = onlyDigits;
