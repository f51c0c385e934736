import type { StripeClient } from '../payments/stripe-api';
import { OPEN_INVITE_STATUSES, type InviteStatus } from '../../shared/invites';
import { changeStatus, inviteOfClient, inviteOfSalon, type InviteRow } from '../db/invites';
import { savedCard } from '../payments/cards';
import { cardMissing, inviteClosed, inviteNotFound } from './errors';

type Owner = { scope: 'salon'; salonId: number } | { scope: 'client'; clientId: string; salonId: number };

const reread = (db: D1Database, o: Owner, id: number, now: number) =>
  o.scope === 'salon' ? inviteOfSalon(db, o.salonId, id, now) : inviteOfClient(db, { clientId: o.clientId, salonId: o.salonId, id, now });

/**
 * One status change of an invite by its salon or its client, as a single conditional UPDATE.
 * Answers the invite afterwards; 404 when it is not theirs, 409 (invite_closed) when it was no
 * longer in one of the statuses it may change from.
 */
async function change(db: D1Database, o: Owner, id: number, from: readonly InviteStatus[], to: InviteStatus, now: number) {
  const done = await changeStatus(db, { id, salonId: o.salonId, clientId: o.scope === 'client' ? o.clientId : undefined, from, to, now });
  const row = await reread(db, o, id, now);
  if (!row) throw inviteNotFound();
  if (!done) throw inviteClosed();
  return row;
}

/** An uncaptured payment of an invite that closed is let go (its hold released). */
async function releaseHold(stripe: StripeClient, row: InviteRow) {
  if (row.payment_intent_id) await stripe.paymentIntents.cancel(row.payment_intent_id).catch(() => undefined);
}

/** The salon reminds the client: invited, reminded or seen → reminded. */
export const remindInvite = (db: D1Database, salonId: number, id: number, now: number) =>
  change(db, { scope: 'salon', salonId }, id, OPEN_INVITE_STATUSES, 'reminded', now);

/** The salon withdraws an open request (an accepted or declined one answers 409). */
export async function withdrawInvite(db: D1Database, stripe: StripeClient, salonId: number, id: number, now: number) {
  const row = await change(db, { scope: 'salon', salonId }, id, OPEN_INVITE_STATUSES, 'withdrawn', now);
  await releaseHold(stripe, row);
  return row;
}

/** The client declines: open → declined. The appointment stays as it is. */
export async function declineInvite(
  db: D1Database,
  stripe: StripeClient,
  q: { clientId: string; salonId: number; id: number; now: number },
) {
  const row = await change(db, { scope: 'client', ...q }, q.id, OPEN_INVITE_STATUSES, 'declined', q.now);
  await releaseHold(stripe, row);
  return row;
}

/** A card-only request is confirmed with the client's saved card: nothing is charged. */
export async function acceptCardOnly(db: D1Database, q: { clientId: string; salonId: number; id: number; now: number }) {
  if (!(await savedCard(db, q.clientId))) throw cardMissing();
  return change(db, { scope: 'client', ...q }, q.id, OPEN_INVITE_STATUSES, 'accepted', q.now);
}

/** The client opened its invite: invited or reminded → seen (no longer counted as new); idempotent. */
export async function markSeen(db: D1Database, q: { clientId: string; salonId: number; id: number; now: number }) {
  await changeStatus(db, { ...q, from: ['invited', 'reminded'], to: 'seen' });
  if (!(await inviteOfClient(db, q))) throw inviteNotFound();
}

/** The client's invite at the salon, open (404 when not theirs, 409 when closed). */
export async function openInviteOf(db: D1Database, q: { clientId: string; salonId: number; id: number; now: number }) {
  const row = await inviteOfClient(db, q);
  if (!row) throw inviteNotFound();
  if (!OPEN_INVITE_STATUSES.includes(row.status) && row.status !== 'accepted') throw inviteClosed();
  return row;
}
