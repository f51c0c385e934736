import { Hono } from 'hono';
import { CAN } from '../../../shared/console/roles';
import { todayOf } from '../../console/today';
import type { AppEnv } from '../../env';
import { staffRoute } from '../policy';
import { staffOf } from '../staff-access';
import { ownColumnOf } from './diary';

/**
 * GET /api/console/salons/{id}/today (every role): the day at a glance. A stylist sees their own
 * column's appointments; requests waiting and failed messages are for owners and managers.
 */
export const consoleToday = new Hono<AppEnv>().get('/console/salons/:salonId/today', staffRoute(CAN.readDiary), async (c) => {
  const staff = staffOf(c);
  c.header('Cache-Control', 'private, no-store');
  const full = CAN.requests.some((r) => r === staff.role);
  return c.json(await todayOf(c.env.DB, { salonId: staff.salonId, stylistId: await ownColumnOf(c), full, now: Date.now() }));
});
