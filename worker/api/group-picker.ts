import { Hono } from 'hono';
import * as z from 'zod';
import type { AppEnv } from '../env';
import { groupExists } from '../db/groups';
import { databasesOfGroup } from '../db/spanning';
import { AppError } from '../errors';
import { groupNextTimes } from '../group/next-times';
import { idParam, validate } from '../validate';
import { browseRoute } from './policy';

/**
 * GET book-online/group/{id}/next-times/?service=: the group picker's next times, one call for
 * the whole group (issue 31). Answers change with every booking: never cached.
 */
export const groupPicker = new Hono<AppEnv>().get(
  '/book-online/group/:groupId/next-times/',
  browseRoute,
  validate('param', z.object({ groupId: idParam('Group id') })),
  validate('query', z.object({ service: z.string().max(100, 'service must be a service name of at most 100 characters').optional() })),
  async (c) => {
    const t = performance.now();
    const { groupId: id } = c.req.valid('param');
    const answer = await groupNextTimes(await databasesOfGroup(c.env, id), id, c.req.valid('query').service ?? null, Date.now());
    if (answer.salons.length === 0 && !(await groupExists(c.env.DB, id))) throw new AppError('NOT_FOUND', 'Group not found');
    c.header('Cache-Control', 'no-store');
    c.header('Server-Timing', `engine;dur=${(performance.now() - t).toFixed(2)}`);
    return c.json(answer);
  },
);
