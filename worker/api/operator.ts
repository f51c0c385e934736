import { Hono } from 'hono';
import * as z from 'zod';
import { MoveRefused, moveSalon } from '../db/move-salon';
import { bindingName, databaseNames, forgetPlacements } from '../db/placement';
import type { AppEnv } from '../env';
import { AppError } from '../errors';
import { idParam, jsonBody, validate } from '../validate';
import { operatorRoute } from './policy';

/**
 * The platform operator's calls (not a salon's), `Authorization: Bearer <OPERATOR_KEY>` checked by
 * their policy (api/admin-key.ts).
 *
 * POST /admin/operator/salons/{id}/move `{"to": "DB_2"}`: moves a salon to another D1 database of
 * this Worker (docs/scale.md, "Moving a salon"), with the deployed Worker's own bindings, so it
 * runs against production's databases as `scripts/move-salon.mjs` does against the local ones
 * (the same module, db/move-salon.ts). The call lasts the move: the lease's wait (about a second)
 * and the copy, 500 rows a page. It answers the move's report: the salon's rows per table, as
 * counted in both databases. 400 for a binding this Worker lacks, 404 for a salon not where the
 * directory places it, 409 when it is there already, is being moved, or its rows meet rows of
 * the target (the move then undoes its copy and the salon stays where it was).
 */
export const operator = new Hono<AppEnv>().post(
  '/admin/operator/salons/:salonId/move',
  operatorRoute,
  validate('param', z.object({ salonId: idParam('Salon id') })),
  jsonBody,
  validate('json', z.object({ to: bindingName })),
  async (c) => {
    const { salonId: id } = c.req.valid('param');
    const { to } = c.req.valid('json');
    if (!databaseNames(c.env).includes(to))
      throw new AppError('BAD_REQUEST', `This Worker has no D1 binding ${to}: add it to wrangler.toml and deploy first`, 'to');
    try {
      const report = await moveSalon({
        env: c.env,
        salonId: id,
        to,
        leaseMs: c.get('config').versionLeaseMs,
        log: (line) => console.log(`[move] ${line}`),
      });
      return c.json(report);
    } catch (e) {
      if (e instanceof MoveRefused) throw new AppError(e.kind === 'missing' ? 'NOT_FOUND' : 'CONFLICT', e.message, 'to');
      throw e;
    } finally {
      forgetPlacements();
    }
  },
);
