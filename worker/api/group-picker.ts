import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { groupNextTimes } from '../group/next-times';
import { idParam, validate } from '../validate';
import { publicRoute } from './policy';

/**
 * GET book-online/group/{id}/next-times/?service=: the group picker's next times, one call for
 * the whole group (issue 31). Answers change with every booking: never cached.
 */
export const groupPicker = new Hono<AppEnv>().get(
  '/book-online/group/:id/next-times/',
  publicRoute,
  validate('param', z.object({ id: idParam('Group id') })),
  validate('query', z.object({ service: z.string().max(100, 'service must be a service name of at most 100 characters').optional() })),
  async (c) => {
    const t = performance.now();
    const answer = await groupNextTimes(c.env.DB, c.req.valid('param').id, c.req.valid('query').service ?? null, Date.now());
    c.header('Cache-Control', 'no-store');
    c.header('Server-Timing', `engine;dur=${(performance.now() - t).toFixed(2)}`);
    return c.json(answer);
  },
);
