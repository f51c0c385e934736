import { env } from 'cloudflare:test';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DaySlots } from '../../shared/availability';
import type { SalonPayments } from '../../shared/console/payments';
import { addDays, localDateOf } from '../../worker/availability/calendar';
import { clientWithCard } from './card-client';
import { consoleCall, readSettings, saveSettings, STAFF, staffLogin } from './console-helpers';
import { call, emptyDiaries, patchSalon, signWebhook, standIn } from './helpers';
import { dbOf } from './salon-db';
import { paidCheckout } from './voucher-helpers';

// Stripe Connect (docs/payments.md): every payment of a salon is a destination charge to its
// connected account with the platform's fee (wrangler.toml's development fee: 2 %), refunds take
// the transfer and the fee back, card settings wait for a salon that can take payments, "Get
// paid" onboards through the stand-in's hosted page, and account.updated changes only its salon.
const ISLINGTON = 'acct_DemoWillowIslington';

const stripeApi = (path: string, account?: string, init: RequestInit = {}) =>
  standIn(path, {
    ...init,
    headers: {
      Authorization: `Bearer ${env.STRIPE_SECRET_KEY}`,
      ...(account ? { 'Stripe-Account': account } : {}),
      ...(init.body ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
    },
  });
const stripeGet = async <T>(path: string, account?: string) => (await (await stripeApi(path, account)).json()) as T;

interface Pi {
  id: string;
  amount: number;
  status: string;
  transfer_data: { destination: string } | null;
  on_behalf_of: string | null;
  application_fee_amount: number | null;
}

/** A Wednesday at least ten days away: outside salon 1's 48-hour cancellation window. */
function laterWednesday(): string {
  let d = addDays(localDateOf(Date.now(), 'Europe/London'), 10);
  while (new Date(`${d}T00:00:00Z`).getUTCDay() !== 3) d = addDays(d, 1);
  return d;
}

/** A booking at salon 1 with its 20 % deposit (£7.00 of £35.00) taken on a saved card. */
async function depositBooking() {
  const c = await clientWithCard('4242424242424242');
  const day = laterWednesday();
  const slots = (await (await call(`/api/book-online/new/availability/appointment/1/${day}/2/1/null/`)).json()) as DaySlots;
  const start = Object.keys(slots.data)[0]!;
  const res = await call('/api/book-online/appointment/create/1/', {
    method: 'POST',
    headers: {
      ...c.auth,
      'Content-Type': 'application/json',
      'Idempotency-Key': crypto.randomUUID(),
      'X-Return-Url': '/salon/1/confirm-with-card',
    },
    body: JSON.stringify({
      start_time: start,
      procedures: [{ service_id: 2, stylist_id: 1, role: 'Creative Director', start_time: start, duration: 30, price: 35, processing: 0 }],
      total_price: 35,
      cognito_username: c.username,
      payment_needed: true,
    }),
  });
  expect(res.status).toBe(201);
  return { c, booking: (await res.json()) as { appointment_id: number; pi: string; status: string } };
}

const accountUpdated = (account: string, object: Record<string, unknown>) =>
  JSON.stringify({
    id: `evt_${crypto.randomUUID().replaceAll('-', '')}`,
    object: 'event',
    type: 'account.updated',
    account,
    data: { object },
  });

const connectHook = async (payload: string, secret = env.STRIPE_CONNECT_WEBHOOK_SECRET!) =>
  call('/webhooks/stripe-connect', { method: 'POST', headers: { 'Stripe-Signature': await signWebhook(payload, secret) }, body: payload });

const salonAccount = (db: D1Database, id: number) =>
  db
    .prepare('SELECT stripe_account_id, stripe_charges_enabled, stripe_payouts_enabled, stripe_requirements FROM salons WHERE id = ?')
    .bind(id)
    .first();

beforeEach(() => emptyDiaries());

describe("payments are made on the salon's connected account", () => {
  it('a deposit at a connected salon is a destination charge to its account, with the platform fee', async () => {
    const { booking } = await depositBooking();
    expect(booking.status).toBe('confirmed');
    const pi = await stripeGet<Pi>(`/v1/payment_intents/${booking.pi}`);
    expect(pi).toMatchObject({
      amount: 700,
      status: 'succeeded',
      transfer_data: { destination: ISLINGTON },
      on_behalf_of: ISLINGTON,
      application_fee_amount: 14,
    });
    // a destination charge lives on the platform (the client's saved card is the platform's): read
    // as the salon's account, Stripe does not show it
    const asSalon = await stripeApi(`/v1/payment_intents/${booking.pi}`, ISLINGTON);
    expect(asSalon.status).toBe(404);
    expect(await asSalon.json()).toMatchObject({ error: { code: 'resource_missing' } });
  });

  it('its refund takes the transfer back from the account, and the fee with it', async () => {
    const { c, booking } = await depositBooking();
    const res = await call(`/api/ncob/client/cancel/appointment/1/${booking.appointment_id}/${c.username}/`, {
      method: 'PUT',
      headers: c.auth,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'cancelled', deposit_status: 'refunded' });
    const refunds = await stripeGet<{ data: { amount: number; transfer_reversal: string | null }[] }>(
      `/v1/refunds?payment_intent=${booking.pi}`,
    );
    expect(refunds.data).toEqual([expect.objectContaining({ amount: 700, transfer_reversal: expect.stringMatching(/^trr_/) })]);
  });

  it("a voucher bought through Checkout is paid to the salon's account, with the fee", async () => {
    const cs = await paidCheckout(50);
    const session = await stripeGet<{ payment_intent: Pi }>(`/v1/checkout/sessions/${cs.session_id}?expand[]=payment_intent`);
    expect(session.payment_intent).toMatchObject({
      amount: 5000,
      status: 'succeeded',
      transfer_data: { destination: ISLINGTON },
      application_fee_amount: 100,
    });
  });

  it('a salon whose account cannot take payments (Stripe disabled it) refuses a deposit before booking anything', async () => {
    await env.DB.prepare('UPDATE salons SET stripe_charges_enabled = 0 WHERE id = 1').run();
    try {
      const c = await clientWithCard('4242424242424242');
      const day = laterWednesday();
      const slots = (await (await call(`/api/book-online/new/availability/appointment/1/${day}/2/1/null/`)).json()) as DaySlots;
      const start = Object.keys(slots.data)[0]!;
      const res = await call('/api/book-online/appointment/create/1/', {
        method: 'POST',
        headers: { ...c.auth, 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID(), 'X-Return-Url': '/salon/1/x' },
        body: JSON.stringify({
          start_time: start,
          procedures: [
            { service_id: 2, stylist_id: 1, role: 'Creative Director', start_time: start, duration: 30, price: 35, processing: 0 },
          ],
          total_price: 35,
          cognito_username: c.username,
          payment_needed: true,
        }),
      });
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({ code: 'payments_not_ready', detail: expect.stringContaining('cannot take card payments') });
      const made = await env.DB.prepare('SELECT COUNT(*) AS n FROM appointments WHERE client_id = ?')
        .bind(c.username)
        .first<{ n: number }>();
      expect(made!.n).toBe(0);
      const intents = await stripeGet<{ data: unknown[] }>(`/v1/payment_intents?customer=${c.customer}`);
      expect(intents.data).toHaveLength(0);
    } finally {
      await env.DB.prepare('UPDATE salons SET stripe_charges_enabled = 1 WHERE id = 1').run();
    }
  });
});

describe('Get paid: onboarding, card settings, and account.updated', () => {
  let owner3: string;
  let db3: D1Database;
  beforeAll(async () => {
    owner3 = (await staffLogin(STAFF.owner3)).access_token;
    db3 = await dbOf(3);
  });

  it('before onboarding, a card setting cannot be switched on: 409 naming the field and what to do (console and admin API)', async () => {
    const { version } = await readSettings(3, owner3);
    for (const [field, value] of [
      ['needs_card', true],
      ['deposit', { type: 'percentage', percent: 20 }],
      ['no_show_protection', true],
      ['vouchers_on_sale', true],
    ] as const) {
      const body = field === 'vouchers_on_sale' ? { vouchers_on_sale: true, voucher_amounts: [2500] } : { [field]: value };
      const res = await saveSettings(3, version, body, owner3);
      expect(res.status, field).toBe(409);
      expect(await res.json()).toMatchObject({
        code: 'payments_not_ready',
        field,
        detail: expect.stringContaining('Set up payments first'),
      });
    }
    const admin = await patchSalon(3, { needs_card: true });
    expect(admin.status).toBe(409);
    expect(await admin.json()).toMatchObject({ field: 'needs_card', code: 'payments_not_ready' });
    // other settings still save
    const saved = await saveSettings(3, version, { has_waitlist: true }, owner3);
    expect(saved.status).toBe(200);
    // every answer of the settings says whether card settings can be on (the console keeps its notes after a save)
    expect(await saved.json()).toMatchObject({ can_take_payments: false });
    expect(await readSettings(3, owner3)).toMatchObject({ can_take_payments: false });
  });

  it('only owners see and start Get paid', async () => {
    const manager = (await staffLogin(STAFF.manager3)).access_token;
    const read = await consoleCall('/api/console/salons/3/payments', manager);
    expect([403, 404]).toContain(read.status);
    const start = await consoleCall('/api/console/salons/3/payments', manager, { method: 'POST' });
    expect([403, 404]).toContain(start.status);
    expect((await salonAccount(db3, 3))!.stripe_account_id).toBeNull();
  });

  it('Get paid makes the account once, the owner completes the hosted page, and is back to an account that can take payments', async () => {
    const before = (await (await consoleCall('/api/console/salons/3/payments', owner3)).json()) as SalonPayments;
    expect(before).toEqual({ account_id: null, charges_enabled: false, payouts_enabled: false, requirements: null });

    const started = await consoleCall('/api/console/salons/3/payments', owner3, { method: 'POST' });
    expect(started.status).toBe(200);
    const { url, account_id } = (await started.json()) as { url: string; account_id: string };
    expect(account_id).toMatch(/^acct_/);
    expect(new URL(url).pathname).toMatch(new RegExp(`^/connect/onboarding/${account_id}/`));
    // a second press gives a new link to the same account
    const again = (await (await consoleCall('/api/console/salons/3/payments', owner3, { method: 'POST' })).json()) as {
      account_id: string;
    };
    expect(again.account_id).toBe(account_id);

    const pending = (await (await consoleCall('/api/console/salons/3/payments', owner3)).json()) as SalonPayments;
    expect(pending).toMatchObject({ account_id, charges_enabled: false, payouts_enabled: false });
    expect(pending.requirements?.currently_due).toContain('external_account');

    const page = await standIn(new URL(url).pathname);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Brooklyn Barber Co.');
    const sent = await standIn(new URL(url).pathname, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        first_name: 'Sam',
        last_name: 'Cole',
        dob: '1901-01-01',
        sort_code: '10-88-00',
        account_number: '00012345',
      }),
    });
    expect(sent.status).toBe(303);
    expect(sent.headers.get('Location')).toMatch(/\/console\/salons\/3\/get-paid\?stripe=return$/);

    // back in the console: a fresh read shows it at once
    const after = (await (await consoleCall('/api/console/salons/3/payments', owner3)).json()) as SalonPayments;
    expect(after).toMatchObject({ account_id, charges_enabled: true, payouts_enabled: true, requirements: { currently_due: [] } });
    const { version } = await readSettings(3, owner3);
    const on = await saveSettings(3, version, { needs_card: true }, owner3);
    expect(on.status).toBe(200);
    expect(await on.json()).toMatchObject({ can_take_payments: true, settings: { needs_card: true } });
  });

  it('ten simultaneous presses of Get paid keep one account for the salon (10 rounds)', async () => {
    for (let round = 0; round < 10; round++) {
      await db3
        .prepare('UPDATE salons SET stripe_account_id = NULL, stripe_charges_enabled = 0, stripe_payouts_enabled = 0 WHERE id = 3')
        .run();
      // the key of the account's creation is the salon's: let the round before's go, as a day passing would
      await standIn('/__dev/idempotency/expire', { method: 'POST' });
      const presses = await Promise.all(
        Array.from({ length: 10 }, () => consoleCall('/api/console/salons/3/payments', owner3, { method: 'POST' })),
      );
      const answers = await Promise.all(
        presses.map(async (r) => ({ status: r.status, body: (await r.json()) as { account_id?: string } })),
      );
      expect(
        answers.filter((a) => a.status !== 200),
        `round ${round}`,
      ).toEqual([]);
      const ids = new Set(answers.map((a) => a.body.account_id));
      expect(ids.size, `round ${round}`).toBe(1);
      expect((await salonAccount(db3, 3))!.stripe_account_id).toBe([...ids][0]);
    }
  });

  it("account.updated: a forged event changes nothing, and an account's event changes only the salon holding it", async () => {
    const db1 = await dbOf(1);
    const salon1 = await salonAccount(db1, 1);
    // salon 3 with an account of its own that has not finished onboarding
    const made = await stripeApi('/v1/accounts', undefined, {
      method: 'POST',
      body: new URLSearchParams({ type: 'express', 'capabilities[transfers][requested]': 'true', 'metadata[salon_id]': '3' }),
    });
    const madeBody = (await made.json()) as { id: string };
    expect(madeBody).toMatchObject({ id: expect.stringMatching(/^acct_/) });
    const account_id = madeBody.id;
    await db3
      .prepare('UPDATE salons SET stripe_account_id = ?, stripe_charges_enabled = 0, stripe_payouts_enabled = 0 WHERE id = 3')
      .bind(account_id)
      .run();
    const claim = { id: account_id, object: 'account', charges_enabled: true, payouts_enabled: true, metadata: { salon_id: '1' } };

    // signed with another secret (the payment endpoint's), or not at all: refused
    expect((await connectHook(accountUpdated(account_id, claim), env.STRIPE_WEBHOOK_SECRET!)).status).toBe(400);
    const unsigned = await call('/webhooks/stripe-connect', { method: 'POST', body: accountUpdated(account_id, claim) });
    expect(unsigned.status).toBe(400);
    // one account's event naming another salon: salon 1 keeps its own account and state
    const res = await connectHook(accountUpdated(account_id, claim));
    expect(res.status).toBe(200);
    expect(await salonAccount(db1, 1)).toEqual(salon1);
    // and what the event claims is not believed: salon 3's state is Stripe's (not onboarded)
    expect(await salonAccount(db3, 3)).toMatchObject({ stripe_account_id: account_id, stripe_charges_enabled: 0 });

    // Stripe's own news, once onboarding is complete, is recorded on salon 3
    expect((await standIn(`/__dev/stripe/accounts/${account_id}/complete`, { method: 'POST' })).status).toBe(200);
    const real = { id: account_id, object: 'account', metadata: { salon_id: '3' } };
    expect((await connectHook(accountUpdated(account_id, real))).status).toBe(200);
    expect(await salonAccount(db3, 3)).toMatchObject({
      stripe_account_id: account_id,
      stripe_charges_enabled: 1,
      stripe_payouts_enabled: 1,
    });
    expect(await salonAccount(db1, 1)).toEqual(salon1);
  });
});
