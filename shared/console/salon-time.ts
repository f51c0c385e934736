import { fromZonedWall } from '../zoned-time';

/**
 * A wall-clock time in the salon's timezone ('2026-12-29T10:30', as a datetime-local field gives
 * it) as the instant it is there, in ISO form: the salon's offset on that day, whatever the
 * browser's own timezone, so a time typed at the desk is the salon's across clock changes. ''
 * when the text is not such a time.
 */
export function salonTimeToIso(local: string, timeZone: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local)) return '';
  try {
    const instant = fromZonedWall(`${local}:00`, timeZone);
    return Number.isNaN(instant) ? '' : new Date(instant).toISOString();
  } catch {
    return ''; // an unknown timezone
  }
}
