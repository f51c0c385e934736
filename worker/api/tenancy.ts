import { Hono } from 'hono';
import * as z from 'zod';
import type { AppEnv } from '../env';
import { AppError } from '../errors';
import { salonOfName } from '../names/claims';
import { hostName, shortSlugParam, validate } from '../validate';
import { cachedRoute, SCOPES } from './policy';
import { nameIndex } from './salon-database';

/**
 * Which salon a custom domain or a short URL belongs to: `{id}`, or 404 when none does. A custom
 * domain is answered only once it is live (salons.custom_domain, kept by worker/domains/). The edge
 * resolves its tenants through these calls (embedded or UPSTREAM_API) and caches the answers
 * under the 'tenancy' version, which every change of a domain or slug bumps. Each asks the name
 * index (one row in the first database), then the salon's own database (worker/names/claims.ts).
 */
export const tenancy = new Hono<AppEnv>()
  .get(
    '/book-online/salon/by-domain/:host/',
    cachedRoute(() => SCOPES.tenancy, { misses: true }),
    validate('param', z.object({ host: hostName })),
    async (c) => {
      const { host } = c.req.valid('param');
      const id = await salonOfName(nameIndex(c), 'domain', host);
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
      const id = await salonOfName(nameIndex(c), 'short', slug);
      if (!id) throw new AppError('NOT_FOUND', `No salon has the short URL /s/${slug}`);
      return c.json({ id });
    },
  );
