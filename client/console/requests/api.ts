import { queryOptions } from '@tanstack/react-query';
import { REQUESTS_POLL_MS, type NewInvite } from '../../../shared/console/requests';
import type { AdminInvite } from '../../../shared/invites';
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
