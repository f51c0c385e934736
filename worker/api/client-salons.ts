import { Hono } from 'hono';
import * as z from 'zod';
import { salonCards } from '../db/appointments';
import { databasesOfSalons, indexedSalonsOf } from '../db/spanning';
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
    // the index names the client's salons, the directory their databases, each asked once
    const ids = await indexedSalonsOf(c.env.DB, sub);
    const byDatabase = await databasesOfSalons(c.env, ids, c.get('config').versionLeaseMs);
    const found = await Promise.all([...byDatabase].map(([db, some]) => salonCards(db, some)));
    const salons = found.flat().sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id));
    c.header('Cache-Control', 'private, no-store');
    return c.json(salons);
  },
);
