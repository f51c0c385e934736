import { Hono } from 'hono';
import { z } from 'zod';
import { salonsOfClient } from '../db/appointments';
import type { AppEnv } from '../env';
import { validate } from '../validate';
import { clientOf } from './request-headers';
import { clientRoute } from './policy';

const username = z.string().regex(/^[A-Za-z0-9-]{1,128}$/, 'username is not valid');

/** ncob/client/salons/{cognitoUsername}/: the salons the client has bookings with. */
export const clientSalons = new Hono<AppEnv>().get(
  '/ncob/client/salons/:username/',
  clientRoute,
  validate('param', z.object({ username })),
  async (c) => {
    const sub = clientOf(c, c.req.valid('param').username);
    const salons = await salonsOfClient(c.env.DB, sub);
    c.header('Cache-Control', 'private, no-store');
    return c.json(salons);
  },
);
