import type { Context } from 'hono';
import { keyMatches, sha256Hex } from '../crypto';
import { useApiKey } from '../db/api-keys';
import { salonById } from '../db/salons';
import type { AppEnv } from '../env';
import { AppError } from '../errors';

/** The key of `Authorization: Bearer <key>`, if the header has that shape. */
const bearerKey = (c: Context<AppEnv>) => /^Bearer (\S+)$/.exec(c.req.header('Authorization') ?? '')?.[1];

/**
 * The `admin` policy's check (api/policy.ts): `Authorization: Bearer <the salon's admin key>` (or
 * an API key created in the console) for the salon of the path's `:salonId`. Runs before the
 * params or the body are read; an unknown or malformed salon looks the same as a wrong key (401).
 */
export async function admitAdminKey(c: Context<AppEnv>): Promise<void> {
  const id = Number(c.req.param('salonId'));
  const row = Number.isInteger(id) && id > 0 ? await salonById(c.env.DB, id) : null;
  const key = bearerKey(c);
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
}

/**
 * The `operator` policy's check: the platform's calls (not a salon's), `Authorization: Bearer
 * <OPERATOR_KEY>`, a secret of the deployment (unset: every call answers 403).
 */
export async function admitOperatorKey(c: Context<AppEnv>): Promise<void> {
  const operatorKey = c.get('config').operatorKey;
  if (!operatorKey) throw new AppError('FORBIDDEN', 'This deployment has no OPERATOR_KEY: set it as a secret to use the operator calls');
  const key = bearerKey(c);
  if (!key || !(await keyMatches(key, await sha256Hex(operatorKey)))) {
    c.header('WWW-Authenticate', 'Bearer realm="operator"');
    throw new AppError('UNAUTHORIZED', 'Missing or wrong operator key: send Authorization: Bearer <OPERATOR_KEY>');
  }
}
