import { queryOptions, skipToken } from '@tanstack/react-query';
import type { InviteProcessing } from '../../../shared/invites';
import { answer, api, send } from '../../lib/api';
import { PERSONAL, queryClient } from '../../lib/query-client';

/** client/get/invite/{salon}/: the client's open deposit requests across all salons, newest appointment first. */
export const fetchInvites = (salonId: number, signal: AbortSignal) =>
  answer(api.client.get.invite[':salonId'].index.$get({ param: { salonId: String(salonId) } }, send({ auth: true, signal })));

/** POST client/post/invite/{salon}/{invite}/seen: pay-deposit opened an invited or reminded request. */
export const markSeen = (salonId: number, inviteId: number) =>
  answer(
    api.client.post.invite[':salonId'][':inviteId'].seen.$post(
      { param: { salonId: String(salonId), inviteId: String(inviteId) } },
      send({ auth: true }),
    ),
  );

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
  answer(
    api.client.post.invite[':salonId'][':inviteId'].$post(
      { param: { salonId: String(salonId), inviteId: String(inviteId) }, json: body },
      send({
        auth: true,
        headers: {
          'Idempotency-Key': headers.idempotencyKey,
          ...(headers.returnUrl ? { 'X-Return-Url': headers.returnUrl } : {}),
        },
      }),
    ),
  );

/**
 * GET ncob/invite/{code}/?salon_id=: whom an invite link was sent to (no login: the code is the
 * secret); the link's salon says in which salon's database to look (docs/scale.md).
 */
export const fetchInviteLink = (salonId: number, code: string, signal: AbortSignal) =>
  answer(api.ncob.invite[':code'].index.$get({ param: { code }, query: { salon_id: String(salonId) } }, send({ signal })));

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
