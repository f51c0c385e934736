import { fromZonedWall, zonedTime } from '../../shared/zoned-time';
import { REMINDER_OFFSET_MS, type ReminderKind } from '../../shared/console/reminders';

/**
 * When a reminder is due. A kind's time is the start less its real hours (24 h before a 09:00
 * on the day the clocks change is 08:00 or 10:00 the day before on the wall clock). A text never
 * goes in the salon's quiet hours, 21:00 to 08:00 salon time: it goes at 08:00 instead, or, when
 * 08:00 is less than an hour before the appointment, at 20:00 the evening before. That holds
 * whenever a text is sent, late or not: one whose time passed while the cron was not running
 * waits, once quiet hours have begun, until they end (docs/reminders.md).
 */

const HOUR = 3_600_000;
export const QUIET_FROM_HOUR = 21;
export const QUIET_UNTIL_HOUR = 8;
/** The evening-before send time, an hour before quiet hours begin. */
const EVENING_HOUR = 20;

const dayAfter = (date: string, days: number) => {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const at = (date: string, hour: number, timeZone: string) => fromZonedWall(`${date}T${String(hour).padStart(2, '0')}:00:00`, timeZone);

/** Whether an instant is in quiet hours in this timezone. */
export function inQuietHours(instant: number, timeZone: string): boolean {
  const hour = zonedTime(instant, timeZone).hour;
  return hour >= QUIET_FROM_HOUR || hour < QUIET_UNTIL_HOUR;
}

/** When a reminder of this kind is due: `texted` applies quiet hours (an email alone goes at the plain time). */
export function reminderDueAt(startAt: number, kind: ReminderKind, timeZone: string, texted: boolean): number {
  const plain = startAt - REMINDER_OFFSET_MS[kind];
  if (!texted || !inQuietHours(plain, timeZone)) return plain;
  const { date, hour } = zonedTime(plain, timeZone);
  const evening = hour >= QUIET_FROM_HOUR;
  const morning = at(evening ? dayAfter(date, 1) : date, QUIET_UNTIL_HOUR, timeZone);
  if (morning <= startAt - HOUR) return morning;
  return at(evening ? date : dayAfter(date, -1), EVENING_HOUR, timeZone);
}

export interface Remindable {
  startAt: number;
  createdAt: number;
  timeZone: string;
  /** the kinds the salon sends */
  kinds: ReminderKind[];
  /** the kinds already made for this start */
  reminded: ReminderKind[];
  texted: boolean;
}

/**
 * The reminder to make now, if any: the latest kind whose time has come before the start, not
 * made yet, and not due before the booking was made (a booking made 3 hours ahead gets no "24
 * hours before"). An earlier kind whose time has passed while a later one is due too is skipped:
 * one reminder, the nearer one. Nothing is texted in quiet hours: a late one is made at 08:00
 * (when the appointment has not started by then; the run then picks the nearer kind again).
 */
export function reminderDueNow(a: Remindable, now: number): ReminderKind | null {
  if (a.startAt <= now || (a.texted && inQuietHours(now, a.timeZone))) return null;
  const due = a.kinds
    .map((kind) => ({ kind, at: reminderDueAt(a.startAt, kind, a.timeZone, a.texted) }))
    .filter((k) => k.at <= now && k.at >= a.createdAt)
    .sort((x, y) => y.at - x.at)[0];
  return due && !a.reminded.includes(due.kind) ? due.kind : null;
}
