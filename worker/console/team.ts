import type { StaffRole } from '../../shared/console/roles';
import type { Config } from '../config';
import { AppError } from '../errors';
import { directoryOf } from '../db/placement';
import { claimPlace, leavePlace, leftFor, placesAreOf, releasePlace } from '../db/staff-salons';
import { deleteStaffWithoutRoles, joinTeam, removeRole, staffByEmail } from '../db/staff';
import { createStaffAccount, removeStaffAccount } from './accounts';

/**
 * A salon's team across databases (docs/console/README.md "The team across salons", docs/scale.md "The staff index").
 * A person's sign-in is one user of the staff pool, whichever salons have them; each salon's
 * database keeps its own copy of them with its role. The staff index in the first database
 * (db/staff-salons.ts) names every salon that has them, so that removing them at one salon deletes
 * their user only when no salon in any database still has them. An invitation claims its place in
 * the index before anything else and a removal marks the person leaving only when no place is
 * left, both in the index's own writes, so an invitation and a last removal at the same moment
 * never leave a role without a sign-in.
 */

/**
 * Invites `email` to the salon's team. Someone who already has a sign-in (at a salon here or in
 * another database) keeps it and gets the role; the answer and the team show them as a new
 * person's would be shown: by the name given here, invited until they next sign in.
 */
export async function inviteMember(
  db: D1Database,
  config: Config,
  salonId: number,
  invite: { email: string; name: string; role: StaffRole; stylistId?: number | null },
  now: number,
): Promise<void> {
  const directory = directoryOf(db);
  const claim = await claimPlace(directory, invite.email, salonId, now);
  if (claim === 'leaving') throw new AppError('CONFLICT', `${invite.email} cannot be invited just now. Try again in a minute.`, 'email');
  try {
    // the pool's own user of the email (made now for a new person), never a copy's: a copy may be
    // older than a sign-in deleted and made again
    const sub = await createStaffAccount(config, invite);
    await placesAreOf(directory, invite.email, sub);
    if (!(await joinTeam(db, { sub, ...invite, salonId }, now)))
      throw new AppError('CONFLICT', `${invite.email} is already on this salon's team`, 'email');
  } catch (e) {
    if (claim === 'new') await releasePlace(directory, invite.email, salonId).catch(() => undefined);
    throw e;
  }
}

/**
 * Removes a member's role at the salon (never its last owner: 409). Their sign-in is deleted (every
 * session ends; a new invitation starts afresh) only when the index says no salon in any database
 * has them any more.
 */
export async function removeMember(
  db: D1Database,
  config: Config,
  salonId: number,
  member: { id: number; email: string; name: string },
  now: number,
): Promise<void> {
  const removed = await removeRole(db, member.id, salonId);
  if (removed === 'gone') throw new AppError('NOT_FOUND', 'Staff member not found');
  if (removed === 'last owner')
    throw new AppError('CONFLICT', `${member.name} is the salon's only owner now. Invite another owner before removing them.`);
  const sub = (await staffByEmail(db, member.email))?.sub;
  // no salon of this database left: its copy of them goes (a copy left behind would keep a sign-in
  // that may be deleted later, and a new invitation here would be given it)
  await deleteStaffWithoutRoles(db, member.id);
  if (!sub) return;
  const directory = directoryOf(db);
  if (!(await leavePlace(directory, member.email, salonId, sub, now))) return;
  try {
    await removeStaffAccount(config, sub);
  } finally {
    await leftFor(directory, member.email, now);
  }
}
