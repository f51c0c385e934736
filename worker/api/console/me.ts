import { Hono } from 'hono';
import type { StaffMe } from '../../../shared/console/roles';
import { STAFF_ROLES } from '../../../shared/console/roles';
import { markJoined, salonsOfStaff, staffBySub } from '../../db/staff';
import { databasesOfStaff } from '../../db/spanning';
import type { AppEnv } from '../../env';
import { AppError } from '../../errors';
import { staffRoute } from '../policy';

/**
 * GET /api/console/me: who is signed in to the console, and the salons they work at with their
 * role. Each database keeps the staff of its salons (docs/scale.md), so each database the staff
 * index names for them is asked for the member and their salons there.
 */
export const consoleMe = new Hono<AppEnv>().get('/console/me', staffRoute(STAFF_ROLES), async (c) => {
  const sub = c.get('caller').staffSub ?? '';
  const found = await Promise.all(
    (await databasesOfStaff(c.env, sub, c.get('config').versionLeaseMs)).map(async (db) => {
      const staff = await staffBySub(db, sub);
      if (!staff) return null;
      // Seen signed in: from now on each salon's team here lists them as active, no longer invited.
      await markJoined(db, staff.id, Date.now());
      return { staff, salons: await salonsOfStaff(db, staff.id) };
    }),
  );
  const mine = found.filter((f) => f !== null);
  const first = mine[0];
  if (!first) throw new AppError('FORBIDDEN', 'You are no longer on the team of any salon. Ask an owner to invite you again.');
  const salons = mine.flatMap((m) => m.salons).sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  c.header('Cache-Control', 'private, no-store');
  return c.json({ email: first.staff.email, name: first.staff.name, salons } satisfies StaffMe);
});
