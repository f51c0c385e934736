import type { StripeClient } from '../payments/stripe-api';
import type * as z from 'zod';
import type { bookingRequestSchema, BookingResponse } from '../../shared/booking-request';
import type { WaitlistOffer } from '../../shared/waitlist-offers';
import { book } from '../bookings/book';
import { SALON_PREFIX, sha256Hex } from '../crypto';
import { AppError } from '../errors';
import { entryFacts, outcomeHistoryStatement } from './offers';
import { shortWhenOf } from '../../shared/zoned-time';

/**
 * A waitlist offer's claim link (/w/{token}, docs/waitlist-offers.md): the token is the capability
 * (kept as its SHA-256, like a reminder's link). Claiming books the freed time for the entry's
 * client through the booking path (bookings/book.ts: the salon's prices, card and deposit rules),
 * in one batch with a guard on the offer row: while the offer is waiting and in time the batch
 * marks it claimed and takes the entry off the list; otherwise the guard's INSERT repeats the
 * offer's key and the whole batch fails. The stylist's blocks refuse a second booking of the
 * time, so whatever the concurrency exactly one claim wins.
 */

export const OFFER_TOKEN = new RegExp(`^${SALON_PREFIX}[A-Za-z0-9_-]{22}$`);
export const MSG_OFFER_GONE =
  'Sorry, this time has gone. You are still on the waitlist, and we will text you when another time comes free.';
const MSG_OFFER_UNKNOWN = 'This link is not valid.';

interface OfferRow {
  token_sha256: string;
  salon_id: number;
  entry_id: number;
  start_at: number;
  end_at: number;
  expires_at: number;
  outcome: 'offered' | 'claimed' | 'passed' | 'gone';
  booked_id: number | null;
  client_id: string | null;
  salon_name: string;
  timezone: string;
}

async function offerOf(db: D1Database, token: string): Promise<OfferRow> {
  const row = OFFER_TOKEN.test(token)
    ? await db
        .prepare(
          `SELECT o.token_sha256, o.salon_id, o.entry_id, o.start_at, o.end_at, o.expires_at, o.outcome, o.booked_id,
                  a.client_id, s.name AS salon_name, s.timezone
             FROM waitlist_offers o JOIN appointments a ON a.id = o.entry_id JOIN salons s ON s.id = o.salon_id
            WHERE o.token_sha256 = ?`,
        )
        .bind(await sha256Hex(token))
        .first<OfferRow>()
    : null;
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

/** Claims the offer: 201 with the booking for the one claim that wins; 409 OFFER_GONE for every other. */
export async function claimWaitlistOffer(
  db: D1Database,
  stripe: StripeClient,
  c: { token: string; now: number; returnUrl: string; feePercent: number },
): Promise<{ offer: WaitlistOffer; booking: BookingResponse }> {
  const offer = await offerOf(db, c.token);
  if (statusOf(offer, c.now) !== 'open' || !offer.client_id) throw gone();
  const { results: steps } = await db
    .prepare(
      'SELECT service_id, stylist_id FROM appointment_procedures WHERE appointment_id = ? AND service_id IS NOT NULL ORDER BY start_at, id',
    )
    .bind(offer.entry_id)
    .all<{ service_id: number; stylist_id: number }>();
  const clientId = offer.client_id;
  const facts = await entryFacts(db, offer.entry_id);
  const when = shortWhenOf(offer.start_at, offer.timezone);
  const key = `waitlist-${crypto.randomUUID()}`;
  const bookedId = "(SELECT id FROM appointments WHERE client_id = ? AND idempotency_key = ? AND kind = 'appointment')";
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
  let booked;
  try {
    booked = await book(db, stripe, {
      salonId: offer.salon_id,
      clientId,
      idempotencyKey: key,
      request,
      waitlist: false,
      now: c.now,
      returnUrl: c.returnUrl,
      feePercent: c.feePercent,
      alsoInBatch: (d) => [
        // the guard: an offer no longer waiting or out of time repeats its own key, failing the batch
        d
          .prepare(
            "INSERT INTO waitlist_offers SELECT * FROM waitlist_offers WHERE token_sha256 = ? AND NOT (outcome = 'offered' AND expires_at > ?)",
          )
          .bind(offer.token_sha256, c.now),
        d
          .prepare(`UPDATE waitlist_offers SET outcome = 'claimed', booked_id = ${bookedId} WHERE token_sha256 = ?`)
          .bind(clientId, key, offer.token_sha256),
        // the entry leaves the list; its other waiting offers are gone
        d
          .prepare("UPDATE waitlist_offers SET outcome = 'gone' WHERE entry_id = ? AND outcome = 'offered' AND token_sha256 <> ?")
          .bind(offer.entry_id, offer.token_sha256),
        d
          .prepare(
            "UPDATE appointments SET status = 'cancelled', cancelled_from = 'waitlist', cancelled_at = ? WHERE id = ? AND status = 'waitlist'",
          )
          .bind(c.now, offer.entry_id),
        outcomeHistoryStatement(
          d,
          { salonId: offer.salon_id, entryId: offer.entry_id, name: facts?.name ?? 'a client', when, from: 'offered', to: 'claimed' },
          c.now,
        ),
      ],
    });
  } catch (e) {
    // the time taken meanwhile (the blocks, or the engine's check), or the offer no longer open
    if (e instanceof AppError && e.status === 409) throw gone();
    if (/UNIQUE constraint failed: waitlist_offers/.test(String(e))) throw gone();
    throw e;
  }
  return { offer: viewOf(await offerOf(db, c.token), c.now), booking: booked.booking };
}
