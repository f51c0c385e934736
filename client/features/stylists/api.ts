import { queryOptions, skipToken } from '@tanstack/react-query';
import { fetchStylists, fetchStylistsAt, type SearchKey } from '../journey';
import { BOOKABLE_TIMES } from '../../lib/query-client';

/** Who does each service (changes only with the salon's settings). */
export const stylistsQuery = (salonId: number, services: readonly number[]) =>
  queryOptions({
    queryKey: ['stylists', salonId, services],
    queryFn: ({ signal }) => fetchStylists(salonId, services, signal),
    staleTime: 5 * 60_000,
  });

/** The staff free at a chosen time: bookable times, asked again each time the screen opens. */
export const stylistsAtQuery = (k: SearchKey, time: string | null) =>
  queryOptions({
    queryKey: ['availability', 'stylists-at', k, time],
    queryFn: time ? ({ signal }) => fetchStylistsAt(k, time, signal) : skipToken,
    ...BOOKABLE_TIMES,
  });
