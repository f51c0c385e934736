import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DaySlots } from '../../shared/availability';
import { BOOKING_LIMIT } from '../../shared/booking-request';
import { addDays, localDateOf } from '../../worker/availability/calendar';
import { call, patchSalon, signUp } from './helpers';

// Issue 16 item 3: one new account booked 14 of a day's 28 times. A salon now limits the
// upcoming bookings one client makes online (max_upcoming_online_bookings, default 4), enforced
// by the database in the INSERT, so simultaneous bookings cannot pass it together.
const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

async function newClient(n: number) {
  const phone = `+4477009${String(Date.now() % 10_000).padStart(4, '0')}${n}`;
  const res = await signUp(
    { first_name: 'Max', last_name: 'Limit', email: 'max@example.test', phone, password: 'Good-pass1' },
    { 'CF-Connecting-IP': `100.99.0.${n}` },
  );
  expect(res.status).toBe(200);
  const s = (await res.json()) as { access_token: string; user: { username: string } };
  return { token: s.access_token, sub: s.user.username, phone };
}

/** A weekday a week or more ahead in London, when Sam (salon 2) works. */
function day(weeksAhead: number): string {
  let d = addDays(localDateOf(Date.now(), 'Europe/London'), 2 + 7 * weeksAhead);
  while (new Date(`${d}T00:00:00Z`).getUTCDay() !== 2) d = addDays(d, 1);
  return d;
}
async function slotsOn(date: string) {
  const res = await call(`/api/book-online/new/availability/appointment/2/${date}/10/5/null/`);
  return Object.keys(((await res.json()) as DaySlots).data);
}
const book = (client: { token: string; sub: string; phone: string }, start: string) =>
  call(
    '/api/book-online/appointment/create/2/',
    json(
      {
        start_time: start,
        procedures: [{ service_id: 10, stylist_id: 5, role: 'Senior Stylist', start_time: start, duration: 75, price: 55, processing: 0 }],
        total_price: 55,
        cognito_username: client.sub,
        notes: '',
        deposit: 0,
        user: { name: 'Max Limit', phone_number: client.phone, salon_id: 2 },
        payment_needed: false,
      },
      { Authorization: `Bearer ${client.token}`, 'Idempotency-Key': crypto.randomUUID() },
    ),
  );

beforeAll(async () => {
  expect((await patchSalon(2, { max_upcoming_online_bookings: 2 })).status).toBe(200);
});
afterAll(async () => {
  await patchSalon(2, { max_upcoming_online_bookings: 50 });
});

describe("a salon's limit of upcoming online bookings per client", () => {
  it('books up to the limit, then answers 409 with what to do instead', async () => {
    const client = await newClient(1);
    const slots = await slotsOn(day(1));
    expect((await book(client, slots[0]!)).status).toBe(201);
    expect((await book(client, slots[6]!)).status).toBe(201);
    const third = await book(client, slots[12]!);
    expect(third.status).toBe(409);
    const body = (await third.json()) as { detail: string; code: string };
    expect(body.code).toBe(BOOKING_LIMIT);
    expect(body.detail).toBe(
      'You already have 2 upcoming bookings at Willow & Co Shoreditch, the most you can book online. Please call Willow & Co Shoreditch on 020 7946 0342 to book more.',
    );
    // The time was not taken: another client books it.
    expect((await book(await newClient(2), slots[12]!)).status).toBe(201);
  });

  it('lets only the limit through when a client books many times at once', async () => {
    const client = await newClient(3);
    const [a, b, c] = await Promise.all([slotsOn(day(2)), slotsOn(day(3)), slotsOn(day(4))]);
    const starts = [a![0], a![6], b![0], b![6], c![0]];
    expect(starts.every(Boolean)).toBe(true);
    const answers = await Promise.all(starts.map((start) => book(client, start!)));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 201, 409, 409, 409]);
  });
});
