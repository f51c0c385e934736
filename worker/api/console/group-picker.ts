import { Hono, type Context } from 'hono';
import { groupPickerSchema, type GroupPickerSettings } from '../../../shared/console/group-picker';
import { CAN } from '../../../shared/console/roles';
import { copyPickerSettings, pickerSettingsOf, savePickerSettings } from '../../db/groups';
import { databasesOfGroup } from '../../db/spanning';
import { salonsOfStaff } from '../../db/staff';
import type { AppEnv } from '../../env';
import { AppError, FieldErrors } from '../../errors';
import { jsonBody, validateForm } from '../../validate';
import { changedScopes, SCOPES, staffRoute } from '../policy';
import { staffOf } from '../staff-access';
import { expectedVersion } from './settings';

/** The group whose picker the caller may arrange from this salon: they must own the group itself. */
async function ownedGroup(c: Context<AppEnv>): Promise<number> {
  const staff = staffOf(c);
  const here = (await salonsOfStaff(c.env.DB, staff.id)).find((s) => s.id === staff.salonId);
  if (!here?.group_id) throw new AppError('FORBIDDEN', "Only the group's owner can arrange the group's locations.");
  return here.group_id;
}

/** The first database (the group's row the public picker reads) and every database holding the group's locations, the first first. */
async function databasesOf(c: Context<AppEnv>, groupId: number) {
  const all = await databasesOfGroup(c.env, groupId);
  return { first: all[0]!, all };
}

async function settingsOf(c: Context<AppEnv>, groupId: number): Promise<GroupPickerSettings> {
  const { first, all } = await databasesOf(c, groupId);
  const found = await pickerSettingsOf(first, groupId, all);
  if (!found) throw new AppError('NOT_FOUND', 'Group not found');
  return {
    group_id: groupId,
    version: found.group.settings_version,
    heading: found.group.picker_heading,
    text: found.group.picker_text,
    locations: found.locations.map((l) => ({
      id: l.id,
      name: l.name,
      hidden: l.picker_hidden === 1,
      latitude: l.latitude,
      longitude: l.longitude,
    })),
  };
}

const MSG_STALE = 'Someone else changed the locations since you opened them. Check their changes, then save yours again.';

/**
 * /api/console/salons/{id}/group-picker (the group's owner, from any of its salons): the
 * picker's heading and text, the locations' order, which are hidden, and where each is. A save
 * names the version it started from (If-Match; 412 with the current settings when stale) and
 * lists every location of the group once.
 */
export const consoleGroupPicker = new Hono<AppEnv>()
  .get('/console/salons/:salonId/group-picker', staffRoute(CAN.arrangeGroup), async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await settingsOf(c, await ownedGroup(c)));
  })
  .put(
    '/console/salons/:salonId/group-picker',
    staffRoute(CAN.arrangeGroup),
    jsonBody,
    validateForm(groupPickerSchema, 'Check the locations'),
    async (c) => {
      const groupId = await ownedGroup(c);
      const from = expectedVersion(c, "locations' version");
      const body = c.req.valid('json');
      const current = await settingsOf(c, groupId);
      const ids = new Set(current.locations.map((l) => l.id));
      if (body.locations.length !== ids.size || body.locations.some((l) => !ids.has(l.id)))
        throw new FieldErrors('List every location of the group once', { locations: 'List every location of the group once' });
      // the first database decides (its row's version) and writes its locations; then each other
      // database holding locations writes its own, and its copy of the group's row. No transaction
      // spans databases: a failure there fails the call, and the owner's save again (at the new
      // version) writes every database again.
      const { first, all } = await databasesOf(c, groupId);
      const changeId = crypto.randomUUID();
      if (!(await savePickerSettings(first, groupId, from, body, changeId)))
        return c.json({ error: 'STALE_VERSION', detail: MSG_STALE, message: MSG_STALE, current }, 412);
      for (const db of all.slice(1)) await copyPickerSettings(db, groupId, from + 1, body, changeId);
      changedScopes(c, [SCOPES.group(groupId)]);
      c.header('Cache-Control', 'private, no-store');
      return c.json(await settingsOf(c, groupId));
    },
  );
