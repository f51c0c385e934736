import { shortWhenOf, zonedTime } from '../../shared/zoned-time';
import { localDateOf, salonDays } from '../availability/calendar';
import { randomBase64url, salonToken, sha256Hex } from '../crypto';
import type { EntryOffer } from '../../shared/waitlist-offers';
import { WAITLIST_WHO } from '../../shared/waitlist-offers';
import { BLOCK_MS } from '../db/blocks';
import { menuHistoryStatement } from '../db/settings-history';
import { enqueueMessage, type Outbox } from '../messaging/outbox';

/**
 * The waitlist fills itself (docs/waitlist-offers.md). When a booking's time frees (cancelled, or
 * moved away from it), the waitlist entries that fit it are offered it by text, one at a time, in
 * the order they joined; an offer waits the salon's `waitlist_offer_minutes`, then the cron
 * (scheduled.ts, every five minutes) passes it and offers the next. Claiming is claim.ts.
 */

export interface FreedSpan {
  salonId: number;
  /** the appointment whose time freed */
  freedFrom: number;
  stylistId: number;
  start: number;
  /** how long the freed time is (ms) */
  length: number;
}

interface Candidate {
  id: number;
  name: string;
  phone: string | null;
  duration: number;
  salon_name: string;
  timezone: string;
  minutes: number;
}

/**
 * The first waitlist entry, in joining order, that fits the freed time and has not been offered
 * it: on the freed time's day (the entry's date), every service of it with the freed time's
 * stylist, no longer than the freed time, and the stylist's time it would take still free.
 */
const NEXT_ENTRY = `SELECT a.id, COALESCE(c.name, a.client_name, 'a client') AS name, COALESCE(c.phone, a.client_phone) AS phone, a.end_at - a.start_at AS duration,
        s.name AS salon_name, s.timezone, s.waitlist_offer_minutes AS minutes
   FROM appointments a
   JOIN salons s ON s.id = a.salon_id
   LEFT JOIN clients c ON c.id = a.client_id
  WHERE a.salon_id = ?1 AND a.kind = 'appointment' AND a.status = 'waitlist' AND a.client_id IS NOT NULL
    AND a.start_at >= ?2 AND a.start_at < ?3 AND a.end_at - a.start_at <= ?6
    AND NOT EXISTS (SELECT 1 FROM appointment_procedures p WHERE p.appointment_id = a.id AND (p.stylist_id <> ?4 OR p.service_id IS NULL))
    AND NOT EXISTS (SELECT 1 FROM waitlist_offers o WHERE o.entry_id = a.id AND o.freed_from = ?7 AND o.start_at = ?5)
    AND NOT EXISTS (SELECT 1 FROM stylist_blocks b WHERE b.stylist_id = ?4 AND b.block >= ?5 / ${BLOCK_MS}
                     AND b.block * ${BLOCK_MS} < ?5 + a.end_at - a.start_at AND (b.hold_id IS NULL OR b.expires_at > ?8))
  ORDER BY a.created_at, a.id LIMIT 1`;

/**
 * The offer row, written only while no other offer of this freed time is waiting or claimed (so
 * two runs at once make one offer); its position is its place in this time's line.
 */
const INSERT_OFFER = `INSERT INTO waitlist_offers (token_sha256, salon_id, entry_id, freed_from, stylist_id, start_at, end_at, position, offered_at, expires_at)
  SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, (SELECT COUNT(*) + 1 FROM waitlist_offers WHERE freed_from = ?4 AND start_at = ?6), ?8, ?8 + ?9
   WHERE NOT EXISTS (SELECT 1 FROM waitlist_offers WHERE freed_from = ?4 AND start_at = ?6 AND outcome IN ('offered', 'claimed'))
  ON CONFLICT DO NOTHING`;

/** The offer's text, as the client receives it. */
export const waitlistOfferText = (salonName: string, when: string, minutes: number, link: string) =>
  `${salonName}: a time has come free on ${when} for your waitlist request. It's yours if you claim it in the next ${minutes} minutes: ${link}`;

/** Offers a freed time to the next entry in line; true when an offer was made (and its text queued). */
export async function offerNext(outbox: Outbox, f: FreedSpan, now: number): Promise<boolean> {
  const { db } = outbox;
  if (f.start <= now) return false;
  const tz = await db.prepare('SELECT timezone FROM salons WHERE id = ?').bind(f.salonId).first<{ timezone: string }>();
  if (!tz) return false;
  const [day] = salonDays(localDateOf(f.start, tz.timezone), 1, tz.timezone);
  const entry = await db
    .prepare(NEXT_ENTRY)
    .bind(f.salonId, day!.startUtc, day!.endUtc, f.stylistId, f.start, f.length, f.freedFrom, now)
    .first<Candidate>();
  if (!entry) return false;
  const token = salonToken(f.salonId, randomBase64url(16));
  const minutes = entry.minutes;
  const sha = await sha256Hex(token);
  const when = shortWhenOf(f.start, entry.timezone);
  const until = zonedTime(now + minutes * 60_000, entry.timezone).time;
  const [made] = await db.batch([
    db
      .prepare(INSERT_OFFER)
      .bind(sha, f.salonId, entry.id, f.freedFrom, f.stylistId, f.start, f.start + entry.duration, now, minutes * 60_000),
    // History: written with the offer, only when it was made
    menuHistoryStatement(
      db,
      { salonId: f.salonId, who: WAITLIST_WHO },
      { field: 'waitlist_offer', old: null, new: `${when} offered to ${entry.name} until ${until} (entry ${entry.id})` },
      now,
      { sql: 'EXISTS (SELECT 1 FROM waitlist_offers WHERE token_sha256 = ? AND offered_at = ?)', params: [sha, now] },
    ),
  ]);
  if (made!.meta.changes === 0) return false;
  if (entry.phone) {
    await enqueueMessage(outbox, {
      kind: 'sms',
      to: entry.phone,
      body: waitlistOfferText(entry.salon_name, when, minutes, `${outbox.config.appOrigin}/w/${token}`),
      key: `waitlist-${entry.id}-${f.freedFrom}-${f.start}`,
      salon_id: f.salonId,
      appointment_id: entry.id,
    });
  }
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
  const row = await db
    .prepare("SELECT status, cancelled_from, start_at FROM appointments WHERE id = ? AND salon_id = ? AND kind = 'appointment'")
    .bind(q.appointmentId, q.salonId)
    .first<{ status: string; cancelled_from: string | null; start_at: number }>();
  if (!row) return 0;
  const held = ['confirmed', 'unconfirmed'];
  const freed =
    q.movedFrom === null
      ? row.status === 'cancelled' && held.includes(row.cancelled_from ?? '')
      : held.includes(row.status) && row.start_at !== q.movedFrom;
  if (!freed) return 0;
  const offset = q.movedFrom === null ? 0 : row.start_at - q.movedFrom;
  const { results } = await db
    .prepare(
      `SELECT stylist_id, MIN(start_at) AS start_at, MAX(end_at) - MIN(start_at) AS length FROM appointment_procedures
        WHERE appointment_id = ? AND service_id IS NOT NULL GROUP BY stylist_id`,
    )
    .bind(q.appointmentId)
    .all<{ stylist_id: number; start_at: number; length: number }>();
  let offered = 0;
  for (const p of results) {
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
  const { results } = await db
    .prepare(
      `UPDATE waitlist_offers SET outcome = 'passed' WHERE outcome = 'offered' AND expires_at <= ?
        RETURNING salon_id, entry_id, freed_from, stylist_id, start_at`,
    )
    .bind(now)
    .all<{ salon_id: number; entry_id: number; freed_from: number; stylist_id: number; start_at: number }>();
  let offered = 0;
  for (const o of results) {
    await outcomeHistory(db, o.salon_id, o.entry_id, o.start_at, 'offered', 'passed', now);
    const span = await db
      .prepare(
        'SELECT MAX(end_at) - MIN(start_at) AS length FROM appointment_procedures WHERE appointment_id = ? AND stylist_id = ? AND service_id IS NOT NULL',
      )
      .bind(o.freed_from, o.stylist_id)
      .first<{ length: number | null }>();
    if (!span?.length) continue;
    const f = { salonId: o.salon_id, freedFrom: o.freed_from, stylistId: o.stylist_id, start: o.start_at, length: span.length };
    if (await offerNext(outbox, f, now)) offered++;
  }
  return { passed: results.length, offered };
}

/** History's row of an offer's outcome: "{time} offered to {name}" → the outcome in words. */
export function outcomeHistoryStatement(
  db: D1Database,
  o: { salonId: number; entryId: number; name: string; when: string; from: EntryOffer['outcome']; to: EntryOffer['outcome'] },
  now: number,
): D1PreparedStatement {
  return menuHistoryStatement(
    db,
    { salonId: o.salonId, who: WAITLIST_WHO },
    { field: 'waitlist_offer', old: `${o.when} offered to ${o.name} (entry ${o.entryId})`, new: OUTCOME_HISTORY[o.to] },
    now,
    { sql: '1', params: [] },
  );
}

const OUTCOME_HISTORY: Record<EntryOffer['outcome'], string> = {
  offered: 'offered',
  claimed: 'claimed and booked',
  passed: 'not claimed in time: offered to the next in line',
  gone: 'another took the time',
};

/** Who a waitlist entry is and its salon's timezone (for History's words). */
export const entryFacts = (db: D1Database, entryId: number) =>
  db
    .prepare(
      `SELECT COALESCE(c.name, a.client_name, 'a client') AS name, s.timezone FROM appointments a
         JOIN salons s ON s.id = a.salon_id LEFT JOIN clients c ON c.id = a.client_id WHERE a.id = ?`,
    )
    .bind(entryId)
    .first<{ name: string; timezone: string }>();

async function outcomeHistory(
  db: D1Database,
  salonId: number,
  entryId: number,
  start: number,
  from: EntryOffer['outcome'],
  to: EntryOffer['outcome'],
  now: number,
) {
  const e = await entryFacts(db, entryId);
  if (!e) return;
  const when = shortWhenOf(start, e.timezone);
  await outcomeHistoryStatement(db, { salonId, entryId, name: e.name, when, from, to }, now).run();
}

/** Every offer made to a waitlist entry, oldest first (the diary's appointment dialog). */
export async function offersOfEntry(db: D1Database, entryId: number): Promise<EntryOffer[]> {
  const { results } = await db
    .prepare(
      'SELECT start_at, end_at, stylist_id, position, offered_at, expires_at, outcome, booked_id FROM waitlist_offers WHERE entry_id = ? ORDER BY offered_at',
    )
    .bind(entryId)
    .all<{
      start_at: number;
      end_at: number;
      stylist_id: number;
      position: number;
      offered_at: number;
      expires_at: number;
      outcome: EntryOffer['outcome'];
      booked_id: number | null;
    }>();
  const iso = (ms: number) => new Date(ms).toISOString();
  return results.map((r) => ({
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
