import { queryOptions } from '@tanstack/react-query';
import { answer as answerOf, salon, salonCalls } from '../lib/api';

/** The Inbox's calls (docs/console/inbox.md). */
export const inboxKey = (salonId: number) => ['console', salonId, 'inbox'] as const;

const inbox = salonCalls.inbox;

/** The threads and the unread count: the salon's channel tells the open Inbox of each change; asked again each minute too. */
export const inboxQuery = (salonId: number) =>
  queryOptions({
    queryKey: inboxKey(salonId),
    queryFn: () => answerOf(inbox.$get({ param: salon(salonId) })),
    refetchInterval: 60_000,
    staleTime: 0,
  });

export const threadQuery = (salonId: number, threadId: string) =>
  queryOptions({
    queryKey: [...inboxKey(salonId), threadId] as const,
    queryFn: () => answerOf(inbox[':threadId'].$get({ param: { ...salon(salonId), threadId } })),
    staleTime: 0,
  });

export const answer = (salonId: number, threadId: string, body: string) =>
  answerOf(inbox[':threadId'].messages.$post({ param: { ...salon(salonId), threadId }, json: { body } }));
