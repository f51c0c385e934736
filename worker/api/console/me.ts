import { Hono } from 'hono';
import type { StaffMe } from '../../../shared/console/roles';
import { markJoined, salonsOfStaff, staffBySub } from '../../db/staff';
import { databasesOfStaff } from '../../db/spanning';
import type { AppEnv } from '../../env';
import { AppError } from '../../errors';
import { poolUserOf } from '../../identity/staff-admin';
import { staffUserRoute } from '../policy';

/**
 * GET /api/console/me: who is signed in to the console, and the salons they work at with their
 * role. Each database keeps the staff of its salons (docs/scale.md), so each database the staff
 * index names for them is asked for the member and their salons there. Someone who signed up and
 * has no salon yet (issue 49) is answered from the staff pool, with no salons: the console offers
 * them the set-up of their first.
 */
export const consoleMe = new Hono<AppEnv>().get('/console/me', staffUserRoute, async (c) => {
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
  c.header('Cache-Control', 'private, no-store');
  if (!first) {
    const newcomer = await poolUserOf(c.get('config'), sub);
    if (!newcomer) throw new AppError('FORBIDDEN', 'You are no longer on the team of any salon. Ask an owner to invite you again.');
    return c.json({ ...newcomer, salons: [] } satisfies StaffMe);
  }
  const salons = mine.flatMap((m) => m.salons).sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  return c.json({ email: first.staff.email, name: first.staff.name, salons } satisfies StaffMe);
});
