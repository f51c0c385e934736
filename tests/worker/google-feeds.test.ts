import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, localDateOf, salonDays } from '../../worker/availability/calendar';
import { configFrom } from '../../worker/config';
import { consumeMessages } from '../../worker/messaging/outbox';
import { scheduled } from '../../worker/scheduled';
import { consoleCall, STAFF, staffLogin } from './console-helpers';
import { call, standIn } from './helpers';
import { dbOf } from './salon-db';
import { salon2ForGoogle } from './google-salon';

/**
 * Google's feeds and real-time updates (docs/google-booking.md "Feeds", "Real-time updates"):
 * the daily Cron writes the merchants, services and 30 days of availability to R2 and
 * GET /google/feeds/*.json answers the latest; a booking made or cancelled through Google reaches
 * the Maps Booking API stand-in as a booking notification and the day's availability replaced.
 * Salon 2 (Sam Taylor, stylist 5: Dry Cut 30 min £30, Restyle 75 min £55) is offered; salon 1
 * (a card and a deposit) is not.
 */

const AUTH = `Basic ${btoa('local_google_partner:local_google_partner_password')}`;
const google = (path: string, body?: unknown, auth = AUTH) =>
  call(path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Authorization: auth, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const FEEDS_CRON = '30 3 * * *';
const runCron = () => scheduled({ cron: FEEDS_CRON, scheduledTime: Date.now(), noRetry: () => undefined }, env);

interface Slot {
  merchant_id: string;
  service_id: string;
  start_sec: number;
  duration_sec: number;
  resources: { staff_id: string; staff_name: string };
}

function wednesday(): string {
  let d = addDays(localDateOf(Date.now(), 'Europe/London'), 3);
  while (new Date(`${d}T00:00:00Z`).getUTCDay() !== 3) d = addDays(d, 1);
  return d;
}
const at = (date: string, hhmm: string) => {
  const [day] = salonDays(date, 1, 'Europe/London');
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return Math.floor((day!.startUtc + (h * 60 + m) * 60_000) / 1000);
};

beforeEach(() => salon2ForGoogle({ patchTestOn: [10] }));

describe("Google's feeds", () => {
  it('the daily Cron writes the three feeds to R2; GET /google/feeds/ answers the latest, behind the same Basic auth', async () => {
    await runCron();
    const date = new Date().toISOString().slice(0, 10);
    for (const feed of ['merchants', 'services']) expect(await env.MEDIA.head(`google-feeds/${date}/${feed}.json`)).not.toBeNull();
    // the availability's shards are written by the queue's consumer
    await vi.waitFor(async () => expect(await env.MEDIA.head(`google-feeds/${date}/availability-0.json`)).not.toBeNull(), {
      timeout: 10_000,
      interval: 200,
    });

    expect((await google('/google/feeds/merchants.json', undefined, `Basic ${btoa('local_google_partner:guess')}`)).status).toBe(401);
    expect((await google('/google/feeds/bookings.json')).status).toBe(404);

    const merchants = (await (await google('/google/feeds/merchants.json')).json()) as {
      metadata: { processing_instruction: string };
      merchant: { merchant_id: string; name: string; url: string; category: string; geo: { address: Record<string, string> } }[];
    };
    expect(merchants.metadata.processing_instruction).toBe('PROCESS_AS_COMPLETE');
    const ids = merchants.merchant.map((m) => m.merchant_id);
    expect(ids).toContain('2');
    expect(ids).not.toContain('1'); // a card and a deposit: not offered
    const two = merchants.merchant.find((m) => m.merchant_id === '2')!;
    expect(two.url).toMatch(/\/salon\/2$/);
    expect(two.category).toBe('hair_salon');
    expect(two.geo.address.street_address).not.toBe('');
    expect(two.geo.address.country).toBe('GB');

    const services = (await (await google('/google/feeds/services.json')).json()) as {
      service: {
        merchant_id: string;
        service_id: string;
        localized_service_name: { value: string };
        price: unknown;
        price_interpretation: string;
      }[];
    };
    const ofTwo = services.service.filter((s) => s.merchant_id === '2');
    // Restyle needs a patch test: left out
    expect(ofTwo).toEqual([
      {
        merchant_id: '2',
        service_id: '11',
        localized_service_name: { value: 'Dry Cut' },
        price: { price_micros: 30_000_000, currency_code: 'GBP' },
        price_interpretation: 'EXACT_AMOUNT',
      },
    ]);
  });

  it("lists 30 days of Sam's Dry Cut starts with his length, each one the booking server calls available", async () => {
    await runCron();
    const shards = await vi.waitFor(
      async () => {
        const first = await google('/google/feeds/availability.json');
        expect(first.status).toBe(200);
        const total = Number(first.headers.get('X-Total-Shards'));
        const all = [await first.json()];
        for (let n = 1; n < total; n++) {
          const next = await google(`/google/feeds/availability.json?shard=${n}`);
          expect(next.status).toBe(200);
          all.push(await next.json());
        }
        return all as { metadata: { shard_number: number; total_shards: number }; service_availability: { availability: Slot[] }[] }[];
      },
      { timeout: 10_000, interval: 200 },
    );
    expect(shards.map((f) => f.metadata.shard_number)).toEqual(shards.map((_, i) => i));
    expect(shards.every((f) => f.metadata.total_shards === shards.length)).toBe(true);
    const slots = shards
      .flatMap((f) => f.service_availability)
      .flatMap((s) => s.availability)
      .filter((s) => s.merchant_id === '2');
    expect(slots.length).toBeGreaterThan(100);
    expect(new Set(slots.map((s) => s.service_id))).toEqual(new Set(['11']));
    expect(slots.every((s) => s.duration_sec === 1800 && s.resources.staff_id === '5' && s.resources.staff_name === 'Sam Taylor')).toBe(
      true,
    );
    const days = new Set(slots.map((s) => localDateOf(s.start_sec * 1000, 'Europe/London')));
    const today = localDateOf(Date.now(), 'Europe/London');
    expect([...days].some((d) => d >= addDays(today, 26))).toBe(true); // Tuesday to Saturday over 30 days
    expect([...days].every((d) => d <= addDays(today, 30))).toBe(true);
    const sample = slots.filter((_, i) => i % Math.ceil(slots.length / 40) === 0);
    const lookup = (await (
      await google('/google/v3/BatchAvailabilityLookup', {
        merchant_id: '2',
        slot_time: sample.map((s) => ({
          service_id: s.service_id,
          start_sec: String(s.start_sec),
          duration_sec: String(s.duration_sec),
          resource_ids: { staff_id: '5' },
        })),
      })
    ).json()) as { slot_time_availability: { available: boolean }[] };
    expect(lookup.slot_time_availability.map((a) => a.available)).toEqual(sample.map(() => true));
  });
});

interface Notification {
  kind: 'booking' | 'availability';
  path: string;
  body: {
    status?: string;
    startTime?: string;
    duration?: string;
    extendedServiceAvailability?: {
      merchantId: string;
      serviceId: string;
      startTimeRestrict: string;
      availability: { startTime: string; resources: { staffId: string } }[];
    }[];
  };
}
const received = async () =>
  ((await (await standIn('/__dev/google/notifications')).json()) as { notifications: Notification[] }).notifications;
const iso = (sec: number) => new Date(sec * 1000).toISOString().replace('.000Z', 'Z');

describe("Google's real-time updates", () => {
  it('a booking through Google, then its cancellation: notified to the Maps Booking API and the day replaced (taken, then free again)', async () => {
    const day = wednesday();
    const start = at(day, '11:30');
    const created = (await (
      await google('/google/v3/CreateBooking', {
        slot: { merchant_id: '2', service_id: '11', start_sec: String(start), duration_sec: '1800', resources: { staff_id: '5' } },
        user_information: { user_id: `rtu-${Date.now()}`, given_name: 'Ada', family_name: 'Lovelace', telephone: '+447700900555' },
        idempotency_token: `rtu-${Date.now()}`,
      })
    ).json()) as { booking: { booking_id: string } };
    const id = created.booking.booking_id;
    const path = `/v1alpha/notification/partners/10000001/bookings/${id}?updateMask=status,startTime,duration`;
    const dayStart = iso(salonDays(day, 1, 'Europe/London')[0]!.startUtc / 1000);
    const replacedDay = (ns: Notification[]) =>
      ns
        .filter((n) => n.kind === 'availability')
        .flatMap((n) => n.body.extendedServiceAvailability ?? [])
        .filter((s) => s.merchantId === '2' && s.serviceId === '11' && s.startTimeRestrict === dayStart);

    await vi.waitFor(
      async () => {
        const ns = await received();
        expect(ns.find((n) => n.path === path)?.body).toMatchObject({ status: 'CONFIRMED', startTime: iso(start), duration: '1800s' });
        const replaced = replacedDay(ns)[0];
        expect(replaced).toBeDefined();
        expect(replaced!.availability.length).toBeGreaterThan(0);
        expect(replaced!.availability.map((a) => a.startTime)).not.toContain(iso(start));
      },
      { timeout: 15_000, interval: 250 },
    );
    const before = replacedDay(await received()).length;

    const cancel = await google('/google/v3/UpdateBooking', { booking: { booking_id: id, status: 'CANCELED' }, update_mask: 'status' });
    expect(cancel.status).toBe(200);
    await vi.waitFor(
      async () => {
        const ns = await received();
        expect(ns.filter((n) => n.path === path).map((n) => n.body.status)).toContain('CANCELED');
        const days = replacedDay(ns);
        expect(days.length).toBeGreaterThan(before);
        // newest first: the freed start is offered again, with Sam
        expect(days[0]!.availability.filter((a) => a.resources.staffId === '5').map((a) => a.startTime)).toContain(iso(start));
      },
      { timeout: 15_000, interval: 250 },
    );
  });
});

describe("Google's real-time updates: a repeat series moved as one", () => {
  it('replaces the day each appointment of the series left, so every freed start is offered again', async () => {
    const owner = (await staffLogin(STAFF.groupOwner)).access_token;
    const wednesdays = [0, 7, 14].map((d) => addDays(wednesday(), d));
    const booked = await consoleCall('/api/console/salons/2/appointments', owner, {
      method: 'POST',
      body: JSON.stringify({
        client: { name: 'Series Client', phone: '+447700950071' },
        start_time: new Date(at(wednesdays[0]!, '11:30') * 1000).toISOString(),
        procedures: [{ service_id: 11, stylist_id: 5 }],
        any_time: true,
        repeat: { every_weeks: 1, count: 3 },
      }),
    });
    expect(booked.status).toBe(201);
    const first = ((await booked.json()) as { appointments: { id: number }[] }).appointments[0]!.id;
    /** The starts of Sam's Dry Cut in the newest replacement of each Wednesday. */
    const offered = async () => {
      const ns = await received(); // newest first
      return wednesdays.map((day) => {
        const dayStart = iso(salonDays(day, 1, 'Europe/London')[0]!.startUtc / 1000);
        const replaced = ns
          .filter((n) => n.kind === 'availability')
          .flatMap((n) => n.body.extendedServiceAvailability ?? [])
          .find((s) => s.merchantId === '2' && s.serviceId === '11' && s.startTimeRestrict === dayStart);
        return replaced?.availability.filter((a) => a.resources.staffId === '5').map((a) => a.startTime) ?? [];
      });
    };
    const wanted = wednesdays.map((day) => iso(at(day, '11:30')));
    // each booking told Google its day: 11:30 taken on every Wednesday
    await vi.waitFor(
      async () => {
        const starts = await offered();
        wanted.forEach((w, i) => expect(starts[i]!.length > 0 && !starts[i]!.includes(w)).toBe(true));
      },
      { timeout: 15_000, interval: 250 },
    );

    // the series a day later, Thursdays at 11:30: each Wednesday it left is free again at 11:30
    const moved = await consoleCall(`/api/console/salons/2/appointments/${first}/move`, owner, {
      method: 'POST',
      body: JSON.stringify({
        start_time: new Date(at(addDays(wednesdays[0]!, 1), '11:30') * 1000).toISOString(),
        any_time: true,
        scope: 'following',
      }),
    });
    expect(moved.status).toBe(200);
    await vi.waitFor(
      async () => {
        const starts = await offered();
        wanted.forEach((w, i) => expect(starts[i]).toContain(w));
      },
      { timeout: 15_000, interval: 250 },
    );
  });
});

describe("Google's real-time updates: retries", () => {
  it('an update the Maps Booking API cannot take is retried with back-off, never acked', async () => {
    const start = at(wednesday(), '14:00');
    const created = (await (
      await google('/google/v3/CreateBooking', {
        slot: { merchant_id: '2', service_id: '11', start_sec: String(start), duration_sec: '1800', resources: { staff_id: '5' } },
        user_information: { user_id: `retry-${Date.now()}`, given_name: 'Ada', telephone: '+447700900556' },
        idempotency_token: `retry-${Date.now()}`,
      })
    ).json()) as { booking: { booking_id: string } };
    const appointmentId = Number(created.booking.booking_id.split('-')[1]);
    // Google's API out of reach (nothing listens on port 9)
    const config = configFrom({ ...env, GOOGLE_MAPS_BOOKING_API_BASE: 'http://127.0.0.1:9/' });
    const msg = {
      id: 'm1',
      timestamp: new Date(),
      attempts: 1,
      body: { kind: 'google', salon_id: 2, appointment_id: appointmentId, key: `google-2-${appointmentId}-booked` },
      ack: vi.fn(),
      retry: vi.fn(),
    };
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await consumeMessages({ queue: 'messages', messages: [msg] } as unknown as MessageBatch<unknown>, {
      databaseOf: () => dbOf(2),
      config,
      deadLetters: undefined,
    });
    expect(msg.ack).not.toHaveBeenCalled();
    expect(msg.retry).toHaveBeenCalledWith({ delaySeconds: 2 });
  });
});
