import { shortWhenOf, zonedTime } from '../../shared/zoned-time';
import { localDateOf, salonDays } from '../availability/calendar';
import { randomBase64url, salonToken, sha256Hex } from '../crypto';
import type { EntryOffer } from '../../shared/waitlist-offers';
import {
  entryFacts,
  freedAppointment,
  makeOffer,
  nextEntry,
  offerRowsOfEntry,
  outcomeHistoryStatement,
  passExpired,
  salonTimezone,
  stylistSpanLength,
  stylistSpans,
  type FreedTime,
  type NextEntry,
  type OfferOutcome,
} from '../db/waitlist-offers';
import { enqueueMessage, type OutgoingMessage, type Outbox } from '../messaging/outbox';
import { waitlistOfferEmail, waitlistOfferText, type OfferFacts } from './texts';

/**
 * The waitlist fills itself (docs/waitlist-offers.md). When a booking's time frees (cancelled, or
 * moved away from it), the waitlist entries that fit it are offered it, one at a time, in the
 * order they joined: by text, or by email to a client with no mobile or who opted out of the
 * salon's texts; an offer waits the salon's `waitlist_offer_minutes`, then the cron
 * (scheduled.ts, every five minutes) passes it and offers the next. Claiming is claim.ts. The SQL
 * is worker/db/waitlist-offers.ts.
 */

export type FreedSpan = FreedTime;

/** A freed time's day and time in the salon's words: 'Wed 9 Dec at 10:00'. */
export const offerWhen = (start: number, timezone: string) => shortWhenOf(start, timezone);

/** How the offer reaches its client: a text to a phone that has not opted out, else an email to the account's address. */
export function offerMessage(entry: NextEntry, facts: OfferFacts, key: string, salonId: number): OutgoingMessage | null {
  const about = { salon_id: salonId, appointment_id: entry.id };
  if (entry.phone && !entry.opted_out) return { kind: 'sms', to: entry.phone, body: waitlistOfferText(facts), key, ...about };
  if (entry.email) return { kind: 'email', to: entry.email, ...waitlistOfferEmail(facts), key: `${key}-email`, ...about };
  return null;
}

/** Offers a freed time to the next entry in line; true when an offer was made (and its message queued). */
export async function offerNext(outbox: Outbox, f: FreedSpan, now: number): Promise<boolean> {
  const { db } = outbox;
  if (f.start <= now) return false;
  const timezone = await salonTimezone(db, f.salonId);
  if (!timezone) return false;
  const [day] = salonDays(localDateOf(f.start, timezone), 1, timezone);
  const entry = await nextEntry(db, { ...f, dayStart: day!.startUtc, dayEnd: day!.endUtc, now });
  if (!entry) return false;
  const token = salonToken(f.salonId, randomBase64url(16));
  const minutes = entry.minutes;
  const when = offerWhen(f.start, entry.timezone);
  const until = zonedTime(now + minutes * 60_000, entry.timezone).time;
  const made = await makeOffer(
    db,
    {
      tokenSha256: await sha256Hex(token),
      salonId: f.salonId,
      entryId: entry.id,
      freedFrom: f.freedFrom,
      stylistId: f.stylistId,
      start: f.start,
      end: f.start + entry.duration,
      now,
      waitMs: minutes * 60_000,
    },
    `${when} offered to ${entry.name} until ${until} (entry ${entry.id})`,
  );
  if (!made) return false;
  const facts = { salonName: entry.salon_name, when, minutes, link: `${outbox.config.appOrigin}/w/${token}` };
  const message = offerMessage(entry, facts, `waitlist-${entry.id}-${f.freedFrom}-${f.start}`, f.salonId);
  if (message) await enqueueMessage(outbox, message);
  return true;
}

/**
 * After a booking's time freed: `movedFrom` is its start before a move, null for a cancellation.
 * Does nothing unless the booking really gave its time up (a waitlist place, a booking still
 * pending or a cancel that changed nothing frees none). Each stylist's part is offered on its own.
 */
export async function offerFreedTime(
  outbox: Outbox,
  q: { salonId: number; appointmentId: number; movedFrom: number | null; now: number },
): Promise<number> {
  const { db } = outbox;
  const row = await freedAppointment(db, q.salonId, q.appointmentId);
  if (!row) return 0;
  const held = ['confirmed', 'unconfirmed'];
  const freed =
    q.movedFrom === null
      ? row.status === 'cancelled' && held.includes(row.cancelled_from ?? '')
      : held.includes(row.status) && row.start_at !== q.movedFrom;
  if (!freed) return 0;
  const offset = q.movedFrom === null ? 0 : row.start_at - q.movedFrom;
  let offered = 0;
  for (const p of await stylistSpans(db, q.appointmentId)) {
    const span = { salonId: q.salonId, freedFrom: q.appointmentId, stylistId: p.stylist_id, start: p.start_at - offset, length: p.length };
    if (await offerNext(outbox, span, q.now)) offered++;
  }
  return offered;
}

/**
 * The cron's part: offers whose time ran out are passed, and each freed time goes to the next
 * entry in line (none when the time has been taken or has begun, or no one else fits).
 */
export async function passExpiredOffers(outbox: Outbox, now: number): Promise<{ passed: number; offered: number }> {
  const { db } = outbox;
  const passed = await passExpired(db, now);
  let offered = 0;
  for (const o of passed) {
    await outcomeHistory(db, o.salon_id, o.entry_id, o.start_at, 'passed', now);
    const length = await stylistSpanLength(db, o.freed_from, o.stylist_id);
    if (!length) continue;
    const f = { salonId: o.salon_id, freedFrom: o.freed_from, stylistId: o.stylist_id, start: o.start_at, length };
    if (await offerNext(outbox, f, now)) offered++;
  }
  return { passed: passed.length, offered };
}

const OUTCOME_HISTORY: Record<OfferOutcome, string> = {
  offered: 'offered',
  claimed: 'claimed and booked',
  passed: 'not claimed in time: offered to the next in line',
  gone: 'another took the time',
};

/** History's words of an offer's outcome: old "{time} offered to {name} (entry {id})", new the outcome. */
export const outcomeHistoryWords = (o: { entryId: number; name: string; when: string; to: OfferOutcome }) => ({
  old: `${o.when} offered to ${o.name} (entry ${o.entryId})`,
  new: OUTCOME_HISTORY[o.to],
});

async function outcomeHistory(db: D1Database, salonId: number, entryId: number, start: number, to: OfferOutcome, now: number) {
  const e = await entryFacts(db, entryId);
  if (!e) return;
  const words = outcomeHistoryWords({ entryId, name: e.name, when: offerWhen(start, e.timezone), to });
  await outcomeHistoryStatement(db, salonId, words, now).run();
}

/** Every offer made to a waitlist entry, oldest first (the diary's appointment dialog). */
export async function offersOfEntry(db: D1Database, entryId: number): Promise<EntryOffer[]> {
  const iso = (ms: number) => new Date(ms).toISOString();
  return (await offerRowsOfEntry(db, entryId)).map((r) => ({
    start_time: iso(r.start_at),
    end_time: iso(r.end_at),
    stylist_id: r.stylist_id,
    position: r.position,
    offered_at: iso(r.offered_at),
    expires_at: iso(r.expires_at),
    outcome: r.outcome,
    booked_id: r.booked_id,
  }));
}
