import type { Context } from 'hono';
import type { StaffRole } from '../../shared/console/roles';
import { roleAt, staffBySub } from '../db/staff';
import { databasesOfStaff } from '../db/spanning';
import { directoryOf } from '../db/placement';
import { hasPlaces } from '../db/staff-salons';
import type { AppEnv } from '../env';
import { AppError } from '../errors';
import { rowIdOf } from '../../shared/ids';

const WHO: Record<StaffRole, string> = { owner: 'an owner', manager: 'a manager', stylist: 'a stylist' };

/**
 * A staff call's admission (the `staff` policy): the member the edge verified, known to this
 * product, and on a salon's call (`:id`) their role there. A salon they do not work at answers
 * 404, as if it did not exist, wherever it is placed (the salon's database may not know them at
 * all: the staff index says whether any salon still does); a role that may not make the call
 * answers 403, and so does someone no salon has any more. With `newcomers`, a call that names no salon also admits a verified member of the pool with no staff row yet.
 */
export async function admitStaff(c: Context<AppEnv>, roles: readonly StaffRole[], newcomers = false): Promise<void> {
  const sub = c.get('caller').staffSub;
  if (!sub) throw new AppError('UNAUTHORIZED', 'Please sign in to the console to continue.');
  // the salon's param: `:salonId` (new routes), `:id` (routes not yet renamed)
  const param = c.req.param('salonId') ?? c.req.param('id');
  // a salon's call: its database knows its staff; a call for no salon: any database may (docs/scale.md)
  const staff = param === undefined ? await staffAnywhere(c, sub) : await staffBySub(c.env.DB, sub);
  if (!staff && param !== undefined && (await hasPlaces(directoryOf(c.env.DB), sub))) throw new AppError('NOT_FOUND', 'Salon not found');
  // someone the staff pool verified, on no team yet (a new owner): only on a call that names no salon
  if (!staff && newcomers && param === undefined) return;
  if (!staff) throw new AppError('FORBIDDEN', 'You are no longer on the team of any salon. Ask an owner to invite you again.');
  if (param === undefined) {
    c.set('staff', { id: staff.id, email: staff.email, salonId: null, role: null });
    return;
  }
  const salonId = rowIdOf(param);
  const role = salonId === null ? null : await roleAt(c.env.DB, staff.id, salonId);
  if (salonId === null || role === null) throw new AppError('NOT_FOUND', 'Salon not found');
  if (!roles.includes(role)) throw new AppError('FORBIDDEN', `As ${WHO[role]} at this salon you cannot do this. Ask an owner.`);
  c.set('staff', { id: staff.id, email: staff.email, salonId, role });
}

/** A member's row in the first database of their salons that has one (a call that names no salon). */
async function staffAnywhere(c: Context<AppEnv>, sub: string) {
  for (const db of await databasesOfStaff(c.env, sub, c.get('config').versionLeaseMs)) {
    const staff = await staffBySub(db, sub);
    if (staff) return staff;
  }
  return null;
}

/** The admitted staff member of a salon's call (after the staff policy). */
export function staffOf(c: Context<AppEnv>): { id: number; email: string; salonId: number; role: StaffRole } {
  const s = c.get('staff');
  if (!s || s.salonId === null || s.role === null) throw new Error('a salon staff route without its staff policy');
  return { id: s.id, email: s.email, salonId: s.salonId, role: s.role };
}
