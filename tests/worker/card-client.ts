import { env } from 'cloudflare:test';
import { expect } from 'vitest';
import { call, signUp, standIn } from './helpers';

const json = (body: unknown, headers: Record<string, string> = {}, method = 'POST') => ({
  method,
  headers: { 'Content-Type': 'application/json', ...headers },
  body: JSON.stringify(body),
});
const form = (data: Record<string, string>, key: string) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: `Bearer ${key}` },
  body: new URLSearchParams(data).toString(),
});

let phone = 900600 + Math.floor(Math.random() * 90) * 1000;
/** A fresh client with a card saved through the real setup-intent flow (as the browser does it). */
export async function clientWithCard(number: string) {
  phone += 1;
  const s = (await (
    await signUp({
      first_name: 'Pat',
      last_name: 'Payer',
      email: `p${phone}@example.test`,
      phone: `+447700${phone}`,
      password: 'Paying-123',
    })
  ).json()) as { access_token: string; user: { username: string } };
  const auth = { Authorization: `Bearer ${s.access_token}` };
  const setup = (await (await call(`/api/ncob/checkout/salon/setupintent/1/${s.user.username}/`, json({}, auth))).json()) as {
    client_secret: string;
    setup_intent_id: string;
    publishable_key: string;
    stripe_base: string;
  };
  expect(setup.stripe_base).toBe(env.STANDINS_ORIGIN);
  const [exp_month, exp_year] = ['12', '2034'];
  const pm = (await (
    await standIn(
      '/v1/payment_methods',
      form(
        { type: 'card', 'card[number]': number, 'card[exp_month]': exp_month, 'card[exp_year]': exp_year, 'card[cvc]': '123' },
        setup.publishable_key,
      ),
    )
  ).json()) as { id: string };
  const si = (await (
    await standIn(
      `/v1/setup_intents/${setup.setup_intent_id}/confirm`,
      form({ client_secret: setup.client_secret, payment_method: pm.id }, setup.publishable_key),
    )
  ).json()) as { status: string };
  if (si.status === 'requires_action') {
    await standIn(`/3ds/${setup.setup_intent_id}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ result: 'complete', client_secret: setup.client_secret }).toString(),
    });
  }
  const saved = await call('/api/ncob/checkout/salon/savecard/1/', json({ setup_intent_id: setup.setup_intent_id }, auth));
  expect(saved.status).toBe(200);
  const customer = (await env.DB.prepare('SELECT customer_id FROM client_cards WHERE client_id = ?')
    .bind(s.user.username)
    .first<{ customer_id: string }>())!.customer_id;
  return { auth, username: s.user.username, phone: `+447700${phone}`, customer, card: (await saved.json()) as { last4: string } };
}
