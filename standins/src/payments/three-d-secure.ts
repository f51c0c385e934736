import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as z from 'zod';
import type { StandInsApp as AppEnv } from '../env';
import { answerChallenge, challengeOf, type Challenge } from './authenticate';
import { sameSecret } from './ids';
import { isAllowedReturnUrl } from './params';
import { foreignPost, pageForm, pageResponse } from './page-request';
import { challengePage, messagePage, type Html } from './three-d-secure-page';

/**
 * The 3-D Secure challenge page of the stand-in (offline only), where next_action.redirect_to_url
 * sends the cardholder: GET shows 'Complete authentication' / 'Fail authentication'; the POST
 * settles the intent and redirects to its return_url: the one the intent was created with (by the
 * holder of the secret key, as on Stripe), never one taken from the link alone.
 * The intent's client secret in the URL is what allows answering (as on Stripe's own pages).
 */
export const threeDSecure = new Hono<AppEnv>();

const intentId = z.string().regex(/^(pi|seti)_[A-Za-z0-9]{1,64}$/);
const answer = z.object({
  result: z.enum(['complete', 'fail']),
  client_secret: z.string().max(200),
  return_url: z.string().max(2048).optional(),
});

/** Answers a page; its form may redirect to the intent's return_url on the merchant's origin. */
const page = (c: Context<AppEnv>, status: ContentfulStatusCode, body: Html, returnTo: URL | null = null) =>
  pageResponse(c, status, body, [returnTo?.origin ?? null]);

/**
 * The intent's return_url as an absolute http(s) URL (a path resolves on this page's origin), or
 * null. The merchant's site is another origin than this page's, as with Stripe's own pages; what
 * prevents an open redirect is that only the return_url stored on the intent is ever followed.
 */
export function returnTarget(returnUrl: string, pageUrl: string): URL | null {
  if (!isAllowedReturnUrl(returnUrl)) return null;
  try {
    const target = new URL(returnUrl, pageUrl);
    return target.protocol === 'http:' || target.protocol === 'https:' ? target : null;
  } catch {
    return null;
  }
}

type Checked =
  { ok: true; challenge: Challenge; target: URL | null } | { ok: false; status: ContentfulStatusCode; title: string; message: string };

/** The checks both methods share: a known intent, its client secret, and the intent's own return_url. */
async function check(c: Context<AppEnv>, secret: string | undefined, returnUrl: string | undefined): Promise<Checked> {
  const id = intentId.safeParse(c.req.param('id'));
  const challenge = id.success ? await challengeOf(c.env.DB, Date.now(), id.data) : null;
  if (!challenge) return { ok: false, status: 404, title: 'Not found', message: 'There is no such payment to authenticate.' };
  if (!secret || !sameSecret(secret, challenge.clientSecret)) {
    return { ok: false, status: 403, title: 'Link not valid', message: 'This authentication link is not valid.' };
  }
  if (returnUrl !== undefined && returnUrl !== challenge.returnUrl) {
    return { ok: false, status: 400, title: 'Link not valid', message: 'The return address does not match this payment.' };
  }
  const target = challenge.returnUrl === null ? null : returnTarget(challenge.returnUrl, c.req.url);
  if (challenge.returnUrl !== null && !target) {
    return {
      ok: false,
      status: 400,
      title: 'Return address refused',
      message: 'The return address of this payment is not a web address, so this page will not send you there.',
    };
  }
  return { ok: true, challenge, target };
}

threeDSecure.get('/:id', async (c) => {
  const checked = await check(c, c.req.query('client_secret'), c.req.query('return_url'));
  if (!checked.ok) return page(c, checked.status, messagePage(checked.title, checked.message));
  if (checked.challenge.status !== 'requires_action') {
    return page(c, 200, messagePage('Nothing to authenticate', 'This payment is not waiting for authentication any more.'));
  }
  return page(c, 200, challengePage(checked.challenge, c.req.path, checked.challenge.returnUrl), checked.target);
});

threeDSecure.post('/:id', async (c) => {
  if (foreignPost(c)) return page(c, 403, messagePage('Request refused', 'This form can only be sent from this site.'));
  const form = answer.safeParse(await pageForm(c));
  if (!form.success) return page(c, 400, messagePage('Request refused', 'Choose Complete authentication or Fail authentication.'));
  const checked = await check(c, form.data.client_secret, form.data.return_url);
  if (!checked.ok) return page(c, checked.status, messagePage(checked.title, checked.message));
  const { challenge, target } = checked;
  const status = await answerChallenge(c.env.DB, Date.now(), challenge, form.data.result);
  if (status === null)
    return page(c, 409, messagePage('Nothing to authenticate', 'This payment is not waiting for authentication any more.'));
  const redirectStatus = status === 'requires_payment_method' ? 'failed' : 'succeeded';
  if (!target) {
    const done = redirectStatus === 'succeeded' ? 'Authentication complete' : 'Authentication failed';
    return page(c, 200, messagePage(done, 'You can close this window and return to the booking.'));
  }
  // As Stripe: the return URL gets the intent, its client secret and how the redirect ended.
  target.searchParams.set(challenge.kind, challenge.id);
  target.searchParams.set(`${challenge.kind}_client_secret`, challenge.clientSecret);
  target.searchParams.set('redirect_status', redirectStatus);
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  return c.redirect(target.toString(), 303);
});
