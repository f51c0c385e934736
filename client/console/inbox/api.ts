import { queryOptions } from '@tanstack/react-query';
import type { InboxList, InboxThreadView } from '../../../shared/console/inbox';
import { staffCall } from '../lib/api';

/** The Inbox's calls (docs/console/inbox.md). */
export const inboxKey = (salonId: number) => ['console', salonId, 'inbox'] as const;

/** The threads and the unread count: the salon's channel tells the open Inbox of each change; asked again each minute too. */
export const inboxQuery = (salonId: number) =>
  queryOptions({
    queryKey: inboxKey(salonId),
    queryFn: () => staffCall<InboxList>(`salons/${salonId}/inbox`),
    refetchInterval: 60_000,
    staleTime: 0,
  });

export const threadQuery = (salonId: number, threadId: string) =>
  queryOptions({
    queryKey: [...inboxKey(salonId), threadId] as const,
    queryFn: () => staffCall<InboxThreadView>(`salons/${salonId}/inbox/${threadId}`),
    staleTime: 0,
  });

export const answer = (salonId: number, threadId: string, body: string) =>
  staffCall<InboxThreadView>(`salons/${salonId}/inbox/${threadId}/messages`, { method: 'POST', body: { body } });
