import type { StripeClient } from '../payments/stripe-api';
import type * as z from 'zod';
import type { bookingRequestSchema, BookingResponse } from '../../shared/booking-request';
import type { WaitlistOffer } from '../../shared/waitlist-offers';
import { book } from '../bookings/book';
import { planBooking } from '../bookings/plan';
import { SALON_PREFIX, sha256Hex } from '../crypto';
import { insertAppointmentBatch, plannedAppointment } from '../db/appointments';
import { isBlockConflict } from '../db/blocks';
import { claimStatements, entryFacts, entrySteps, isOfferGone, offerByTokenHash, type OfferRow } from '../db/waitlist-offers';
import { AppError } from '../errors';
import { offerWhen, outcomeHistoryWords } from './offers';

/**
 * A waitlist offer's claim link (/w/{token}, docs/waitlist-offers.md): the token is the capability
 * (kept as its SHA-256, like a reminder's link). Claiming books the freed time for the entry's
 * client through the booking path (bookings/book.ts: the salon's prices, card and deposit rules;
 * an entry the desk added, with no account, is booked as the desk books it: no card, no deposit),
 * in one batch with a guard on the offer row (db/waitlist-offers.ts claimStatements): while the
 * offer is waiting and in time the batch marks it claimed and takes the entry off the list;
 * otherwise the whole batch fails. The stylist's blocks refuse a second booking of the time, so
 * whatever the concurrency exactly one claim wins.
 */

export const OFFER_TOKEN = new RegExp(`^${SALON_PREFIX}[A-Za-z0-9_-]{22}$`);
export const MSG_OFFER_GONE =
  'Sorry, this time has gone. You are still on the waitlist, and we will text you when another time comes free.';
const MSG_OFFER_UNKNOWN = 'This link is not valid.';

async function offerOf(db: D1Database, token: string): Promise<OfferRow> {
  const row = OFFER_TOKEN.test(token) ? await offerByTokenHash(db, await sha256Hex(token)) : null;
  if (!row) throw new AppError('NOT_FOUND', MSG_OFFER_UNKNOWN, undefined, 'OFFER_UNKNOWN');
  return row;
}

const statusOf = (o: OfferRow, now: number): WaitlistOffer['status'] =>
  o.outcome === 'claimed' ? 'claimed' : o.outcome === 'offered' && o.expires_at > now ? 'open' : 'gone';

const viewOf = (o: OfferRow, now: number): WaitlistOffer => ({
  salon_id: o.salon_id,
  salon_name: o.salon_name,
  start_time: new Date(o.start_at).toISOString(),
  end_time: new Date(o.end_at).toISOString(),
  timezone: o.timezone,
  expires_at: new Date(o.expires_at).toISOString(),
  status: statusOf(o, now),
  appointment_id: o.outcome === 'claimed' ? o.booked_id : null,
});

/** The offer as its link shows it: open (claimable until expires_at), claimed, or gone. */
export async function waitlistOfferOf(db: D1Database, token: string, now: number): Promise<WaitlistOffer> {
  return viewOf(await offerOf(db, token), now);
}

const gone = () => new AppError('CONFLICT', MSG_OFFER_GONE, undefined, 'OFFER_GONE');

/**
 * An entry the desk added (a name and phone, no account): its claim books the time as the desk
 * books (bookings/plan.ts: the salon's own prices and durations; origin 'salon', confirmed, no
 * deposit: there is no card to take it from), with the claim's statements in the same batch.
 */
async function bookDeskEntry(
  db: D1Database,
  o: OfferRow,
  a: { steps: { service_id: number; stylist_id: number }[]; key: string; now: number; alsoInBatch: D1PreparedStatement[] },
): Promise<BookingResponse> {
  const plan = await planBooking(db, {
    salonId: o.salon_id,
    start: new Date(o.start_at).toISOString(),
    procedures: a.steps,
    waitlist: false,
    now: a.now,
  });
  const { statements, created } = insertAppointmentBatch(db, {
    ...plannedAppointment(plan),
    salonId: o.salon_id,
    clientId: null,
    idempotencyKey: a.key,
    status: 'confirmed',
    origin: 'salon',
    now: a.now,
    verificationCode: null,
    deskClient: { name: o.client_name ?? '', phone: o.client_phone ?? '' },
  });
  const row = created(await db.batch([...statements, ...a.alsoInBatch]));
  return {
    appointment_id: row.id,
    client_id: '',
    pi_status: null,
    client_secret: null,
    payment_method: null,
    pi: null,
    success: true,
    status: 'confirmed',
  };
}

/** Claims the offer: 201 with the booking for the one claim that wins; 409 OFFER_GONE for every other. */
export async function claimWaitlistOffer(
  db: D1Database,
  stripe: StripeClient,
  c: { token: string; now: number; returnUrl: string; feePercent: number },
): Promise<{ offer: WaitlistOffer; booking: BookingResponse }> {
  const offer = await offerOf(db, c.token);
  const clientId = offer.client_id;
  if (statusOf(offer, c.now) !== 'open' || (!clientId && !offer.client_phone)) throw gone();
  const [steps, facts] = await Promise.all([entrySteps(db, offer.entry_id), entryFacts(db, offer.entry_id)]);
  const key = `waitlist-${crypto.randomUUID()}`;
  const words = outcomeHistoryWords({
    entryId: offer.entry_id,
    name: facts?.name ?? 'a client',
    when: offerWhen(offer.start_at, offer.timezone),
    to: 'claimed',
  });
  const claim = (d: D1Database) =>
    claimStatements(d, {
      tokenSha256: offer.token_sha256,
      entryId: offer.entry_id,
      salonId: offer.salon_id,
      booking: { clientId, idempotencyKey: key },
      history: words,
      now: c.now,
    });
  let booking: BookingResponse;
  try {
    if (!clientId) booking = await bookDeskEntry(db, offer, { steps, key, now: c.now, alsoInBatch: claim(db) });
    else {
      // the server's own prices and durations: planBooking reads them, so only services and stylists are asked
      const request = {
        start_time: new Date(offer.start_at).toISOString(),
        procedures: steps.map((s) => ({ service_id: s.service_id, stylist_id: s.stylist_id })),
        total_price: 0,
        notes: '',
        deposit: 0,
        payment_needed: false,
        utm_origin: null,
      } as unknown as z.output<typeof bookingRequestSchema>;
      const booked = await book(db, stripe, {
        salonId: offer.salon_id,
        clientId,
        idempotencyKey: key,
        request,
        waitlist: false,
        now: c.now,
        returnUrl: c.returnUrl,
        feePercent: c.feePercent,
        alsoInBatch: claim,
      });
      booking = booked.booking;
    }
  } catch (e) {
    // the time taken meanwhile (the blocks, or the engine's check), or the offer no longer open
    if (e instanceof AppError && e.status === 409) throw gone();
    if (isOfferGone(e) || isBlockConflict(e)) throw gone();
    throw e;
  }
  return { offer: viewOf(await offerOf(db, c.token), c.now), booking };
}
