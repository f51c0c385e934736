import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as z from 'zod';
import type { StandInsApp as AppEnv } from '../env';
import { checkoutPage, type PayForm } from './checkout-page';
import { payCheckoutSession, returnFromAuthentication, type PayResult } from './checkout-pay';
import { isSessionId, loadCheckoutSession, type CheckoutSession } from './checkout-session-object';
import { configuredOrigin, httpOrigin } from './config';
import { foreignPost, pageForm, pageResponse } from './page-request';
import { messagePage, type Html } from './three-d-secure-page';

/**
 * The hosted Checkout page (offline only) at a session's url, /checkout/{id}: GET shows the
 * amount, the line items, the email and card fields; the POST pays with a test card. Success
 * redirects (303) to the session's success_url with {CHECKOUT_SESSION_ID} replaced; a card
 * asking for 3-D Secure goes through the stand-in's challenge page and comes back to
 * /checkout/{id}/return. As on Stripe, the session id in the link is what allows paying.
 */
export const checkout = new Hono<AppEnv>();

const payForm = z.object({
  email: z
    .string()
    .trim()
    .max(512)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/),
  card_number: z.string().max(40),
  card_expiry: z
    .string()
    .max(12)
    .regex(/^\s*\d{1,2}\s*\/?\s*(\d{2}|\d{4})\s*$/),
  card_cvc: z.string().trim().max(8),
});

/** Answers a page; its form may lead (after a redirect) to the session's success_url and the 3-D Secure page. */
const page = (c: Context<AppEnv>, status: ContentfulStatusCode, body: Html, cs: CheckoutSession | null = null) =>
  pageResponse(c, status, body, [httpOrigin(cs?.success_url), configuredOrigin(c.env) ?? null]);

const notFound = (c: Context<AppEnv>) => page(c, 404, messagePage('Not found', 'There is no such checkout.'));

function closedPage(c: Context<AppEnv>, cs: CheckoutSession) {
  return cs.status === 'complete'
    ? page(c, 409, messagePage('Already paid', 'This checkout has already been paid. You can close this window.'))
    : page(c, 410, messagePage('Checkout expired', 'This checkout has expired. Return to the shop to start again.'));
}

/** The session, or null when the id names none. */
async function sessionOf(c: Context<AppEnv>) {
  const id = c.req.param('id') ?? '';
  return isSessionId(id) ? loadCheckoutSession(c.env.DB, Date.now(), id).catch(() => null) : null;
}

/** The open session's page again, with the email typed and why the payment did not go through. */
async function payPage(c: Context<AppEnv>, status: ContentfulStatusCode, form: PayForm) {
  const stored = await sessionOf(c);
  if (!stored) return notFound(c);
  if (stored.object.status !== 'open') return closedPage(c, stored.object);
  return page(c, status, checkoutPage(stored.object, stored.internal.lineItems, form), stored.object);
}

/** Where a successful payment leads: the success_url with the session id in place of {CHECKOUT_SESSION_ID}. */
function answerResult(c: Context<AppEnv>, result: PayResult, email: string) {
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  switch (result.kind) {
    case 'paid': {
      const target = result.session.success_url?.replaceAll('{CHECKOUT_SESSION_ID}', result.session.id);
      if (!target || !httpOrigin(target)) return page(c, 200, messagePage('Payment complete', 'Thank you. You can close this window.'));
      return c.redirect(target, 303);
    }
    case 'authenticate':
      return c.redirect(result.url, 303);
    case 'closed':
      return closedPage(c, result.session);
    case 'refused':
      return payPage(c, 402, { email, error: result.message });
  }
}

checkout.get('/:id', async (c) => {
  const stored = await sessionOf(c);
  if (!stored) return notFound(c);
  if (stored.object.status !== 'open') return closedPage(c, stored.object);
  return payPage(c, 200, { email: stored.object.customer_email ?? '', error: null });
});

checkout.post('/:id', async (c) => {
  if (foreignPost(c)) return page(c, 403, messagePage('Request refused', 'This form can only be sent from this site.'));
  const fields = await pageForm(c);
  const form = payForm.safeParse(fields);
  const email = typeof fields.email === 'string' ? fields.email.slice(0, 512) : '';
  if (!form.success) {
    return payPage(c, 400, { email, error: 'Enter your email address, the card number, its expiry date (MM / YY) and its security code.' });
  }
  const stored = await sessionOf(c);
  if (!stored) return notFound(c);
  const [month, year] = form.data.card_expiry.replace(/\s/g, '').includes('/')
    ? form.data.card_expiry.replace(/\s/g, '').split('/')
    : [form.data.card_expiry.trim().slice(0, 2), form.data.card_expiry.trim().slice(2)];
  const result = await payCheckoutSession(
    c.env.DB,
    Date.now(),
    configuredOrigin(c.env) ?? new URL(c.req.url).origin,
    stored.object.id,
    { number: form.data.card_number, exp_month: month ?? '', exp_year: year ?? '', cvc: form.data.card_cvc },
    form.data.email,
  );
  return answerResult(c, result, form.data.email);
});

checkout.get('/:id/return', async (c) => {
  const stored = await sessionOf(c);
  if (!stored) return notFound(c);
  const intent = c.req.query('payment_intent') ?? '';
  const result = await returnFromAuthentication(c.env.DB, Date.now(), stored.object.id, intent);
  return answerResult(c, result, stored.internal.email ?? stored.object.customer_email ?? '');
});
