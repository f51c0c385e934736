import type { InviteRow } from '../db/invites';
import { depositRequestText } from '../messaging/templates';
import { amountToPay, linkOf, requestOf } from './view';

/**
 * The text message of a deposit request (and of its reminder), e.g. 'Willow & Co: please pay a
 * deposit of £15.00 for your appointment on Wed 14 May, 14:00: https://…/login/1/{code}' (the
 * wording is messaging/templates.ts's).
 */
export function inviteText(r: InviteRow, origin: string, hasAccount: boolean, reminder: boolean): string {
  return depositRequestText({
    salonName: r.salon_name,
    request: requestOf(r),
    amountMinor: amountToPay(r),
    currency: r.currency,
    startAt: r.start_at,
    timezone: r.timezone,
    link: linkOf(origin, r, hasAccount),
    reminder,
  });
}
