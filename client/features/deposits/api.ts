import { queryOptions, skipToken } from '@tanstack/react-query';
import type { Invite, InviteLink, InviteProcessed, InviteProcessing } from '../../../shared/invites';
import { call } from '../../lib/api';
import { PERSONAL, queryClient } from '../../lib/query-client';

/** client/get/invite/{salon}/: the client's open deposit requests across all salons, newest appointment first. */
export const fetchInvites = (salonId: number, signal: AbortSignal) =>
  call<Invite[]>(`client/get/invite/${salonId}/`, { auth: true, signal });

/** POST client/post/invite/{salon}/{invite}/seen: pay-deposit opened an invited or reminded request. */
export const markSeen = (salonId: number, inviteId: number) =>
  call(`client/post/invite/${salonId}/${inviteId}/seen`, { method: 'POST', auth: true });

/**
 * POST client/post/invite/{salon}/{invite}: pay, confirm with the card, or decline. The same
 * `idempotencyKey` for a retry of the same press; `returnUrl` is where 3-D Secure comes back.
 */
export const processInvite = (
  salonId: number,
  inviteId: number,
  body: InviteProcessing,
  headers: { idempotencyKey: string; returnUrl?: string },
) =>
  call<InviteProcessed>(`client/post/invite/${salonId}/${inviteId}`, {
    method: 'POST',
    auth: true,
    body,
    headers: {
      'Idempotency-Key': headers.idempotencyKey,
      ...(headers.returnUrl ? { 'X-Return-Url': headers.returnUrl } : {}),
    },
  });

/**
 * GET ncob/invite/{code}/?salon_id=: whom an invite link was sent to (no login: the code is the
 * secret); the link's salon says in which salon's database to look (docs/scale.md).
 */
export const fetchInviteLink = (salonId: number, code: string, signal: AbortSignal) =>
  call<InviteLink>(`ncob/invite/${encodeURIComponent(code)}/?salon_id=${salonId}`, { signal });

/**
 * Every invite list this page holds: what the realtime channel's invite event, and this tab's own
 * pay, confirm, decline and seen, make out of date.
 */
export const inviteKeys = { all: ['invites'] as const };

/**
 * The logged-in client's open requests (no username: not logged in, not asked). The bottom
 * navigation's bubble and the Deposits screen share the one list.
 */
export const invitesQuery = (salonId: number, username: string | undefined) =>
  queryOptions({
    queryKey: [...inviteKeys.all, salonId, username ?? null],
    queryFn: username ? ({ signal }) => fetchInvites(salonId, signal) : skipToken,
    ...PERSONAL,
  });

/** One of the client's invites changed (a realtime event): every list of them is asked again. */
export const invitesChanged = () => queryClient.invalidateQueries({ queryKey: inviteKeys.all });

export const inviteLinkQuery = (salonId: number, code: string) =>
  queryOptions({
    queryKey: ['invite-link', salonId, code],
    queryFn: ({ signal }) => fetchInviteLink(salonId, code, signal),
    // Any failure shows the invalid link at once: asking again would not change it.
    retry: false,
  });
