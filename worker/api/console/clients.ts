import { Hono, type Context } from 'hono';
import * as z from 'zod';
import { CLIENT_KEY, clientNoteSchema, clientSearchQuery } from '../../../shared/console/clients';
import { CAN } from '../../../shared/console/roles';
import { clientCard, clientOfSalon, findClients, noteOf, type Scope } from '../../console/clients';
import { staffNameOf, stylistColumnOf } from '../../db/desk-staff';
import { insertClientNote } from '../../db/salon-clients';
import type { AppEnv } from '../../env';
import { idParam, jsonBody, validate, validateForm } from '../../validate';
import { staffRoute } from '../policy';
import { staffOf } from '../staff-access';
import { staffSalon } from './staff-salon';

const clientParam = z.object({
  salonId: idParam('Salon id'),
  clientId: z.string().regex(CLIENT_KEY, 'clientId must be a client id, an E.164 phone number or an email'),
});

/** Owners and managers see every client of the salon; a stylist, those with an appointment in their column. */
async function scopeOf(c: Context<AppEnv>): Promise<Scope> {
  const staff = staffOf(c);
  if (staff.role !== 'stylist') return { salonId: staff.salonId, stylistId: null };
  const column = await stylistColumnOf(c.env.DB, staff.id, staff.salonId);
  // A stylist account with no column has no clients of its own (-1 names no stylist).
  return { salonId: staff.salonId, stylistId: column ?? -1 };
}

/**
 * /api/console/salons/{id}/clients: the salon's clients (search by name or phone, paged), a
 * client's card, and the salon's notes about a client (owners and managers write them).
 */
export const consoleClients = new Hono<AppEnv>()
  .get('/console/salons/:salonId/clients', staffRoute(CAN.readClients), validate('query', clientSearchQuery), async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await findClients(c.env.DB, await scopeOf(c), { ...c.req.valid('query'), now: Date.now() }));
  })
  .get('/console/salons/:salonId/clients/:clientId', staffRoute(CAN.readClients), validate('param', clientParam), async (c) => {
    const { currency } = await staffSalon(c);
    const card = await clientCard(c.env.DB, await scopeOf(c), c.req.valid('param').clientId, { currency, now: Date.now() });
    c.header('Cache-Control', 'private, no-store');
    return c.json(card);
  })
  .post(
    '/console/salons/:salonId/clients/:clientId/notes',
    staffRoute(CAN.noteClients),
    validate('param', clientParam),
    jsonBody,
    validateForm(clientNoteSchema, 'Check the note'),
    async (c) => {
      const staff = staffOf(c);
      const key = c.req.valid('param').clientId;
      const now = Date.now();
      await clientOfSalon(c.env.DB, await scopeOf(c), key, now);
      const note = await insertClientNote(c.env.DB, {
        salonId: staff.salonId,
        key,
        body: c.req.valid('json').body,
        staffId: staff.id,
        staffName: (await staffNameOf(c.env.DB, staff.id)) || staff.email,
        now,
      });
      c.header('Cache-Control', 'private, no-store');
      return c.json(noteOf(note), 201);
    },
  );
