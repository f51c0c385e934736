import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  BlockAnswer,
  Block,
  BlockPatch,
  NewBlock,
  NewTimeOff,
  StrandedAppointment,
  StrandsAppointments,
  TimeOff,
  TimeOffAnswer,
  TimeOffList,
} from '../../../shared/console/time-off';
import { diaryKey } from '../diary';
import { ApiError, staffCall } from '../lib/api';

/**
 * Time off and blocked time (docs/console/time-off.md). Under the diary's key: the diary and Today
 * show both, so a change here, or the salon channel's event from another console, refreshes them all.
 */
export const timeOffKey = (salonId: number) => [...diaryKey(salonId), 'time-off'] as const;

/** Time off from 31 days ago for 400 days (the call's own range), of one stylist or all the caller may see. */
export const timeOffQuery = (salonId: number, stylistId?: number) =>
  queryOptions({
    queryKey: [...timeOffKey(salonId), stylistId ?? 'all'],
    queryFn: async () =>
      (await staffCall<TimeOffList>(`salons/${salonId}/time-off${stylistId ? `?stylist_id=${stylistId}` : ''}`)).time_off,
  });

/** The salon's working stylists (owners and managers: Team's own call). */
export const columnsQuery = (salonId: number) =>
  queryOptions({
    queryKey: ['console', salonId, 'stylist-columns'],
    queryFn: () => staffCall<{ id: number; name: string }[]>(`salons/${salonId}/stylist-columns`),
    staleTime: 60_000,
  });

const ifMatch = (version: number) => ({ 'If-Match': `"${version}"` });

export const addTimeOff = (salonId: number, body: NewTimeOff) =>
  staffCall<TimeOffAnswer>(`salons/${salonId}/time-off`, { method: 'POST', body }).then((a) => a.time_off);
/** Approve or decline a request; `confirm` approves it over the appointments a 409 showed. */
export const decideTimeOff = (salonId: number, t: TimeOff, decision: 'approve' | 'decline', confirm = false) =>
  staffCall<TimeOffAnswer>(`salons/${salonId}/time-off/${t.id}/${decision}`, {
    method: 'POST',
    headers: ifMatch(t.version),
    ...(confirm ? { body: { confirm: true } } : {}),
  });
export const removeTimeOff = (salonId: number, t: TimeOff) =>
  staffCall<void>(`salons/${salonId}/time-off/${t.id}`, { method: 'DELETE', headers: ifMatch(t.version) });

export const addBlock = (salonId: number, body: NewBlock) => staffCall<BlockAnswer>(`salons/${salonId}/blocks`, { method: 'POST', body });
export const changeBlock = (salonId: number, b: Block, body: BlockPatch) =>
  staffCall<BlockAnswer>(`salons/${salonId}/blocks/${b.id}`, { method: 'PATCH', body, headers: ifMatch(b.version) });
export const removeBlock = (salonId: number, b: Block) =>
  staffCall<void>(`salons/${salonId}/blocks/${b.id}`, { method: 'DELETE', headers: ifMatch(b.version) });

/** The appointments a refused change would have stranded (409 STRANDS_APPOINTMENTS), or null for any other failure. */
export function strandedBy(e: unknown): StrandedAppointment[] | null {
  if (!(e instanceof ApiError) || e.status !== 409) return null;
  const b = (e.body ?? {}) as Partial<StrandsAppointments> & { code?: string };
  if (b.error !== 'STRANDS_APPOINTMENTS' && b.code !== 'STRANDS_APPOINTMENTS') return null;
  return b.appointments ?? [];
}

/** After a change here or in another console: the diary, Today and the lists of time off are asked again. */
export const timeChanged = (queries: QueryClient, salonId: number) => queries.invalidateQueries({ queryKey: diaryKey(salonId) });
