import type { Invite, InviteLink, InviteProcessed, InviteProcessing } from '../../../shared/invites';
import { call } from '../../lib/api';

/** client/get/invite/{salon}/: the client's open deposit requests across all salons, newest appointment first. */
export const fetchInvites = async (salonId: number, signal: AbortSignal) =>
  (await call<Invite[]>(`client/get/invite/${salonId}/`, { auth: true, signal })) ?? [];

/** POST client/post/invite/{salon}/{invite}/seen: pay-deposit opened an invited or reminded request. */
export const markSeen = (salonId: number, inviteId: number) =>
  call<null>(`client/post/invite/${salonId}/${inviteId}/seen`, { method: 'POST', auth: true });

/**
 * POST client/post/invite/{salon}/{invite}: pay, confirm with the card, or decline. The same
 * `idempotencyKey` for a retry of the same press; `returnUrl` is where 3-D Secure comes back.
 */
export const processInvite = async (
  salonId: number,
  inviteId: number,
  body: InviteProcessing,
  headers: { idempotencyKey: string; returnUrl?: string },
) =>
  (await call<InviteProcessed>(`client/post/invite/${salonId}/${inviteId}`, {
    method: 'POST',
    auth: true,
    body,
    headers: {
      'Idempotency-Key': headers.idempotencyKey,
      ...(headers.returnUrl ? { 'X-Return-Url': headers.returnUrl } : {}),
    },
  }))!;

/** GET ncob/invite/{code}/: whom an invite link was sent to (no login: the code is the secret). */
export const fetchInviteLink = async (code: string, signal: AbortSignal) =>
  (await call<InviteLink>(`ncob/invite/${encodeURIComponent(code)}/`, { signal }))!;
