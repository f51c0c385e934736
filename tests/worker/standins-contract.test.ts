/// <reference types="vite/client" />
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { standIn } from './helpers';

/**
 * The stand-ins answer the product's contract: every outside call the product makes, found in
 * its own source (the Worker's, and the browser's where it reaches them itself), is one the
 * stand-ins Worker speaks. A new call the stand-ins lack fails here, not in a browser test far away.
 */
const sources = Object.values(import.meta.glob<string>('../../worker/**/*.ts', { query: '?raw', import: 'default', eager: true })).join(
  '\n',
);

/** The browser's code: it reaches the stand-ins too (the offline card form, the pages it is sent to, pusher-js). */
const clientSources = Object.values(
  import.meta.glob<string>('../../client/**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true }),
).join('\n');

/** The Cognito actions the product calls (cognito(c, 'Action', …), cognitoCall(config, 'Action', …) and a session pool's pool.call(c, 'Action', …)). */
const cognitoActions = [
  ...new Set([...sources.matchAll(/\b(?:cognito(?:Call)?|pool\.call)\b[^(;]*\(\s*[\w.()']+\s*,\s*'([A-Z][A-Za-z]+)'/g)].map((m) => m[1]!)),
];

/** The stripe SDK methods the product calls, and the HTTP call each one makes (the SDK's own paths). */
const STRIPE_HTTP: Record<string, [string, string]> = {
  'accountLinks.create': ['POST', '/v1/account_links'],
  'accounts.create': ['POST', '/v1/accounts'],
  'accounts.retrieve': ['GET', '/v1/accounts/acct_missing'],
  'checkout.sessions.create': ['POST', '/v1/checkout/sessions'],
  'checkout.sessions.retrieve': ['GET', '/v1/checkout/sessions/cs_test_missing'],
  'customers.create': ['POST', '/v1/customers'],
  'paymentIntents.cancel': ['POST', '/v1/payment_intents/pi_missing/cancel'],
  'paymentIntents.capture': ['POST', '/v1/payment_intents/pi_missing/capture'],
  'paymentIntents.confirm': ['POST', '/v1/payment_intents/pi_missing/confirm'],
  'paymentIntents.create': ['POST', '/v1/payment_intents'],
  'paymentIntents.retrieve': ['GET', '/v1/payment_intents/pi_missing'],
  'paymentMethods.detach': ['POST', '/v1/payment_methods/pm_missing/detach'],
  'paymentMethods.retrieve': ['GET', '/v1/payment_methods/pm_missing'],
  'refunds.create': ['POST', '/v1/refunds'],
  'setupIntents.create': ['POST', '/v1/setup_intents'],
  'setupIntents.retrieve': ['GET', '/v1/setup_intents/seti_missing'],
  'terminal.locations.create': ['POST', '/v1/terminal/locations'],
  'terminal.readers.create': ['POST', '/v1/terminal/readers'],
  'terminal.readers.processPaymentIntent': ['POST', '/v1/terminal/readers/tmr_missing/process_payment_intent'],
  'terminal.readers.retrieve': ['GET', '/v1/terminal/readers/tmr_missing'],
  'terminal.readers.cancelAction': ['POST', '/v1/terminal/readers/tmr_missing/cancel_action'],
};
/** SDK methods that make no HTTP call. */
const STRIPE_LOCAL = ['webhooks.constructEventAsync'];
/** The Stripe API paths the browser's offline card form POSTs with the publishable key (post(base, 'path', key, …)), ids as {id}. */
const browserStripePaths = [
  ...new Set([...clientSources.matchAll(/\bpost\(\s*base,\s*[`']([^`']+)[`']/g)].map((m) => m[1]!.replace(/\$\{[^}]+\}/g, '{id}'))),
];
const stripeMethods = [...new Set([...sources.matchAll(/\bstripe\.((?:[a-z][A-Za-z]+\.)+[a-z][A-Za-z]+)\(/g)].map((m) => m[1]!))];

describe('the stand-ins speak every outside call the product makes', () => {
  it('every Cognito action', async () => {
    expect(cognitoActions).toEqual(
      expect.arrayContaining([
        'SignUp',
        'ConfirmSignUp',
        'ResendConfirmationCode',
        'InitiateAuth',
        'RevokeToken',
        'GetUser',
        'VerifyUserAttribute',
      ]),
    );
    for (const action of cognitoActions) {
      const res = await standIn('/__idp/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-amz-json-1.1', 'X-Amz-Target': `AWSCognitoIdentityProviderService.${action}` },
        body: '{}',
      });
      const body = (await res.json()) as { __type?: string };
      expect(body.__type, action).not.toBe('UnknownOperationException');
    }
  });

  it('every Stripe API call (each SDK method the product uses has its HTTP call here)', async () => {
    expect(stripeMethods.length).toBeGreaterThanOrEqual(Object.keys(STRIPE_HTTP).length);
    expect(stripeMethods.filter((m) => !STRIPE_HTTP[m] && !STRIPE_LOCAL.includes(m))).toEqual([]);
    for (const method of stripeMethods.filter((m) => STRIPE_HTTP[m])) {
      const [verb, path] = STRIPE_HTTP[method]!;
      const res = await standIn(path, {
        method: verb,
        headers: { Authorization: `Bearer ${env.STRIPE_SECRET_KEY}`, 'Content-Type': 'application/x-www-form-urlencoded' },
        ...(verb === 'POST' ? { body: '' } : {}),
      });
      const text = await res.text();
      expect(text, `${method}: ${verb} ${path}`).not.toMatch(/Unrecognized request URL/);
    }
  });

  it("every Stripe API call the browser's card form makes, with the publishable key", async () => {
    expect(browserStripePaths).toEqual(['payment_methods', 'setup_intents/{id}/confirm']);
    for (const path of browserStripePaths) {
      const res = await standIn(`/v1/${path.replace('{id}', 'seti_missing')}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${env.STRIPE_PUBLISHABLE_KEY}`, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: '',
      });
      const message = ((await res.json()) as { error?: { message?: string } }).error?.message ?? '';
      expect(message, path).not.toMatch(/Unrecognized request URL|cannot be made with a publishable API key/);
    }
  });

  it("the stand-ins' pages the browser is sent to, and pusher-js's socket", async () => {
    // a payment's next_action and a Checkout Session's url send the browser to the stand-in's 3-D Secure and Checkout pages
    expect(sources).toMatch(/next_action\?\.redirect_to_url\?\.url/);
    expect(sources).toMatch(/session\.url/);
    expect(await (await standIn('/3ds/pi_missing?client_secret=x')).text()).toContain('There is no such payment to authenticate.');
    expect(await (await standIn('/checkout/cs_test_missing')).text()).toContain('There is no such checkout.');
    // client/lib/realtime.ts: pusher-js's WebSocket at /app/{key}; a request without the upgrade is asked for it
    expect(clientSources).toMatch(/new Pusher\(/);
    expect((await standIn(`/app/${env.PUSHER_KEY}?protocol=7`)).status).toBe(426);
  });

  it("Twilio's Messages API, Resend's emails and Pusher's events API", async () => {
    expect(sources).toMatch(/2010-04-01\/Accounts\/\$\{accountSid\}\/Messages\.json/);
    expect(sources).toMatch(/new URL\('emails', apiBase\)/);
    expect(sources).toMatch(/\/apps\/\$\{p\.appId\}\/events/);
    const sms = await standIn(`/2010-04-01/Accounts/${env.TWILIO_ACCOUNT_SID}/Messages.json`, { method: 'POST' });
    const email = await standIn('/emails', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    const events = await standIn(`/apps/${env.PUSHER_APP_ID}/events`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    // Each answers as its service does to a request without credentials or a body: never an unknown path.
    for (const [name, res] of [
      ['twilio', sms],
      ['resend', email],
      ['pusher', events],
    ] as const) {
      expect([400, 401, 403, 422], name).toContain(res.status);
    }
  });
});
