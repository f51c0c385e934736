/** The release check's two timings (docs/booking/journey.md §4 'Release check'), as pure rules. */
export const CHECK_EVERY_MS = 10 * 60_000;
export const RELOAD_GUARD_MS = 2 * 60 * 60_000;

/** A time stored earlier counts only if it is not in the future (a clock put back). */
const within = (at: number, now: number, ms: number) => at > 0 && at <= now && now - at < ms;

/** Whether the release is due to be fetched again, given when it last was (local storage's text). */
export function checkDue(lastChecked: string | null, now: number): boolean {
  return !within(Number(lastChecked), now, CHECK_EVERY_MS);
}

/**
 * Whether a reload for `release` may happen, given the guard session storage holds (its text):
 * not when one was made for that same release in the last 2 hours.
 */
export function reloadAllowed(guard: string | null, release: string, now: number): boolean {
  try {
    const g = JSON.parse(guard ?? 'null') as { release?: unknown; at?: unknown } | null;
    return !(g?.release === release && typeof g.at === 'number' && within(g.at, now, RELOAD_GUARD_MS));
  } catch {
    return true; // a corrupt guard is replaced
  }
}

/** The guard's text for a reload made now for `release`. */
export const guardFor = (release: string, now: number) => JSON.stringify({ release, at: now });
