import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Appointment } from '../../shared/bookings';
import type { BookingsPage } from '../../shared/bookings';
import { call, patchSalon, standIn } from './helpers';
import {
  bookedRestyle,
  bookRestyle,
  demoClient,
  json,
  newClient,
  restyleTimes,
  sameTime,
  tuesday,
  type Client,
} from './client-bookings-helpers';
import { dbOf } from './salon-db';

/** Salon 2's database, as the directory places it (tests/worker/salon-db.ts). */
let db: D1Database;
beforeAll(async () => {
  db = await dbOf(2);
});

let jamie: Client;
beforeAll(async () => {
  jamie = await demoClient();
});

const cancel = (c: Client, id: number, salon = 2, envOverride?: Partial<Cloudflare.Env>) =>
  call(`/api/ncob/client/cancel/appointment/${salon}/${id}/${c.username}/`, { method: 'PUT', headers: c.auth }, envOverride);
const move = (c: Client, id: number, start: string, salon = 2) =>
  call(`/api/ncob/client/appointment/${salon}/${id}/${c.username}/move/`, json({ start_time: start }, c.auth, 'PUT'));
const details = async (c: Client, id: number, salon = 2) =>
  (await (await call(`/api/salon/${salon}/appointment/${id}/`, { headers: c.auth })).json()) as Appointment;
const listOf = async (c: Client, salon: number, tab: 'future' | 'past') =>
  (await (await call(`/api/ncob/client/appointments/${salon}/${tab}/${c.username}/`, { headers: c.auth })).json()) as BookingsPage;
const stripeGet = async <T>(path: string) =>
  (await (await standIn(path, { headers: { Authorization: `Bearer ${env.STRIPE_SECRET_KEY}` } })).json()) as T;
const contains = (times: string[], t: string) => times.some((x) => sameTime(x, t));

describe('cancelling', () => {
  it('cancels and frees the time at once (the availability call offers it again); cancelling again changes nothing', async () => {
    const c = await newClient();
    const [slot] = await restyleTimes();
    const id = await bookedRestyle(c, slot!);
    expect(contains(await restyleTimes(), slot!)).toBe(false);
    const res = await cancel(c, id);
    expect(res.status).toBe(200);
    const done = (await res.json()) as Appointment;
    expect(done).toMatchObject({ id, status: 'cancelled', deposit_status: 'none', deposit: 0, cancellation: { reason: 'cancelled' } });
    expect(Date.parse(done.cancelled_at!)).toBeGreaterThan(Date.now() - 60_000);
    expect(done.ics).toContain('METHOD:CANCEL');
    expect(contains(await restyleTimes(), slot!)).toBe(true);
    expect((await listOf(c, 2, 'future')).count).toBe(0);
    expect((await listOf(c, 2, 'past')).results.map((b) => [b.id, b.status])).toEqual([[id, 'cancelled']]);
    const again = await cancel(c, id);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ ...done, ics: expect.stringContaining('METHOD:CANCEL') });
    // and someone else can book that time now
    expect((await bookRestyle(await newClient(), slot!)).status).toBe(201);
  });

  it('refunds a paid deposit exactly once: a failed refund answers 502 and stays due, cancelling again refunds, then nothing more', async () => {
    const upcoming = await listOf(jamie, 1, 'future');
    const paid = upcoming.results.find((b) => b.deposit_status === 'paid')!;
    expect(paid).toMatchObject({ deposit: 13 });
    const refunds = () =>
      stripeGet<{ data: { amount: number; status: string }[] }>('/v1/refunds?payment_intent=pi_DemoJamieRiversDeposit01');
    // Stripe unreachable: the booking is cancelled (its time freed), the deposit still shows paid
    const failed = await cancel(jamie, paid.id, 1, { STRIPE_API_BASE: 'http://127.0.0.1:9' });
    expect(failed.status).toBe(502);
    expect(await failed.json()).toMatchObject({ code: 'DEPOSIT_REFUND_FAILED', detail: expect.stringContaining('try cancelling again') });
    expect(await details(jamie, paid.id, 1)).toMatchObject({ status: 'cancelled', deposit_status: 'paid' });
    expect((await refunds()).data).toHaveLength(0);
    const res = await cancel(jamie, paid.id, 1);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'cancelled', deposit_status: 'refunded', deposit: 13 });
    expect((await cancel(jamie, paid.id, 1)).status).toBe(200);
    expect((await refunds()).data).toEqual([expect.objectContaining({ amount: 1300, status: 'succeeded' })]);
    expect(await details(jamie, paid.id, 1)).toMatchObject({ deposit_status: 'refunded' });
  });

  it('releases a deposit that is only authorised; a salon that keeps deposits keeps a paid one', async () => {
    const c = await newClient();
    const [first] = await restyleTimes(tuesday(4));
    const held = await bookedRestyle(c, first!);
    const pi = (await (
      await standIn('/v1/payment_intents', {
        method: 'POST',
        headers: { Authorization: `Bearer ${env.STRIPE_SECRET_KEY}`, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          amount: '1100',
          currency: 'gbp',
          payment_method: 'pm_card_visa',
          capture_method: 'manual',
          confirm: 'true',
        }).toString(),
      })
    ).json()) as { id: string; status: string };
    expect(pi.status).toBe('requires_capture');
    await db
      .prepare("UPDATE appointments SET deposit = 1100, payment_intent_id = ?, payment_status = 'requires_capture' WHERE id = ?")
      .bind(pi.id, held)
      .run();
    expect(await details(c, held)).toMatchObject({ deposit_status: 'held', deposit: 11 });
    expect(await (await cancel(c, held)).json()).toMatchObject({ status: 'cancelled', deposit_status: 'refunded', deposit: 11 });
    expect(await stripeGet<{ status: string }>(`/v1/payment_intents/${pi.id}`)).toMatchObject({ status: 'canceled' });

    const [next] = await restyleTimes(tuesday(4));
    const kept = await bookedRestyle(c, next!);
    await db
      .prepare("UPDATE appointments SET deposit = 1100, payment_intent_id = 'pi_NotCalled0001', payment_status = 'captured' WHERE id = ?")
      .bind(kept)
      .run();
    try {
      expect((await patchSalon(2, { refund_deposit_outside_window: false })).status).toBe(200);
      expect(await (await cancel(c, kept)).json()).toMatchObject({ status: 'cancelled', deposit_status: 'kept', deposit: 11 });
    } finally {
      await patchSalon(2, { refund_deposit_outside_window: true });
    }
  });

  it('refuses when the salon does not allow it or the start is inside its window (CANCEL_NOT_ALLOWED), and a past booking (APPOINTMENT_PAST)', async () => {
    const c = await newClient();
    // within 30 days, so inside a 720-hour window
    const [slot] = await restyleTimes(tuesday());
    const id = await bookedRestyle(c, slot!);
    const notAllowed = {
      code: 'CANCEL_NOT_ALLOWED',
      detail: "This appointment can't be cancelled online. Please call the salon on 020 7946 0342.",
    };
    try {
      await patchSalon(2, { allow_self_cancellation: false });
      const res = await cancel(c, id);
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject(notAllowed);
      await patchSalon(2, { allow_self_cancellation: true, cancellation_window_hours: 720 });
      const inside = await cancel(c, id);
      expect(inside.status).toBe(409);
      expect(await inside.json()).toMatchObject(notAllowed);
    } finally {
      await patchSalon(2, { allow_self_cancellation: true, cancellation_window_hours: 24 });
    }
    expect(await details(c, id)).toMatchObject({ status: 'confirmed', cancellation: { allowed: true } });
    const past = (await listOf(jamie, 2, 'past')).results[0]!;
    const res = await cancel(jamie, past.id);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'APPOINTMENT_PAST' });
    expect(await details(jamie, past.id)).toMatchObject({ status: 'confirmed' });
  });
});

describe('moving a booking to another time', () => {
  it('moves it with the same service, stylist and price: the old time is offered again, the new one is taken', async () => {
    const c = await newClient();
    const [slot] = await restyleTimes();
    const id = await bookedRestyle(c, slot!);
    const before = await details(c, id);
    const [target] = await restyleTimes(tuesday(1));
    const res = await move(c, id, target!);
    expect(res.status).toBe(200);
    const moved = (await res.json()) as Appointment;
    expect(sameTime(moved.starts_at, target!)).toBe(true);
    expect(Date.parse(moved.ends_at) - Date.parse(moved.starts_at)).toBe(Date.parse(before.ends_at) - Date.parse(before.starts_at));
    expect(moved).toMatchObject({ status: 'confirmed', price: before.price, notes: 'Shorter at the back, please', deposit_status: 'none' });
    expect(moved.procedures).toEqual([{ ...before.procedures[0], start_time: moved.starts_at }]);
    expect(moved.ics).toContain(
      `DTSTART:${new Date(Date.parse(target!))
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.000Z$/, 'Z')}`,
    );
    expect(contains(await restyleTimes(), slot!)).toBe(true);
    expect(contains(await restyleTimes(tuesday(1)), target!)).toBe(false);
    // 15 minutes later, overlapping its own time: its own time does not stand in its way
    const later = new Date(Date.parse(target!) + 15 * 60_000).toISOString();
    const again = await move(c, id, later);
    expect(again.status).toBe(200);
    expect(sameTime(((await again.json()) as Appointment).starts_at, later)).toBe(true);
  });

  it('two clients racing for one time: exactly one moves there, the other gets 409 SLOT_TAKEN and keeps its booking', async () => {
    const [a, b] = await Promise.all([newClient(), newClient()]);
    const day = tuesday(2);
    const [aSlot] = await restyleTimes(day);
    const aId = await bookedRestyle(a, aSlot!);
    const times = await restyleTimes(day);
    const bSlot = times.at(-1)!;
    const bId = await bookedRestyle(b, bSlot);
    const target = (await restyleTimes(day))[2]!;
    const results = await Promise.all([move(a, aId, target), move(b, bId, target)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const loser =
      results[0]!.status === 409 ? { c: a, id: aId, slot: aSlot!, res: results[0]! } : { c: b, id: bId, slot: bSlot, res: results[1]! };
    expect(await loser.res.json()).toMatchObject({
      code: 'SLOT_TAKEN',
      detail: 'That time is no longer available. Please choose another time.',
    });
    const kept = await details(loser.c, loser.id);
    expect(sameTime(kept.starts_at, loser.slot)).toBe(true);
    expect(sameTime(kept.procedures[0]!.start_time, loser.slot)).toBe(true);
    const offered = await restyleTimes(day);
    expect(contains(offered, loser.slot)).toBe(false);
    expect(contains(offered, target)).toBe(false);
    const { n } = (await db
      .prepare('SELECT COUNT(*) AS n FROM stylist_blocks WHERE appointment_id = ?')
      .bind(loser.id)
      .first<{ n: number }>())!;
    expect(n).toBe(15); // 75 minutes, still held by the booking that lost
  });

  it('a move and a new booking racing for one time: exactly one gets it', async () => {
    const [a, c] = await Promise.all([newClient(), newClient()]);
    const day = tuesday(3);
    const [aSlot] = await restyleTimes(day);
    const aId = await bookedRestyle(a, aSlot!);
    const target = (await restyleTimes(day)).at(-1)!;
    const [moved, booked] = await Promise.all([move(a, aId, target), bookRestyle(c, target)]);
    expect([moved.status, booked.status].filter((s) => s === 200 || s === 201)).toHaveLength(1);
    expect([moved.status, booked.status].filter((s) => s === 409)).toHaveLength(1);
    if (moved.status === 409) expect(sameTime((await details(a, aId)).starts_at, aSlot!)).toBe(true);
  });

  it("a new time inside the salon's window is refused as cancelling there is (the booking stays)", async () => {
    const c = await newClient();
    const [far] = await restyleTimes(tuesday(2));
    const [near] = await restyleTimes(tuesday());
    const id = await bookedRestyle(c, far!);
    try {
      // 240 hours: the booking (16 days or more ahead) may change, the nearer Tuesday is inside
      await patchSalon(2, { cancellation_window_hours: 240 });
      const res = await move(c, id, near!);
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({
        code: 'CANCEL_NOT_ALLOWED',
        field: 'start_time',
        detail:
          "Online changes stop 240 hours before an appointment, so it can't be moved to that time online. Please choose a later time or call the salon on 020 7946 0342.",
      });
      expect(sameTime((await details(c, id)).starts_at, far!)).toBe(true);
    } finally {
      await patchSalon(2, { cancellation_window_hours: 24 });
    }
  });

  it('the same rules as cancelling, a time not offered, and bad input are refused', async () => {
    const c = await newClient();
    const day = tuesday();
    const [slot, other] = await restyleTimes(day);
    const id = await bookedRestyle(c, slot!);
    try {
      await patchSalon(2, { cancellation_window_hours: 720 });
      const res = await move(c, id, other!);
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({ code: 'CANCEL_NOT_ALLOWED' });
    } finally {
      await patchSalon(2, { cancellation_window_hours: 24 });
    }
    const night = await move(c, id, `${day}T03:00:00Z`);
    expect(night.status).toBe(409);
    expect(await night.json()).toMatchObject({ code: 'SLOT_TAKEN' });
    const offGrid = await move(c, id, new Date(Date.parse(other!) + 60_000).toISOString());
    expect(offGrid.status).toBe(400);
    const bad = await call(`/api/ncob/client/appointment/2/${id}/${c.username}/move/`, json({ start: other }, c.auth, 'PUT'));
    expect(bad.status).toBe(400);
    const notIso = await move(c, id, 'next tuesday');
    expect(notIso.status).toBe(400);
    expect(await notIso.json()).toMatchObject({ field: 'start_time' });
    expect(sameTime((await details(c, id)).starts_at, slot!)).toBe(true);
    expect((await cancel(c, id)).status).toBe(200);
    const cancelled = await move(c, id, other!);
    expect(cancelled.status).toBe(409);
    expect(await cancelled.json()).toMatchObject({ code: 'APPOINTMENT_CANCELLED' });
    const past = (await listOf(jamie, 2, 'past')).results[0]!;
    const pastMove = await move(jamie, past.id, other!);
    expect(pastMove.status).toBe(409);
    expect(await pastMove.json()).toMatchObject({ code: 'APPOINTMENT_PAST' });
  });
});
