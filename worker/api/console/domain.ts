import { Hono, type Context } from 'hono';
import { customDomainSchema, type CustomDomainView } from '../../../shared/console/domains';
import { CAN } from '../../../shared/console/roles';
import { domainOf, liveDomainOf, type CustomDomainRow } from '../../db/custom-domains';
import { ABANDONED_AFTER_MS } from '../../domains/sweep';
import { addDomain, refreshDomain, removeSalonDomain } from '../../domains/lifecycle';
import type { AppEnv } from '../../env';
import { AppError } from '../../errors';
import { jsonBody, validateForm } from '../../validate';
import { changedScopes, SCOPES, staffRoute } from '../policy';
import { nameIndex } from '../salon-database';
import { staffOf } from '../staff-access';

const iso = (ms: number) => new Date(ms).toISOString();

function viewOf(row: CustomDomainRow, cnameTarget: string): CustomDomainView {
  return {
    hostname: row.hostname,
    phase: row.phase,
    verification_error: row.verification_error,
    cname: { name: row.hostname, target: cnameTarget },
    txt: row.txt_name && row.txt_value ? { name: row.txt_name, value: row.txt_value } : null,
    managed_outside: false,
    created_at: iso(row.created_at),
    checked_at: iso(row.checked_at),
    gives_up_at: row.phase === 'live' ? null : iso(row.validation_started + ABANDONED_AFTER_MS),
  };
}

/** A domain set up by hand (the admin API) before or outside the console: live, no Cloudflare status. */
function outsideViewOf(hostname: string, cnameTarget: string): CustomDomainView {
  const now = iso(Date.now());
  return {
    hostname,
    phase: 'live',
    verification_error: null,
    cname: { name: hostname, target: cnameTarget },
    txt: null,
    managed_outside: true,
    created_at: now,
    checked_at: now,
    gives_up_at: null,
  };
}

const depsOf = (c: Context<AppEnv>) => ({ db: c.env.DB, cloudflare: c.get('config').cloudflare, names: nameIndex(c) });

async function currentView(c: Context<AppEnv>, salonId: number): Promise<CustomDomainView | null> {
  const target = c.get('config').cloudflare.cnameTarget;
  const row = await domainOf(c.env.DB, salonId);
  if (row) return viewOf(row, target);
  const hand = await liveDomainOf(c.env.DB, salonId);
  return hand ? outsideViewOf(hand, target) : null;
}

/**
 * /api/console/salons/{id}/domain (owners): the salon's own domain through Cloudflare for SaaS
 * (worker/domains/). GET answers `{domain}` (null: none); PUT `{hostname}` adds one (201; 409
 * when the salon has one or another salon claimed it); POST .../check is "Check again" (a PATCH
 * at Cloudflare that restarts validation); DELETE removes it from Cloudflare and stops serving it
 * at once. A change of what is served names the tenancy scope, so the edge refreshes its lookups.
 */
export const consoleDomain = new Hono<AppEnv>()
  .get('/console/salons/:id/domain', staffRoute(CAN.manageAddresses), async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json({ domain: await currentView(c, staffOf(c).salonId) });
  })
  .put(
    '/console/salons/:id/domain',
    staffRoute(CAN.manageAddresses),
    jsonBody,
    validateForm(customDomainSchema, 'Check the domain name'),
    async (c) => {
      const row = await addDomain(depsOf(c), staffOf(c).salonId, c.req.valid('json').hostname, Date.now());
      c.header('Cache-Control', 'private, no-store');
      return c.json({ domain: viewOf(row, c.get('config').cloudflare.cnameTarget) }, 201);
    },
  )
  .post('/console/salons/:id/domain/check', staffRoute(CAN.manageAddresses), async (c) => {
    const row = await domainOf(c.env.DB, staffOf(c).salonId);
    if (!row) throw new AppError('NOT_FOUND', 'This salon has no domain being set up to check');
    const { row: updated, servedChanged } = await refreshDomain(depsOf(c), row, Date.now(), true);
    if (servedChanged) changedScopes(c, [SCOPES.tenancy]);
    c.header('Cache-Control', 'private, no-store');
    return c.json({ domain: viewOf(updated, c.get('config').cloudflare.cnameTarget) });
  })
  .delete('/console/salons/:id/domain', staffRoute(CAN.manageAddresses), async (c) => {
    if (!(await removeSalonDomain(depsOf(c), staffOf(c).salonId))) throw new AppError('NOT_FOUND', 'This salon has no domain to remove');
    changedScopes(c, [SCOPES.tenancy]);
    return c.body(null, 204);
  });
