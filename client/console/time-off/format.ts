import type { TimeOff } from '../../../shared/console/time-off';
import { clock, dateIn, shortDay } from '../diary/format';

/**
 * When time off is, in the salon's time: 'Mon 21 Dec', 'Mon 21 Dec – Wed 23 Dec (3 days)' for
 * whole days (midnight to midnight), or 'Mon 21 Dec, 10:00–13:00' for part of a day.
 */
export function whenOf(t: Pick<TimeOff, 'start' | 'end'>, timezone: string): string {
  const first = dateIn(t.start, timezone);
  if (clock(t.start, timezone) === '00:00' && clock(t.end, timezone) === '00:00') {
    const last = dateIn(Date.parse(t.end) - 1, timezone);
    if (last === first) return `${shortDay(first)} (all day)`;
    const days = Math.round((Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / 86_400_000) + 1;
    return `${shortDay(first)} – ${shortDay(last)} (${days} days)`;
  }
  const endDay = dateIn(t.end, timezone);
  if (endDay !== first) return `${shortDay(first)}, ${clock(t.start, timezone)} – ${shortDay(endDay)}, ${clock(t.end, timezone)}`;
  return `${shortDay(first)}, ${clock(t.start, timezone)}–${clock(t.end, timezone)}`;
}
