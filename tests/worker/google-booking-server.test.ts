import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { addDays, localDateOf, salonDays } from '../../worker/availability/calendar';
import { call } from './helpers';
import { consoleCall, STAFF, staffLogin } from './console-helpers';
import { dbOf } from './salon-db';
import { salon2ForGoogle } from './google-salon';

/**
 * Google's booking server v3 (docs/google-booking.md): Basic auth, availability from the engine,
 * CreateBooking through the booking batch with its idempotency token, business failures as
 * answers, UpdateBooking's cancel and move, GetBookingStatus and ListBookings. Salon 2 (no card,
 * no deposit, online booking on, an address) is offered; salon 1 (a card and a deposit) is not.
 * Sam Taylor (stylist 5) works Tuesday to Saturday 10:00-18:00 with a break at 13:00; Dry Cut
 * (service 11) takes him 30 minutes.
 */

const AUTH = `Basic ${btoa('local_google_partner:local_google_partner_password')}`;
const google = (method: string, body?: unknown, auth = AUTH) =>
  call(`/google/v3/${method}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Authorization: auth, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const json = async <T = Record<string, unknown>>(res: Response) => (await res.json()) as T;

/** The next Wednesday at least 3 days ahead, in London: Sam works it. */
function wednesday(): string {
  let d = addDays(localDateOf(Date.now(), 'Europe/London'), 3);
  while (new Date(`${d}T00:00:00Z`).getUTCDay() !== 3) d = addDays(d, 1);
  return d;
}
/** Seconds of a London wall-clock time on that day. */
const at = (date: string, hhmm: string) => {
  const [day] = salonDays(date, 1, 'Europe/London');
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return String(Math.floor((day!.startUtc + (h * 60 + m) * 60_000) / 1000));
};
let seq = 0;
const token = () => `tok-${Date.now()}-${++seq}`;
const user = (id = `user-${++seq}`) => ({
  user_id: id,
  given_name: 'Ada',
  family_name: 'Lovelace',
  telephone: '+447700900555',
  email: 'ada@example.com',
});
const slot = (start: string, o: Record<string, unknown> = {}) => ({
  merchant_id: '2',
  service_id: '11',
  start_sec: start,
  duration_sec: '1800',
  resources: { staff_id: '5' },
  ...o,
});

beforeEach(() => salon2ForGoogle());

describe("Google's booking server: who may call", () => {
  it('answers HealthCheck with the partner’s credentials; 401 without or with wrong ones; 404 when not configured', async () => {
    expect((await google('HealthCheck')).status).toBe(200);
    const wrong = await google('HealthCheck', undefined, `Basic ${btoa('local_google_partner:guess')}`);
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('WWW-Authenticate')).toBe('Basic realm="booking-server"');
    expect((await google('HealthCheck', undefined, '')).status).toBe(401);
    expect((await call('/google/v3/HealthCheck', { headers: { Authorization: AUTH } }, { GOOGLE_BOOKING_USER: undefined })).status).toBe(
      404,
    );
  });

  it('refuses a salon Google may not book (a card and a deposit) and malformed requests with 400 naming the field', async () => {
    const day = wednesday();
    const one = await google('BatchAvailabilityLookup', {
      merchant_id: '1',
      slot_time: [{ service_id: '1', start_sec: at(day, '10:00') }],
    });
    expect(one.status).toBe(400);
    expect(await json(one)).toMatchObject({ field: 'merchant_id' });
    const noToken = await google('CreateBooking', { slot: slot(at(day, '10:00')), user_information: user() });
    expect(noToken.status).toBe(400);
    expect(await json(noToken)).toMatchObject({ field: 'idempotency_token' });
    const badTime = await google('BatchAvailabilityLookup', { merchant_id: '2', slot_time: [{ service_id: '11', start_sec: 'soon' }] });
    expect(badTime.status).toBe(400);
    expect((await google('CreateBooking', 'not json' as unknown)).status).toBe(400);
  });
});

describe("Google's booking server: availability and bookings", () => {
  it('BatchAvailabilityLookup answers each slot from the stylists’ hours, breaks and bookings', async () => {
    const day = wednesday();
    const times = ['03:00', '10:00', '12:30', '13:00', '17:30', '17:45'];
    const res = await google('BatchAvailabilityLookup', {
      merchant_id: '2',
      slot_time: times.map((t) => ({ service_id: '11', start_sec: at(day, t), duration_sec: '1800', resource_ids: { staff_id: '5' } })),
    });
    expect(res.status).toBe(200);
    const body = await json<{ slot_time_availability: { slot_time: { start_sec: string }; available: boolean }[] }>(res);
    expect(body.slot_time_availability.map((s) => s.available)).toEqual([false, true, true, false, true, false]);
    expect(body.slot_time_availability[1]!.slot_time.start_sec).toBe(at(day, '10:00'));
    // a duration other than the service's is not a slot we offer
    const wrongLength = await json<{ slot_time_availability: { available: boolean }[] }>(
      await google('BatchAvailabilityLookup', {
        merchant_id: '2',
        slot_time: [{ service_id: '11', start_sec: at(day, '10:00'), duration_sec: '3600' }],
      }),
    );
    expect(wrongLength.slot_time_availability[0]!.available).toBe(false);
  });

  it('CreateBooking books through the booking path; the same token answers the same booking; the time is then taken', async () => {
    const day = wednesday();
    const t = token();
    const body = { slot: slot(at(day, '11:00')), user_information: user(), idempotency_token: t };
    const first = await json<{ booking: { booking_id: string; status: string; slot: { resources: { staff_name: string } } } }>(
      await google('CreateBooking', body),
    );
    expect(first.booking).toMatchObject({
      status: 'CONFIRMED',
      slot: { start_sec: at(day, '11:00'), duration_sec: '1800', resources: { staff_id: '5', staff_name: 'Sam Taylor' } },
    });
    const again = await json(await google('CreateBooking', body));
    expect(again).toEqual(first);
    const db = await dbOf(2);
    const id = Number(first.booking.booking_id.split('-')[1]);
    const row = await db
      .prepare('SELECT status, origin, utm_origin, client_name, client_phone FROM appointments WHERE id = ?')
      .bind(id)
      .first();
    expect(row).toEqual({
      status: 'confirmed',
      origin: 'online',
      utm_origin: 'google',
      client_name: 'Ada Lovelace',
      client_phone: '+447700900555',
    });
    // the desk sees where it came from
    const owner = (await staffLogin(STAFF.groupOwner)).access_token;
    const desk = await consoleCall(`/api/console/salons/2/appointments/${id}`, owner);
    expect(await desk.json()).toMatchObject({ booked_through: 'google', client: { name: 'Ada Lovelace' } });
    const taken = await json<{ slot_time_availability: { available: boolean }[] }>(
      await google('BatchAvailabilityLookup', {
        merchant_id: '2',
        slot_time: [{ service_id: '11', start_sec: at(day, '11:00'), duration_sec: '1800' }],
      }),
    );
    expect(taken.slot_time_availability[0]!.available).toBe(false);
    const other = await json(await google('CreateBooking', { ...body, user_information: user(), idempotency_token: token() }));
    expect(other).toMatchObject({ booking_failure: { cause: 'SLOT_UNAVAILABLE' } });
    const sameUser = await json(
      await google('CreateBooking', { ...body, slot: slot(at(day, '11:00'), { resources: undefined }), idempotency_token: token() }),
    );
    expect(sameUser).toMatchObject({ booking_failure: { cause: 'SLOT_ALREADY_BOOKED_BY_USER' } });
  });

  it('one token sent five times at once makes one booking; five tokens for one time make one booking and four SLOT_UNAVAILABLE', async () => {
    const day = wednesday();
    const t = token();
    const body = { slot: slot(at(day, '14:00')), user_information: user(), idempotency_token: t };
    const same = await Promise.all(
      Array.from({ length: 5 }, () => google('CreateBooking', body).then((r) => json<{ booking?: { booking_id: string } }>(r))),
    );
    expect(new Set(same.map((a) => a.booking?.booking_id)).size).toBe(1);
    expect(same[0]!.booking).toBeDefined();
    const db = await dbOf(2);
    expect(
      (await db.prepare('SELECT COUNT(*) AS n FROM appointments WHERE idempotency_key = ?').bind(`google-${t}`).first<{ n: number }>())!.n,
    ).toBe(1);
    const rivals = await Promise.all(
      Array.from({ length: 5 }, () =>
        google('CreateBooking', { slot: slot(at(day, '15:00')), user_information: user(), idempotency_token: token() }).then((r) =>
          json(r),
        ),
      ),
    );
    expect(rivals.filter((a) => 'booking' in a)).toHaveLength(1);
    expect(rivals.filter((a) => (a as { booking_failure?: { cause: string } }).booking_failure?.cause === 'SLOT_UNAVAILABLE')).toHaveLength(
      4,
    );
  });

  it('a service that needs a patch test is never available nor booked', async () => {
    const db = await dbOf(2);
    await db.prepare('UPDATE services SET has_patch_test = 1 WHERE id = 11').run();
    const day = wednesday();
    const look = await json<{ slot_time_availability: { available: boolean }[] }>(
      await google('BatchAvailabilityLookup', { merchant_id: '2', slot_time: [{ service_id: '11', start_sec: at(day, '10:00') }] }),
    );
    expect(look.slot_time_availability[0]!.available).toBe(false);
    expect(
      await json(await google('CreateBooking', { slot: slot(at(day, '10:00')), user_information: user(), idempotency_token: token() })),
    ).toMatchObject({
      booking_failure: { cause: 'SLOT_UNAVAILABLE' },
    });
  });

  it('GetBookingStatus, ListBookings by user, UpdateBooking moves and cancels within the salon’s rules', async () => {
    const day = wednesday();
    const who = user();
    const made = await json<{ booking: { booking_id: string } }>(
      await google('CreateBooking', { slot: slot(at(day, '16:00')), user_information: who, idempotency_token: token() }),
    );
    const id = made.booking.booking_id;
    expect(await json(await google('GetBookingStatus', { booking_id: id }))).toEqual({
      booking_id: id,
      booking_status: 'CONFIRMED',
      prepayment_status: 'PREPAYMENT_NOT_PROVIDED',
    });
    const list = await json<{ bookings: { booking_id: string }[] }>(await google('ListBookings', { user_id: who.user_id }));
    expect(list.bookings.map((b) => b.booking_id)).toEqual([id]);
    expect((await json<{ bookings: unknown[] }>(await google('ListBookings', { user_id: 'nobody' }))).bookings).toEqual([]);

    const moved = await json<{ booking: { slot: { start_sec: string } } }>(
      await google('UpdateBooking', { booking: { booking_id: id, slot: { start_sec: at(day, '16:30') } }, update_mask: 'slot.start_sec' }),
    );
    expect(moved.booking.slot.start_sec).toBe(at(day, '16:30'));
    const cancelled = await json<{ booking: { status: string } }>(
      await google('UpdateBooking', { booking: { booking_id: id, status: 'CANCELED' }, update_mask: 'status' }),
    );
    expect(cancelled.booking.status).toBe('CANCELED');
    expect((await json<{ booking_status: string }>(await google('GetBookingStatus', { booking_id: id }))).booking_status).toBe('CANCELED');
    // the time is free again
    const free = await json<{ slot_time_availability: { available: boolean }[] }>(
      await google('BatchAvailabilityLookup', { merchant_id: '2', slot_time: [{ service_id: '11', start_sec: at(day, '16:30') }] }),
    );
    expect(free.slot_time_availability[0]!.available).toBe(true);
    // inside the salon's window: Google is told to call
    const soon = await json<{ booking: { booking_id: string } }>(
      await google('CreateBooking', { slot: slot(at(day, '17:00')), user_information: user(), idempotency_token: token() }),
    );
    const db = await dbOf(2);
    await db.prepare('UPDATE salons SET cancellation_window_hours = 24 * 30 WHERE id = 2').run();
    expect(
      await json(await google('UpdateBooking', { booking: { booking_id: soon.booking.booking_id, status: 'CANCELED' } })),
    ).toMatchObject({
      booking_failure: { cause: 'OUTSIDE_CANCELLATION_WINDOW' },
    });
    expect((await google('GetBookingStatus', { booking_id: '2-999999' })).status).toBe(404);
  });
});

describe('settings', () => {
  it('has local credentials in development only', () => {
    expect(env.GOOGLE_BOOKING_USER).toBe('local_google_partner');
  });
});
