import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Block, BlockPatch, NewBlock, NewTimeOff, StrandedAppointment, TimeOff } from '../../../shared/console/time-off';
import { STRANDS_APPOINTMENTS } from '../../../shared/console/time-off';
import { diaryKey } from '../diary/api';
import { ConsoleCallError, staffCall } from '../lib/api';

/**
 * Time off and blocked time (docs/console-time-off.md). Under the diary's key: the diary and Today
 * show both, so a change here, or the salon channel's event from another console, refreshes them all.
 */
/**
 * The event a change of time off or a block sends on the salon's channel (worker/messaging/realtime.ts),
 * beside the diary's own.
 */
export const TIME_OFF_EVENT = 'time_off';

export const timeOffKey = (salonId: number) => [...diaryKey(salonId), 'time-off'] as const;

export const timeOffQuery = (salonId: number, o: { from: string; to: string; stylistId?: number }) =>
  queryOptions({
    queryKey: [...timeOffKey(salonId), o],
    queryFn: async () => {
      const q = new URLSearchParams({ from: o.from, to: o.to });
      if (o.stylistId) q.set('stylist_id', String(o.stylistId));
      return (await staffCall<{ time_off: TimeOff[] }>(`salons/${salonId}/time-off?${q}`)).time_off;
    },
  });

/** The salon's working stylists (owners and managers: Team's own call). */
export const columnsQuery = (salonId: number) =>
  queryOptions({
    queryKey: ['console', salonId, 'stylist-columns'],
    queryFn: () => staffCall<{ id: number; name: string }[]>(`salons/${salonId}/stylist-columns`),
    staleTime: 60_000,
  });

const ifMatch = (version: number | undefined) => (version === undefined ? undefined : { 'If-Match': `"${version}"` });

export const addTimeOff = (salonId: number, body: NewTimeOff) =>
  staffCall<{ time_off: TimeOff }>(`salons/${salonId}/time-off`, { method: 'POST', body }).then((a) => a.time_off);
/** Approve or decline a request; `confirm` approves it over the appointments a 409 showed. */
export const decideTimeOff = (salonId: number, t: TimeOff, decision: 'approve' | 'decline', confirm = false) =>
  staffCall<{ time_off: TimeOff }>(`salons/${salonId}/time-off/${t.id}/${decision}`, {
    method: 'POST',
    headers: ifMatch(t.version),
    ...(confirm ? { body: { confirm: true } } : {}),
  });
export const removeTimeOff = (salonId: number, t: TimeOff) =>
  staffCall<void>(`salons/${salonId}/time-off/${t.id}`, { method: 'DELETE', headers: ifMatch(t.version) });

export const addBlock = (salonId: number, body: NewBlock) =>
  staffCall<{ block: Block }>(`salons/${salonId}/blocks`, { method: 'POST', body });
export const changeBlock = (salonId: number, b: Block, body: BlockPatch) =>
  staffCall<{ block: Block }>(`salons/${salonId}/blocks/${b.id}`, { method: 'PATCH', body, headers: ifMatch(b.version) });
export const removeBlock = (salonId: number, b: Block) =>
  staffCall<void>(`salons/${salonId}/blocks/${b.id}`, { method: 'DELETE', headers: ifMatch(b.version) });

/** The appointments a refused change would have stranded (409 STRANDS_APPOINTMENTS), or null for any other failure. */
export function strandedBy(e: unknown): StrandedAppointment[] | null {
  if (!(e instanceof ConsoleCallError) || e.status !== 409) return null;
  const b = (e.body ?? {}) as { error?: string; code?: string; appointments?: StrandedAppointment[] };
  if (b.error !== STRANDS_APPOINTMENTS && b.code !== STRANDS_APPOINTMENTS) return null;
  return b.appointments ?? [];
}

/** After a change here or in another console: the diary, Today and the lists of time off are asked again. */
export const timeChanged = (queries: QueryClient, salonId: number) => queries.invalidateQueries({ queryKey: diaryKey(salonId) });
