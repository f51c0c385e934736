import { queryOptions } from '@tanstack/react-query';
import { REQUESTS_POLL_MS, type NewInvite } from '../../../shared/console/requests';
import type { AdminInvite } from '../../../shared/invites';
import type { Category } from '../../../shared/types';
import type { DaySlots, ServiceStylists } from '../../../shared/availability';
import { staffCall } from '../lib/api';

export const requestsKey = (salonId: number) => ['console', salonId, 'requests'] as const;

/**
 * The salon's requests. The salon's channel tells the open place of each change (Requests.tsx);
 * asked again now and then too while the tab is in front, in case the channel is down.
 */
export const requestsQuery = (salonId: number) =>
  queryOptions({
    queryKey: requestsKey(salonId),
    queryFn: () => staffCall<AdminInvite[]>(`salons/${salonId}/requests`),
    refetchInterval: REQUESTS_POLL_MS,
    staleTime: 0,
  });

export const askForDeposit = (salonId: number, body: NewInvite) =>
  staffCall<AdminInvite>(`salons/${salonId}/requests`, { method: 'POST', body });
export const remind = (salonId: number, id: number) =>
  staffCall<AdminInvite>(`salons/${salonId}/requests/${id}/remind`, { method: 'POST' });
export const withdraw = (salonId: number, id: number) => staffCall<AdminInvite>(`salons/${salonId}/requests/${id}`, { method: 'DELETE' });

/** The booking pages' own public calls: the services, who does one, and the times the engine offers. */
async function publicCall<T>(path: string): Promise<T> {
  const res = await fetch(`/api/book-online/${path}`, { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error('This could not be loaded just now');
  return (await res.json()) as T;
}
export const servicesQuery = (salonId: number) =>
  queryOptions({ queryKey: ['console', salonId, 'services'], queryFn: () => publicCall<Category[]>(`services/${salonId}/`) });
export const stylistsQuery = (salonId: number, serviceId: number) =>
  queryOptions({
    queryKey: ['console', salonId, 'stylists', serviceId],
    queryFn: () => publicCall<ServiceStylists[]>(`services/stylists/${salonId}/${serviceId}/`),
  });
export const timesQuery = (salonId: number, date: string, serviceId: number, stylistId: number) =>
  queryOptions({
    queryKey: ['console', salonId, 'times', date, serviceId, stylistId],
    queryFn: () => publicCall<DaySlots>(`new/availability/appointment/${salonId}/${date}/${serviceId}/${stylistId}/null/?isWaitList=false`),
    staleTime: 0,
  });
