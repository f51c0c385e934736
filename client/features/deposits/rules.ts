import { ACTIVE_INVITE_STATUSES, NEW_INVITE_WINDOW_MS, type Invite } from '../../../shared/invites';

/** New (§4 Invites): the appointment started no more than 24 hours ago, or is still to come. */
export const isNew = (i: Invite, now: number) => Date.parse(i.appointment.start_time) >= now - NEW_INVITE_WINDOW_MS;

/** The count bubble of the bottom navigation: invited or reminded. */
export const activeCount = (invites: readonly Invite[]) => invites.filter((i) => ACTIVE_INVITE_STATUSES.includes(i.status)).length;

/** Newest appointment first (§4 Invites). */
const newestFirst = (a: Invite, b: Invite) => Date.parse(b.appointment.start_time) - Date.parse(a.appointment.start_time);

/** The requests by salon name, each salon once, the salon of the newest appointment first. */
export function bySalon(invites: readonly Invite[]): { salonId: number; salonName: string; invites: Invite[] }[] {
  const groups = new Map<number, { salonId: number; salonName: string; invites: Invite[] }>();
  for (const i of [...invites].sort(newestFirst)) {
    const g = groups.get(i.salon.id) ?? { salonId: i.salon.id, salonName: i.salon_name, invites: [] };
    g.invites.push(i);
    groups.set(i.salon.id, g);
  }
  return [...groups.values()];
}

/** What the salon asks for, in words: the deposit, the full price, or the card only. */
export function requestText(i: Invite, money: (major: number) => string): string {
  if (i.requested_card_only) return 'Card details requested';
  if (i.payFullAmount) return `Full payment requested: ${money(i.amount_to_pay)}`;
  return `Deposit requested: ${money(i.amount_to_pay)}`;
}

/** '1 new request', '2 new requests' */
export const newRequestsText = (n: number) => `${n} new ${n === 1 ? 'request' : 'requests'}`;

/** A new Idempotency-Key: one per press of PAY DEPOSIT or DECLINE REQUEST. */
export const newIdempotencyKey = () => crypto.randomUUID();
