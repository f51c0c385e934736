import type { InviteRow } from '../db/invites';
import { amountToPay, linkOf, requestOf } from './view';

/**
 * The text message of a deposit request (and of its reminder), e.g. 'Willow & Co: please pay a
 * deposit of £15.00 for your appointment on Wed 14 May, 14:00: https://…/login/1/{code}'.
 */
export function inviteText(r: InviteRow, origin: string, hasAccount: boolean, reminder: boolean): string {
  const money = new Intl.NumberFormat('en-GB', { style: 'currency', currency: r.currency }).format(amountToPay(r) / 100);
  const when = new Intl.DateTimeFormat('en-GB', {
    timeZone: r.timezone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(r.start_at);
  const ask = {
    deposit: `please pay a deposit of ${money} for your appointment on ${when}`,
    full_price: `please pay ${money} for your appointment on ${when}`,
    card_only: `please confirm your appointment on ${when} with a card`,
  }[requestOf(r)];
  return `${r.salon_name}: ${reminder ? 'a reminder, ' : ''}${ask}: ${linkOf(origin, r, hasAccount)}`;
}
