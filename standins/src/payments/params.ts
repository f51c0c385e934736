import * as z from 'zod';
import { asArray } from './form';

/**
 * zod building blocks for Stripe's form parameters: every value arrives as a string (or a
 * bracket-notation record), so integers and booleans are parsed from text, and an empty string
 * means "unset" where a parameter may be unset.
 */
type Ctx = z.core.$RefinementCtx;

const shown = (s: string) => (s.length > 40 ? `${s.slice(0, 40)}…` : s);

function fail(ctx: Ctx, input: string, message: string, stripeCode?: string): never {
  ctx.addIssue({ code: 'custom', message, input, ...(stripeCode ? { params: { stripeCode } } : {}) });
  return z.NEVER as never;
}

/** A base-10 integer in [min, max]. */
export const formInt = (min = 0, max = 99_999_999) =>
  z.string().transform((s, ctx): number => {
    if (!/^-?\d{1,16}$/.test(s)) return fail(ctx, s, `Invalid integer: ${shown(s)}`, 'parameter_invalid_integer');
    const n = Number(s);
    if (n < min) return fail(ctx, s, `This value must be greater than or equal to ${min}.`);
    if (n > max) return fail(ctx, s, `This value must be less than or equal to ${max}.`);
    return n;
  });

/** 'true' / 'false'. */
export const formBool = z.string().transform((s, ctx): boolean => {
  if (s === 'true') return true;
  if (s === 'false') return false;
  return fail(ctx, s, `Invalid boolean: ${shown(s)}`);
});

/** off_session on a payment intent: 'true'/'false', or 'one_off' / 'recurring' (both mean true). */
export const offSessionParam = z.string().transform((s, ctx): boolean => {
  if (s === 'true' || s === 'one_off' || s === 'recurring') return true;
  if (s === 'false') return false;
  return fail(ctx, s, `Invalid off_session: ${shown(s)}. Expected true, false, one_off or recurring`);
});

/** An object id in a parameter (its existence is checked by the endpoint). */
export const idParam = z.string().min(1).max(255);

/** metadata[k]=v (≤ 40-character keys, ≤ 500-character values); metadata='' clears it (→ null). */
export const metadataParam = z
  .preprocess((v) => (v === '' ? null : v), z.record(z.string().min(1).max(40), z.string().max(500)).nullable())
  .optional();
export type MetadataParam = z.output<typeof metadataParam>;

/** A three-letter currency code, answered in lower case. */
export const currencyParam = z
  .string()
  .regex(/^[A-Za-z]{3}$/)
  .transform((c) => c.toLowerCase());

/** An absolute http(s) URL (Checkout's success_url and cancel_url). */
export const absoluteUrl = z
  .string()
  .max(5000)
  .refine((u) => /^https?:\/\//i.test(u) && isAllowedReturnUrl(u), { message: 'Not a valid URL', params: { stripeCode: 'url_invalid' } });

/** A list parameter: expand[0]=a&expand[1]=b or expand[]=a. */
export const formArray = <T extends z.ZodType>(item: T, max = 20) => z.preprocess(asArray, z.array(item).max(max));

/** expand[]: the names an endpoint can expand; any other is refused by the endpoint. */
export const expandParam = formArray(z.string().min(1).max(200)).optional();

/** return_url: an absolute http(s) URL or a same-site path ('/...', not '//...'). */
export const returnUrl = z
  .string()
  .max(2048)
  .refine((u) => isAllowedReturnUrl(u), { message: 'Not a valid URL', params: { stripeCode: 'url_invalid' } });

export function isAllowedReturnUrl(u: string): boolean {
  if (/^\/(?![/\\])/.test(u)) return !/[\s\\]/.test(u);
  try {
    const url = new URL(u);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** A list's page size (the Worker tests read the lists' first page). */
export const listParams = { limit: formInt(1, 100).optional() };
