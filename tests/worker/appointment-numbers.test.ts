import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ClientCard } from '../../shared/console/clients';
import type { DeskAppointment, DiaryDay } from '../../shared/console/diary';
import type { DeskVoucherDetail, RedeemAnswer } from '../../shared/console/vouchers';
import { salonTimeToIso } from '../../shared/console/salon-time';
import { addDays, localDateOf } from '../../worker/availability/calendar';
import { consoleCall, STAFF, staffLogin } from './console-helpers';
import { redeemAtTill, soldVoucher } from './desk-helpers';
import { dbOf } from './salon-db';

/**
 * Issue 56 §7: an appointment is shown and typed by the salon's own number ("No. 12"), never its
 * row id (salon 2, in DB_2, has ids of 13 digits). The number is given inside the appointment's
 * INSERT (migration 0033's trigger) and a unique index on (salon, number) refuses a second one,
 * so bookings at the same moment in one salon never share a number.
 */
let owner: string;
beforeAll(async () => {
  owner = (await staffLogin(STAFF.groupOwner)).access_token;
});

const post = (path: string, body: unknown) =>
  consoleCall(`/api/console/salons/${path}`, owner, { method: 'POST', body: JSON.stringify(body) });

/** The next Tuesday to Saturday (Sam Taylor's days at salon 2) from `days` days ahead, in London. */
function workingDay(days: number): string {
  let d = addDays(localDateOf(Date.now(), 'Europe/London'), days);
  while ([0, 1].includes(new Date(`${d}T00:00:00Z`).getUTCDay())) d = addDays(d, 1);
  return d;
}

/** A Dry Cut (30 min) with Sam at salon 2, at a London wall-clock time, for a new client taken down at the desk. */
const deskBooking = (date: string, time: string, n: number) =>
  post('2/appointments', {
    client: { name: `Numbered ${n}`, phone: `+4477009${String(10000 + n).slice(-5)}` },
    start_time: salonTimeToIso(`${date}T${time}`, 'Europe/London'),
    procedures: [{ service_id: 11, stylist_id: 5 }],
    any_time: true,
  });

const largestNumber = async (salonId: number) =>
  (await (
    await dbOf(salonId)
  )
    .prepare('SELECT MAX(number) AS n FROM appointments WHERE salon_id = ?')
    .bind(salonId)
    .first<{ n: number }>())!.n;

describe('appointment numbers', () => {
  it('salon 2’s appointments read as short numbers of its own, wherever the console shows them', async () => {
    const date = workingDay(40);
    const before = await largestNumber(2);
    const res = await deskBooking(date, '10:00', 1);
    expect(res.status).toBe(201);
    const booked = (await res.json()) as DeskAppointment;
    expect(booked.id).toBeGreaterThanOrEqual(2 ** 40); // DB_2's range: the id nobody can read out
    expect(booked.number).toBe(before + 1);
    expect(booked.number).toBeLessThan(100);

    const day = (await (await consoleCall(`/api/console/salons/2/diary/${date}`, owner)).json()) as DiaryDay;
    expect(day.appointments.find((a) => a.id === booked.id)?.number).toBe(booked.number);
    const card = (await (
      await consoleCall(`/api/console/salons/2/clients/${encodeURIComponent('+447700910001')}`, owner)
    ).json()) as ClientCard;
    expect(card.appointments.map((a) => a.number)).toEqual([booked.number]);

    // the voucher redemption takes the number staff read out, and lists it
    const code = await soldVoucher(2, 5000);
    const redeemed = await redeemAtTill(owner, 2, code, { amount: 10, appointment_number: booked.number });
    expect(redeemed.status).toBe(201);
    expect(((await redeemed.json()) as RedeemAnswer).redemption.appointment_number).toBe(booked.number);
    const looked = (await (await consoleCall(`/api/console/salons/2/vouchers/${code}`, owner)).json()) as DeskVoucherDetail;
    expect(looked.redemptions.map((r) => r.appointment_number)).toEqual([booked.number]);
    const row = await (
      await dbOf(2)
    )
      .prepare('SELECT appointment_id FROM voucher_redemptions WHERE salon_id = 2 ORDER BY id DESC LIMIT 1')
      .first<{ appointment_id: number }>();
    expect(row!.appointment_id).toBe(booked.id);
    // its row id is not a number of the salon's
    const byId = await redeemAtTill(owner, 2, code, { amount: 1, appointment_number: booked.id });
    expect(byId.status).toBe(400);
    expect(await byId.json()).toMatchObject({ errors: { appointment_number: 'No appointment has a number that large' } });
  });

  it('bookings at the same moment in one salon take different numbers, one after another (10 rounds)', async () => {
    const times = ['10:00', '10:30', '11:00', '11:30', '12:00', '12:30'];
    const days: string[] = []; // a day of its own for each round
    for (let k = 50; days.length < 10; k++) if (!days.includes(workingDay(k))) days.push(workingDay(k));
    for (const [round, date] of days.entries()) {
      const before = await largestNumber(2);
      // six bookings at once, and a seventh for a time one of them takes: its batch fails whole
      const answers = await Promise.all([...times, '10:00'].map((t, i) => deskBooking(date, t, 100 + round * 10 + i)));
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(6);
      expect(statuses.filter((s) => s === 409)).toHaveLength(1);
      const numbers = await Promise.all(
        answers.filter((a) => a.status === 201).map(async (a) => ((await a.json()) as DeskAppointment).number),
      );
      expect(numbers.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6].map((k) => before + k));
    }
    // the database holds the rule whatever code writes: a second appointment with a number the salon has is refused
    const db = await dbOf(2);
    const taken = await largestNumber(2);
    await expect(db.prepare('UPDATE appointments SET number = ? WHERE salon_id = 2 AND number = 1').bind(taken).run()).rejects.toThrow(
      /UNIQUE/,
    );
    // 10 rounds of simultaneous bookings: about 2.5 s alone, past 20 s beside the browser tests on two busy cores
  }, 60_000);

  it('the migration numbers what there is by salon, in the order appointments start', async () => {
    const db = await dbOf(2);
    const backfill = env.TEST_MIGRATIONS.find((m) => m.name.startsWith('0033'))!.queries.find((q) => q.includes('ROW_NUMBER()'));
    expect(backfill).toBeDefined();
    await db.prepare('UPDATE appointments SET number = NULL WHERE salon_id = 2').run();
    await db.prepare(backfill!).run();
    const { results } = await db
      .prepare("SELECT number FROM appointments WHERE salon_id = 2 AND kind = 'appointment' ORDER BY start_at, id")
      .all<{ number: number }>();
    expect(results.length).toBeGreaterThan(3);
    expect(results.map((r) => r.number)).toEqual(results.map((_, i) => i + 1));
  });
});
