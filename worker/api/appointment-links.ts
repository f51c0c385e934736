import { Hono } from 'hono';
import * as z from 'zod';
import type { AppEnv } from '../env';
import { stripeFor } from '../payments/stripe';
import { cancelLinkedAppointment, LINK_TOKEN, linkedAppointment } from '../reminders/link';
import { validate } from '../validate';
import { announceToDiary } from './diary-notices';
import { offerToWaitlist } from './waitlist-notices';
import { publicRoute } from './policy';
import { salonDatabase } from './salon-database';
import { salonOfToken } from '../crypto';
import { tellStaff } from './staff-notices';

const tokenParam = z.object({ token: z.string().regex(LINK_TOKEN, 'This link is not valid') });

/**
 * A reminder's link without a password (issue 30): the appointment's details, its calendar file
 * (`appointment.ics`) and cancelling within the salon's rules; the token names its salon, whose
 * database the directory gives. The token is the capability; an
 * unknown or expired one is 404 LINK_GONE. Never cached.
 */
export const appointmentLinks = new Hono<AppEnv>()
  .get('/appointment-links/:token', publicRoute, validate('param', tokenParam), async (c) => {
    c.header('Cache-Control', 'private, no-store');
    const { token } = c.req.valid('param');
    return c.json(await linkedAppointment(await salonDatabase(c, salonOfToken(token)), token, Date.now()));
  })
  .post('/appointment-links/:token/cancel', publicRoute, validate('param', tokenParam), async (c) => {
    c.header('Cache-Control', 'private, no-store');
    const { token } = c.req.valid('param');
    const db = await salonDatabase(c, salonOfToken(token));
    const done = await cancelLinkedAppointment(db, stripeFor(c.get('config')), token, Date.now());
    announceToDiary(c, done.salon_id, done.appointment.id, 'cancelled');
    tellStaff(c, done.salon_id, 'cancellation', { appointment_id: done.appointment.id }, done.appointment.id);
    await offerToWaitlist(c, db, { salonId: done.salon_id, appointmentId: done.appointment.id, movedFrom: null });
    return c.json(done);
  });
