import { isIsoDateTime } from '../dates';
import * as z from '../zod';
import { typedName } from '../typed-name';

/**
 * A deposit request (an invite) as the salon asks for one: through the admin API
 * (POST /admin/salons/{id}/invites) and the console (POST /api/console/salons/{id}/requests),
 * one schema for both, so both refuse the same things in the same words. For an existing
 * appointment (appointment_id) or a new one (appointment and client).
 */
const ISO = 'must be an ISO date-time with offset, such as 2026-11-24T10:00:00Z';
const iso = z.string({ message: ISO }).max(40, ISO).refine(isIsoDateTime, ISO);
export const E164 = /^\+[1-9]\d{6,14}$/;
const phone = z.string().regex(E164, 'must be a phone number in E.164 form, such as +447700900123');
const name = (what: string) => typedName({ max: 80, empty: `${what} must not be empty`, tooLong: `${what} must be at most 80 characters` });

export const newInviteSchema = z
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
export type NewInvite = z.input<typeof newInviteSchema>;

/** POST /api/console/salons/{id}/rebooking-links (and the admin API's): the client with past appointments here. */
export const rebookingLinkSchema = z.strictObject({
  client_id: z
    .string({ message: 'client_id must be the client’s Cognito username' })
    .regex(/^[A-Za-z0-9-]{1,128}$/, 'client_id must be the client’s Cognito username'),
});

/**
 * How often the Requests place asks for its statuses again while it is open, in case the salon's
 * channel (which tells it of each change at once) is down.
 */
export const REQUESTS_POLL_MS = 30_000;
