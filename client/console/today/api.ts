import { queryOptions } from '@tanstack/react-query';
import { diaryKey } from '../diary';
import { answer, salon, salonCalls } from '../lib/api';

/**
 * The day at a glance. Under the diary's key, so the salon channel's diary events refresh it; and
 * asked again every minute, as delivery failures come from the providers without an event.
 */
export const todayQuery = (salonId: number) =>
  queryOptions({
    queryKey: [...diaryKey(salonId), 'today'],
    queryFn: () => answer(salonCalls.today.$get({ param: salon(salonId) })),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });

/** Hides the setup checklist for everyone at the salon. */
export const dismissChecklist = (salonId: number) => answer(salonCalls['setup-checklist'].dismiss.$post({ param: salon(salonId) }));
