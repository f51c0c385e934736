import { newId } from './ids';

/** Gift voucher purchases (a Checkout Session before it is paid), issued vouchers and their sends. */

export interface VoucherPurchaseRow {
  session_id: string;
  salon_id: number;
  amount_minor: number;
  currency: string;
  purchaser_email: string;
  validity_months: number;
  created_at: number;
}

export interface VoucherRow {
  id: number;
  session_id: string;
  salon_id: number;
  code: string;
  amount_minor: number;
  currency: string;
  expiry_date: string;
  purchaser_email: string;
  issued_at: number;
}

/** Records a session the product created; a retried checkout (same session) keeps the first row. */
export async function insertVoucherPurchase(db: D1Database, p: VoucherPurchaseRow): Promise<void> {
  await db
    .prepare(
      `INSERT INTO voucher_purchases (session_id, salon_id, amount_minor, currency, purchaser_email, validity_months, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (session_id) DO NOTHING`,
    )
    .bind(p.session_id, p.salon_id, p.amount_minor, p.currency, p.purchaser_email, p.validity_months, p.created_at)
    .run();
}

export function voucherPurchaseBySession(db: D1Database, sessionId: string): Promise<VoucherPurchaseRow | null> {
  return db.prepare('SELECT * FROM voucher_purchases WHERE session_id = ?').bind(sessionId).first<VoucherPurchaseRow>();
}

export function voucherBySession(db: D1Database, sessionId: string): Promise<VoucherRow | null> {
  return db.prepare('SELECT * FROM vouchers WHERE session_id = ?').bind(sessionId).first<VoucherRow>();
}

/**
 * Issues the session's voucher unless it already has one: the unique session_id decides a race
 * (the loser inserts nothing). `issued` is true only for the call whose row went in. A clash of
 * codes (never in practice) throws, and the caller tries another code.
 */
export async function insertVoucherOnce(db: D1Database, v: Omit<VoucherRow, 'id'>): Promise<{ voucher: VoucherRow; issued: boolean }> {
  const [inserted, read] = await db.batch<VoucherRow>([
    db
      .prepare(
        `INSERT INTO vouchers (id, session_id, salon_id, code, amount_minor, currency, expiry_date, purchaser_email, issued_at)
         VALUES (${newId('vouchers')}, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (session_id) DO NOTHING`,
      )
      .bind(v.session_id, v.salon_id, v.code, v.amount_minor, v.currency, v.expiry_date, v.purchaser_email, v.issued_at),
    db.prepare('SELECT * FROM vouchers WHERE session_id = ?').bind(v.session_id),
  ]);
  const voucher = read?.results[0];
  if (!voucher) throw new Error('voucher row missing after insert');
  return { voucher, issued: (inserted?.meta.changes ?? 0) > 0 };
}

/**
 * Takes one of at most `max` sends of a voucher (one statement: D1 runs it alone); null when all
 * are used. The send's number is the row's key, so two sends can never share one.
 */
export async function voucherSendsUsed(db: D1Database, voucherId: number): Promise<number> {
  const row = await db.prepare('SELECT COUNT(*) AS n FROM voucher_sends WHERE voucher_id = ?').bind(voucherId).first<{ n: number }>();
  return row?.n ?? 0;
}

export async function takeVoucherSend(db: D1Database, voucherId: number, max: number, now: number): Promise<number | null> {
  const row = await db
    .prepare(
      `INSERT INTO voucher_sends (voucher_id, n, sent_at)
       SELECT ?1, (SELECT COALESCE(MAX(n), 0) + 1 FROM voucher_sends WHERE voucher_id = ?1), ?2
       WHERE (SELECT COUNT(*) FROM voucher_sends WHERE voucher_id = ?1) < ?3
       ON CONFLICT (voucher_id, n) DO NOTHING
       RETURNING n`,
    )
    .bind(voucherId, now, max)
    .first<{ n: number }>();
  return row?.n ?? null;
}

/** Gives a send back when its email could not be sent. */
export async function releaseVoucherSend(db: D1Database, voucherId: number, n: number): Promise<void> {
  await db.prepare('DELETE FROM voucher_sends WHERE voucher_id = ? AND n = ?').bind(voucherId, n).run();
}

/** The codes of the salon's vouchers as stored (an import's are `{salon}:{code}`: db/voucher-redemptions.ts). */
export async function voucherCodesOfSalon(db: D1Database, salonId: number): Promise<Set<string>> {
  const { results } = await db.prepare('SELECT code FROM vouchers WHERE salon_id = ?').bind(salonId).all<{ code: string }>();
  return new Set(results.map((r) => r.code));
}

export interface ImportedVoucher {
  /** the purchase's session: `import-{importId}-{code}` */
  session: string;
  salonId: number;
  code: string;
  initial: number;
  redeemed: number;
  currency: string;
  /** YYYY-MM-DD, '9999-12-31' for a voucher that does not expire */
  expiry: string;
  purchaser: string;
  issuedAt: number;
  now: number;
}

/** A voucher brought from another system: its purchase and the voucher (nothing when its code is taken). */
export const importedVoucherStatements = (db: D1Database, v: ImportedVoucher) => [
  db
    .prepare(
      `INSERT INTO voucher_purchases (session_id, salon_id, amount_minor, currency, purchaser_email, validity_months, created_at)
       VALUES (?, ?, ?, ?, ?, 12, ?)`,
    )
    .bind(v.session, v.salonId, v.initial, v.currency, v.purchaser, v.now),
  db
    .prepare(
      `INSERT INTO vouchers (id, session_id, salon_id, code, amount_minor, currency, expiry_date, purchaser_email, issued_at, redeemed_minor)
       VALUES (${newId('vouchers')}, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    )
    .bind(v.session, v.salonId, v.code, v.initial, v.currency, v.expiry, v.purchaser, v.issuedAt, v.redeemed),
];
