import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type {
  Block,
  BlockPatch,
  NewBlock,
  NewTimeOff,
  StrandedAppointment,
  StrandsAppointments,
  TimeOff,
} from '../../../shared/console/time-off';
import { diaryKey } from '../diary';
import { answer, ApiError, salon, salonCalls } from '../lib/api';

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
      (
        await answer(
          salonCalls['time-off'].$get({ param: salon(salonId), query: { stylist_id: stylistId ? String(stylistId) : undefined } }),
        )
      ).time_off,
  });

/** The salon's working stylists (owners and managers: Team's own call). */
export const columnsQuery = (salonId: number) =>
  queryOptions({
    queryKey: ['console', salonId, 'stylist-columns'],
    queryFn: () => answer(salonCalls['stylist-columns'].$get({ param: salon(salonId) })),
    staleTime: 60_000,
  });

const ifMatch = (version: number, more: Record<string, string> = {}) => ({ headers: { ...more, 'If-Match': `"${version}"` } });
const timeOff = salonCalls['time-off'];
const blocks = salonCalls.blocks;
const one = (salonId: number, t: TimeOff) => ({ param: { ...salon(salonId), timeOffId: String(t.id) } });
const block = (salonId: number, b: Block) => ({ param: { ...salon(salonId), blockId: String(b.id) } });

export const addTimeOff = async (salonId: number, body: NewTimeOff) =>
  (await answer(timeOff.$post({ param: salon(salonId), json: body }))).time_off;
/**
 * Approve or decline a request; `confirm` approves it over the appointments a 409 showed (a body
 * the route reads itself, so it goes as the request's own body).
 */
export const decideTimeOff = (salonId: number, t: TimeOff, decision: 'approve' | 'decline', confirm = false) =>
  answer(
    timeOff[':timeOffId'][decision].$post(
      one(salonId, t),
      confirm
        ? { ...ifMatch(t.version, { 'Content-Type': 'application/json' }), init: { body: JSON.stringify({ confirm: true }) } }
        : ifMatch(t.version),
    ),
  );
export const removeTimeOff = (salonId: number, t: TimeOff) => answer(timeOff[':timeOffId'].$delete(one(salonId, t), ifMatch(t.version)));

export const addBlock = (salonId: number, body: NewBlock) => answer(blocks.$post({ param: salon(salonId), json: body }));
export const changeBlock = (salonId: number, b: Block, body: BlockPatch) =>
  answer(blocks[':blockId'].$patch({ ...block(salonId, b), json: body }, ifMatch(b.version)));
export const removeBlock = (salonId: number, b: Block) => answer(blocks[':blockId'].$delete(block(salonId, b), ifMatch(b.version)));

/** The appointments a refused change would have stranded (409 STRANDS_APPOINTMENTS), or null for any other failure. */
export function strandedBy(e: unknown): StrandedAppointment[] | null {
  if (!(e instanceof ApiError) || e.status !== 409) return null;
  const b = (e.body ?? {}) as Partial<StrandsAppointments> & { code?: string };
  if (b.error !== 'STRANDS_APPOINTMENTS' && b.code !== 'STRANDS_APPOINTMENTS') return null;
  return b.appointments ?? [];
}

/** After a change here or in another console: the diary, Today and the lists of time off are asked again. */
export const timeChanged = (queries: QueryClient, salonId: number) => queries.invalidateQueries({ queryKey: diaryKey(salonId) });
