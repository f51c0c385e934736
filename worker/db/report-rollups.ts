/**
 * The reports' daily roll-ups (migration 0051, docs/console/reports.md "Fast"): `report_days`
 * holds, per salon and roll-up day, what the takings and utilisation sum, kept exact by the
 * migration's triggers in the statement that changes a row. Day k of a salon is
 * [k × DAY − offset_ms, (k + 1) × DAY − offset_ms) in UTC ms, offset_ms fixed when it was built;
 * a report reads whole roll-up days and the rows of the hours where the salon's own days differ.
 * Here: the rows each roll-up kind sums (`rollupSources`, also read by a report for those hours),
 * and the build from the rows (`rebuildRollups`, one batch).
 */

export const DAY_MS = 86_400_000;

/** Which rows a source reads: every one (a build), or those in a JSON array of [from, to) spans bound at `param`. */
export interface Span {
  from: string;
  when: (col: string) => string;
}
export const ALL_ROWS: Span = { from: '', when: () => '1' };
export const inSpans = (param: string): Span => ({
  // the spans drive the loop (CROSS JOIN keeps them outside), each read by its range of the index on (salon, time)
  from: `json_each(${param}) w CROSS JOIN`,
  when: (col) => `${col} >= json_extract(w.value, '$[0]') AND ${col} < json_extract(w.value, '$[1]')`,
});

const COLS = 'kind, t, stylist_id, service_id, name, n, amount';
const LINE_SERVICE = `COALESCE(l.service_id, 0), CASE WHEN l.service_id IS NULL THEN l.name ELSE '' END`;

/**
 * The rows each kind of roll-up sums, as (kind, t, stylist_id, service_id, name, n, amount), the
 * salon at ?1: the money of sales (by when paid), of refunds (by when made), and booked time. Each
 * is a compound of at most 4 terms (D1 takes 5).
 */
export function rollupSources(span: Span): { sales: string; refunds: string; booked: string } {
  const paid = (join: string) =>
    `FROM ${span.from} sales s ${join} WHERE s.salon_id = ?1 AND s.status = 'paid' AND ${span.when('s.paid_at')}`;
  const made = (join: string) => `FROM ${span.from} refunds r ${join} WHERE r.salon_id = ?1 AND ${span.when('r.created_at')}`;
  const line = 'JOIN sale_lines l ON l.sale_id = s.id';
  const refundLine = 'JOIN refund_lines rl ON rl.refund_id = r.id JOIN sale_lines l ON l.id = rl.sale_line_id';
  return {
    sales: [
      `SELECT 'pay:' || p.method AS kind, s.paid_at AS t, 0 AS stylist_id, 0 AS service_id, '' AS name, 0 AS n, p.amount_minor AS amount
         ${paid("JOIN sale_payments p ON p.sale_id = s.id AND p.status = 'succeeded'")}`,
      `SELECT 'tip', s.paid_at, COALESCE(s.tip_stylist_id, 0), 0, '', 0, s.tip_minor ${paid('')} AND s.tip_minor > 0`,
      `SELECT 'line', s.paid_at, COALESCE(l.stylist_id, 0), 0, '', l.quantity, l.amount_minor ${paid(line)}`,
      `SELECT 'line_service', s.paid_at, 0, ${LINE_SERVICE}, l.quantity, l.amount_minor ${paid(line)}`,
    ].join(' UNION ALL '),
    refunds: [
      `SELECT 'refund' AS kind, r.created_at AS t, 0 AS stylist_id, 0 AS service_id, '' AS name, 0 AS n, r.amount_minor AS amount ${made('')}`,
      `SELECT 'tip_refund', r.created_at, COALESCE(s.tip_stylist_id, 0), 0, '', 0, r.tip_minor ${made('JOIN sales s ON s.id = r.sale_id')} AND r.tip_minor > 0`,
      `SELECT 'line_refund', r.created_at, COALESCE(l.stylist_id, 0), 0, '', 0, rl.amount_minor ${made(refundLine)}`,
      `SELECT 'line_service_refund', r.created_at, 0, ${LINE_SERVICE}, 0, rl.amount_minor ${made(refundLine)}`,
    ].join(' UNION ALL '),
    booked: `SELECT 'booked' AS kind, p.start_at AS t, p.stylist_id AS stylist_id, 0 AS service_id, '' AS name, 0 AS n, p.end_at - p.start_at AS amount
               FROM ${span.from} appointment_procedures p JOIN appointments a ON a.id = p.appointment_id AND a.status IN ('confirmed', 'unconfirmed')
              WHERE p.salon_id = ?1 AND p.occupies = 1 AND ${span.when('p.start_at')}`,
  };
}

export type Source = keyof ReturnType<typeof rollupSources>;

/** The rows of some sources in a span, as one CTE `x` (each source a CTE of its own: D1 takes 5 terms of a compound). */
export function rowsOf(span: Span, sources: Source[]): string {
  const s = rollupSources(span);
  return `${sources.map((k) => `x_${k} AS (${s[k]})`).join(', ')},
          x AS (${sources.map((k) => `SELECT ${COLS} FROM x_${k}`).join(' UNION ALL ')})`;
}

/** The salon's roll-up offset (ms), or null before they are built. */
export async function rollupOffset(db: D1Database, salonId: number): Promise<number | null> {
  const row = await db
    .prepare('SELECT offset_ms FROM report_rollup_salons WHERE salon_id = ?')
    .bind(salonId)
    .first<{ offset_ms: number }>();
  return row?.offset_ms ?? null;
}

/**
 * Builds a salon's roll-ups from its rows, in one batch (one transaction, so a sale written
 * meanwhile is counted once: by the build or by the triggers after it). `offsetMs`: where its days
 * are cut, the salon's offset from UTC (any whole number of ms is exact; the salon's own makes a
 * report read the fewest rows). Answers the offset kept.
 */
export async function rebuildRollups(db: D1Database, salonId: number, offsetMs: number, now: number): Promise<number> {
  const off = Math.trunc(offsetMs);
  const s = rollupSources(ALL_ROWS);
  const build = (sql: string) =>
    db
      .prepare(
        `INSERT INTO report_days (salon_id, day, kind, stylist_id, service_id, name, n, amount)
         SELECT ?1, (t + ${off}) / ${DAY_MS} AS day, kind, stylist_id, service_id, name, SUM(n), SUM(amount) FROM (${sql})
          WHERE true GROUP BY 2, 3, 4, 5, 6
         ON CONFLICT DO UPDATE SET n = n + excluded.n, amount = amount + excluded.amount`,
      )
      .bind(salonId);
  await db.batch([
    db.prepare('DELETE FROM report_days WHERE salon_id = ?').bind(salonId),
    db
      .prepare(
        `INSERT INTO report_rollup_salons (salon_id, offset_ms, built_at) VALUES (?1, ${off}, ?2)
         ON CONFLICT (salon_id) DO UPDATE SET offset_ms = excluded.offset_ms, built_at = excluded.built_at`,
      )
      .bind(salonId, now),
    build(s.sales),
    build(s.refunds),
    build(s.booked),
  ]);
  return off;
}

/** A salon's roll-ups as kept (for tests and checks): every row with an amount or a count. */
export async function rollupRows(db: D1Database, salonId: number) {
  const { results } = await db
    .prepare(
      `SELECT day, kind, stylist_id, service_id, name, n, amount FROM report_days WHERE salon_id = ? AND (n <> 0 OR amount <> 0)
        ORDER BY day, kind, stylist_id, service_id, name`,
    )
    .bind(salonId)
    .all<{ day: number; kind: string; stylist_id: number; service_id: number; name: string; n: number; amount: number }>();
  return results;
}
