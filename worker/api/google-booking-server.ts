import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type * as z from 'zod';
import { replyHint } from '../../shared/console/inbox';
import { phoneOfPlan } from '../../shared/countries';
import { rowIdOf } from '../../shared/ids';
import { canCancelByText } from '../bookings/cancellation-rules';
import { whenText, deskCancel, deskMove } from '../console/desk';
import { sameText } from '../crypto';
import { googleBookingOf as googleRowOf, googleBookingsOfUser, indexGoogleUser, salonsOfGoogleUser } from '../db/google-bookings';
import { databaseOf, DIRECTORY_BINDING } from '../db/placement';
import { databasesOfSalons } from '../db/spanning';
import type { AppEnv } from '../env';
import { AppError } from '../errors';
import {
  batchAvailability,
  changeRefusal,
  createBooking,
  eligibleMerchant,
  failure,
  googleBookingOf,
  slotAskedOf,
  stylistForSlot,
} from '../google/booking-server';
import {
  batchLookupSchema,
  bookingStatusSchema,
  checkAvailabilitySchema,
  createBookingSchema,
  listBookingsSchema,
  updateBookingSchema,
} from '../google/messages';
import { FEEDS, type FeedName } from '../google/feeds';
import { latestFeed } from '../google/feed-store';
import { enqueueMessage } from '../messaging/outbox';
import { deskCancelledText, deskMovedText, googleBookedText } from '../messaging/templates';
import { stripeFor } from '../payments/stripe';
import { afterAnswer, outboxOf } from './after-answer';
import { announceToDiary } from './diary-notices';
import { salonDatabase } from './salon-database';
import { offerToWaitlist } from './waitlist-notices';
import { tellStaff } from './staff-notices';

const limit = bodyLimit({
  maxSize: 256 * 1024,
  onError: () => {
    throw new AppError('PAYLOAD_TOO_LARGE', 'Request bodies over 256 KB are refused');
  },
});

/**
 * Google's "Booking Server API" v3 for appointments (docs/google-booking.md), at
 * /google/v3/{Method} on the platform's own hosts (the edge refuses a salon's domain): HTTP Basic with the partner portal's
 * credentials (GOOGLE_BOOKING_USER, GOOGLE_BOOKING_PASSWORD; unset, 404), JSON in and out.
 */
async function admitGoogle(c: Context<AppEnv>) {
  const creds = c.get('config').googleBooking;
  if (!creds) throw new AppError('NOT_FOUND', 'Not found');
  const basic = /^Basic ([A-Za-z0-9+/=]{1,400})$/.exec(c.req.header('Authorization') ?? '')?.[1];
  let given: string;
  try {
    given = basic ? atob(basic) : '';
  } catch {
    given = '';
  }
  if (!sameText(given, `${creds.user}:${creds.password}`)) {
    c.header('WWW-Authenticate', 'Basic realm="booking-server"');
    throw new AppError('UNAUTHORIZED', 'Missing or wrong credentials');
  }
}

/** The JSON body checked with Google's message schema: 400 naming the field when it is malformed. */
async function bodyOf<T extends z.ZodType>(c: Context<AppEnv>, schema: T): Promise<z.output<T>> {
  let json: unknown;
  try {
    json = await c.req.json();
  } catch {
    throw new AppError('BAD_REQUEST', 'The body must be JSON');
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError('BAD_REQUEST', issue.message, issue.path.join('.') || undefined);
  }
  return parsed.data;
}

const salonIdOf = (id: string) => {
  const salonId = rowIdOf(id);
  if (salonId === null) throw new AppError('BAD_REQUEST', 'merchant_id must be one of our ids', 'merchant_id');
  return salonId;
};

/** '12-345' → the salon and the appointment. */
const bookingIdOf = (id: string) => {
  const [salonId, appointmentId] = id.split('-').map(Number) as [number, number];
  return { salonId, appointmentId };
};

function text(c: Context<AppEnv>, salonId: number, appointmentId: number, to: string, body: string, key: string) {
  if (!to) return;
  afterAnswer(
    c,
    enqueueMessage(outboxOf(c), { kind: 'sms', to, body, key, salon_id: salonId, appointment_id: appointmentId }),
    `${key} text not sent`,
  );
}

export const googleBookingServer = new Hono<AppEnv>()
  .use('/google/*', async (c, next) => {
    await admitGoogle(c);
    c.header('Cache-Control', 'no-store');
    await next();
  })
  .get('/google/v3/HealthCheck', (c) => c.json({}))
  // the latest feeds the Cron wrote, for inspection and for scripts/google-feeds-upload.mjs (docs/google-booking.md "Feeds")
  .get('/google/feeds/:file{[a-z]+\\.json}', async (c) => {
    const feed = c.req.param('file').replace('.json', '') as FeedName;
    if (!FEEDS.includes(feed)) throw new AppError('NOT_FOUND', 'No such feed');
    // the availability comes in shards: ?shard=N (0 by default), X-Total-Shards says how many
    const shard = c.req.query('shard') ?? '0';
    if (!/^\d{1,5}$/.test(shard)) throw new AppError('BAD_REQUEST', 'shard must be a shard number', 'shard');
    const object = await latestFeed(c.env.MEDIA, feed === 'availability' ? `availability-${Number(shard)}` : feed, Date.now());
    if (!object) throw new AppError('NOT_FOUND', 'No feed written yet: the daily Cron writes them');
    return new Response(object.body, {
      headers: {
        'Content-Type': 'application/json',
        'Cache-Control': 'no-store',
        'Last-Modified': object.uploaded.toUTCString(),
        ...(object.customMetadata?.total_shards ? { 'X-Total-Shards': object.customMetadata.total_shards } : {}),
      },
    });
  })
  .post('/google/v3/BatchAvailabilityLookup', limit, async (c) => {
    const body = await bodyOf(c, batchLookupSchema);
    const db = await salonDatabase(c, salonIdOf(body.merchant_id));
    await eligibleMerchant(db, body.merchant_id);
    return c.json(await batchAvailability(db, body, Date.now()));
  })
  .post('/google/v3/CheckAvailability', limit, async (c) => {
    const { slot } = await bodyOf(c, checkAvailabilitySchema);
    const salonId = salonIdOf(slot.merchant_id);
    const db = await salonDatabase(c, salonId);
    await eligibleMerchant(db, slot.merchant_id);
    const stylist = await stylistForSlot(db, salonId, slotAskedOf(slot), Date.now());
    return c.json({ slot, count_available: stylist === null ? 0 : 1 });
  })
  .post('/google/v3/CreateBooking', limit, async (c) => {
    const body = await bodyOf(c, createBookingSchema);
    const salonId = salonIdOf(body.slot.merchant_id);
    const db = await salonDatabase(c, salonId);
    const m = await eligibleMerchant(db, body.slot.merchant_id);
    const phone = body.user_information.telephone ? (phoneOfPlan(body.user_information.telephone, m.country_code)?.e164 ?? null) : null;
    const outcome = await createBooking(db, body, phone, Date.now());
    if ('booking_failure' in outcome) return c.json(outcome);
    const row = outcome.created;
    if (row) {
      afterAnswer(c, indexGoogleUser(databaseOf(c.env, DIRECTORY_BINDING), row.user_id, salonId), 'google user not indexed');
      const change = m.allow_self_cancellation
        ? { online: `${new URL(c.req.url).origin}/salon/${salonId}/salon-booking/${salonId}` }
        : { phone: m.phone };
      if (phone)
        text(
          c,
          salonId,
          row.appointment_id,
          phone,
          googleBookedText(m.name, whenText(row.start_at, m.timezone), [row.service_name ?? 'Appointment'], change) +
            replyHint({ canCancel: canCancelByText({ start_at: row.start_at }, m, Date.now()), unconfirmed: false }),
          `appt-${row.appointment_id}-booked`,
        );
      announceToDiary(c, salonId, row.appointment_id, 'booked');
      tellStaff(c, salonId, 'new_online_booking', { appointment_id: row.appointment_id }, row.appointment_id);
    }
    return c.json({ booking: outcome.booking });
  })
  .post('/google/v3/UpdateBooking', limit, async (c) => {
    const body = await bodyOf(c, updateBookingSchema);
    const { salonId, appointmentId } = bookingIdOf(body.booking.booking_id);
    const db = await salonDatabase(c, salonId);
    const row = await googleRowOf(db, salonId, appointmentId);
    if (!row) throw new AppError('NOT_FOUND', 'No such booking', 'booking.booking_id');
    const m = await eligibleMerchant(db, String(salonId));
    const now = Date.now();
    const cancelling = body.booking.status === 'CANCELED';
    const start = body.booking.slot?.start_sec;
    if (!cancelling && start === undefined) throw new AppError('BAD_REQUEST', 'Send status CANCELED or a new slot.start_sec', 'booking');
    if (cancelling && row.status === 'cancelled') return c.json({ booking: googleBookingOf(row) });
    const refused = changeRefusal(row, m, now);
    if (refused) return c.json(refused);
    if (cancelling) {
      await deskCancel(db, stripeFor(c.get('config')), { salonId, appointmentId, by: 'client', now });
      if (row.client_phone)
        text(
          c,
          salonId,
          appointmentId,
          row.client_phone,
          deskCancelledText(m.name, whenText(row.start_at, m.timezone), false),
          `appt-${appointmentId}-cancelled`,
        );
      announceToDiary(c, salonId, appointmentId, 'cancelled');
      tellStaff(c, salonId, 'cancellation', { appointment_id: appointmentId }, appointmentId);
      await offerToWaitlist(c, db, { salonId, appointmentId, movedFrom: null });
    } else if (start! * 1000 !== row.start_at) {
      try {
        await deskMove(db, { salonId, appointmentId, start: start! * 1000, anyFreeTime: false, now });
      } catch (e) {
        if (e instanceof AppError && e.status === 409) return c.json(failure('SLOT_UNAVAILABLE', 'That time is not available'));
        throw e;
      }
      if (row.client_phone)
        text(
          c,
          salonId,
          appointmentId,
          row.client_phone,
          deskMovedText(m.name, whenText(start! * 1000, m.timezone)),
          `appt-${appointmentId}-moved-${start! * 1000}`,
        );
      announceToDiary(c, salonId, appointmentId, 'moved', row.start_at);
      await offerToWaitlist(c, db, { salonId, appointmentId, movedFrom: row.start_at });
    }
    return c.json({ booking: googleBookingOf((await googleRowOf(db, salonId, appointmentId))!) });
  })
  .post('/google/v3/GetBookingStatus', limit, async (c) => {
    const { booking_id } = await bodyOf(c, bookingStatusSchema);
    const { salonId, appointmentId } = bookingIdOf(booking_id);
    const row = await googleRowOf(await salonDatabase(c, salonId), salonId, appointmentId);
    if (!row) throw new AppError('NOT_FOUND', 'No such booking', 'booking_id');
    return c.json({ booking_id, booking_status: googleBookingOf(row).status, prepayment_status: 'PREPAYMENT_NOT_PROVIDED' });
  })
  .post('/google/v3/ListBookings', limit, async (c) => {
    const { user_id } = await bodyOf(c, listBookingsSchema);
    const salons = await salonsOfGoogleUser(databaseOf(c.env, DIRECTORY_BINDING), user_id);
    const rows = [];
    for (const [db, ids] of await databasesOfSalons(c.env, salons, c.get('config').versionLeaseMs))
      rows.push(...(await googleBookingsOfUser(db, user_id, ids)));
    rows.sort((a, b) => b.start_at - a.start_at);
    return c.json({ bookings: rows.map(googleBookingOf) });
  });
