import { queryOptions } from '@tanstack/react-query';
import { REQUESTS_POLL_MS, type NewInvite } from '../../../shared/console/requests';
import { answer, salon, salonCalls } from '../lib/api';

export const requestsKey = (salonId: number) => ['console', salonId, 'requests'] as const;

const requests = salonCalls.requests;

/**
 * The salon's requests. The salon's channel tells the open place of each change (Requests.tsx);
 * asked again now and then too while the tab is in front, in case the channel is down.
 */
export const requestsQuery = (salonId: number) =>
  queryOptions({
    queryKey: requestsKey(salonId),
    queryFn: () => answer(requests.$get({ param: salon(salonId) })),
    refetchInterval: REQUESTS_POLL_MS,
    staleTime: 0,
  });

export const askForDeposit = (salonId: number, body: NewInvite) => answer(requests.$post({ param: salon(salonId), json: body }));
export const remind = (salonId: number, id: number) =>
  answer(requests[':inviteId'].remind.$post({ param: { ...salon(salonId), inviteId: String(id) } }));
export const withdraw = (salonId: number, id: number) =>
  answer(requests[':inviteId'].$delete({ param: { ...salon(salonId), inviteId: String(id) } }));
