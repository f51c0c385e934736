import { queryOptions, skipToken } from '@tanstack/react-query';
import { fetchRecommended } from '../journey';

/** What goes with the services that have processing time (changes only with the salon's settings). */
export const recommendedQuery = (salonId: number, services: readonly number[]) =>
  queryOptions({
    queryKey: ['recommended', salonId, services],
    queryFn: services.length > 0 ? ({ signal }) => fetchRecommended(salonId, services, signal) : skipToken,
    staleTime: 5 * 60_000,
  });
