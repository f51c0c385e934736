import { Hono } from 'hono';
import { newGroupSchema } from '../../../shared/console/groups';
import { CAN } from '../../../shared/console/roles';
import { makeGroup } from '../../console/new-group';
import type { AppEnv } from '../../env';
import { FieldErrors } from '../../errors';
import { jsonBody, validate } from '../../validate';
import { changedScopes, SCOPES, staffRoute } from '../policy';
import { staffOf } from '../staff-access';

/**
 * POST /api/console/salons/{id}/group (owners; issue 49, docs/get-started.md "Making a group"):
 * the caller's salons, this one among them, made one group: 201 with the group and its picker's
 * address. A salon that is not the caller's own answers 404, one in a group already 409. Each
 * salon's History says so, and the salons' and the group's cache versions are renewed so their
 * pages and the picker show the group at once.
 */
export const consoleNewGroup = new Hono<AppEnv>().post(
  '/console/salons/:salonId/group',
  staffRoute(CAN.makeGroup),
  jsonBody,
  validate('json', newGroupSchema),
  async (c) => {
    const staff = staffOf(c);
    const body = c.req.valid('json');
    if (!body.salon_ids.includes(staff.salonId))
      throw new FieldErrors('Include this salon in the group', { salon_ids: 'Include this salon in the group' });
    const sub = c.get('caller').staffSub ?? '';
    const group = await makeGroup(c.env, c.get('config'), { sub, email: staff.email }, body, Date.now());
    changedScopes(c, [...group.salon_ids.map((id) => SCOPES.salon(id)), SCOPES.group(group.id)]);
    c.header('Cache-Control', 'private, no-store');
    return c.json(group, 201);
  },
);
