import type { MiddlewareHandler } from 'hono';
import { ID_DIGITS } from '../../shared/ids';
import { PREVIEW_THEME_PARAM } from '../../shared/constants';
import type { AppEnv } from '../env';
import { salonPageKey } from './page-keys';
import { rawSearchOf } from './path-characters';
import { warmShell } from './shell';
import { isAppHost } from './tenant';
import { leasedVersion } from './versions';

/** A salon's booking area at its root, on the platform's hosts: the page clients load most. */
const SALON_ROOT = new RegExp(`^/salon/(${ID_DIGITS})/?$`);

/**
 * A salon's first screen that this isolate has already rendered, answered before the request's
 * setup (its API route, its D1 sessions, the page routes): the same answer the salon's page route
 * gives (pages.ts salonPage), with the same memo key, ETag and headers. Only while nothing has to
 * be read: the salon's settings version from a read within the lease (versions.ts), the page from
 * this isolate's memory (shell.ts). Anything else (another page, a preview, a salon's own domain,
 * a version to read, a page not rendered yet) goes the whole way, which renders and memoises it.
 */
export const warmSalonPage: MiddlewareHandler<AppEnv> = async (c, next) => {
  const salon = c.req.method === 'GET' ? SALON_ROOT.exec(c.req.path) : null;
  if (!salon || rawSearchOf(c.req.url).includes(PREVIEW_THEME_PARAM) || !isAppHost(c)) return next();
  const id = salon[1]!;
  const version = leasedVersion(`salon:${id}`, c.get('config').versionLeaseMs);
  if (version === undefined) return next();
  const ready = warmShell(c, salonPageKey(c, id, `/salon/${id}`, version, new Date()).memoKey);
  return ready ?? next();
};
