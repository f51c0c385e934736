import type { Context } from 'hono';
import type * as z from 'zod';
import type { newInviteSchema } from '../../shared/console/requests';
import { toMinor } from '../../shared/money';
import type { RebookingLinkCreated } from '../../shared/rebooking';
import { inviteOfSalon, invitesOfSalon } from '../db/invites';
import type { AppEnv } from '../env';
import { remindInvite, withdrawInvite } from '../invites/actions';
import { createInvite } from '../invites/create';
import { inviteNotFound } from '../invites/errors';
import { adminInvite } from '../invites/view';
import { enqueueMessage } from '../messaging/outbox';
import { rebookingLinkText } from '../messaging/templates';
import { stripeFor } from '../payments/stripe';
import { createLink } from '../rebooking/links';
import { afterAnswer, outboxOf } from './after-answer';
import { publishChange, textInvite } from './invite-notices';
import { originOf } from './request-headers';

/**
 * The salon's deposit requests and rebooking links: the calls' bodies, shared by the admin API
 * (admin key: admin-invites.ts, admin-rebooking.ts) and the console (staff: console/requests.ts),
 * so that both go through the same domain code, texts and realtime notices.
 */

async function answer(c: Context<AppEnv>, salonId: number, inviteId: number) {
  const row = await inviteOfSalon(c.env.DB, salonId, inviteId, Date.now());
  if (!row) throw inviteNotFound();
  return row;
}

/** A new request, texted to the client: 201 with it. */
export async function askForDeposit(c: Context<AppEnv>, salonId: number, b: z.output<typeof newInviteSchema>) {
  const now = Date.now();
  const id = await createInvite(c.env.DB, {
    salonId,
    request: b.request,
    deposit: b.deposit === undefined ? null : toMinor(b.deposit),
    appointmentId: b.appointment_id,
    appointment: b.appointment,
    client: b.client,
    now,
  });
  const row = await answer(c, salonId, id);
  textInvite(c, row, false, now);
  publishChange(c, row);
  c.header('Cache-Control', 'private, no-store');
  return c.json(adminInvite(row, originOf(c)), 201);
}

export async function listRequests(c: Context<AppEnv>, salonId: number) {
  const rows = await invitesOfSalon(c.env.DB, salonId, Date.now());
  c.header('Cache-Control', 'private, no-store');
  return c.json(rows.map((r) => adminInvite(r, originOf(c))));
}

export async function remindRequest(c: Context<AppEnv>, salonId: number, inviteId: number) {
  const now = Date.now();
  const row = await remindInvite(c.env.DB, salonId, inviteId, now);
  textInvite(c, row, true, now);
  publishChange(c, row);
  c.header('Cache-Control', 'private, no-store');
  return c.json(adminInvite(row, originOf(c)));
}

export async function withdrawRequest(c: Context<AppEnv>, salonId: number, inviteId: number) {
  const row = await withdrawInvite(c.env.DB, stripeFor(c.get('config')), salonId, inviteId, Date.now());
  publishChange(c, row);
  c.header('Cache-Control', 'private, no-store');
  return c.json(adminInvite(row, originOf(c)));
}

/** A new link to the older rebooking flow for a client with a past appointment here, texted to the client: 201. */
export async function sendRebookingLink(c: Context<AppEnv>, salonId: number, clientId: string) {
  const made = await createLink(c.env.DB, { salonId, clientId, now: Date.now() });
  const link = `${originOf(c)}/auth/${made.urlhash}`;
  const key = `rebooking-link-${made.ref}`;
  afterAnswer(
    c,
    enqueueMessage(outboxOf(c), { kind: 'sms', to: made.phone, body: rebookingLinkText(made.salonName, link), key, salon_id: salonId }),
    `rebooking link for salon ${salonId} not texted`,
  );
  c.header('Cache-Control', 'private, no-store');
  return c.json({ urlhash: made.urlhash, link, expires_at: new Date(made.expiresAt).toISOString() } satisfies RebookingLinkCreated, 201);
}
