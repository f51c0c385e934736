/**
 * An instant read on a salon's wall clock, through the platform's Intl with the salon's IANA
 * timezone (correct across clock changes), in the English words the product's texts use: the
 * weekday and month names as en-US gives them ("Wednesday", "September"), their first three
 * letters as the short forms ("Wed", "Sep"), hours 00-23. The Worker's texts read times with it
 * rather than date-fns' `format`, whose pattern engine and English locale weighed 5 KB gzip.
 */
export interface ZonedTime {
  /** 'yyyy-MM-dd' on the salon's calendar */
  date: string;
  /** 'HH:mm', 00:00-23:59 */
  time: string;
  hour: number;
  year: number;
  day: number;
  /** 'Wednesday' */
  weekday: string;
  /** 'December' */
  month: string;
}

/** The weekdays as `weekday` names them, Sunday first. */
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      weekday: 'long',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, f);
  }
  return f;
}

/**
 * The instant (ms or a Date) on the salon's wall clock, with one formatter per timezone (making
 * one costs far more than using it). Throws a RangeError for an unknown timezone.
 */
export function zonedTime(t: number | Date, timeZone: string): ZonedTime {
  const p: Record<string, string> = {};
  for (const part of formatOf(timeZone).formatToParts(t)) p[part.type] = part.value;
  const year = Number(p.year);
  const month = p.month ?? '';
  const day = Number(p.day);
  const hour = Number(p.hour) % 24;
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    date: `${year}-${pad(MONTHS.indexOf(month) + 1)}-${pad(day)}`,
    time: `${pad(hour)}:${p.minute ?? '00'}`,
    hour,
    year,
    day,
    weekday: p.weekday ?? '',
    month,
  };
}

/** 'Wed 2 Dec' */
export const shortDayOf = (z: ZonedTime) => `${z.weekday.slice(0, 3)} ${z.day} ${z.month.slice(0, 3)}`;
/** 'Wednesday 2 December' */
export const longDayOf = (z: ZonedTime) => `${z.weekday} ${z.day} ${z.month}`;
/** 'Wed 2 Dec at 10:30', the waitlist's offers and outcomes */
export const shortWhenOf = (t: number | Date, timeZone: string) => {
  const z = zonedTime(t, timeZone);
  return `${shortDayOf(z)} at ${z.time}`;
};

/** The timezone's offset from UTC at an instant (ms, east positive), to the minute. */
function offsetAt(t: number, timeZone: string): number {
  const z = zonedTime(t, timeZone);
  const [y, m, d] = z.date.split('-').map(Number) as [number, number, number];
  const minute = Math.floor(t / 60_000) * 60_000;
  return Date.UTC(y, m - 1, d, z.hour, Number(z.time.slice(3))) - minute;
}

/**
 * The instant (epoch ms) a wall-clock time is on the salon's calendar ('2026-12-29T10:30:00' in
 * 'Europe/London'), through Intl as zonedTime reads it, whatever the machine's own timezone; NaN
 * for a text that is not such a time. A time that does not exist (the hour the clocks skip) or
 * exists twice (the hour they repeat) is resolved as date-fns-tz's `fromZonedTime` resolves it,
 * whose place this takes (tests/unit/zoned-time.test.ts compares the two across clock changes):
 * the offset at the wall time read as UTC, corrected once, and the larger of two when they differ.
 * Throws a RangeError for an unknown timezone, as zonedTime does.
 */
export function fromZonedWall(local: string, timeZone: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local);
  if (!m) return NaN;
  const [y, mo, d, h, mi, s] = m.slice(1).map((v) => Number(v ?? 0)) as [number, number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  // a day, hour or minute out of its range ('2026-13-45T99:99') is no time, rather than the next month's
  if (new Date(wall).toISOString().slice(0, 19) !== (m[6] ? local : `${local}:00`)) return NaN;
  const first = offsetAt(wall, timeZone);
  const second = offsetAt(wall - first, timeZone);
  if (second === first) return wall - first;
  const third = offsetAt(wall - second, timeZone);
  return wall - (third === second ? second : Math.max(second, third));
}
