import { Hono } from 'hono';
import { CAN } from '../../../shared/console/roles';
import { historyOf } from '../../db/settings-history';
import type { AppEnv } from '../../env';
import { staffRoute } from '../policy';
import { staffOf } from '../staff-access';

/** GET /api/console/salons/{id}/history: every change of the salon's settings, newest first (who, when, old, new). */
export const consoleHistory = new Hono<AppEnv>().get('/console/salons/:salonId/history', staffRoute(CAN.readHistory), async (c) => {
  c.header('Cache-Control', 'private, no-store');
  return c.json(await historyOf(c.env.DB, staffOf(c).salonId));
});
