import { queryOptions, skipToken } from '@tanstack/react-query';
import { fetchDaySlots, fetchShowWaitlist, fetchWeekly, type SearchKey } from '../journey';
import { BOOKABLE_TIMES } from '../../lib/query-client';

export const weeklyQuery = (k: SearchKey, weekStart: string, enabled = true) =>
  queryOptions({
    queryKey: ['availability', 'weekly', k, weekStart],
    queryFn: enabled ? ({ signal }) => fetchWeekly(k, weekStart, signal) : skipToken,
    ...BOOKABLE_TIMES,
  });

export const daySlotsQuery = (k: SearchKey, date: string | null) =>
  queryOptions({
    queryKey: ['availability', 'day', k, date],
    queryFn: date ? ({ signal }) => fetchDaySlots(k, date, signal) : skipToken,
    ...BOOKABLE_TIMES,
  });

/** Whether the salon offers its waitlist for the services (changes only with its settings). */
export const waitlistOptionQuery = (salonId: number, services: readonly number[], offered: boolean) =>
  queryOptions({
    queryKey: ['waitlist-option', salonId, services],
    queryFn: offered ? ({ signal }) => fetchShowWaitlist(salonId, services, signal) : skipToken,
    staleTime: 5 * 60_000,
  });
