import { Hono } from 'hono';
import * as z from 'zod';
import type { AppEnv } from '../env';
import { AppError } from '../errors';
import { groupById, salonById, salonExists, toSalonDetails } from '../db/salons';
import { servicesByCategory } from '../db/services';
import { databasesOfGroup } from '../db/spanning';
import { idParam, validate } from '../validate';
import { cachedRoute, SCOPES } from './policy';

/** Public catalogue calls of docs/booking/journey.md §7: release, group, salon, services. */
export const catalogue = new Hono<AppEnv>()
  .get(
    '/latest/release/ui.booking/:env/',
    cachedRoute(() => null),
    validate('param', z.object({ env: z.string().regex(/^[a-z0-9-]{1,32}$/, 'Unknown environment name') })),
    (c) => c.json({ latest_release: c.env.RELEASE || 'dev' }),
  )
  .get(
    '/book-online/group/:groupId/',
    cachedRoute((p) => SCOPES.group(p.groupId!)),
    validate('param', z.object({ groupId: idParam('Group id') })),
    async (c) => {
      const { groupId: id } = c.req.valid('param');
      // the group's row is in the first database; its locations wherever the directory placed them
      const group = await groupById(c.env.DB, id, await databasesOfGroup(c.env, id));
      if (!group) throw new AppError('NOT_FOUND', 'Group not found');
      return c.json(group);
    },
  )
  .get(
    '/book-online/salon/:salonId/',
    cachedRoute((p) => SCOPES.salon(p.salonId!)),
    validate('param', z.object({ salonId: idParam('Salon id') })),
    async (c) => {
      const row = await salonById(c.env.DB, c.req.valid('param').salonId);
      if (!row) throw new AppError('NOT_FOUND', 'Salon not found');
      return c.json(toSalonDetails(row));
    },
  )
  .get(
    '/book-online/services/:salonId/',
    cachedRoute((p) => SCOPES.salon(p.salonId!)),
    validate('param', z.object({ salonId: idParam('Salon id') })),
    async (c) => {
      const { salonId } = c.req.valid('param');
      if (!(await salonExists(c.env.DB, salonId))) throw new AppError('NOT_FOUND', 'Salon not found');
      return c.json(await servicesByCategory(c.env.DB, salonId));
    },
  );
