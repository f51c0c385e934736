import { queryOptions, skipToken } from '@tanstack/react-query';
import { fetchPatchSlots, fetchPatchWeekly } from '../journey';
import { BOOKABLE_TIMES } from '../../lib/query-client';

export const patchWeeklyQuery = (salonId: number, services: readonly number[], from: string) =>
  queryOptions({
    queryKey: ['availability', 'patch-weekly', salonId, services, from],
    queryFn: ({ signal }) => fetchPatchWeekly(salonId, services, from, signal),
    ...BOOKABLE_TIMES,
  });

export const patchSlotsQuery = (salonId: number, date: string | null) =>
  queryOptions({
    queryKey: ['availability', 'patch-day', salonId, date],
    queryFn: date ? ({ signal }) => fetchPatchSlots(salonId, date, signal) : skipToken,
    ...BOOKABLE_TIMES,
  });
