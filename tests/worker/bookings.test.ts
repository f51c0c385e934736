import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DaySlots } from '../../shared/availability';
import { MSG_SLOT_TAKEN } from '../../shared/booking-request';
import { addDays, localDateOf } from '../../worker/availability/calendar';
import { call, emptyDiaries } from './helpers';
import { dbOf } from './salon-db';

/** Salon 2's database, as the directory places it (tests/worker/salon-db.ts). */
let db: D1Database;
beforeAll(async () => {
  db = await dbOf(2);
});

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...headers },
  body: JSON.stringify(body),
});
let token = '';
let sub = '';
beforeAll(async () => {
  const s = (await (await call('/session/login', json({ phone: '+447700900123', password: 'Demo-pass1' }))).json()) as {
    access_token: string;
    user: { username: string };
  };
  token = s.access_token;
  sub = s.user.username;
});
beforeEach(() => emptyDiaries());

/** The next Tuesday (after tomorrow) in London: Sam (salon 2) and Amelia (salon 1) work then. */
function tuesday(): string {
  let d = addDays(localDateOf(Date.now(), 'Europe/London'), 2);
  while (new Date(`${d}T00:00:00Z`).getUTCDay() !== 2) d = addDays(d, 1);
  return d;
}
async function firstSlot(salon: number, service: number, stylist = 0, headers: Record<string, string> = {}) {
  const res = await call(`/api/book-online/new/availability/appointment/${salon}/${tuesday()}/${service}/${stylist}/null/`, { headers });
  return Object.keys(((await res.json()) as DaySlots).data);
}
/** A booking request for one service (Restyle with Sam at salon 2 by default). */
function request(start: string, extra: Record<string, unknown> = {}, service = 10, stylist = 5) {
  return {
    start_time: start,
    procedures: [
      { service_id: service, stylist_id: stylist, role: 'Senior Stylist', start_time: start, duration: 75, price: 55, processing: 0 },
    ],
    total_price: 55,
    cognito_username: sub,
    notes: '',
    deposit: 0,
    user: { name: 'Jamie Rivers', phone_number: '+447700900123', salon_id: 2 },
    payment_needed: false,
    ...extra,
  };
}
const create = (salon: number, body: unknown, key = crypto.randomUUID(), path = 'appointment/create') =>
  call(`/api/book-online/${path}/${salon}/`, json(body, { Authorization: `Bearer ${token}`, 'Idempotency-Key': key }));

describe('creating a booking', () => {
  it('books a free appointment, which then leaves the availability', async () => {
    const [slot] = await firstSlot(2, 10);
    const res = await create(2, request(slot!));
    expect(res.status).toBe(201);
    const answer = (await res.json()) as { appointment_id: number; status: string; client_id: string };
    expect(answer).toMatchObject({ status: 'confirmed', client_id: sub, success: true });
    expect((await firstSlot(2, 10))[0]).not.toBe(slot);
    const row = await db.prepare('SELECT total_price, client_id FROM appointments WHERE id = ?').bind(answer.appointment_id).first();
    expect(row).toEqual({ total_price: 5500, client_id: sub });
  });

  it('a retry with the same Idempotency-Key answers the same appointment, once', async () => {
    const [slot] = await firstSlot(2, 10);
    const key = crypto.randomUUID();
    const first = (await (await create(2, request(slot!), key)).json()) as { appointment_id: number };
    const again = await create(2, request(slot!), key);
    expect(again.status).toBe(201);
    expect(((await again.json()) as { appointment_id: number }).appointment_id).toBe(first.appointment_id);
    const { n } = (await db.prepare("SELECT COUNT(*) AS n FROM appointments WHERE kind = 'appointment'").first<{ n: number }>())!;
    expect(n).toBe(1);
  });

  it('books a slot at most once, however many ask at the same moment', async () => {
    const [slot] = await firstSlot(2, 10);
    const answers = await Promise.all(Array.from({ length: 8 }, () => create(2, request(slot!))));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const refused = answers.filter((r) => r.status === 409);
    for (const r of refused)
      expect(((await r.json()) as { detail: string }).detail).toMatch(/^Sorry, there's been a problem|no longer available/);
    const { n } = (await db.prepare('SELECT COUNT(DISTINCT appointment_id) AS n FROM stylist_blocks').first<{ n: number }>())!;
    expect(n).toBe(1);
  });

  it("answers the spec's message when the database refuses a taken slot", async () => {
    const [slot] = await firstSlot(2, 10);
    // Another booking takes the stylist's blocks between this client's check and its insert.
    const start = Date.parse(slot!);
    await db
      .prepare('INSERT INTO appointments (id, salon_id, start_at, end_at, created_at) VALUES (900, 2, ?, ?, 0)')
      .bind(start, start + 60_000)
      .run();
    await db
      .prepare('INSERT INTO stylist_blocks (stylist_id, block, appointment_id) VALUES (5, ?, 900)')
      .bind(Math.floor(start / 300_000) + 3)
      .run();
    const res = await create(2, request(slot!));
    expect(res.status).toBe(409);
    expect(((await res.json()) as { detail: string }).detail).toBe(MSG_SLOT_TAKEN);
  });

  it.each([
    [{ start_time: undefined }, 'selectedAppointmentTime is missing'],
    [{ procedures: [] }, 'procedures are missing'],
    [
      { procedures: [{ service_id: 10, start_time: '2030-01-01T10:00:00Z', duration: 75, price: 55, processing: 0 }] },
      'stylist is missing',
    ],
  ])('refuses an incomplete booking: %j', async (change, detail) => {
    const [slot] = await firstSlot(2, 10);
    const res = await create(2, { ...request(slot!), ...change });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { detail: string }).detail).toBe(detail);
  });

  it('takes prices from the salon, not from the request, and drops unknown utm origins', async () => {
    const [slot] = await firstSlot(2, 10);
    const cheap = request(slot!, { total_price: 0, utm_origin: 'twitter' });
    cheap.procedures[0]!.price = 0;
    const { appointment_id } = (await (await create(2, cheap)).json()) as { appointment_id: number };
    expect(await db.prepare('SELECT total_price, utm_origin FROM appointments WHERE id = ?').bind(appointment_id).first()).toEqual({
      total_price: 5500,
      utm_origin: null,
    });
  });

  it('refuses times that do not follow one another', async () => {
    const [slot] = await firstSlot(2, 10);
    const body = request(slot!);
    body.procedures[0]!.start_time = new Date(Date.parse(slot!) + 15 * 60_000).toISOString();
    const res = await create(2, body);
    expect(res.status).toBe(400);
  });

  it('needs a login, an Idempotency-Key, and a card where the salon asks for one', async () => {
    const [slot] = await firstSlot(2, 10);
    expect((await call('/api/book-online/appointment/create/2/', json(request(slot!)))).status).toBe(401);
    const noKey = await call('/api/book-online/appointment/create/2/', json(request(slot!), { Authorization: `Bearer ${token}` }));
    expect(noKey.status).toBe(400);
    expect(((await noKey.json()) as { field: string }).field).toBe('Idempotency-Key');
    const [s1] = await firstSlot(1, 2);
    const card = await create(1, request(s1!, {}, 2, 1));
    expect(card.status).toBe(402);
  });

  it('puts a waitlist booking on the waitlist without taking the time', async () => {
    const [slot] = await firstSlot(1, 2, 1);
    const res = await create(1, request(slot!, {}, 2, 1), undefined, 'waitlist/appointment/create');
    expect(res.status).toBe(201);
    expect(((await res.json()) as { status: string }).status).toBe('waitlist');
    expect((await firstSlot(1, 2, 1))[0]).toBe(slot);
    const noWaitlist = await create(2, request((await firstSlot(2, 10))[0]!), undefined, 'waitlist/appointment/create');
    expect(noWaitlist.status).toBe(400);
  });
});

describe('holding the chosen times for 10 minutes', () => {
  const hold = async (slot: string, previous?: string, cookie?: string) =>
    call(
      '/api/book-online/hold/2/',
      json(
        { start_time: slot, procedures: [{ service_id: 10, stylist_id: 5, start_time: slot }], hold_id: previous },
        { 'CF-Connecting-IP': '203.0.113.7', ...(cookie ? { Cookie: cookie } : {}) },
      ),
    );
  const cookieOf = (res: Response) => (res.headers.get('Set-Cookie') ?? '').split(';')[0]!;

  it('hides held times from others, keeps them for the holder, and lets only the holder book them', async () => {
    const [slot] = await firstSlot(2, 10);
    const res = await hold(slot!);
    expect(res.status).toBe(201);
    const cookie = cookieOf(res);
    const { hold_id, expires_at } = (await res.json()) as { hold_id: string; expires_at: string };
    expect(Date.parse(expires_at) - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(await firstSlot(2, 10)).not.toContain(slot);
    expect(await firstSlot(2, 10, 0, { 'X-Hold-Id': hold_id, Cookie: cookie })).toContain(slot);
    expect((await create(2, request(slot!))).status).toBe(409);
    const mine = await call(
      '/api/book-online/appointment/create/2/',
      json(request(slot!, { hold_id }), { Authorization: `Bearer ${token}`, 'Idempotency-Key': crypto.randomUUID(), Cookie: cookie }),
    );
    expect(mine.status).toBe(201);
    expect((await db.prepare('SELECT COUNT(*) AS n FROM holds').first<{ n: number }>())!.n).toBe(0);
  });

  it('a hold expires by itself', async () => {
    const [slot] = await firstSlot(2, 10);
    await hold(slot!);
    await db.batch([
      db.prepare('UPDATE holds SET expires_at = 1'),
      db.prepare('UPDATE stylist_blocks SET expires_at = 1 WHERE hold_id IS NOT NULL'),
    ]);
    expect(await firstSlot(2, 10)).toContain(slot);
    expect((await create(2, request(slot!))).status).toBe(201);
  });

  it('a browser holds one set of times: a new hold replaces its previous one', async () => {
    const [a] = await firstSlot(2, 10);
    const res = await hold(a!);
    const first = (await res.json()) as { hold_id: string };
    const later = Object.keys(
      ((await (await call(`/api/book-online/new/availability/appointment/2/${addDays(tuesday(), 1)}/10/0/null/`)).json()) as DaySlots).data,
    )[0]!;
    const second = await hold(later, first.hold_id, cookieOf(res));
    expect(second.status).toBe(201);
    expect(await firstSlot(2, 10)).toContain(a);
  });
});

describe('checkout cost, verification and marketing opt-out', () => {
  it('prices an appointment with the deposit to pay today', async () => {
    const res = await call(`/api/ncob/checkout/salon/appointment/cost/1/${encodeURIComponent('2030-01-01T10:00:00Z')}/5,8/1,1/`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(await res.json()).toEqual({ appointment_cost: 185, pay_today: 37 });
  });

  it('verifies a booking from its link, and says so when it cannot', async () => {
    const [slot] = await firstSlot(2, 10);
    const { appointment_id } = (await (await create(2, request(slot!))).json()) as { appointment_id: number };
    const { verification_code } = (await db.prepare('SELECT verification_code FROM appointments WHERE id = ?').bind(appointment_id).first<{
      verification_code: string;
    }>())!;
    const ok = await call(`/api/book-online/verify/2/${verification_code}/`, { method: 'PUT' });
    expect(await ok.json()).toMatchObject({ bookingStatus: 'verified' });
    const missing = await call('/api/book-online/verify/2/nope-nope/', { method: 'PUT' });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { detail: string }).detail).toBe('Sorry, we are unable to find your Booking');
  });

  it('records a marketing opt-out from its link', async () => {
    expect(await (await call('/api/salon/v2/1/marketing/sms/opt-out/verify/demo-opt-out/', { method: 'PUT' })).json()).toEqual({
      status: 'opted_out',
    });
    expect((await call('/api/salon/v2/1/marketing/sms/opt-out/verify/unknown-code/', { method: 'PUT' })).status).toBe(404);
  });
});
