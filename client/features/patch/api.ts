import { queryOptions, skipToken } from '@tanstack/react-query';
import { fetchPatchSlots, fetchPatchWeekly } from '../booking';

/** Patch test times are bookable times: asked again each time the screen opens. */
const BOOKABLE = { staleTime: 0 } as const;

export const patchWeeklyQuery = (salonId: number, services: readonly number[], from: string) =>
  queryOptions({
    queryKey: ['availability', 'patch-weekly', salonId, services, from],
    queryFn: ({ signal }) => fetchPatchWeekly(salonId, services, from, signal),
    ...BOOKABLE,
  });

export const patchSlotsQuery = (salonId: number, date: string | null) =>
  queryOptions({
    queryKey: ['availability', 'patch-day', salonId, date],
    queryFn: date ? ({ signal }) => fetchPatchSlots(salonId, date, signal) : skipToken,
    ...BOOKABLE,
  });
