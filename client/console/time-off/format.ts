import type { TimeOff, TimeOffStatus } from '../../../shared/console/time-off';
import { clock, dateIn, shortDay } from '../lib/format';

/** A stretch of time off's state, in words (with a colour that reads at 4.5:1 on the console's surfaces: never the only sign). */
export const TIME_OFF_STATUS_LOOK: Record<TimeOffStatus, { label: string; colour: string }> = {
  requested: { label: 'Asked for, waiting', colour: '#92400e' },
  approved: { label: 'Approved', colour: '#166534' },
  declined: { label: 'Declined', colour: '#4b5563' },
};

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
