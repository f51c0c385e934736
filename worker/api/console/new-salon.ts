import { Hono } from 'hono';
import { newSalonSchema } from '../../../shared/console/new-salon';
import { admitNewSalon } from '../../abuse/limits';
import { createSalon } from '../../console/new-salon';
import type { AppEnv } from '../../env';
import { jsonBody, validate } from '../../validate';
import { staffUserRoute } from '../policy';

/**
 * POST /api/console/salons (issue 49): anyone signed in to the console (a new owner, on no team
 * yet, or a member who owns or works at other salons) sets up a salon of their own: 201 with the
 * new salon, the caller its owner; 429 past 10 a day.
 */
export const consoleNewSalon = new Hono<AppEnv>().post(
  '/console/salons',
  staffUserRoute,
  jsonBody,
  validate('json', newSalonSchema),
  async (c) => {
    const sub = c.get('caller').staffSub ?? '';
    // counted before anything is written, atomically (docs/abuse.md): 10 salons a person a day
    await admitNewSalon(c.env.ABUSE, sub, Date.now());
    const created = await createSalon(c.env, c.get('config'), sub, c.req.valid('json'), Date.now());
    c.header('Cache-Control', 'private, no-store');
    return c.json(created, 201);
  },
);
