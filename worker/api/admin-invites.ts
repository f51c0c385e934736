import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { toMinor } from '../../shared/money';
import { inviteOfSalon, invitesOfSalon } from '../db/invites';
import type { AppEnv } from '../env';
import { remindInvite, withdrawInvite } from '../invites/actions';
import { createInvite } from '../invites/create';
import { inviteNotFound } from '../invites/errors';
import { adminInvite } from '../invites/view';
import { stripeFor } from '../payments/stripe';
import { idParam, isoDateTime, validate } from '../validate';
import { publishChange, textInvite } from './invite-notices';
import { originOf } from './request-headers';
import { requireAdminKey } from './admin-key';
import { adminRoute } from './policy';

const iso = isoDateTime();
const phone = z.string().regex(/^\+[1-9]\d{6,14}$/, 'must be a phone number in E.164 form, such as +447700900123');
const name = (what: string) => z.string().trim().min(1, `${what} must not be empty`).max(80, `${what} must be at most 80 characters`);

/** POST /admin/salons/{id}/invites: a request for an existing appointment (appointment_id) or a new one (appointment and client). */
const newInviteSchema = z
  .strictObject({
    request: z.enum(['deposit', 'card_only', 'full_price'], { message: 'must be deposit, card_only or full_price' }),
    deposit: z.number('must be an amount such as 15 or 12.50').positive('must be more than 0').max(100_000).optional(),
    appointment_id: z.number('must be an appointment id').int().positive().optional(),
    appointment: z
      .strictObject({
        start_time: iso,
        procedures: z
          .array(
            z.strictObject({
              service_id: z.number().int().positive(),
              stylist_id: z.number().int().positive(),
              start_time: iso.optional(),
            }),
          )
          .min(1, 'must name at least one service')
          .max(10),
      })
      .optional(),
    client: z.strictObject({ phone, first_name: name('first_name').optional(), last_name: name('last_name').optional() }).optional(),
  })
  .superRefine((b, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (b.request === 'deposit' && b.deposit === undefined) issue('deposit', 'deposit is needed for a deposit request');
    if (b.request !== 'deposit' && b.deposit !== undefined) issue('deposit', 'deposit is only for a deposit request');
    if ((b.appointment_id === undefined) === (b.appointment === undefined))
      issue('appointment_id', 'send either appointment_id (an existing appointment) or appointment (a new one)');
    if (b.appointment && !(b.client?.first_name && b.client.last_name))
      issue('client', 'client with phone, first_name and last_name is needed for a new appointment');
  });

const salonParam = z.object({ id: idParam('Salon id') });
const inviteParam = salonParam.extend({ inviteId: idParam('Invite id') });

async function answer(c: Context<AppEnv>, salonId: number, inviteId: number) {
  const row = await inviteOfSalon(c.env.DB, salonId, inviteId, Date.now());
  if (!row) throw inviteNotFound();
  return row;
}

/** The salon's deposit requests (admin key as for /admin/salons/{id}): create, list, remind, withdraw. */
export const adminInvites = new Hono<AppEnv>()
  .use('/admin/salons/:id/invites', requireAdminKey)
  .use('/admin/salons/:id/invites/*', requireAdminKey)
  .post('/admin/salons/:id/invites', adminRoute, validate('param', salonParam), validate('json', newInviteSchema), async (c) => {
    const salonId = c.req.valid('param').id;
    const b = c.req.valid('json');
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
    return c.json(adminInvite(row, originOf(c)), 201);
  })
  .get('/admin/salons/:id/invites', adminRoute, validate('param', salonParam), async (c) => {
    const rows = await invitesOfSalon(c.env.DB, c.req.valid('param').id, Date.now());
    c.header('Cache-Control', 'private, no-store');
    return c.json(rows.map((r) => adminInvite(r, originOf(c))));
  })
  .post('/admin/salons/:id/invites/:inviteId/remind', adminRoute, validate('param', inviteParam), async (c) => {
    const p = c.req.valid('param');
    const now = Date.now();
    const row = await remindInvite(c.env.DB, p.id, p.inviteId, now);
    textInvite(c, row, true, now);
    publishChange(c, row);
    return c.json(adminInvite(row, originOf(c)));
  })
  .delete('/admin/salons/:id/invites/:inviteId', adminRoute, validate('param', inviteParam), async (c) => {
    const p = c.req.valid('param');
    const row = await withdrawInvite(c.env.DB, stripeFor(c.get('config')), p.id, p.inviteId, Date.now());
    publishChange(c, row);
    return c.json(adminInvite(row, originOf(c)));
  });
