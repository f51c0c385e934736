import { Hono } from 'hono';
import { CAN } from '../../../shared/console/roles';
import { todayOf } from '../../console/today';
import { dismissSetupChecklist } from '../../db/setup-checklist';
import type { AppEnv } from '../../env';
import { publishSetupChange } from '../../messaging/realtime';
import { afterAnswer } from '../after-answer';
import { staffRoute } from '../policy';
import { staffOf } from '../staff-access';
import { ownColumnOf } from './diary';

/**
 * GET /api/console/salons/{id}/today (every role): the day at a glance. A stylist sees their own
 * column's appointments; requests waiting, failed messages and a new salon's checklist of what is
 * left are for owners and managers.
 *
 * POST /api/console/salons/{id}/setup-checklist/dismiss (owners and managers): the checklist is
 * gone from Today for everyone at the salon (docs/get-started.md), with an entry in History; open
 * consoles are told on the salon's channel. Dismissing it again changes nothing (204 still).
 */
export const consoleToday = new Hono<AppEnv>()
  .get('/console/salons/:salonId/today', staffRoute(CAN.readDiary), async (c) => {
    const staff = staffOf(c);
    c.header('Cache-Control', 'private, no-store');
    const full = CAN.requests.some((r) => r === staff.role);
    return c.json(await todayOf(c.env.DB, { salonId: staff.salonId, stylistId: await ownColumnOf(c), full, now: Date.now() }));
  })
  .post('/console/salons/:salonId/setup-checklist/dismiss', staffRoute(CAN.editSettings), async (c) => {
    const staff = staffOf(c);
    if (await dismissSetupChecklist(c.env.DB, staff.salonId, staff.email, Date.now()))
      afterAnswer(c, publishSetupChange(c.get('config'), staff.salonId), `set-up checklist of salon ${staff.salonId} not published`);
    c.header('Cache-Control', 'private, no-store');
    return c.body(null, 204);
  });
