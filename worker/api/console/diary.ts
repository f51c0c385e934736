import { Hono, type Context } from 'hono';
import * as z from 'zod';
import { diaryDate, salonChannel } from '../../../shared/console/diary';
import { CAN } from '../../../shared/console/roles';
import { diaryDay, diaryWeek } from '../../console/diary';
import { searchPatterns } from '../../console/clients';
import { deskAppointment } from '../../console/desk';
import { findClients, stylistOfStaff } from '../../db/diary';
import type { AppEnv } from '../../env';
import { AppError } from '../../errors';
import { authorizeChannel } from '../../pusher';
import { idParam, validate } from '../../validate';
import { staffRoute } from '../policy';
import { staffOf } from '../staff-access';

/** The column a stylist may see (their own; none when no column is theirs), or null for those who see every column. */
export async function ownColumnOf(c: Context<AppEnv>): Promise<number | null> {
  const staff = staffOf(c);
  if (staff.role !== 'stylist') return null;
  return (await stylistOfStaff(c.env.DB, staff.id, staff.salonId)) ?? -1;
}

const dayParam = z.object({ salonId: idParam('Salon id'), date: diaryDate });
const appointmentParam = z.object({ salonId: idParam('Salon id'), appointmentId: idParam('Appointment id') });
const search = z.object({
  q: z
    .string('Enter a name or phone number to search')
    .trim()
    .min(2, 'Enter at least 2 letters or digits to search')
    .max(80, 'Search for at most 80 characters'),
});
const channelAuth = z.object({
  socket_id: z.string().regex(/^\d{1,20}\.\d{1,20}$/, 'socket_id must be a Pusher socket id such as 123.456'),
  channel_name: z.string().min(1, 'channel_name is required').max(164, 'channel_name must be at most 164 characters'),
});

const personal = (c: Context<AppEnv>) => c.header('Cache-Control', 'private, no-store');

/**
 * The diary (issue 29): a day with a column per stylist, a week list, an appointment opened,
 * clients found by name or phone, and the salon's private realtime channel's authorisation.
 * A stylist gets their own column only, and a 404 for anyone else's appointment.
 */
export const consoleDiary = new Hono<AppEnv>()
  .get('/console/salons/:salonId/diary/week/:date', staffRoute(CAN.readDiary), validate('param', dayParam), async (c) => {
    personal(c);
    return c.json(
      await diaryWeek(c.env.DB, { salonId: staffOf(c).salonId, from: c.req.valid('param').date, stylistId: await ownColumnOf(c) }),
    );
  })
  .get('/console/salons/:salonId/diary/:date', staffRoute(CAN.readDiary), validate('param', dayParam), async (c) => {
    personal(c);
    return c.json(
      await diaryDay(c.env.DB, { salonId: staffOf(c).salonId, date: c.req.valid('param').date, stylistId: await ownColumnOf(c) }),
    );
  })
  .get(
    '/console/salons/:salonId/appointments/:appointmentId',
    staffRoute(CAN.readDiary),
    validate('param', appointmentParam),
    async (c) => {
      personal(c);
      const p = c.req.valid('param');
      return c.json(await deskAppointment(c.env.DB, staffOf(c).salonId, p.appointmentId, await ownColumnOf(c)));
    },
  )
  .get('/console/salons/:salonId/desk/clients', staffRoute(CAN.runDesk), validate('query', search), async (c) => {
    personal(c);
    // a phone as staff type it ('07700 900123') finds the number as kept (+447700900123), as the Clients place does
    return c.json(await findClients(c.env.DB, staffOf(c).salonId, searchPatterns(c.req.valid('query').q)));
  })
  .get('/console/salons/:salonId/realtime', staffRoute(CAN.readDiary), (c) => {
    // what pusher-js needs for the salon's channel (the app key, never the secret)
    c.header('Cache-Control', 'private, no-store');
    return c.json({ settings: c.get('config').pusher.browser, channel: salonChannel(staffOf(c).salonId) });
  })
  .post('/console/salons/:salonId/realtime/auth', staffRoute(CAN.readDiary), validate('form', channelAuth), async (c) => {
    // pusher-js's channel authorisation: the salon's own private channel, for its staff only
    c.header('Cache-Control', 'no-store');
    const { socket_id, channel_name } = c.req.valid('form');
    const own = salonChannel(staffOf(c).salonId);
    if (channel_name !== own) throw new AppError('FORBIDDEN', `You may only subscribe to this salon's channel (${own}).`, 'channel_name');
    return c.json(await authorizeChannel(c.get('config'), socket_id, own));
  });
