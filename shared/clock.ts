/**
 * Runs this JavaScript realm's clock `offsetMs` ahead of the machine's (behind when negative):
 * `Date.now()` and `new Date()` answer the shifted time, which goes on at the real pace; a Date
 * built from a given time is untouched. It is how the browser tests run the whole system (the
 * product Worker, the stand-ins, the browser) on one chosen day, a month's or a year's end,
 * whatever day they run on: the Workers take it from their `CLOCK_OFFSET_MS` setting, which
 * production refuses, and the browser from an init script. Self-contained (no imports, no
 * closures over module state), so Playwright can send it to the page as it is.
 */
export function shiftClock(offsetMs: number): void {
  const g = globalThis as unknown as { Date: DateConstructor & { clockOffsetMs?: number; realDate?: DateConstructor } };
  const real = g.Date.realDate ?? g.Date;
  if (!offsetMs) {
    g.Date = real;
    return;
  }
  if (g.Date.clockOffsetMs === offsetMs) return;
  const now = () => real.now() + offsetMs;
  const Shifted = function (this: unknown, ...args: unknown[]) {
    if (!new.target) return new real(now()).toString();
    return Reflect.construct(real, args.length === 0 ? [now()] : args, new.target) as Date;
  } as unknown as DateConstructor & { clockOffsetMs?: number; realDate?: DateConstructor };
  Object.setPrototypeOf(Shifted, real);
  Object.defineProperty(Shifted, 'prototype', { value: real.prototype });
  Object.defineProperty(Shifted, 'now', { value: now, writable: true, configurable: true });
  Shifted.clockOffsetMs = offsetMs;
  Shifted.realDate = real;
  g.Date = Shifted;
}
