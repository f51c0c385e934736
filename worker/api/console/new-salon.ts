import { Hono } from 'hono';
import { newSalonSchema } from '../../../shared/console/new-salon';
import { createSalon } from '../../console/new-salon';
import type { AppEnv } from '../../env';
import { jsonBody, validate } from '../../validate';
import { staffUserRoute } from '../policy';

/**
 * POST /api/console/salons (issue 49): anyone signed in to the console (a new owner, on no team
 * yet, or a member who owns or works at other salons) sets up a salon of their own: 201 with the
 * new salon, the caller its owner.
 */
export const consoleNewSalon = new Hono<AppEnv>().post(
  '/console/salons',
  staffUserRoute,
  jsonBody,
  validate('json', newSalonSchema),
  async (c) => {
    const created = await createSalon(c.env, c.get('config'), c.get('caller').staffSub ?? '', c.req.valid('json'), Date.now());
    c.header('Cache-Control', 'private, no-store');
    return c.json(created, 201);
  },
);
