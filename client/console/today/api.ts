import { queryOptions } from '@tanstack/react-query';
import type { Today } from '../../../shared/console/today';
import { diaryKey } from '../diary';
import { staffCall } from '../lib/api';

/**
 * The day at a glance. Under the diary's key, so the salon channel's diary events refresh it; and
 * asked again every minute, as delivery failures come from the providers without an event.
 */
export const todayQuery = (salonId: number) =>
  queryOptions({
    queryKey: [...diaryKey(salonId), 'today'],
    queryFn: () => staffCall<Today>(`salons/${salonId}/today`),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
