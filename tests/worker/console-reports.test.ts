import { fromZonedTime, formatInTimeZone } from 'date-fns-tz';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ClientsReport, TakingsReport, UtilisationReport } from '../../shared/console/reports';
import { consoleCall, STAFF, staffLogin } from './console-helpers';
import { dbOf } from './salon-db';

/**
 * Reports (docs/console/reports.md): a month of known sales in two salons and two currencies
 * (salon 1, GBP, Europe/London; salon 3, USD, America/New_York), March 2025, across both zones'
 * clock changes (New York on the 9th, London on the 30th). Every total is checked to the penny
 * against the rows the test wrote, each sale's day taken in the salon's own zone.
 */

const MONTH = { from: '2025-03-01', to: '2025-03-31' };
const METHODS = ['card_on_file', 'reader', 'cash', 'voucher', 'card_elsewhere'] as const;

interface Salon {
  id: number;
  tz: string;
  currency: string;
  stylists: number[];
  services: number[];
}
const SALONS: Salon[] = [
  { id: 1, tz: 'Europe/London', currency: 'GBP', stylists: [1, 2, 3, 4], services: [1, 2, 4, 8] },
  { id: 3, tz: 'America/New_York', currency: 'USD', stylists: [6], services: [12] },
];

const at = (local: string, tz: string) => fromZonedTime(local, tz).getTime();
const dayIn = (ms: number, tz: string) => formatInTimeZone(ms, tz, 'yyyy-MM-dd');

/** What the test wrote, summed its own way. */
interface Expected {
  total: number;
  tips: number;
  byMethod: Record<string, number>;
  byDay: Record<string, number>;
  byStylist: Record<number, number>;
  byService: Record<string, number>;
  tipsByStylist: Record<number, number>;
  deposits: number;
  noShowFees: number;
  vouchersSold: number;
  vouchersRedeemed: number;
  refunds: number;
}
const add = (o: Record<string | number, number>, k: string | number, v: number) => (o[k] = (o[k] ?? 0) + v);

let ids = 910_000;
const nextId = () => ++ids;

/** A month of sales for one salon: 3 a day at set local times, and the edges of the clock change's day. */
async function writeMonth(s: Salon): Promise<Expected> {
  const db = await dbOf(s.id);
  const e: Expected = {
    total: 0,
    tips: 0,
    byMethod: {},
    byDay: {},
    byStylist: {},
    byService: {},
    tipsByStylist: {},
    deposits: 0,
    noShowFees: 0,
    vouchersSold: 0,
    vouchersRedeemed: 0,
    refunds: 0,
  };
  const stmts: D1PreparedStatement[] = [];
  const times: string[] = [];
  for (let d = 1; d <= 31; d++) {
    const date = `2025-03-${String(d).padStart(2, '0')}`;
    times.push(`${date}T00:30:00`, `${date}T12:15:00`, `${date}T23:30:00`);
  }
  // and the edge of the month: the last minutes of February and the first of April belong to neither
  const outside = [at('2025-02-28T23:59:00', s.tz), at('2025-04-01T00:00:00', s.tz)];
  let n = 0;
  const sale = (paidAt: number, status: 'paid' | 'open' | 'failed', counted: boolean) => {
    n++;
    const saleId = nextId();
    const stylist = s.stylists[n % s.stylists.length]!;
    const service = s.services[n % s.services.length]!;
    const price = 1000 + ((n * 137) % 9000);
    const product = n % 4 === 0 ? 850 : 0;
    const subtotal = price + product;
    const discount = n % 5 === 0 ? Math.round(subtotal / 10) : 0;
    const tip = n % 3 === 0 ? 100 * (n % 7) : 0;
    const total = subtotal - discount + tip;
    const paidBefore = n % 6 === 0 ? Math.min(500, subtotal - discount) : 0;
    const due = total - paidBefore;
    const lineDiscount = product ? Math.round((discount * price) / subtotal) : discount;
    const lines = [{ kind: 'service', service, name: 'Service', price, discount: lineDiscount }];
    if (product) lines.push({ kind: 'product', service: 0, name: '=HYPERLINK("x")', price: product, discount: discount - lineDiscount });
    const method = METHODS[n % METHODS.length]!;
    // a mix: cash for the first part of some sales
    const payments =
      due > 0 && n % 4 === 1 && due > 300
        ? [
            { method: 'cash', amount: 300 },
            { method, amount: due - 300 },
          ]
        : due > 0
          ? [{ method, amount: due }]
          : [];
    stmts.push(
      db
        .prepare(
          `INSERT INTO sales (id, salon_id, status, currency, subtotal_minor, discount_minor, tip_minor, tip_stylist_id, paid_before_minor,
                              total_minor, due_minor, idempotency_key, request_hash, staff_name, created_at, paid_at, updated_at)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, 'h', 'Test', ?13, ?14, ?13)`,
        )
        .bind(
          saleId,
          s.id,
          status,
          s.currency,
          subtotal,
          discount,
          tip,
          tip ? stylist : null,
          paidBefore,
          total,
          due,
          `k-${saleId}`,
          paidAt - 60_000,
          status === 'paid' ? paidAt : null,
        ),
    );
    lines.forEach((l, i) => {
      const amount = l.price - l.discount;
      stmts.push(
        db
          .prepare(
            `INSERT INTO sale_lines (id, sale_id, salon_id, position, kind, service_id, stylist_id, name, price_minor, discount_minor, amount_minor, currency, created_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)`,
          )
          .bind(nextId(), saleId, s.id, i + 1, l.kind, l.service || null, stylist, l.name, l.price, l.discount, amount, s.currency, paidAt),
      );
      if (counted) {
        add(e.byStylist, stylist, amount);
        add(e.byService, l.service ? String(l.service) : l.name, amount);
      }
    });
    payments.forEach((p, i) => {
      stmts.push(
        db
          .prepare(
            `INSERT INTO sale_payments (id, sale_id, salon_id, position, method, amount_minor, currency, status, created_at, updated_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?9)`,
          )
          .bind(nextId(), saleId, s.id, i + 1, p.method, p.amount, s.currency, status === 'paid' ? 'succeeded' : 'failed', paidAt),
      );
      if (counted) {
        add(e.byMethod, p.method, p.amount);
        add(e.byDay, dayIn(paidAt, s.tz), p.amount);
        e.total += p.amount;
      }
    });
    if (counted && tip) {
      e.tips += tip;
      add(e.tipsByStylist, stylist, tip);
    }
    return { saleId, lines, stylist, tip };
  };
  const sold: { saleId: number; stylist: number; tip: number; lineId?: number }[] = [];
  for (const t of times) sold.push(sale(at(t, s.tz), 'paid', true));
  for (const t of outside) sale(t, 'paid', false);
  sale(at('2025-03-15T12:00:00', s.tz), 'failed', false);
  sale(at('2025-03-16T12:00:00', s.tz), 'open', false);
  await db.batch(stmts);

  // a refund in the month of one line and part of the tip of a sale paid in it, back to its first payment
  const refunded = sold.find((x) => x.tip > 0)!;
  const line = await db
    .prepare('SELECT id, amount_minor FROM sale_lines WHERE sale_id = ? ORDER BY position LIMIT 1')
    .bind(refunded.saleId)
    .first<{ id: number; amount_minor: number }>();
  const payment = await db
    .prepare('SELECT id, method, amount_minor FROM sale_payments WHERE sale_id = ? ORDER BY position LIMIT 1')
    .bind(refunded.saleId)
    .first<{ id: number; method: string; amount_minor: number }>();
  // late on London's clock change day (22:45 UTC there)
  const refundAt = at('2025-03-30T23:45:00', s.tz);
  const tipBack = Math.min(100, refunded.tip);
  const back = Math.min(line!.amount_minor, payment!.amount_minor - tipBack);
  const refundId = nextId();
  await db.batch([
    db
      .prepare(
        `INSERT INTO refunds (id, sale_id, salon_id, amount_minor, tip_minor, currency, idempotency_key, request_hash, staff_name, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 'h', 'Test', ?8)`,
      )
      .bind(refundId, refunded.saleId, s.id, back + tipBack, tipBack, s.currency, `r-${refundId}`, refundAt),
    db
      .prepare('INSERT INTO refund_lines (refund_id, sale_line_id, salon_id, amount_minor) VALUES (?, ?, ?, ?)')
      .bind(refundId, line!.id, s.id, back),
    db
      .prepare(
        `INSERT INTO refund_payments (refund_id, sale_payment_id, salon_id, method, amount_minor, status) VALUES (?, ?, ?, ?, ?, 'succeeded')`,
      )
      .bind(refundId, payment!.id, s.id, payment!.method, back + tipBack),
  ]);
  e.refunds += back + tipBack;
  e.total -= back + tipBack;
  add(e.byDay, dayIn(refundAt, s.tz), -(back + tipBack));
  add(e.byStylist, refunded.stylist, -back);
  const svc = await db
    .prepare('SELECT service_id, name FROM sale_lines WHERE id = ?')
    .bind(line!.id)
    .first<{ service_id: number | null; name: string }>();
  add(e.byService, svc!.service_id ? String(svc!.service_id) : svc!.name, -back);
  e.tips -= tipBack;
  add(e.tipsByStylist, refunded.stylist, -tipBack);

  // a deposit paid online with a booking (on the clock change's day), one given back, a no-show fee, a voucher sold and redeemed
  const depositAt = at('2025-03-30T00:15:00', s.tz);
  const apptA = nextId();
  const apptB = nextId();
  const voucherId = nextId();
  await db.batch([
    db
      .prepare(
        `INSERT INTO appointments (id, salon_id, client_id, status, start_at, end_at, created_at, deposit, payment_status, origin)
         VALUES (?1, ?2, NULL, 'confirmed', ?3, ?3 + 3600000, ?4, 1500, 'captured', 'online')`,
      )
      .bind(apptA, s.id, at('2025-06-01T10:00:00', s.tz), depositAt),
    db
      .prepare(
        `INSERT INTO appointments (id, salon_id, client_id, status, start_at, end_at, created_at, deposit, payment_status, origin, cancelled_at, cancelled_from)
         VALUES (?1, ?2, NULL, 'cancelled', ?3, ?3 + 3600000, ?4, 2000, 'refunded', 'online', ?5, 'confirmed')`,
      )
      .bind(apptB, s.id, at('2025-06-02T10:00:00', s.tz), at('2025-02-10T10:00:00', s.tz), at('2025-03-12T09:00:00', s.tz)),
    db
      .prepare(
        `INSERT INTO no_show_fees (appointment_id, salon_id, client_id, amount, currency, status, created_at, updated_at)
         VALUES (?1, ?2, 'c', 2500, ?3, 'paid', ?4, ?4)`,
      )
      .bind(apptA, s.id, s.currency, at('2025-03-20T18:00:00', s.tz)),
    db
      .prepare(
        `INSERT INTO voucher_purchases (session_id, salon_id, amount_minor, currency, purchaser_email, validity_months, created_at)
         VALUES (?1, ?2, 5000, ?3, 'a@b.test', 12, ?4)`,
      )
      .bind(`cs_${voucherId}`, s.id, s.currency, at('2025-03-03T10:00:00', s.tz)),
    db
      .prepare(
        `INSERT INTO vouchers (id, session_id, salon_id, code, amount_minor, currency, expiry_date, purchaser_email, issued_at)
         VALUES (?1, ?2, ?3, ?4, 5000, ?5, '2026-03-03', 'a@b.test', ?6)`,
      )
      .bind(voucherId, `cs_${voucherId}`, s.id, `RPT${voucherId}`, s.currency, at('2025-03-03T10:00:00', s.tz)),
    db
      .prepare(
        `INSERT INTO voucher_redemptions (id, voucher_id, salon_id, amount_minor, balance_minor, staff_name, till_key, created_at)
         VALUES (?1, ?2, ?3, 1200, 3800, 'Test', 'till-1', ?4)`,
      )
      .bind(nextId(), voucherId, s.id, at('2025-03-21T11:00:00', s.tz)),
  ]);
  e.deposits += 1500;
  e.total += 1500;
  add(e.byDay, dayIn(depositAt, s.tz), 1500);
  e.refunds += 2000;
  e.total -= 2000;
  add(e.byDay, '2025-03-12', -2000);
  e.noShowFees += 2500;
  e.total += 2500;
  add(e.byDay, '2025-03-20', 2500);
  e.vouchersSold += 5000;
  e.vouchersRedeemed += 1200;
  return e;
}

const expected: Record<number, Expected> = {};
let owner: string;
let owner3: string;
let stylist: string;
beforeAll(async () => {
  for (const s of SALONS) expected[s.id] = await writeMonth(s);
  owner = (await staffLogin(STAFF.groupOwner)).access_token;
  owner3 = (await staffLogin(STAFF.owner3)).access_token;
  stylist = (await staffLogin(STAFF.stylist1)).access_token;
});

const report = async <T>(salon: number, name: string, token: string, q: Record<string, string> = MONTH, accept = 'application/json') => {
  const res = await consoleCall(`/api/console/salons/${salon}/reports/${name}?${new URLSearchParams(q)}`, token, {
    headers: { Accept: accept },
  });
  return { res, body: (res.headers.get('Content-Type')?.startsWith('application/json') ? await res.json() : await res.text()) as T };
};

const sorted = (o: Record<string | number, number>) =>
  Object.entries(o)
    .filter(([, v]) => v !== 0)
    .sort(([a], [b]) => a.localeCompare(b));

describe('takings reconcile with the rows they sum, to the penny', () => {
  for (const s of SALONS) {
    it(`salon ${s.id} (${s.currency}, ${s.tz}): every figure of March 2025`, async () => {
      const { res, body: r } = await report<TakingsReport>(s.id, 'takings', s.id === 1 ? owner : owner3);
      expect(res.status).toBe(200);
      const e = expected[s.id]!;
      expect(r.currency).toBe(s.currency);
      expect(r.scope).toBe('salon');
      expect(r.total).toBe(e.total);
      expect(r.tips).toBe(e.tips);
      expect(r.deposits).toBe(e.deposits);
      expect(r.no_show_fees).toBe(e.noShowFees);
      expect(r.vouchers_sold).toBe(e.vouchersSold);
      expect(r.vouchers_redeemed).toBe(e.vouchersRedeemed);
      expect(r.refunds).toBe(e.refunds);
      expect(sorted(Object.fromEntries(r.by_method.map((m) => [m.method, m.amount])))).toEqual(sorted(e.byMethod));
      expect(r.by_day).toHaveLength(31);
      expect(sorted(Object.fromEntries(r.by_day.map((d) => [d.date, d.amount])))).toEqual(sorted(e.byDay));
      expect(sorted(Object.fromEntries(r.by_stylist.map((x) => [x.id!, x.amount])))).toEqual(sorted(e.byStylist));
      expect(sorted(Object.fromEntries(r.by_service.map((x) => [x.id === null ? x.name : String(x.id), x.amount])))).toEqual(
        sorted(e.byService),
      );
      expect(sorted(Object.fromEntries(r.tips_by_stylist.map((x) => [x.id!, x.amount])))).toEqual(sorted(e.tipsByStylist));
      // the invariants a reader relies on
      expect(r.by_day.reduce((n, d) => n + d.amount, 0)).toBe(r.total);
      expect(r.by_method.reduce((n, m) => n + m.amount, 0) + r.deposits + r.no_show_fees - r.refunds).toBe(r.total);
      expect(r.tips_by_stylist.reduce((n, t) => n + t.amount, 0)).toBe(r.tips);
      // a whole month is compared with the month before, which had the one sale of 28 February at 23:59
      expect(r.previous).toMatchObject({ from: '2025-02-01', to: '2025-02-28' });
      expect(r.previous.total).toBeGreaterThan(0);
    });
  }

  it('a sale at 00:30 on the clock change day and one at 23:30 count on their own local days', async () => {
    const { body: r } = await report<TakingsReport>(1, 'takings', owner, { from: '2025-03-30', to: '2025-03-31' });
    const e = expected[1]!;
    expect(r.by_day).toEqual([
      { date: '2025-03-30', amount: e.byDay['2025-03-30'] },
      { date: '2025-03-31', amount: e.byDay['2025-03-31'] },
    ]);
  });

  it('a stylist sees their own lines and tips only', async () => {
    const { res, body: r } = await report<TakingsReport>(1, 'takings', stylist);
    expect(res.status).toBe(200);
    expect(r.scope).toBe('stylist');
    expect(r.by_method).toEqual([]);
    expect(r.by_stylist.map((x) => x.id)).toEqual([3]);
    expect(r.by_stylist[0]!.amount).toBe(expected[1]!.byStylist[3]);
    expect(r.tips).toBe(expected[1]!.tipsByStylist[3] ?? 0);
    expect(r.total).toBe(expected[1]!.byStylist[3]! + (expected[1]!.tipsByStylist[3] ?? 0));
    expect(r.deposits + r.no_show_fees + r.refunds + r.vouchers_sold).toBe(0);
  });

  it('answers CSV with formulas neutralised', async () => {
    const { res, body } = await report<string>(1, 'takings', owner, MONTH, 'text/csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/csv/);
    expect(res.headers.get('Content-Disposition')).toBe('attachment; filename="takings-2025-03-01-to-2025-03-31.csv"');
    const lines = body.split('\r\n');
    expect(lines[0]).toBe('section,key,name,amount');
    expect(lines[1]).toBe(`total,total,,${expected[1]!.total}`);
    expect(body).toContain(`by_service,,"'=HYPERLINK(""x"")",`);
    expect(body).not.toMatch(/,=HYPERLINK/);
  });
});

describe('the period asked', () => {
  it.each([
    [{ to: '2025-03-31' }, 'from'],
    [{ from: '2025-02-30', to: '2025-03-31' }, 'from'],
    [{ from: '2025-03-31', to: '2025-03-01' }, 'to'],
    [{ from: '2024-01-01', to: '2025-01-01' }, 'to'],
  ])('%j answers 400 naming %s', async (q, field) => {
    const { res, body } = await report<{ field: string }>(1, 'utilisation', owner, q as Record<string, string>);
    expect(res.status).toBe(400);
    expect(body.field).toBe(field);
  });

  it('takes a whole year (366 days)', async () => {
    const { res } = await report(1, 'clients', owner, { from: '2024-01-01', to: '2024-12-31' });
    expect(res.status).toBe(200);
  });
});

describe('utilisation', () => {
  it('is booked over working minutes, working time from the hours less time off and blocks, on the clock change day too', async () => {
    const db = await dbOf(1);
    // Chloe (3) works Sundays 10:00-16:00 (360 minutes); on Sunday 30 March 2025 London's clocks go forward at 01:00
    const appt = nextId();
    await db.batch([
      db
        .prepare(
          `INSERT INTO time_off (id, salon_id, stylist_id, start_at, end_at, reason, status, requested_by, created_at, updated_at)
           VALUES (?1, 1, 3, ?2, ?3, 'other', 'approved', 'test', 0, 0)`,
        )
        .bind(nextId(), at('2025-03-30T12:00:00', 'Europe/London'), at('2025-03-30T13:00:00', 'Europe/London')),
      db
        .prepare(
          `INSERT INTO blocked_times (id, salon_id, stylist_id, start_at, end_at, reason, created_by, updated_by, created_at, updated_at)
           VALUES (?1, 1, 3, ?2, ?3, 'Training', 'test', 'test', 0, 0)`,
        )
        .bind(nextId(), at('2025-03-30T12:30:00', 'Europe/London'), at('2025-03-30T13:30:00', 'Europe/London')),
      db
        .prepare(
          `INSERT INTO appointments (id, salon_id, client_id, status, start_at, end_at, created_at, origin) VALUES (?1, 1, 'u-1', 'confirmed', ?2, ?3, 0, 'online')`,
        )
        .bind(appt, at('2025-03-30T10:00:00', 'Europe/London'), at('2025-03-30T11:00:00', 'Europe/London')),
      db
        .prepare(
          `INSERT INTO appointment_procedures (id, appointment_id, salon_id, service_id, stylist_id, start_at, end_at, price, occupies)
           VALUES (?1, ?2, 1, 1, 3, ?3, ?4, 5200, 1)`,
        )
        .bind(nextId(), appt, at('2025-03-30T10:00:00', 'Europe/London'), at('2025-03-30T10:45:00', 'Europe/London')),
    ]);
    const { body: r } = await report<UtilisationReport>(1, 'utilisation', owner, { from: '2025-03-30', to: '2025-03-30' });
    const chloe = r.stylists.find((s) => s.id === 3)!;
    expect(chloe).toEqual({ id: 3, name: 'Chloe Price', booked_minutes: 45, working_minutes: 360 - 90, utilisation: 0.1667 });
    // Amelia (1) does not work Sundays
    expect(r.stylists.find((s) => s.id === 1)).toMatchObject({ working_minutes: 0, utilisation: null });
    expect(r.by_day).toEqual([
      { date: '2025-03-30', booked_minutes: r.booked_minutes, working_minutes: r.working_minutes, utilisation: r.utilisation },
    ]);

    // a stylist sees their own column only
    const mine = await report<UtilisationReport>(1, 'utilisation', stylist, { from: '2025-03-30', to: '2025-03-30' });
    expect(mine.body.stylists.map((s) => s.id)).toEqual([3]);

    // a week of Amelia's: Tue-Sat 9:00-17:30 less 30 minutes, 480 a day, whatever the clock does
    const week = await report<UtilisationReport>(1, 'utilisation', owner, { from: '2025-03-24', to: '2025-03-30' });
    expect(week.body.stylists.find((s) => s.id === 1)!.working_minutes).toBe(5 * 480);

    const csv = await report<string>(1, 'utilisation', owner, { from: '2025-03-30', to: '2025-03-30' }, 'text/csv');
    expect(csv.body).toContain('stylist,3,Chloe Price,45,270,0.1667');
  });
});

describe('clients', () => {
  it('new and returning, rebooked within 6 weeks, no-shows, late cancellations and channels', async () => {
    const db = await dbOf(3);
    const ny = (t: string) => at(t, 'America/New_York');
    const rows: [string | null, string | null, string, string, Partial<{ no_show: boolean; cancelled: number; key: string }>][] = [
      // an old client: a visit in January, one in March (returning), the next within six weeks (rebooked)
      ['old-client', null, 'online', '2025-01-10T10:00:00', {}],
      ['old-client', null, 'online', '2025-03-05T10:00:00', {}],
      ['old-client', null, 'salon', '2025-04-10T10:00:00', {}],
      // a new client by phone at the desk, whose next visit is more than six weeks on
      [null, '+12125550100', 'salon', '2025-03-06T10:00:00', {}],
      [null, '+12125550100', 'salon', '2025-05-30T10:00:00', {}],
      // a no-show, and a cancellation two hours before (inside the salon's 24 hours)
      ['no-show', null, 'online', '2025-03-07T10:00:00', { no_show: true }],
      ['late', null, 'salon', '2025-03-08T10:00:00', { cancelled: 2 }],
      // a deposit request's appointment
      ['requested', null, 'salon', '2025-03-12T10:00:00', { key: 'invite-abc' }],
    ];
    await db.batch(
      rows.map(([client, phone, origin, local, o]) =>
        db
          .prepare(
            `INSERT INTO appointments (id, salon_id, client_id, client_phone, status, start_at, end_at, created_at, origin, no_show_at, cancelled_at, cancelled_from, idempotency_key)
             VALUES (?1, 3, ?2, ?3, ?4, ?5, ?5 + 3600000, 0, ?6, ?7, ?8, ?9, ?10)`,
          )
          .bind(
            nextId(),
            client,
            phone,
            o.cancelled ? 'cancelled' : 'confirmed',
            ny(local),
            origin,
            o.no_show ? ny(local) : null,
            o.cancelled ? ny(local) - o.cancelled * 3_600_000 : null,
            o.cancelled ? 'confirmed' : null,
            o.key ?? null,
          ),
      ),
    );
    const { res, body: r } = await report<ClientsReport>(3, 'clients', owner3);
    expect(res.status).toBe(200);
    expect(r).toMatchObject({
      clients: 3,
      new_clients: 2,
      returning_clients: 1,
      visits: 3,
      rebooked_visits: 1,
      rebooking_rate: 0.3333,
      booked: 5,
      no_shows: 1,
      no_show_rate: 0.2,
      late_cancellations: 1,
      late_cancellation_rate: 0.2,
    });
    expect(Object.fromEntries(r.channels.map((c) => [c.channel, c.appointments]))).toEqual({
      online: 2,
      desk: 2,
      deposit_request: 1,
      rebooking_link: 0,
      import: 0,
    });
    expect(r.previous).toMatchObject({ from: '2025-02-01', to: '2025-02-28', visits: 0 });
  });
});
