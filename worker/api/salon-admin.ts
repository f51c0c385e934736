import type { MiddlewareHandler } from 'hono';
import { keyMatches, sha256Hex } from '../crypto';
import { useApiKey } from '../db/api-keys';
import { salonById } from '../db/salons';
import type { AppEnv } from '../env';
import { AppError } from '../errors';

/**
 * The salon admin API's authentication: `Authorization: Bearer <the salon's admin key>` (or an
 * API key created in the console) for the salon of the path's :id. Runs before the body is read; an unknown salon looks the same as a
 * wrong key (401).
 */
export const salonAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  const id = Number(c.req.param('id'));
  const row = Number.isInteger(id) && id > 0 ? await salonById(c.env.DB, id) : null;
  const key = /^Bearer (\S+)$/.exec(c.req.header('Authorization') ?? '')?.[1];
  // The salon's admin key, or an API key its owner created in the console (its use recorded).
  const admitted =
    row &&
    key &&
    ((await keyMatches(key, row.admin_key_hash)) ||
      (key.length <= 256 && (await useApiKey(c.env.DB, id, await sha256Hex(key), Date.now()))));
  if (!admitted) {
    c.header('WWW-Authenticate', 'Bearer realm="salon-admin"');
    throw new AppError('UNAUTHORIZED', 'Missing or wrong admin key: send Authorization: Bearer <the salon admin key>');
  }
  await next();
};
