import { BUSY_LOOKBACK_MS } from '../../shared/availability-messages';
import type { WeekMinutes } from '../../shared/opening-hours';
import type { DayHours } from '../../shared/working-hours';
import { MINUTE, type SalonDay, wallClockToUtc } from './calendar';

/** A day's working hours in local wall-clock minutes, with any number of breaks. */
export type WorkingHours = DayHours;

/** What the engine knows of one stylist: hours by weekday, busy intervals and absence (UTC ms). */
export interface StylistCalendar {
  id: number;
  hours: (WorkingHours | undefined)[];
  /** extra working days by local date: these hours replace the weekday's (a day wholly away still has none) */
  extraDays?: ReadonlyMap<string, WorkingHours>;
  /** appointments and others' holds, sorted by start (each shorter than BUSY_LOOKBACK_MS) */
  busy: ReadonlyArray<readonly [number, number]>;
  /**
   * approved time off and blocked time, sorted and disjoint (mergeIntervals), of any length: busy
   * even for the waitlist, which ignores appointments but not absence (docs/console/time-off.md)
   */
  away: ReadonlyArray<readonly [number, number]>;
}

/** Sorts intervals and merges those that overlap or touch: sorted by start and by end alike. */
export function mergeIntervals(intervals: Iterable<readonly [number, number]>): [number, number][] {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [s, e] of sorted) {
    const last = out.at(-1);
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

/** Index of the first absence that ends after `from` (absence is disjoint, so sorted by end too). */
function firstAwayIndex(away: StylistCalendar['away'], from: number): number {
  let lo = 0;
  let hi = away.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (away[mid]![1] <= from) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** One service of the booking, in order, with who may perform it and how long it takes them. */
export interface ServiceStep {
  serviceId: number;
  options: ReadonlyMap<number, { duration: number; processing: number }>;
}

export interface AvailabilityRequest {
  steps: ServiceStep[];
  stylists: ReadonlyMap<number, StylistCalendar>;
  /** book_ncob_with_same: later services go to the first service's stylist where they perform them */
  sameStylist: boolean;
  intervalMin: number;
  /** the earliest start (UTC ms): now, or 48 hours after a patch test */
  notBefore: number;
  /** waitlist: working hours count, existing appointments do not */
  ignoreBusy: boolean;
  /**
   * the salon's opening hours, [open, close) wall-clock minutes by weekday (Sunday first): each
   * service, processing included, lies inside one opening; undefined or null: the stylists' hours only
   */
  openings?: WeekMinutes | null;
}

export interface Slot {
  utc: number;
  /** how many stylists can take the first service at this time, with the rest of the booking fitting after */
  count: number;
}

const BLOCK_MIN = 5;
const BLOCK = BLOCK_MIN * MINUTE;
const blocks = (minutes: number) => Math.ceil(minutes / BLOCK_MIN);

/** Index of the first busy interval that may touch `from` (intervals are shorter than BUSY_LOOKBACK_MS: a day). */
function firstBusyIndex(busy: StylistCalendar['busy'], from: number): number {
  let lo = 0;
  let hi = busy.length;
  const key = from - BUSY_LOOKBACK_MS;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (busy[mid]![0] < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * For each 5-minute block of the day, how many consecutive free blocks a stylist has from it
 * (0 when not working, on a break or busy). Checking "free for d minutes at b" is then O(1).
 */
export function freeRuns(day: SalonDay, cal: StylistCalendar, ignoreBusy: boolean): Int16Array | null {
  const hours = cal.extraDays?.get(day.date) ?? cal.hours[day.weekday];
  if (!hours) return null;
  const firstAway = firstAwayIndex(cal.away, day.startUtc);
  const whole = cal.away[firstAway];
  // a day wholly away (a day off, a holiday) has no free time at all
  if (whole && whole[0] <= day.startUtc && whole[1] >= day.endUtc) return null;
  const n = Math.round((day.endUtc - day.startUtc) / BLOCK);
  const free = new Uint8Array(n);
  const toBlock = (utc: number) => Math.min(n, Math.max(0, (utc - day.startUtc) / BLOCK));
  const open = Math.ceil(toBlock(wallClockToUtc(day, hours.start)));
  const close = Math.floor(toBlock(wallClockToUtc(day, hours.end)));
  free.fill(1, open, close);
  for (const [from, to] of hours.breaks) {
    free.fill(0, Math.floor(toBlock(wallClockToUtc(day, from))), Math.ceil(toBlock(wallClockToUtc(day, to))));
  }
  if (!ignoreBusy) {
    for (let i = firstBusyIndex(cal.busy, day.startUtc); i < cal.busy.length; i++) {
      const [s, e] = cal.busy[i]!;
      if (s >= day.endUtc) break;
      if (e <= day.startUtc) continue;
      free.fill(0, Math.floor(toBlock(s)), Math.ceil(toBlock(e)));
    }
  }
  for (let i = firstAway; i < cal.away.length && cal.away[i]![0] < day.endUtc; i++) {
    const [s, e] = cal.away[i]!;
    free.fill(0, Math.floor(toBlock(s)), Math.ceil(toBlock(e)));
  }
  const runs = new Int16Array(n + 1);
  for (let b = n - 1; b >= 0; b--) runs[b] = free[b] ? runs[b + 1]! + 1 : 0;
  return runs;
}

/**
 * For each 5-minute block of the day, how many consecutive blocks from it the salon is open
 * (its openings that day, DST-correct through wallClockToUtc); null when the salon set no hours.
 */
export function openRuns(day: SalonDay, openings: WeekMinutes | null | undefined): Int16Array | null {
  if (!openings) return null;
  const n = Math.round((day.endUtc - day.startUtc) / BLOCK);
  const runs = new Int16Array(n + 1);
  const toBlock = (utc: number) => Math.min(n, Math.max(0, (utc - day.startUtc) / BLOCK));
  for (const [open, close] of openings[day.weekday] ?? []) {
    const from = Math.ceil(toBlock(wallClockToUtc(day, open)));
    const to = Math.floor(toBlock(wallClockToUtc(day, close)));
    for (let b = to - 1; b >= from; b--) runs[b] = runs[b + 1]! + 1;
  }
  return runs;
}

/** Whether a service of `t` fits inside the salon's opening from block b (always, without set hours). */
const inHours = (open: Int16Array | null, b: number, t: { duration: number; processing: number }) =>
  open === null || open[b]! >= blocks(t.duration + t.processing);

/** The day's free runs of each stylist, computed on first use. */
function dayRuns(day: SalonDay, req: AvailabilityRequest): (id: number) => Int16Array | null {
  const runs = new Map<number, Int16Array | null>();
  return (id) => {
    if (!runs.has(id)) {
      const cal = req.stylists.get(id);
      runs.set(id, cal ? freeRuns(day, cal, req.ignoreBusy) : null);
    }
    return runs.get(id)!;
  };
}

/**
 * Whether services i.. of the booking fit from block b on, for a first service taken by s0
 * (memoised per day; with book_ncob_with_same the answer depends on s0).
 */
function fitsFrom(day: SalonDay, req: AvailabilityRequest, runsOf: (id: number) => Int16Array | null, open: Int16Array | null) {
  const n = Math.round((day.endUtc - day.startUtc) / BLOCK);
  const memos = new Map<number, Int8Array[]>();
  /** Can services i.. be booked from block b on? (memoised; 1 yes, 2 no) */
  const fits = (i: number, b: number, s0: number): boolean => {
    const step = req.steps[i];
    if (!step) return true;
    if (b >= n) return false;
    const key = req.sameStylist ? s0 : 0;
    let memo = memos.get(key);
    if (!memo) memos.set(key, (memo = req.steps.map(() => new Int8Array(n))));
    const known = memo[i]![b]!;
    if (known) return known === 1;
    const only = req.sameStylist && step.options.has(s0) ? [s0] : step.options.keys();
    let ok = false;
    for (const id of only) {
      const r = runsOf(id);
      const t = step.options.get(id)!;
      if (r && r[b]! >= blocks(t.duration) && inHours(open, b, t) && fits(i + 1, b + blocks(t.duration + t.processing), s0)) {
        ok = true;
        break;
      }
    }
    memo[i]![b] = ok ? 1 : 2;
    return ok;
  };
  return { n, fits };
}

/** The blocks from which start times are offered: every slot_interval minutes from midnight. */
const startStep = (req: AvailabilityRequest) => Math.max(1, Math.round(req.intervalMin / BLOCK_MIN));

/**
 * The bookable start times of one day. A booking is sequential: each service starts after the
 * previous one's duration plus processing; 'I don't mind' services may go to any stylist who
 * performs them.
 */
export function daySlots(day: SalonDay, req: AvailabilityRequest): Slot[] {
  const runsOf = dayRuns(day, req);
  const first = req.steps[0];
  if (!first) return [];
  const open = openRuns(day, req.openings);
  if (open && !open.some((r) => r > 0)) return [];
  const firstStylists = [...first.options.keys()].filter((id) => runsOf(id));
  if (firstStylists.length === 0) return [];
  const { n, fits } = fitsFrom(day, req, runsOf, open);
  const slots: Slot[] = [];
  const step = startStep(req);
  for (let b = 0; b < n; b += step) {
    const utc = day.startUtc + b * BLOCK;
    if (utc < req.notBefore) continue;
    let count = 0;
    for (const id of firstStylists) {
      const t = first.options.get(id)!;
      if (runsOf(id)![b]! >= blocks(t.duration) && inHours(open, b, t) && fits(1, b + blocks(t.duration + t.processing), id)) count++;
    }
    if (count > 0) slots.push({ utc, count });
  }
  return slots;
}

/**
 * Each bookable start of one day for a stylist of the first service (the test daySlots applies,
 * one stylist at a time), in stylist then time order; `visit` answering true stops the walk.
 */
function walkFirstStarts(day: SalonDay, req: AvailabilityRequest, visit: (stylistId: number, start: number) => boolean | void): void {
  const first = req.steps[0];
  if (!first) return;
  const open = openRuns(day, req.openings);
  if (open && !open.some((r) => r > 0)) return;
  const runsOf = dayRuns(day, req);
  const { n, fits } = fitsFrom(day, req, runsOf, open);
  const step = startStep(req);
  const from = Math.max(0, Math.ceil((req.notBefore - day.startUtc) / BLOCK / step) * step);
  for (const [id, t] of first.options) {
    const r = runsOf(id);
    if (!r) continue;
    for (let b = from; b < n; b += step) {
      if (r[b]! >= blocks(t.duration) && inHours(open, b, t) && fits(1, b + blocks(t.duration + t.processing), id)) {
        if (visit(id, day.startUtc + b * BLOCK) === true) return;
      }
    }
  }
}

/** The bookable starts of one day by stylist of the first service: what Google's availability feed lists. */
export function stylistStarts(day: SalonDay, req: AvailabilityRequest): Map<number, number[]> {
  const out = new Map<number, number[]>();
  walkFirstStarts(day, req, (id, start) => {
    const starts = out.get(id);
    if (starts) starts.push(start);
    else out.set(id, [start]);
  });
  return out;
}

/**
 * Whether the day has any bookable time (`daySlots(day, req).length > 0`), for the weekly view.
 * It tries the first service's stylists one at a time and stops at the first time that fits, so
 * an open day usually costs one or two stylists' calendars, not every stylist's.
 */
export function hasSlot(day: SalonDay, req: AvailabilityRequest): boolean {
  let found = false;
  walkFirstStarts(day, req, () => (found = true));
  return found;
}

/** The weekly view over many days: which days have a bookable time, and the first such day. */
export function dayAvailability(
  days: readonly SalonDay[],
  req: AvailabilityRequest,
  lastBookableDate: string,
): { availability: Record<string, boolean>; firstAvailable: string | null } {
  const availability: Record<string, boolean> = {};
  let firstAvailable: string | null = null;
  for (const day of days) {
    if (day.date > lastBookableDate && firstAvailable) break;
    const open = hasSlot(day, req);
    if (open && !firstAvailable) firstAvailable = day.date;
    if (day.date <= lastBookableDate) availability[day.date] = open;
  }
  return { availability, firstAvailable };
}

export interface Assignment {
  serviceId: number;
  stylistId: number;
  start: number;
}

/**
 * The stylists who can take each service of a booking that starts at `utc` (in some complete
 * assignment), and the first complete assignment, for staff selection once a time is chosen.
 * Enumeration stops after `limit` complete assignments.
 */
export function assignmentsAt(
  day: SalonDay,
  req: AvailabilityRequest,
  utc: number,
  limit = 5000,
): { possible: Set<number>[]; first: Assignment[] | null } {
  const runsOf = dayRuns(day, req);
  const open = openRuns(day, req.openings);
  const possible = req.steps.map(() => new Set<number>());
  let first: Assignment[] | null = null;
  let found = 0;
  const path: Assignment[] = [];
  const walk = (i: number, b: number) => {
    if (found >= limit) return;
    const step = req.steps[i];
    if (!step) {
      found++;
      path.forEach((a, k) => possible[k]!.add(a.stylistId));
      first ??= path.map((a) => ({ ...a }));
      return;
    }
    const s0 = path[0]?.stylistId;
    const only = i > 0 && req.sameStylist && s0 !== undefined && step.options.has(s0) ? [s0] : [...step.options.keys()];
    for (const id of only) {
      const t = step.options.get(id)!;
      const r = runsOf(id);
      if (!r || b < 0 || !(r[b]! >= blocks(t.duration)) || !inHours(open, b, t)) continue;
      path.push({ serviceId: step.serviceId, stylistId: id, start: day.startUtc + b * BLOCK });
      walk(i + 1, b + blocks(t.duration + t.processing));
      path.pop();
    }
  };
  if (utc >= req.notBefore) walk(0, Math.round((utc - day.startUtc) / BLOCK));
  return { possible, first };
}
