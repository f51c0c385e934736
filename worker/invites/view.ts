import type { AdminInvite, Invite, InviteRequest } from '../../shared/invites';
import { toMajor } from '../../shared/money';
import { procedureItems } from '../bookings/appointment-view';
import type { ProcedureRow } from '../db/client-appointments';
import type { InviteRow } from '../db/invites';

const iso = (ms: number) => new Date(ms).toISOString();

export const requestOf = (r: InviteRow): InviteRequest =>
  r.requested_card_only ? 'card_only' : r.pay_full_amount ? 'full_price' : 'deposit';

/** What PAY DEPOSIT takes (minor units): the deposit, the full price, or nothing for card only. */
export const amountToPay = (r: InviteRow): number => (r.requested_card_only ? 0 : r.pay_full_amount ? r.price : r.requested_deposit);

/** The link of the text message: log in when the phone has an account, create one otherwise. */
export const linkOf = (origin: string, r: Pick<InviteRow, 'salon_id' | 'unique_code'>, hasAccount: boolean) =>
  hasAccount ? `${origin}/login/${r.salon_id}/${r.unique_code}` : `${origin}/invite/${r.salon_id}/${r.unique_code}/`;

/** An invite as the client's Deposits list reads it (shared/invites.ts Invite). */
export function clientInvite(r: InviteRow, procedures: ProcedureRow[]): Invite {
  return {
    id: r.id,
    unique_code: r.unique_code,
    salon: { id: r.salon_id },
    salon_name: r.salon_name,
    status: r.status,
    requested_deposit: toMajor(r.requested_deposit),
    requested_card_only: !!r.requested_card_only,
    payFullAmount: !!r.pay_full_amount,
    amount_to_pay: toMajor(amountToPay(r)),
    currency: r.currency,
    timezone: r.timezone,
    created_at: iso(r.created_at),
    appointment: {
      id: r.appointment_id,
      price: toMajor(r.price),
      start_time: iso(r.start_at),
      end_time: iso(r.end_at),
      procedures: procedureItems(procedures),
    },
  };
}

/** An invite as the salon's admin API answers it. */
export function adminInvite(r: InviteRow, origin: string): AdminInvite {
  return {
    id: r.id,
    unique_code: r.unique_code,
    link: linkOf(origin, r, r.client_id !== null),
    status: r.status,
    request: requestOf(r),
    requested_deposit: toMajor(r.requested_deposit),
    amount_to_pay: toMajor(amountToPay(r)),
    paid_amount: toMajor(r.paid_amount),
    currency: r.currency,
    appointment_id: r.appointment_id,
    start_time: iso(r.start_at),
    client_id: r.client_id,
    first_name: r.client_first_name,
    last_name: r.client_last_name,
    phone_number: r.client_phone,
    created_at: iso(r.created_at),
  };
}
