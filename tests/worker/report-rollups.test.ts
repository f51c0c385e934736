import { fromZonedTime } from 'date-fns-tz';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TakingsReport, UtilisationReport } from '../../shared/console/reports';
import { rebuildRollups, rollupRows } from '../../worker/db/report-rollups';
import { consoleCall, STAFF, staffLogin } from './console-helpers';
import { dbOf } from './salon-db';

/**
 * The reports' roll-ups (docs/console/reports.md "Fast") stay equal to a recount from the rows
 * whatever happens to them: random sales paid at once or later, sales that fail, refunds whole or
 * by line, appointments booked, moved to another day or stylist, cancelled and restored, their
 * procedures removed; around London's clock change. Then the reports read from the roll-ups
 * answer as a recount does, to the penny.
 */

const SALON = 1;
const STYLISTS = [1, 2, 3, 4];
const SERVICES = [1, 2, 4, 8];
const DAY = 86_400_000;
// cut 3 h 7 ms off London's midnight: every day's edges are read from rows, the hardest case
const OFFSET = 3 * 3_600_000 + 7;
const start = fromZonedTime('2025-03-25T00:00:00', 'Europe/London').getTime();

let owner = '';
beforeAll(async () => {
  owner = (await staffLogin(STAFF.groupOwner)).access_token;
});

/** A repeatable sequence in [0, 1) (mulberry32). */
function seededRandom(seed: number) {
  let state = seed | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let ids = 950_000;
const nextId = () => ++ids;

async function report<T>(kind: string): Promise<T> {
  const res = await consoleCall(`/api/console/salons/${SALON}/reports/${kind}?from=2025-03-25&to=2025-04-03`, owner);
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

describe('roll-ups', () => {
  it('equal a recount from the rows after random sales, refunds, failures, moves and cancellations', async () => {
    const db = await dbOf(SALON);
    await rebuildRollups(db, SALON, OFFSET, Date.now());
    const rnd = seededRandom(52);
    const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)]!;
    const when = () => start + Math.floor(rnd() * 9 * DAY);
    const open: number[] = [];
    const paid: { id: number; lines: { id: number; left: number }[]; payment: number; left: number }[] = [];
    const appointments: { id: number; procedures: number[] }[] = [];

    for (let step = 0; step < 60; step++) {
      const op = rnd();
      if (op < 0.3) {
        // a sale: paid at once (cash) or open (a reader) with a line or two and maybe a tip
        const id = nextId();
        const t = when();
        const isPaid = rnd() < 0.5;
        const stylist = pick(STYLISTS);
        const lines = [{ id: nextId(), price: 1000 + Math.floor(rnd() * 5000), service: pick(SERVICES) as number | null }];
        if (rnd() < 0.5) lines.push({ id: nextId(), price: 500, service: null });
        const tip = rnd() < 0.5 ? 300 : 0;
        const due = lines.reduce((s, l) => s + l.price, 0) + tip;
        const payment = nextId();
        await db.batch([
          db
            .prepare(
              `INSERT INTO sales (id, salon_id, status, currency, subtotal_minor, tip_minor, tip_stylist_id, total_minor, due_minor,
                                  idempotency_key, request_hash, staff_name, created_at, paid_at, updated_at)
               VALUES (?1, ?2, ?3, 'GBP', ?4, ?5, ?6, ?7, ?7, ?8, 'h', 'Test', ?9, ?10, ?9)`,
            )
            .bind(id, SALON, isPaid ? 'paid' : 'open', due - tip, tip, tip ? stylist : null, due, `roll-${id}`, t, isPaid ? t : null),
          ...lines.map((l, i) =>
            db
              .prepare(
                `INSERT INTO sale_lines (id, sale_id, salon_id, position, kind, service_id, stylist_id, name, price_minor, amount_minor, currency, created_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?9, 'GBP', ?10)`,
              )
              .bind(l.id, id, SALON, i + 1, l.service ? 'service' : 'product', l.service, stylist, l.service ? 'Cut' : 'Wax', l.price, t),
          ),
          db
            .prepare(
              `INSERT INTO sale_payments (id, sale_id, salon_id, position, method, amount_minor, currency, status, created_at, updated_at)
               VALUES (?1, ?2, ?3, 1, ?4, ?5, 'GBP', ?6, ?7, ?7)`,
            )
            .bind(payment, id, SALON, isPaid ? 'cash' : 'reader', due, isPaid ? 'succeeded' : 'pending', t),
        ]);
        if (isPaid) paid.push({ id, lines: lines.map((l) => ({ id: l.id, left: l.price })), payment, left: due });
        else open.push(id);
      } else if (op < 0.4 && open.length) {
        // an open sale paid later (the reader's card tapped), or failed (declined, cancelled)
        const id = open.splice(Math.floor(rnd() * open.length), 1)[0]!;
        const t = when();
        const pays = rnd() < 0.6;
        await db.batch([
          db
            .prepare('UPDATE sale_payments SET status = ?2, updated_at = ?3 WHERE sale_id = ?1')
            .bind(id, pays ? 'succeeded' : 'canceled', t),
          db
            .prepare('UPDATE sales SET status = ?2, paid_at = ?3, updated_at = ?4 WHERE id = ?1')
            .bind(id, pays ? 'paid' : 'failed', pays ? t : null, t),
        ]);
        if (pays) {
          const lines = await db
            .prepare('SELECT id, amount_minor FROM sale_lines WHERE sale_id = ?')
            .bind(id)
            .all<{ id: number; amount_minor: number }>();
          const p = (await db
            .prepare('SELECT id, amount_minor FROM sale_payments WHERE sale_id = ?')
            .bind(id)
            .first<{ id: number; amount_minor: number }>())!;
          paid.push({ id, lines: lines.results.map((l) => ({ id: l.id, left: l.amount_minor })), payment: p.id, left: p.amount_minor });
        }
      } else if (op < 0.55 && paid.length) {
        // a refund of part of a line (or the whole line)
        const sale = pick(paid);
        const line = sale.lines.find((l) => l.left > 0);
        if (!line) continue;
        const amount = rnd() < 0.5 ? line.left : Math.ceil(line.left / 2);
        const refund = nextId();
        await db.batch([
          db
            .prepare(
              `INSERT INTO refunds (id, sale_id, salon_id, amount_minor, currency, idempotency_key, request_hash, staff_name, created_at)
               VALUES (?1, ?2, ?3, ?4, 'GBP', ?5, 'h', 'Test', ?6)`,
            )
            .bind(refund, sale.id, SALON, amount, `roll-r-${refund}`, when()),
          db
            .prepare('INSERT INTO refund_lines (refund_id, sale_line_id, salon_id, amount_minor) VALUES (?, ?, ?, ?)')
            .bind(refund, line.id, SALON, amount),
          db
            .prepare(
              `INSERT INTO refund_payments (refund_id, sale_payment_id, salon_id, method, amount_minor, status) VALUES (?, ?, ?, 'cash', ?, 'succeeded')`,
            )
            .bind(refund, sale.payment, SALON, amount),
        ]);
        line.left -= amount;
        sale.left -= amount;
      } else if (op < 0.7 || !appointments.length) {
        // an appointment booked with one or two procedures
        const id = nextId();
        const t = when();
        const procedures = rnd() < 0.5 ? [nextId()] : [nextId(), nextId()];
        await db.batch([
          db
            .prepare(
              `INSERT INTO appointments (id, salon_id, client_id, status, start_at, end_at, created_at, origin) VALUES (?1, ?2, NULL, 'confirmed', ?3, ?4, 0, 'salon')`,
            )
            .bind(id, SALON, t, t + 2 * 3_600_000),
          ...procedures.map((p, i) =>
            db
              .prepare(
                `INSERT INTO appointment_procedures (id, appointment_id, salon_id, service_id, stylist_id, start_at, end_at, price, occupies)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 4000, 1)`,
              )
              .bind(
                p,
                id,
                SALON,
                pick(SERVICES),
                pick(STYLISTS),
                t + i * 3_600_000,
                t + i * 3_600_000 + (30 + Math.floor(rnd() * 60)) * 60_000,
              ),
          ),
        ]);
        appointments.push({ id, procedures });
      } else {
        const a = pick(appointments);
        const what = rnd();
        if (what < 0.4) {
          // moved: to another day (a few hours either way crosses midnight) and maybe another stylist
          const shift = Math.floor((rnd() - 0.5) * 3 * DAY);
          await db
            .prepare(
              'UPDATE appointment_procedures SET start_at = start_at + ?2, end_at = end_at + ?2, stylist_id = ?3 WHERE appointment_id = ?1',
            )
            .bind(a.id, shift, pick(STYLISTS))
            .run();
        } else if (what < 0.7) {
          // cancelled (the procedures stop occupying, as the desk does), or restored
          const row = (await db.prepare('SELECT status FROM appointments WHERE id = ?').bind(a.id).first<{ status: string }>())!;
          const cancel = row.status === 'confirmed';
          await db.batch([
            db.prepare('UPDATE appointments SET status = ?2 WHERE id = ?1').bind(a.id, cancel ? 'cancelled' : 'confirmed'),
            db.prepare('UPDATE appointment_procedures SET occupies = ?2 WHERE appointment_id = ?1').bind(a.id, cancel ? 0 : 1),
          ]);
        } else if (what < 0.85) {
          // a no-show keeps its time booked; a waitlisted one does not
          await db
            .prepare("UPDATE appointments SET status = CASE status WHEN 'waitlist' THEN 'confirmed' ELSE 'waitlist' END WHERE id = ?")
            .bind(a.id)
            .run();
        } else if (a.procedures.length > 1) {
          await db.prepare('DELETE FROM appointment_procedures WHERE id = ?').bind(a.procedures.pop()).run();
        }
      }
    }

    const kept = await rollupRows(db, SALON);
    const [takings, utilisation] = [await report<TakingsReport>('takings'), await report<UtilisationReport>('utilisation')];
    expect(kept.length).toBeGreaterThan(20);
    // the recount: built again from the rows, at the same offset
    await rebuildRollups(db, SALON, OFFSET, Date.now());
    expect(kept).toEqual(await rollupRows(db, SALON));
    expect(await report<TakingsReport>('takings')).toEqual(takings);
    expect(await report<UtilisationReport>('utilisation')).toEqual(utilisation);
    // and cut at London's own midnight (no row read one by one), the reports answer the same
    await rebuildRollups(db, SALON, 0, Date.now());
    expect(await report<TakingsReport>('takings')).toEqual(takings);
    expect(await report<UtilisationReport>('utilisation')).toEqual(utilisation);
    expect(takings.by_day.some((d) => d.amount !== 0)).toBe(true);
  });
});
