import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { salonsOfClient } from '../db/appointments';
import type { AppEnv } from '../env';
import { AppError } from '../errors';
import { validate } from '../validate';

/**
 * The verified client of a protected call, as the edge passed it. A call that names another
 * client's username is answered 404, never 403, so it cannot confirm that client exists.
 */
export function clientOf(c: Context<AppEnv>, username?: string): string {
  const sub = c.req.header('X-Client-Sub');
  if (!sub) throw new AppError('UNAUTHORIZED', 'No token saved! Please log in to continue.');
  if (username !== undefined && username !== sub) throw new AppError('NOT_FOUND', 'Not found');
  return sub;
}

const username = z.string().regex(/^[A-Za-z0-9-]{1,128}$/, 'username is not valid');

/** ncob/client/salons/{cognitoUsername}/: the salons the client has bookings with. */
export const clientSalons = new Hono<AppEnv>().get(
  '/ncob/client/salons/:username/',
  validate('param', z.object({ username })),
  async (c) => {
    const sub = clientOf(c, c.req.valid('param').username);
    const salons = await salonsOfClient(c.env.DB, sub);
    c.header('Cache-Control', 'private, no-store');
    return c.json(salons);
  },
);
