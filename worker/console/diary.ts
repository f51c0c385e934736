import type { DiaryAppointment, DiaryDay, DiaryStatus, DiaryWeek, NoShowFeeStatus } from '../../shared/console/diary';
import { addDays, salonDays, wallClockToUtc, type SalonDay } from '../availability/calendar';
import { dayHoursOfRow, workingSpans, type DayHours } from '../../shared/working-hours';
import { listBlocks } from '../db/blocked-times';
import { diaryRows, extraDaysBetween, stylistsWithHours, type DiaryProcedureRow, type DiaryRow, type StylistHoursRow } from '../db/diary';
import { salonById } from '../db/salons';
import { listTimeOff } from '../db/time-off';
import { AppError } from '../errors';
import { blockOut, timeOffOut } from './time-off';

const iso = (ms: number) => new Date(ms).toISOString();

/** What the diary calls an appointment's state: waitlist, unconfirmed, a deposit still to come, paid, or confirmed. */
export function diaryStatus(r: Pick<DiaryRow, 'status' | 'payment_status' | 'open_request'>): DiaryStatus {
  if (r.status === 'cancelled') return 'cancelled';
  if (r.status === 'waitlist') return 'waitlist';
  if (r.status === 'unconfirmed') return 'unconfirmed';
  if (r.status === 'pending' || r.open_request) return 'deposit_pending';
  if (r.payment_status === 'captured') return 'paid';
  return 'confirmed';
}

/** An appointment as the diary shows it. */
export function diaryAppointmentOf(r: DiaryRow, procedures: DiaryProcedureRow[]): DiaryAppointment {
  return {
    id: r.id,
    number: r.number,
    start: iso(r.start_at),
    end: iso(r.end_at),
    status: diaryStatus(r),
    origin: r.origin,
    ...(r.utm_origin === 'google' ? { booked_through: 'google' as const } : {}),
    client: r.client_name || r.client_phone ? { name: r.client_name ?? '', phone: r.client_phone } : null,
    services: procedures
      .filter((p) => p.appointment_id === r.id)
      .map((p) => ({
        name: p.service_name,
        category: p.category_id === null ? null : { id: p.category_id, name: p.category_name ?? '' },
        stylist_id: p.stylist_id,
        start: iso(p.start_at),
        end: iso(p.end_at),
      })),
    price: r.total_price,
    deposit: r.deposit,
    arrived: r.arrived_at !== null,
    no_show: r.no_show_at !== null,
    no_show_fee:
      r.fee_amount !== null
        ? {
            amount: r.fee_amount,
            status: r.fee_status as NoShowFeeStatus,
            failure: r.fee_failure,
            attempts: r.fee_attempt ?? 1,
            can_retry: r.fee_retryable === 1,
          }
        : null,
    ...(r.series_id ? { series_id: r.series_id } : {}),
  };
}

/** A stylist's working hours on a salon day (an extra working day's in place of the weekday's; breaks split them), as instants. */
function hoursOn(rows: StylistHoursRow[], day: SalonDay, off: boolean, extra: DayHours | undefined) {
  const hours = extra ?? dayHoursOfRow(rows.find((r) => r.weekday === day.weekday));
  if (off || !hours) return [];
  return workingSpans(hours).map(([s, e]) => ({ start: iso(wallClockToUtc(day, s)), end: iso(wallClockToUtc(day, e)) }));
}

async function salonOf(db: D1Database, salonId: number) {
  const salon = await salonById(db, salonId);
  if (!salon) throw new AppError('NOT_FOUND', 'Salon not found');
  return salon;
}

/** Groups the stylists' weekly hours rows by stylist, keeping the salon's order; only `only` when given. */
function stylistsOf(rows: StylistHoursRow[], only: number | null) {
  const by = new Map<number, StylistHoursRow[]>();
  for (const r of rows) if (only === null || r.id === only) by.set(r.id, [...(by.get(r.id) ?? []), r]);
  return [...by.values()];
}

/**
 * Salon days from `from`, each as the diary draws it: a column per stylist with their hours, the
 * appointments starting that day (cancelled ones too when `cancelled`, so the desk sees what was
 * freed), and the time off and blocks over it. Read in one round of queries for all the days.
 * `stylistId`: a stylist's own column only.
 */
async function diaryDays(
  db: D1Database,
  q: { salonId: number; from: string; count: number; stylistId: number | null; cancelled: boolean },
): Promise<DiaryDay[]> {
  const salon = await salonOf(db, q.salonId);
  const days = salonDays(q.from, q.count, salon.timezone);
  const [first, last] = [days[0]!, days.at(-1)!];
  const range = { from: first.startUtc, to: last.endUtc, stylistId: q.stylistId ?? undefined };
  const [{ results: hourRows }, { results: extra }, timeOffRows, blockRows, { rows, procedures }] = await Promise.all([
    stylistsWithHours(db, q.salonId),
    extraDaysBetween(db, q.salonId, first.date, last.date),
    listTimeOff(db, q.salonId, range),
    listBlocks(db, q.salonId, range),
    diaryRows(db, { salonId: q.salonId, from: first.startUtc, to: last.endUtc, stylistId: q.stylistId, cancelled: q.cancelled }),
  ]);
  const columns = stylistsOf(hourRows, q.stylistId);
  const shown = new Set(columns.map((hs) => hs[0]!.id));
  // approved time off and blocks: where a stylist is away
  const away = [...timeOffRows.filter((t) => t.status === 'approved'), ...blockRows];
  return days.map((day) => {
    const over = <T extends { stylist_id: number; start_at: number; end_at: number }>(xs: T[]) =>
      xs.filter((x) => shown.has(x.stylist_id) && x.end_at > day.startUtc && x.start_at < day.endUtc);
    // a day wholly in approved time off is a day off: no hours drawn
    const offAllDay = (id: number) => away.some((a) => a.stylist_id === id && a.start_at <= day.startUtc && a.end_at >= day.endUtc);
    const stylists = columns.map((hs) => ({
      id: hs[0]!.id,
      name: hs[0]!.name,
      role: hs[0]!.role,
      hours: hoursOn(hs, day, offAllDay(hs[0]!.id), dayHoursOfRow(extra.find((x) => x.stylist_id === hs[0]!.id && x.date === day.date))),
    }));
    const spansOf = new Map(stylists.map((s) => [s.id, s.hours.map((h) => [Date.parse(h.start), Date.parse(h.end)] as const)]));
    /** a shown stylist's part of the appointment lies in time off or a block, or outside their hours that day */
    const stranded = (a: DiaryAppointment) =>
      a.status !== 'cancelled' &&
      a.status !== 'waitlist' &&
      a.services.some((p) => {
        const spans = spansOf.get(p.stylist_id);
        if (!spans) return false;
        const [s, e] = [Date.parse(p.start), Date.parse(p.end)];
        return (
          !spans.some(([hs, he]) => hs <= s && e <= he) || away.some((x) => x.stylist_id === p.stylist_id && x.start_at < e && x.end_at > s)
        );
      });
    const appointments = rows
      .filter((r) => r.start_at >= day.startUtc && r.start_at < day.endUtc)
      .map((r) => diaryAppointmentOf(r, procedures))
      .map((a) => ({ ...a, stranded: stranded(a) }));
    const starts = [...stylists.flatMap((s) => s.hours.map((h) => Date.parse(h.start))), ...appointments.map((a) => Date.parse(a.start))];
    const ends = [...stylists.flatMap((s) => s.hours.map((h) => Date.parse(h.end))), ...appointments.map((a) => Date.parse(a.end))];
    return {
      date: day.date,
      timezone: salon.timezone,
      currency: salon.currency,
      // a day nobody works is drawn 9 to 6
      opens: iso(starts.length ? Math.min(...starts) : wallClockToUtc(day, 9 * 60)),
      closes: iso(ends.length ? Math.max(...ends) : wallClockToUtc(day, 18 * 60)),
      stylists,
      appointments,
      blocks: over(blockRows).map(blockOut),
      time_off: over(timeOffRows)
        .filter((t) => t.status !== 'declined')
        .map(timeOffOut),
    };
  });
}

/** One salon day (docs/console/desk.md "The diary's calls"). */
export const diaryDay = async (db: D1Database, q: { salonId: number; date: string; stylistId: number | null }): Promise<DiaryDay> =>
  (await diaryDays(db, { ...q, from: q.date, count: 1, cancelled: true }))[0]!;

/** Seven salon days from `from`, each drawn as a day is (cancelled appointments left out). */
export async function diaryWeek(db: D1Database, q: { salonId: number; from: string; stylistId: number | null }): Promise<DiaryWeek> {
  const days = await diaryDays(db, { ...q, count: 7, cancelled: false });
  const { timezone, currency, stylists } = days[0]!;
  return { from: q.from, timezone, currency, stylists: stylists.map(({ id, name }) => ({ id, name })), days };
}

/** The last day of a week list from `from` (for messages). */
export const weekEnd = (from: string) => addDays(from, 6);
