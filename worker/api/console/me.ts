import { Hono } from 'hono';
import type { StaffMe } from '../../../shared/console/roles';
import { STAFF_ROLES } from '../../../shared/console/roles';
import { markJoined, salonsOfStaff, staffBySub } from '../../db/staff';
import type { AppEnv } from '../../env';
import { AppError } from '../../errors';
import { staffRoute } from '../policy';

/** GET /api/console/me: who is signed in to the console, and the salons they work at with their role. */
export const consoleMe = new Hono<AppEnv>().get('/console/me', staffRoute(STAFF_ROLES), async (c) => {
  const staff = await staffBySub(c.env.DB, c.get('caller').staffSub ?? '');
  if (!staff) throw new AppError('FORBIDDEN', 'You are no longer on the team of any salon. Ask an owner to invite you again.');
  // Seen signed in: from now on the team lists them as active, no longer invited.
  if (staff.joined_at === null) await markJoined(c.env.DB, staff.id, Date.now());
  c.header('Cache-Control', 'private, no-store');
  return c.json({ email: staff.email, name: staff.name, salons: await salonsOfStaff(c.env.DB, staff.id) } satisfies StaffMe);
});
