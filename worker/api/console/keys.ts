import { Hono } from 'hono';
import { apiKeyCreateSchema, type CreatedApiKey } from '../../../shared/console/keys';
import { CAN } from '../../../shared/console/roles';
import { randomBase64url, sha256Hex } from '../../crypto';
import { apiKeysOf, insertApiKey, revokeApiKey } from '../../db/api-keys';
import type { AppEnv } from '../../env';
import { AppError } from '../../errors';
import { idParam, jsonBody, validate, validateForm } from '../../validate';
import * as z from 'zod';
import { staffRoute } from '../policy';
import { staffOf } from '../staff-access';

/**
 * /api/console/salons/{id}/keys (owners): API keys for automation. A key is shown once, when it
 * is created, and stored only as its SHA-256; it opens the salon admin API as the salon's admin
 * key does (api/salon-admin.ts), and its last use is recorded.
 */
export const consoleKeys = new Hono<AppEnv>()
  .get('/console/salons/:salonId/keys', staffRoute(CAN.manageKeys), async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await apiKeysOf(c.env.DB, staffOf(c).salonId));
  })
  .post(
    '/console/salons/:salonId/keys',
    staffRoute(CAN.manageKeys),
    jsonBody,
    validateForm(apiKeyCreateSchema, 'Give the key a name'),
    async (c) => {
      const staff = staffOf(c);
      const key = `bwk_${randomBase64url(32)}`;
      const summary = await insertApiKey(
        c.env.DB,
        {
          salonId: staff.salonId,
          name: c.req.valid('json').name,
          prefix: key.slice(0, 8),
          hash: await sha256Hex(key),
          createdBy: staff.id,
        },
        Date.now(),
      );
      c.header('Cache-Control', 'private, no-store');
      return c.json({ ...summary, key } satisfies CreatedApiKey, 201);
    },
  )
  .delete(
    '/console/salons/:salonId/keys/:keyId',
    staffRoute(CAN.manageKeys),
    validate('param', z.object({ salonId: idParam('Salon id'), keyId: idParam('Key id') })),
    async (c) => {
      const staff = staffOf(c);
      if (!(await revokeApiKey(c.env.DB, staff.salonId, c.req.valid('param').keyId, Date.now())))
        throw new AppError('NOT_FOUND', 'API key not found');
      return c.body(null, 204);
    },
  );
