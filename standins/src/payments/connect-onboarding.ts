import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as z from 'zod';
import type { StandInsApp as AppEnv } from '../env';
import { completeOnboarding, liveLink, loadAccount } from './accounts';
import { httpOrigin } from './config';
import { foreignPost, pageForm, pageResponse } from './page-request';
import { StripeApiError } from './stripe-error';
import { layout, messagePage, type Html } from './three-d-secure-page';

/**
 * Stripe's hosted onboarding as the stand-in shows it (offline only), at an account link's url,
 * /connect/onboarding/{account}/{token}: a form a person completes with the test data shown
 * (Stripe's test bank account, a date of birth) and sends; the account is then enabled (or left
 * under review) and the browser goes back to the link's return_url. An expired or used link goes
 * to its refresh_url, as Stripe's does. Self-contained HTML, every value escaped.
 */
export const connectOnboarding = new Hono<AppEnv>();

const form = z.object({
  first_name: z.string().trim().min(1).max(100),
  last_name: z.string().trim().min(1).max(100),
  dob: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  sort_code: z.string().regex(/^\s*\d{2}-?\d{2}-?\d{2}\s*$/),
  account_number: z.string().regex(/^\s*\d{8}\s*$/),
  outcome: z.enum(['verified', 'review']).default('verified'),
});

const page = (c: Context<AppEnv>, status: ContentfulStatusCode, body: Html, returnUrl?: string) =>
  pageResponse(c, status, body, [httpOrigin(returnUrl)]);

function onboardingPage(name: string, action: string, error: string | null): Html {
  return layout(
    'Get paid with Stripe',
    html`<h1>Get paid with Stripe</h1>
      <p>${name}: tell us who you are and where your payouts go.</p>
      ${error ? html`<p class="error" id="onboard-error" role="alert">${error}</p>` : ''}
      <form method="post" action="${action}">
        <label for="first-name">First name</label>
        <input id="first-name" name="first_name" autocomplete="given-name" required />
        <label for="last-name">Last name</label>
        <input id="last-name" name="last_name" autocomplete="family-name" required />
        <label for="dob">Date of birth</label>
        <input id="dob" name="dob" type="date" required value="1901-01-01" />
        <fieldset>
          <legend>Bank account for payouts</legend>
          <label for="sort-code">Sort code</label>
          <input id="sort-code" name="sort_code" inputmode="numeric" required value="10-88-00" />
          <label for="account-number">Account number</label>
          <input id="account-number" name="account_number" inputmode="numeric" required value="00012345" />
        </fieldset>
        <fieldset>
          <legend>Verification (test mode)</legend>
          <label><input type="radio" name="outcome" value="verified" checked /> Verify at once</label>
          <label><input type="radio" name="outcome" value="review" /> Keep under review</label>
        </fieldset>
        <div class="actions">
          <button class="complete" type="submit">Agree and submit</button>
        </div>
      </form>
      <p class="note">
        This is the offline payments stand-in: no one is verified. The test bank account (10-88-00, 00012345) and date of birth are filled
        in; type any name.
      </p>`,
  );
}

/** The account and the live link of the path, or a page saying why not. */
async function linkOf(c: Context<AppEnv>) {
  const stored = await loadAccount(c.env.DB, c.req.param('account') ?? '').catch((e: unknown) => {
    if (e instanceof StripeApiError) return null;
    throw e;
  });
  if (!stored) return { stored: null, link: null };
  return { stored, link: await liveLink(c.env.DB, stored.object.id, c.req.param('token') ?? '', Date.now()) };
}

const notFound = (c: Context<AppEnv>) => page(c, 404, messagePage('Not found', 'There is no such onboarding link.'));

connectOnboarding.get('/:account/:token', async (c) => {
  const { stored, link } = await linkOf(c);
  if (!stored) return notFound(c);
  if (!link) return page(c, 410, messagePage('Link expired', 'This link has expired or was used. Go back and start again.'));
  const name = stored.object.business_profile.name ?? 'Your business';
  return page(c, 200, onboardingPage(name, new URL(c.req.url).pathname, null), link.return_url);
});

connectOnboarding.post('/:account/:token', async (c) => {
  if (foreignPost(c)) return page(c, 403, messagePage('Request refused', 'This form can only be sent from this site.'));
  const { stored, link } = await linkOf(c);
  if (!stored) return notFound(c);
  if (!link) return page(c, 410, messagePage('Link expired', 'This link has expired or was used. Go back and start again.'));
  const parsed = form.safeParse(await pageForm(c));
  if (!parsed.success) {
    const name = stored.object.business_profile.name ?? 'Your business';
    const error = 'Enter your first and last name, your date of birth, a sort code (6 digits) and an account number (8 digits).';
    return page(c, 400, onboardingPage(name, new URL(c.req.url).pathname, error), link.return_url);
  }
  await completeOnboarding(c.env.DB, stored.object.id, parsed.data.outcome, undefined, c.req.param('token'));
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  return c.redirect(link.return_url, 303);
});

/**
 * Tests' shortcut: POST /__dev/stripe/accounts/{account}/complete finishes onboarding as a
 * person would on the page (`?outcome=review` leaves it under review); answers the account.
 */
export const devAccounts = new Hono<AppEnv>().post('/:account/complete', async (c) => {
  const outcome = c.req.query('outcome') === 'review' ? 'review' : 'verified';
  try {
    return c.json(await completeOnboarding(c.env.DB, c.req.param('account'), outcome));
  } catch (e) {
    if (e instanceof StripeApiError) return c.json(e.body(), e.status);
    throw e;
  }
});
