import type { Block, TimeOff } from '../../shared/console/time-off';
import type { BlockRow } from '../db/blocked-times';
import type { TimeOffRow } from '../db/time-off';

/** Time off and blocks as the calls answer them (docs/console/time-off.md): instants in ISO 8601, UTC. */

const iso = (ms: number) => new Date(ms).toISOString();

export const timeOffOut = (r: TimeOffRow): TimeOff => ({
  id: r.id,
  stylist_id: r.stylist_id,
  start: iso(r.start_at),
  end: iso(r.end_at),
  reason: r.reason,
  note: r.note,
  status: r.status,
  requested_by: r.requested_by,
  decided_by: r.decided_by,
  version: r.version,
});

export const blockOut = (r: BlockRow): Block => ({
  id: r.id,
  stylist_id: r.stylist_id,
  start: iso(r.start_at),
  end: iso(r.end_at),
  reason: r.reason,
  version: r.version,
});
