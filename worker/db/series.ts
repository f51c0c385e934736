import { newId } from './ids';

/** A repeat series' appointment, as moving or cancelling the series needs it. */
export interface SeriesAppointmentRow {
  id: number;
  start_at: number;
  end_at: number;
  status: string;
}

/** The INSERT of a series' row: the appointments of the same batch after it name it (`inSeries`, db/appointments.ts). */
export const insertSeries = (db: D1Database, s: { salonId: number; everyWeeks: number; now: number }) =>
  db
    .prepare(
      `INSERT INTO appointment_series (id, salon_id, every_weeks, created_at) VALUES (${newId('appointment_series')}, ?, ?, ?) RETURNING id`,
    )
    .bind(s.salonId, s.everyWeeks, s.now);

/** The series' appointments not cancelled, starting at `from` or later, in order; none when the series is another salon's. */
export async function seriesAppointments(db: D1Database, salonId: number, seriesId: number, from: number): Promise<SeriesAppointmentRow[]> {
  const { results } = await db
    .prepare(
      `SELECT a.id, a.start_at, a.end_at, a.status FROM appointments a
        WHERE a.series_id = ?1 AND a.salon_id = ?2 AND a.start_at >= ?3 AND a.status <> 'cancelled' ORDER BY a.start_at`,
    )
    .bind(seriesId, salonId, from)
    .all<SeriesAppointmentRow>();
  return results;
}

/** Whether the series is the salon's. */
export const isSalonSeries = async (db: D1Database, salonId: number, seriesId: number) =>
  (await db.prepare('SELECT 1 FROM appointment_series WHERE id = ? AND salon_id = ?').bind(seriesId, salonId).first()) !== null;
