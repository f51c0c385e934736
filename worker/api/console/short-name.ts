import { Hono, type Context } from 'hono';
import * as z from 'zod';
import { CAN } from '../../../shared/console/roles';
import { MSG_SHORT_NAME_FORMAT, shortNameSchema, type ShortNameCheck, type ShortNameView } from '../../../shared/console/short-name';
import { salonById } from '../../db/salons';
import { shortNameOf } from '../../db/short-names';
import type { AppEnv } from '../../env';
import { holderOfName } from '../../names/claims';
import { setShortName } from '../../names/short-name';
import { jsonBody, validate, validateForm } from '../../validate';
import { changedScopes, SCOPES, staffRoute } from '../policy';
import { nameIndex } from '../salon-database';
import { staffOf } from '../staff-access';

const MSG_TAKEN = 'Another salon has that short name: choose another';

async function viewOf(c: Context<AppEnv>, salonId: number): Promise<ShortNameView> {
  const v = await shortNameOf(c.env.DB, salonId, Date.now());
  return {
    short_name: v.short_name,
    previous: v.previous.map((p) => ({ short_name: p.short_name, redirects_until: new Date(p.until).toISOString() })),
  };
}

/**
 * /api/console/salons/{id}/short-name (owners): the salon's /s/{name}. GET answers it and the
 * names that still redirect here; GET .../check?name= whether a name is free as the owner types
 * (format, reserved words, another salon's name or one given up less than 90 days ago); PUT
 * `{short_name}` changes it (worker/names/short-name.ts), the old name redirecting for 90 days, the
 * latest 3 old names kept (409 when taken meanwhile, 429 past 5 renames a day).
 */
export const consoleShortName = new Hono<AppEnv>()
  .get('/console/salons/:salonId/short-name', staffRoute(CAN.manageAddresses), async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await viewOf(c, staffOf(c).salonId));
  })
  .get(
    '/console/salons/:salonId/short-name/check',
    staffRoute(CAN.manageAddresses),
    validate('query', z.object({ name: z.string(MSG_SHORT_NAME_FORMAT).max(100, MSG_SHORT_NAME_FORMAT) })),
    async (c) => {
      c.header('Cache-Control', 'private, no-store');
      const parsed = shortNameSchema.safeParse({ short_name: c.req.valid('query').name });
      if (!parsed.success) {
        const answer: ShortNameCheck = { short_name: c.req.valid('query').name, available: false, reason: parsed.error.issues[0]!.message };
        return c.json(answer);
      }
      const name = parsed.data.short_name;
      const owner = await holderOfName(nameIndex(c), 'short', name);
      const available = owner === null || owner === staffOf(c).salonId;
      return c.json({ short_name: name, available, reason: available ? null : MSG_TAKEN } satisfies ShortNameCheck);
    },
  )
  .put(
    '/console/salons/:salonId/short-name',
    staffRoute(CAN.manageAddresses),
    jsonBody,
    validateForm(shortNameSchema, 'Check the short name'),
    async (c) => {
      const { salonId } = staffOf(c);
      const name = c.req.valid('json').short_name;
      await setShortName(nameIndex(c), c.env.DB, salonId, name, { field: 'short_name', taken: MSG_TAKEN });
      changedScopes(c, [SCOPES.tenancy, SCOPES.salon(salonId), ...(await groupScope(c, salonId))]);
      c.header('Cache-Control', 'private, no-store');
      return c.json(await viewOf(c, salonId));
    },
  );

/** The salon's group's picker links to its short URL: its scope too. */
async function groupScope(c: Context<AppEnv>, salonId: number): Promise<string[]> {
  const groupId = (await salonById(c.env.DB, salonId))?.group_id;
  return groupId ? [SCOPES.group(groupId)] : [];
}
