// Many small salons for npm run bench:load, as a few set-based SQL statements (one wrangler run:
// seconds for 1,000 salons, not one INSERT per row). Salon ids start at FIRST_SALON, each with 4
// stylists working Monday to Saturday 09:00-18:00, 3 services (Cut 45 min, Colour 90, Blow Dry
// 30) and `appointments` bookings over the next 14 days, their stylist blocks taken as a booking takes them.

export const FIRST_SALON = 10_001;
export const SERVICES = [
  { k: 0, name: 'Cut', duration: 45 },
  { k: 1, name: 'Colour', duration: 90 },
  { k: 2, name: 'Blow Dry', duration: 30 },
];
/** Salon `s`'s service `k` and stylist `j` (0 to 3) ids. */
export const serviceId = (s, k) => s * 10 + k;
export const stylistId = (s, j) => s * 10 + j;

export function benchSalonsSql(count, appointments = 20, { only = 'all' } = {}) {
  const last = FIRST_SALON + count - 1;
  const midnight = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  // with two databases (bench:load's BENCH_DATABASES=2) the even salons go in one and the odd in the other
  const which = only === 'even' ? 'WHERE s % 2 = 0' : only === 'odd' ? 'WHERE s % 2 = 1' : '';
  const salons = `WITH RECURSIVE n0(s) AS (SELECT ${FIRST_SALON} UNION ALL SELECT s + 1 FROM n0 WHERE s < ${last}), n(s) AS (SELECT s FROM n0 ${which})`;
  const upTo = (name, max) => `${name}(v) AS (SELECT 0 UNION ALL SELECT v + 1 FROM ${name} WHERE v < ${max})`;
  const services = SERVICES.map((s) => `SELECT ${s.k} AS k, '${s.name}' AS name, ${s.duration} AS duration`).join(' UNION ALL ');
  return `
INSERT INTO salons (id, name, admin_key_hash, theme_mode, address_line_1, city, postcode, max_upcoming_online_bookings, max_anonymous_holds)
  ${salons} SELECT s, 'Load salon ' || s, 'x', 'neutral', (s % 300) || ' High Street', 'London', 'N1 1AA', 100, 100 FROM n;
INSERT INTO service_categories (id, salon_id, name) ${salons} SELECT s, s, 'Hair' FROM n;
INSERT INTO services (id, salon_id, category_id, name, position)
  ${salons}, svc AS (${services}) SELECT s * 10 + k, s, s, name, k FROM n, svc;
INSERT INTO stylists (id, salon_id, name, role, position)
  ${salons}, ${upTo('j', 3)} SELECT s * 10 + v, s, 'Stylist ' || (v + 1), '', v FROM n, j;
INSERT INTO stylist_services (stylist_id, service_id, price, duration, processing)
  ${salons}, ${upTo('j', 3)}, svc AS (${services}) SELECT s * 10 + j.v, s * 10 + k, 4000, duration, 0 FROM n, j, svc;
INSERT INTO stylist_hours (stylist_id, weekday, start_min, end_min, breaks)
  ${salons}, ${upTo('j', 3)}, ${upTo('wd', 5)} SELECT s * 10 + j.v, wd.v + 1, 540, 1080, '[[780,810]]' FROM n, j, wd;
INSERT INTO appointments (id, salon_id, start_at, end_at, created_at)
  ${salons}, ${upTo('a', appointments - 1)}, t AS (
    SELECT s, a.v AS a, ${midnight} + ((a.v * 7 + s) % 14) * 86400000 + (540 + ((a.v * 13 + s * 3) % 32) * 15) * 60000 AS start_at FROM n, a)
  SELECT s * 100 + a, s, start_at, start_at + 2700000, 0 FROM t;
INSERT INTO appointment_procedures (appointment_id, salon_id, stylist_id, start_at, end_at)
  SELECT id, salon_id, salon_id * 10 + (id % 4), start_at, end_at FROM appointments WHERE salon_id BETWEEN ${FIRST_SALON} AND ${last};
INSERT OR IGNORE INTO stylist_blocks (stylist_id, block, appointment_id)
  WITH RECURSIVE k(v) AS (SELECT 0 UNION ALL SELECT v + 1 FROM k WHERE v < 8)
  SELECT p.stylist_id, p.start_at / 300000 + k.v, p.appointment_id FROM appointment_procedures p, k
   WHERE p.salon_id BETWEEN ${FIRST_SALON} AND ${last} AND (p.start_at / 300000 + k.v) * 300000 < p.end_at;
`;
}
