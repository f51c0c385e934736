import { Hono } from 'hono';
import * as z from 'zod';
import { CAN, MAY_INVITE } from '../../../shared/console/roles';
import { staffInviteSchema } from '../../../shared/console/team';
import { addRole, addStaff, deleteStaff, removeRole, staffByEmail, teamOf } from '../../db/staff';
import type { AppEnv } from '../../env';
import { AppError } from '../../errors';
import { idParam, jsonBody, validate, validateForm } from '../../validate';
import { staffRoute } from '../policy';
import { staffOf } from '../staff-access';
import { createStaffAccount, removeStaffAccount } from '../../console/accounts';
import { checkColumnFree, linkError } from './staff-columns';

/**
 * /api/console/salons/{id}/staff: the salon's team and invitations (owners, and managers who invite
 * stylists only: MAY_INVITE), and removals (owners). An
 * invitation creates the Cognito account (AdminCreateUser: Cognito emails a temporary password);
 * someone already on another salon's team gets a role here with the account they have.
 */
export const consoleStaff = new Hono<AppEnv>()
  .get('/console/salons/:id/staff', staffRoute(CAN.inviteStaff), async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await teamOf(c.env.DB, staffOf(c).salonId));
  })
  .post(
    '/console/salons/:id/staff',
    staffRoute(CAN.inviteStaff),
    jsonBody,
    validateForm(staffInviteSchema, 'Check the invitation'),
    async (c) => {
      const { salonId, role } = staffOf(c);
      const invite = c.req.valid('json');
      if (!MAY_INVITE[role].includes(invite.role))
        throw new AppError(
          'FORBIDDEN',
          `As a ${role} you can invite ${MAY_INVITE[role].join(' or ')}s only. Ask an owner to invite a ${invite.role}.`,
          'role',
        );
      const db = c.env.DB;
      const now = Date.now();
      // a stylist's column of the diary, linked with the role (staff-columns.ts; the database refuses a taken one)
      const stylistId = invite.stylist_id ?? null;
      if (stylistId !== null) await checkColumnFree(db, salonId, stylistId, null);
      const refused = async (e: unknown) => {
        throw stylistId === null ? e : await linkError(db, salonId, stylistId, e);
      };
      const existing = await staffByEmail(db, invite.email);
      if (existing) {
        const onTeam = (await teamOf(db, salonId)).some((m) => m.id === existing.id);
        if (onTeam || !(await addRole(db, existing.id, salonId, invite.role, now, stylistId).catch(refused)))
          throw new AppError('CONFLICT', `${invite.email} is already on this salon's team`, 'email');
      } else {
        const sub = await createStaffAccount(c.get('config'), invite);
        // a refused link leaves the account unused (a new invitation finds it: createStaffAccount)
        await addStaff(db, { sub, email: invite.email, name: invite.name, salonId, role: invite.role, stylistId }, now).catch(refused);
      }
      const member = (await teamOf(db, salonId)).find((m) => m.email === invite.email);
      c.header('Cache-Control', 'private, no-store');
      return c.json(member, 201);
    },
  )
  .delete(
    '/console/salons/:id/staff/:staffId',
    staffRoute(CAN.removeStaff),
    validate('param', z.object({ id: idParam('Salon id'), staffId: idParam('Staff id') })),
    async (c) => {
      const me = staffOf(c);
      const staffId = c.req.valid('param').staffId;
      const member = (await teamOf(c.env.DB, me.salonId)).find((m) => m.id === staffId);
      if (!member) throw new AppError('NOT_FOUND', 'Staff member not found');
      if (member.via_group) throw new AppError('CONFLICT', `${member.name} owns the whole group: remove them from the group instead`);
      if (staffId === me.id) throw new AppError('CONFLICT', 'You cannot remove yourself. Ask another owner.');
      const left = await removeRole(c.env.DB, staffId, me.salonId);
      // No salon left: the account goes too (its sessions end; a new invitation starts afresh).
      if (left === 0) {
        const sub = (await staffByEmail(c.env.DB, member.email))?.sub;
        if (sub) await removeStaffAccount(c.get('config'), sub);
        await deleteStaff(c.env.DB, staffId);
      }
      return c.body(null, 204);
    },
  );
