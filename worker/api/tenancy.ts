import { Hono } from 'hono';
import * as z from 'zod';
import type { AppEnv } from '../env';
import { AppError } from '../errors';
import { salonIdBy } from '../db/salons';
import { salonOfShortName } from '../db/short-names';
import { firstAnswer } from '../db/spanning';
import { hostName, shortSlugParam, validate } from '../validate';
import { cachedRoute, SCOPES } from './policy';

/**
 * Which salon a custom domain or a short URL belongs to: `{id}`, or 404 when none does. A custom
 * domain is answered only once it is live (salons.custom_domain, kept by worker/domains/). The edge
 * resolves its tenants through these calls (embedded or UPSTREAM_API) and caches the answers
 * under the 'tenancy' version, which every change of a domain or slug bumps.
 */
export const tenancy = new Hono<AppEnv>()
  .get(
    '/book-online/salon/by-domain/:host/',
    cachedRoute(() => SCOPES.tenancy, { misses: true }),
    validate('param', z.object({ host: hostName })),
    async (c) => {
      const { host } = c.req.valid('param');
      const id = await firstAnswer(c.env, (db) => salonIdBy(db, 'custom_domain', host));
      if (!id) throw new AppError('NOT_FOUND', `No salon books online at ${host}`);
      return c.json({ id });
    },
  )
  .get(
    '/book-online/salon/by-slug/:slug/',
    cachedRoute(() => SCOPES.tenancy, { misses: true }),
    validate('param', z.object({ slug: shortSlugParam })),
    async (c) => {
      const { slug } = c.req.valid('param');
      // a name the salon gave up less than 90 days ago still leads to it (db/short-names.ts)
      const id = (await firstAnswer(c.env, (db) => salonOfShortName(db, slug, Date.now())))?.id;
      if (!id) throw new AppError('NOT_FOUND', `No salon has the short URL /s/${slug}`);
      return c.json({ id });
    },
  );
