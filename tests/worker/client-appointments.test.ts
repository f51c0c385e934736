import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Appointment, Booking } from '../../shared/bookings';
import type { BookingsPage } from '../../shared/bookings';
import { call, patchSalon } from './helpers';
import { demoClient, JAMIE, type Client } from './client-bookings-helpers';

// Read-only (one test moves a cancellation's date and puts it back): the demo client's seeded bookings (worker/db/seed/demo.sql), as the lists and the
// appointment details answer them. Changes are in client-cancel-move.test.ts.

let jamie: Client;
beforeAll(async () => {
  jamie = await demoClient();
  expect(jamie.username).toBe(JAMIE);
});

const list = async (salon: number, tab: 'future' | 'past', query = '') => {
  const res = await call(`/api/ncob/client/appointments/${salon}/${tab}/${jamie.username}/${query}`, { headers: jamie.auth });
  expect(res.status).toBe(200);
  return (await res.json()) as BookingsPage;
};
const starts = (items: Booking[]) => items.map((b) => Date.parse(b.starts_at));

describe('the upcoming and past lists', () => {
  it('lists upcoming bookings soonest first: not cancelled, starting from now, with their services and stylists', async () => {
    const page = await list(1, 'future');
    expect(page).toMatchObject({ count: 4, next: null, previous: null });
    const times = starts(page.results);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times.every((t) => t >= Date.now())).toBe(true);
    expect(page.results.map((b) => b.status)).toEqual(['confirmed', 'confirmed', 'waitlist', 'confirmed']);
    const [deposit, colour, waitlist] = page.results as [Booking, Booking, Booking];
    expect(deposit).toMatchObject({
      salon_id: 1,
      price: 65,
      deposit: 13,
      deposit_status: 'paid',
      cancelled_at: null,
      can_rebook: true,
    });
    expect(deposit.starts_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Date.parse(deposit.ends_at) - Date.parse(deposit.starts_at)).toBe(60 * 60_000);
    expect(colour.deposit_status).toBe('none');
    expect(colour.deposit).toBe(0);
    expect(colour.procedures).toEqual([
      {
        id: expect.any(Number),
        price: 75,
        start_time: colour.starts_at,
        duration: 45,
        service: { id: 4, name: 'Full Head Tint', category: { name: 'Colour' }, bookable_online: true },
        stylist: { id: 2, user_name: 'Ben Okafor', role_name: 'Colourist', serves_as_waitlist: false },
      },
      {
        id: expect.any(Number),
        price: 35,
        // after the tint's 45 minutes and 30 minutes of processing
        start_time: new Date(Date.parse(colour.starts_at) + 75 * 60_000).toISOString(),
        duration: 45,
        service: { id: 8, name: 'Blow Dry', category: { name: 'Finishing' }, bookable_online: true },
        stylist: { id: 1, user_name: 'Amelia Hart', role_name: 'Creative Director', serves_as_waitlist: false },
      },
    ]);
    // A waitlist place: its stylist serves as the waitlist ('Waitlist Booking'), never rebooked.
    expect(waitlist.procedures[0]!.stylist.serves_as_waitlist).toBe(true);
    expect(waitlist.can_rebook).toBe(false);
  });

  it('lists past and cancelled bookings latest first, 30 a page, with the neighbouring pages as query strings', async () => {
    const first = await list(1, 'past');
    // 34 weekly visits, one of a treatment no longer online, and one cancelled booking
    expect(first.count).toBe(36);
    expect(first.results).toHaveLength(30);
    expect(first).toMatchObject({ next: '?page=2', previous: null });
    const second = await list(1, 'past', '?page=2');
    expect(second).toMatchObject({ count: 36, next: null, previous: '?page=1' });
    expect(second.results).toHaveLength(6);
    const all = [...first.results, ...second.results];
    expect(new Set(all.map((b) => b.id)).size).toBe(36);
    // latest first by when each ended: its start, or its cancellation when that came first (issue 56:
    // the demo's booking cancelled 2 days ago for 19 days ahead no longer heads the tab)
    const ended = all.map((b) => Math.min(Date.parse(b.starts_at), b.cancelled_at ? Date.parse(b.cancelled_at) : Infinity));
    expect(ended).toEqual([...ended].sort((a, b) => b - a));
    const cancelled = all.findIndex((b) => b.status === 'cancelled');
    expect(all[cancelled]).toMatchObject({ cancelled_at: expect.any(String) });
    expect(Date.parse(all[cancelled]!.starts_at)).toBeGreaterThan(Date.now());
    expect(all.slice(0, cancelled).every((b) => Date.parse(b.starts_at) > Date.parse(all[cancelled]!.cancelled_at!))).toBe(true);
    expect(all.filter((b) => b.status !== 'cancelled').every((b) => Date.parse(b.starts_at) < Date.now())).toBe(true);
    expect(all.find((b) => b.procedures[0]!.service.name === 'Keratin Smoothing')).toMatchObject({
      can_rebook: false,
      procedures: [{ service: { bookable_online: false } }],
    });
    // the cancelled Fringe Trim can be booked again; the Keratin Smoothing cannot
    expect(all.filter((b) => b.can_rebook)).toHaveLength(35);
  });

  it('a booking cancelled weeks ago for a date still ahead sits among the visits of those weeks, not at the top (issue 56)', async () => {
    const demo = (await list(1, 'past')).results.find((b) => b.status === 'cancelled')!;
    const was = demo.cancelled_at!;
    const weeksAgo = Date.now() - 30 * 86_400_000;
    await env.DB.prepare('UPDATE appointments SET cancelled_at = ? WHERE id = ?').bind(weeksAgo, demo.id).run();
    try {
      const first = (await list(1, 'past')).results;
      const at = first.findIndex((b) => b.id === demo.id);
      expect(at).toBeGreaterThan(0);
      expect(first.slice(0, at).every((b) => Date.parse(b.starts_at) > weeksAgo && Date.parse(b.starts_at) < Date.now())).toBe(true);
      expect(Date.parse(first[at + 1]!.starts_at)).toBeLessThan(weeksAgo);
    } finally {
      await env.DB.prepare('UPDATE appointments SET cancelled_at = ? WHERE id = ?').bind(Date.parse(was), demo.id).run();
    }
  });

  it('a page past the end is empty; page=0, a negative or a word are refused with a clear message', async () => {
    expect(await list(1, 'past', '?page=9')).toEqual({ count: 36, next: null, previous: '?page=2', results: [] });
    for (const page of ['0', '-1', 'abc', '1.5', '']) {
      const res = await call(`/api/ncob/client/appointments/1/past/${jamie.username}/?page=${page}`, { headers: jamie.auth });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ detail: 'page must be a whole number from 1', field: 'page', code: 'BAD_REQUEST' });
    }
  });

  it("keeps each salon's bookings apart", async () => {
    const future = await list(2, 'future');
    const past = await list(2, 'past');
    expect(future.count).toBe(2);
    expect(past.count).toBe(2);
    expect([...future.results, ...past.results].every((b) => b.salon_id === 2)).toBe(true);
    expect(await list(3, 'future')).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it('REBOOK follows the salon: with online booking off nothing can be rebooked', async () => {
    expect((await patchSalon(2, { online_booking: false })).status).toBe(200);
    try {
      expect((await list(2, 'past')).results.map((b) => b.can_rebook)).toEqual([false, false]);
    } finally {
      await patchSalon(2, { online_booking: true });
    }
    expect((await list(2, 'past')).results.map((b) => b.can_rebook)).toEqual([true, true]);
  });
});

describe('appointment details', () => {
  it('answers the booking with its title, notes, calendar file and cancellation rules', async () => {
    const [, colour] = (await list(1, 'future')).results as [Booking, Booking];
    const res = await call(`/api/salon/1/appointment/${colour.id}/`, { headers: jamie.auth });
    expect(res.status).toBe(200);
    const a = (await res.json()) as Appointment;
    expect(a).toMatchObject({ ...colour, title: 'Full Head Tint, Blow Dry at Willow & Co Islington', notes: '' });
    expect(a.cancellation).toEqual({
      allowed: true,
      reason: null,
      window_hours: 24,
      refund_outside_window: true,
      phone: '020 7946 0018',
    });
    expect(a.ics).toContain('METHOD:PUBLISH');
    expect(a.ics).toContain(`UID:appointment-${colour.id}@bookwell`);
    expect(a.ics).toContain('STATUS:CONFIRMED');
    expect(a.ics).toContain('SUMMARY:Full Head Tint\\, Blow Dry at Willow & Co Islington');
    const start = colour.starts_at.replace(/[-:]/g, '').replace(/\.000Z$/, 'Z');
    expect(a.ics).toContain(`DTSTART:${start}`);
  });

  it('a cancelled booking is a METHOD:CANCEL calendar file with the same UID; a past one cannot be cancelled', async () => {
    const past = (await list(1, 'past')).results;
    const cancelled = past.find((b) => b.status === 'cancelled')!;
    const a = (await (await call(`/api/salon/1/appointment/${cancelled.id}/`, { headers: jamie.auth })).json()) as Appointment;
    expect(a.ics).toContain('METHOD:CANCEL');
    expect(a.ics).toContain('STATUS:CANCELLED');
    expect(a.ics).toContain(`UID:appointment-${cancelled.id}@bookwell`);
    expect(a.cancellation).toMatchObject({ allowed: false, reason: 'cancelled' });
    const visit = (await (
      await call(`/api/salon/1/appointment/${past.find((b) => b.status !== 'cancelled')!.id}/`, { headers: jamie.auth })
    ).json()) as Appointment;
    expect(visit.cancellation).toMatchObject({ allowed: false, reason: 'past' });
  });

  it('the cancellation rules follow the salon settings at once, and the public salon details show them', async () => {
    const [deposit] = (await list(1, 'future')).results as [Booking];
    const rulesOf = async () =>
      ((await (await call(`/api/salon/1/appointment/${deposit.id}/`, { headers: jamie.auth })).json()) as Appointment).cancellation;
    const salon = async () => (await (await call('/api/book-online/salon/1/')).json()) as Record<string, unknown>;
    expect(await salon()).toMatchObject({
      allow_self_cancellation: true,
      cancellation_window_hours: 24,
      refund_deposit_outside_window: true,
    });
    try {
      expect((await patchSalon(1, { allow_self_cancellation: false, refund_deposit_outside_window: false })).status).toBe(200);
      expect(await salon()).toMatchObject({ allow_self_cancellation: false, refund_deposit_outside_window: false });
      expect(await rulesOf()).toMatchObject({ allowed: false, reason: 'not_allowed', refund_outside_window: false });
      expect((await patchSalon(1, { allow_self_cancellation: true, cancellation_window_hours: 720 })).status).toBe(200);
      expect(await salon()).toMatchObject({ cancellation_window_hours: 720 });
      expect(await rulesOf()).toMatchObject({ allowed: false, reason: 'inside_window', window_hours: 720 });
    } finally {
      await patchSalon(1, { allow_self_cancellation: true, cancellation_window_hours: 24, refund_deposit_outside_window: true });
    }
    expect(await rulesOf()).toMatchObject({ allowed: true, reason: null });
  });

  it('refuses settings out of range by name', async () => {
    for (const [body, detail] of [
      [{ cancellation_window_hours: 721 }, 'Hours before the appointment can be at most 720'],
      [{ cancellation_window_hours: -1 }, 'Hours before the appointment must be at least 0'],
      [{ cancellation_window_hours: 1.5 }, 'Enter hours before the appointment as a whole number'],
      [{ allow_self_cancellation: 'yes' }, 'Choose whether clients can cancel online'],
    ] as const) {
      const res = await patchSalon(1, body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { detail: string }).detail).toBe(detail);
    }
  });
});
