/**
 * A stylist's working hours on one day, in the salon's local wall-clock minutes from midnight
 * (docs/console/stylists.md): from `start` to `end`, less any number of breaks, each inside the
 * day and apart from the others. Pure, for the engine, the diary and the salon's derived hours.
 */
export interface DayHours {
  start: number;
  end: number;
  /** [start, end) of each break, sorted */
  breaks: readonly (readonly [number, number])[];
}

/** The stretches a day's hours are worked: its hours less its breaks, in order (a break outside the hours cuts nothing). */
export function workingSpans(h: DayHours): [number, number][] {
  const spans: [number, number][] = [];
  let from = h.start;
  for (const [s, e] of [...h.breaks].sort((a, b) => a[0] - b[0])) {
    if (e <= from || s >= h.end) continue;
    if (s > from) spans.push([from, s]);
    from = Math.max(from, e);
  }
  if (from < h.end) spans.push([from, h.end]);
  return spans;
}

/** A day's hours as a row keeps them (minutes from midnight, breaks as JSON), or undefined for a day without. */
export const dayHoursOfRow = (
  r: { start_min: number | null; end_min: number | null; breaks: string | null } | undefined,
): DayHours | undefined =>
  r && r.start_min !== null && r.end_min !== null ? { start: r.start_min, end: r.end_min, breaks: breaksOf(r.breaks) } : undefined;

/** The breaks as stored (JSON [[start, end], …]); anything else is none. */
export function breaksOf(json: string | null | undefined): [number, number][] {
  if (!json) return [];
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v)
      ? v.filter((b): b is [number, number] => Array.isArray(b) && typeof b[0] === 'number' && typeof b[1] === 'number' && b[0] < b[1])
      : [];
  } catch {
    return [];
  }
}
