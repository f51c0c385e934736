import { Hono, type Context } from 'hono';
import { customDomainSchema } from '../../../shared/console/domains';
import { CAN } from '../../../shared/console/roles';
import { domainOf, type CustomDomainRow } from '../../db/custom-domains';
import { currentDomainView, domainView } from '../../domains/view';
import { addDomain, refreshDomain, removeSalonDomain } from '../../domains/lifecycle';
import type { AppEnv } from '../../env';
import { AppError } from '../../errors';
import { jsonBody, validateForm } from '../../validate';
import { changedScopes, SCOPES, staffRoute } from '../policy';
import { nameIndex } from '../salon-database';
import { staffOf } from '../staff-access';

const depsOf = (c: Context<AppEnv>) => ({
  db: c.env.DB,
  cloudflare: c.get('config').cloudflare,
  names: nameIndex(c),
  appHosts: c.get('config').appHosts,
});
const viewOf = (c: Context<AppEnv>, row: CustomDomainRow) => domainView(row, c.get('config').cloudflare.cnameTarget);

/**
 * /api/console/salons/{id}/domain (owners): the salon's own domain through Cloudflare for SaaS
 * (worker/domains/). GET answers `{domain}` (null: none); PUT `{hostname}` adds one (201; 400 for
 * the platform's own hosts; 409 when the salon has one or another salon claimed it); POST .../check is "Check again" (a PATCH
 * at Cloudflare that restarts validation); DELETE removes it from Cloudflare and stops serving it
 * at once. A change of what is served names the tenancy scope, so the edge refreshes its lookups.
 */
export const consoleDomain = new Hono<AppEnv>()
  .get('/console/salons/:salonId/domain', staffRoute(CAN.manageAddresses), async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json({ domain: await currentDomainView(c.env.DB, staffOf(c).salonId, c.get('config').cloudflare.cnameTarget) });
  })
  .put(
    '/console/salons/:salonId/domain',
    staffRoute(CAN.manageAddresses),
    jsonBody,
    validateForm(customDomainSchema, 'Check the domain name'),
    async (c) => {
      const row = await addDomain(depsOf(c), staffOf(c).salonId, c.req.valid('json').hostname, Date.now());
      c.header('Cache-Control', 'private, no-store');
      return c.json({ domain: viewOf(c, row) }, 201);
    },
  )
  .post('/console/salons/:salonId/domain/check', staffRoute(CAN.manageAddresses), async (c) => {
    const row = await domainOf(c.env.DB, staffOf(c).salonId);
    if (!row) throw new AppError('NOT_FOUND', 'This salon has no domain being set up to check');
    const { row: updated, servedChanged } = await refreshDomain(depsOf(c), row, Date.now(), true);
    if (servedChanged) changedScopes(c, [SCOPES.tenancy]);
    c.header('Cache-Control', 'private, no-store');
    return c.json({ domain: viewOf(c, updated) });
  })
  .delete('/console/salons/:salonId/domain', staffRoute(CAN.manageAddresses), async (c) => {
    if (!(await removeSalonDomain(depsOf(c), staffOf(c).salonId))) throw new AppError('NOT_FOUND', 'This salon has no domain to remove');
    changedScopes(c, [SCOPES.tenancy]);
    return c.body(null, 204);
  });
