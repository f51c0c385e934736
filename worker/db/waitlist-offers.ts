import type { EntryOffer } from '../../shared/waitlist-offers';
import { WAITLIST_WHO, type WaitlistHistoryField } from '../../shared/waitlist-offers';
import { BLOCK_MS } from './blocks';
import { menuHistoryStatement } from './settings-history';

/**
 * The waitlist's offers of freed times (migration 0041 `waitlist_offers`; docs/waitlist-offers.md):
 * who is next in line for a freed time, the offer's row (made once), its outcome, and the claim's
 * statements that go in the booking's own batch. The rules are worker/waitlist/.
 */

export type OfferOutcome = EntryOffer['outcome'];

/** The next waitlist entry in line: who, how to reach them, and its salon's offer window. */
export interface NextEntry {
  id: number;
  name: string;
  /** the account's phone, or the desk's for an entry with no account */
  phone: string | null;
  /** the account's address (an entry with no account has none) */
  email: string | null;
  /** 1 when the client opted out of the salon's texts (STOP, or the salon's marketing link) */
  opted_out: number;
  duration: number;
  salon_name: string;
  timezone: string;
  minutes: number;
}

/** The client opted out of the salon's texts: by its marketing link, or by texting STOP to its phone. */
const OPTED_OUT = `(EXISTS (SELECT 1 FROM marketing_opt_outs m
                    WHERE m.salon_id = a.salon_id AND m.client_id = a.client_id AND m.opted_out_at IS NOT NULL)
   OR EXISTS (SELECT 1 FROM text_opt_outs t WHERE t.salon_id = a.salon_id AND t.phone = COALESCE(NULLIF(c.phone, ''), a.client_phone)))`;

/**
 * The first waitlist entry, in joining order, that fits the freed time and has not been offered
 * it: on the freed time's day (the entry's date), every service of it with the freed time's
 * stylist, no longer than the freed time, the stylist's time it would take still free, and a way
 * to reach its client (a phone that has not opted out, or an account's email).
 */
const NEXT_ENTRY = `SELECT a.id, COALESCE(NULLIF(c.name, ''), a.client_name, 'a client') AS name, COALESCE(NULLIF(c.phone, ''), a.client_phone) AS phone,
        NULLIF(c.email, '') AS email, ${OPTED_OUT} AS opted_out, a.end_at - a.start_at AS duration,
        s.name AS salon_name, s.timezone, s.waitlist_offer_minutes AS minutes
   FROM appointments a
   JOIN salons s ON s.id = a.salon_id
   LEFT JOIN clients c ON c.id = a.client_id
  WHERE a.salon_id = ?1 AND a.kind = 'appointment' AND a.status = 'waitlist'
    AND (a.client_id IS NOT NULL OR a.client_phone IS NOT NULL)
    AND a.start_at >= ?2 AND a.start_at < ?3 AND a.end_at - a.start_at <= ?6
    AND ((COALESCE(NULLIF(c.phone, ''), a.client_phone) IS NOT NULL AND NOT ${OPTED_OUT}) OR NULLIF(c.email, '') IS NOT NULL)
    AND NOT EXISTS (SELECT 1 FROM appointment_procedures p WHERE p.appointment_id = a.id AND (p.stylist_id <> ?4 OR p.service_id IS NULL))
    AND NOT EXISTS (SELECT 1 FROM waitlist_offers o WHERE o.entry_id = a.id AND o.freed_from = ?7 AND o.start_at = ?5)
    AND NOT EXISTS (SELECT 1 FROM stylist_blocks b WHERE b.stylist_id = ?4 AND b.block >= ?5 / ${BLOCK_MS}
                     AND b.block * ${BLOCK_MS} < ?5 + a.end_at - a.start_at AND (b.hold_id IS NULL OR b.expires_at > ?8))
  ORDER BY a.created_at, a.id LIMIT 1`;

/** The freed time as the line reads it: its salon, the appointment it freed from, the stylist and [start, start + length). */
export interface FreedTime {
  salonId: number;
  freedFrom: number;
  stylistId: number;
  start: number;
  length: number;
}

export const nextEntry = (db: D1Database, f: FreedTime & { dayStart: number; dayEnd: number; now: number }) =>
  db.prepare(NEXT_ENTRY).bind(f.salonId, f.dayStart, f.dayEnd, f.stylistId, f.start, f.length, f.freedFrom, f.now).first<NextEntry>();

/** The salon's timezone (the freed time's day), or null for no such salon. */
export const salonTimezone = async (db: D1Database, salonId: number) =>
  (await db.prepare('SELECT timezone FROM salons WHERE id = ?').bind(salonId).first<{ timezone: string }>())?.timezone ?? null;

/**
 * The offer row, written only while no other offer of this freed time is waiting or claimed (so
 * two runs at once make one offer); its position is its place in this time's line.
 */
const INSERT_OFFER = `INSERT INTO waitlist_offers (token_sha256, salon_id, entry_id, freed_from, stylist_id, start_at, end_at, position, offered_at, expires_at)
  SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, (SELECT COUNT(*) + 1 FROM waitlist_offers WHERE freed_from = ?4 AND start_at = ?6), ?8, ?8 + ?9
   WHERE NOT EXISTS (SELECT 1 FROM waitlist_offers WHERE freed_from = ?4 AND start_at = ?6 AND outcome IN ('offered', 'claimed'))
  ON CONFLICT DO NOTHING`;

export interface NewOffer {
  tokenSha256: string;
  salonId: number;
  entryId: number;
  freedFrom: number;
  stylistId: number;
  start: number;
  end: number;
  now: number;
  waitMs: number;
}

/** A History row of the waitlist's (who: "Waitlist (automatic)"), written when `onlyIf` holds. */
const waitlistHistory = (
  db: D1Database,
  salonId: number,
  ch: { field: WaitlistHistoryField; old: string | null; new: string | null },
  now: number,
  onlyIf: { sql: string; params: unknown[] },
) => menuHistoryStatement(db, { salonId, who: WAITLIST_WHO }, ch, now, onlyIf);

/**
 * Makes the offer and its History row in one batch (the row only when the offer was made); true
 * when this call made it.
 */
export async function makeOffer(db: D1Database, o: NewOffer, history: string): Promise<boolean> {
  const [made] = await db.batch([
    db.prepare(INSERT_OFFER).bind(o.tokenSha256, o.salonId, o.entryId, o.freedFrom, o.stylistId, o.start, o.end, o.now, o.waitMs),
    waitlistHistory(db, o.salonId, { field: 'waitlist_offer', old: null, new: history }, o.now, {
      sql: 'EXISTS (SELECT 1 FROM waitlist_offers WHERE token_sha256 = ? AND offered_at = ?)',
      params: [o.tokenSha256, o.now],
    }),
  ]);
  return (made?.meta.changes ?? 0) > 0;
}

/** History's row of an offer's outcome (old: the offer, new: the outcome in words), for a batch. */
export const outcomeHistoryStatement = (db: D1Database, salonId: number, ch: { old: string; new: string }, now: number) =>
  waitlistHistory(db, salonId, { field: 'waitlist_offer', ...ch }, now, { sql: '1', params: [] });

/** An appointment as the line asks whether it gave its time up. */
export const freedAppointment = (db: D1Database, salonId: number, appointmentId: number) =>
  db
    .prepare("SELECT status, cancelled_from, start_at FROM appointments WHERE id = ? AND salon_id = ? AND kind = 'appointment'")
    .bind(appointmentId, salonId)
    .first<{ status: string; cancelled_from: string | null; start_at: number }>();

/** An appointment's time, stylist by stylist: each one's first start and how long its part lasts. */
export async function stylistSpans(db: D1Database, appointmentId: number) {
  const { results } = await db
    .prepare(
      `SELECT stylist_id, MIN(start_at) AS start_at, MAX(end_at) - MIN(start_at) AS length FROM appointment_procedures
        WHERE appointment_id = ? AND service_id IS NOT NULL GROUP BY stylist_id`,
    )
    .bind(appointmentId)
    .all<{ stylist_id: number; start_at: number; length: number }>();
  return results;
}

/** How long one stylist's part of an appointment lasts (null: none). */
export const stylistSpanLength = async (db: D1Database, appointmentId: number, stylistId: number) =>
  (
    await db
      .prepare(
        'SELECT MAX(end_at) - MIN(start_at) AS length FROM appointment_procedures WHERE appointment_id = ? AND stylist_id = ? AND service_id IS NOT NULL',
      )
      .bind(appointmentId, stylistId)
      .first<{ length: number | null }>()
  )?.length ?? null;

/** Offers whose time ran out become 'passed' (each once, whatever runs at once): the ones this call passed. */
export async function passExpired(db: D1Database, now: number) {
  const { results } = await db
    .prepare(
      `UPDATE waitlist_offers SET outcome = 'passed' WHERE outcome = 'offered' AND expires_at <= ?
        RETURNING salon_id, entry_id, freed_from, stylist_id, start_at`,
    )
    .bind(now)
    .all<{ salon_id: number; entry_id: number; freed_from: number; stylist_id: number; start_at: number }>();
  return results;
}

/** Who a waitlist entry is and its salon's timezone (for History's words). */
export const entryFacts = (db: D1Database, entryId: number) =>
  db
    .prepare(
      `SELECT COALESCE(NULLIF(c.name, ''), a.client_name, 'a client') AS name, s.timezone FROM appointments a
         JOIN salons s ON s.id = a.salon_id LEFT JOIN clients c ON c.id = a.client_id WHERE a.id = ?`,
    )
    .bind(entryId)
    .first<{ name: string; timezone: string }>();

export interface EntryOfferRow {
  start_at: number;
  end_at: number;
  stylist_id: number;
  position: number;
  offered_at: number;
  expires_at: number;
  outcome: OfferOutcome;
  booked_id: number | null;
}

/** Every offer made to a waitlist entry, oldest first. */
export async function offerRowsOfEntry(db: D1Database, entryId: number): Promise<EntryOfferRow[]> {
  const { results } = await db
    .prepare(
      'SELECT start_at, end_at, stylist_id, position, offered_at, expires_at, outcome, booked_id FROM waitlist_offers WHERE entry_id = ? ORDER BY offered_at',
    )
    .bind(entryId)
    .all<EntryOfferRow>();
  return results;
}

// ---- claiming -------------------------------------------------------------------------------

/** An offer found by its link's token, with whom it was made to and its salon. */
export interface OfferRow {
  token_sha256: string;
  salon_id: number;
  entry_id: number;
  start_at: number;
  end_at: number;
  expires_at: number;
  outcome: OfferOutcome;
  booked_id: number | null;
  /** the entry's account; null for an entry the desk added (its name and phone below) */
  client_id: string | null;
  client_name: string | null;
  client_phone: string | null;
  salon_name: string;
  timezone: string;
}

export const offerByTokenHash = (db: D1Database, tokenSha256: string) =>
  db
    .prepare(
      `SELECT o.token_sha256, o.salon_id, o.entry_id, o.start_at, o.end_at, o.expires_at, o.outcome, o.booked_id,
              a.client_id, a.client_name, a.client_phone, s.name AS salon_name, s.timezone
         FROM waitlist_offers o JOIN appointments a ON a.id = o.entry_id JOIN salons s ON s.id = o.salon_id
        WHERE o.token_sha256 = ?`,
    )
    .bind(tokenSha256)
    .first<OfferRow>();

/** A waitlist entry's services and stylists, in order (what a claim books). */
export async function entrySteps(db: D1Database, entryId: number) {
  const { results } = await db
    .prepare(
      'SELECT service_id, stylist_id FROM appointment_procedures WHERE appointment_id = ? AND service_id IS NOT NULL ORDER BY start_at, id',
    )
    .bind(entryId)
    .all<{ service_id: number; stylist_id: number }>();
  return results;
}

/**
 * A claim's statements, for the booking's own batch: a guard that fails the batch unless the
 * offer is still waiting and in time (it inserts a copy of the offer row, which its key refuses),
 * the offer claimed with the booking's id (found by the booking's client and idempotency key), the
 * entry's other waiting offers gone, the entry off the list, and History's row.
 */
export function claimStatements(
  db: D1Database,
  c: {
    tokenSha256: string;
    entryId: number;
    salonId: number;
    booking: { clientId: string | null; idempotencyKey: string };
    history: { old: string; new: string };
    now: number;
  },
): D1PreparedStatement[] {
  const bookedId = "(SELECT id FROM appointments WHERE client_id IS ? AND idempotency_key = ? AND kind = 'appointment')";
  return [
    db
      .prepare(
        "INSERT INTO waitlist_offers SELECT * FROM waitlist_offers WHERE token_sha256 = ? AND NOT (outcome = 'offered' AND expires_at > ?)",
      )
      .bind(c.tokenSha256, c.now),
    db
      .prepare(`UPDATE waitlist_offers SET outcome = 'claimed', booked_id = ${bookedId} WHERE token_sha256 = ?`)
      .bind(c.booking.clientId, c.booking.idempotencyKey, c.tokenSha256),
    db
      .prepare("UPDATE waitlist_offers SET outcome = 'gone' WHERE entry_id = ? AND outcome = 'offered' AND token_sha256 <> ?")
      .bind(c.entryId, c.tokenSha256),
    db
      .prepare(
        "UPDATE appointments SET status = 'cancelled', cancelled_from = 'waitlist', cancelled_at = ? WHERE id = ? AND status = 'waitlist'",
      )
      .bind(c.now, c.entryId),
    outcomeHistoryStatement(db, c.salonId, c.history, c.now),
  ];
}

/** The guard's refusal (an offer no longer open): the whole claim's batch failed on it. */
export const isOfferGone = (e: unknown) => /UNIQUE constraint failed: waitlist_offers/.test(String(e));
