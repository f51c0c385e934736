import { Hono, type Context } from 'hono';
import type { Bootstrap, Category, Group, SalonDetails } from '../../shared/types';
import type { AppEnv } from '../env';
import { hostName, shortSlugParam } from '../validate';
import { cachedJson, versionedScope } from './public-cache';
import { memoisedShell, serveShell } from './shell';

type NotFoundWhat = Extract<Bootstrap, { page: 'not-found' }>['what'];

const ID = /^[1-9]\d{0,8}$/;

function hostOf(c: Context<AppEnv>): string {
  return (c.req.header('host') ?? new URL(c.req.url).host).toLowerCase().replace(/:\d+$/, '');
}

function isAppHost(c: Context<AppEnv>): boolean {
  return c.get('config').appHosts.includes(hostOf(c));
}

/**
 * The salon a custom domain or short URL belongs to, asked of the API (embedded or upstream) and
 * cached under the tenancy version; null when the name is malformed or belongs to no salon.
 */
async function salonIdFor(c: Context<AppEnv>, by: 'domain' | 'slug', raw: string): Promise<string | null> {
  const name = (by === 'domain' ? hostName : shortSlugParam).safeParse(raw);
  if (!name.success) return null; // the API would refuse it: no call
  const found = await cachedJson<{ id?: unknown }>(c, `book-online/salon/by-${by}/${name.data}/`);
  const id = String(found?.id);
  return ID.test(id) ? id : null;
}

function notFound(c: Context<AppEnv>, what: NotFoundWhat) {
  return serveShell(c, {
    bootstrap: { page: 'not-found', what, release: c.get('config').release },
    title: 'Not found',
    status: 404,
  });
}

/** The booking area of one salon, on /salon/{id} or on the salon's own domain (basePath ''). */
async function salonPage(c: Context<AppEnv>, rawId: string, basePath: string) {
  if (!ID.test(rawId)) return notFound(c, 'salon');
  const memoKey = `${await versionedScope(c, `salon:${rawId}`)}:${basePath || 'domain'}`;
  const ready = await memoisedShell(c, memoKey);
  if (ready) return ready;
  const salon = await cachedJson<SalonDetails>(c, `book-online/salon/${rawId}/`);
  if (!salon) return notFound(c, 'salon');
  const services = (await cachedJson<Category[]>(c, `book-online/services/${rawId}/`)) ?? [];
  return serveShell(c, {
    bootstrap: { page: 'salon', salon, services, basePath, release: c.get('config').release },
    theme: salon.theme_mode,
    lang: `en-${salon.country.code}`,
    title: `${salon.name} | Book online`,
    memoKey,
  });
}

async function groupPage(c: Context<AppEnv>, rawId: string) {
  if (!ID.test(rawId)) return notFound(c, 'group');
  const memoKey = await versionedScope(c, `group:${rawId}`);
  const ready = await memoisedShell(c, memoKey);
  if (ready) return ready;
  const group = await cachedJson<Group>(c, `book-online/group/${rawId}/`);
  if (!group) return notFound(c, 'group');
  return serveShell(c, {
    bootstrap: { page: 'group', group, release: c.get('config').release },
    title: `${group.name} | Choose a location`,
    memoKey,
  });
}

/** Top-level routes of the spec that the client app renders itself (docs/booking-journey.md §2). */
const APP_ROUTES = /^\/(?:$|login\/|invite\/|auth\/|salon\/?$|history\/|time\/|confirm\/|end\/?$|verify\/|opt-out\/verify\/)/;

/** Page routes: tenant from the path, a short URL or a custom domain; the SPA shell with its data. */
export const pages = new Hono<AppEnv>()
  .get('/s/:slug', async (c) => {
    const id = await salonIdFor(c, 'slug', c.req.param('slug'));
    if (!id) return notFound(c, 'short URL');
    const search = new URL(c.req.url).search;
    return c.redirect(`/salon/${id}${search}`, 302);
  })
  .get('/group/:id{[^/]+}/*', (c) => groupPage(c, c.req.param('id')))
  .get('/group/:id{[^/]+}', (c) => groupPage(c, c.req.param('id')))
  .get('/salon/:id{[^/]+}/*', (c) => salonPage(c, c.req.param('id'), `/salon/${c.req.param('id')}`))
  .get('/salon/:id{[^/]+}', (c) => salonPage(c, c.req.param('id'), `/salon/${c.req.param('id')}`))
  .get('*', async (c) => {
    if (!isAppHost(c)) {
      const id = await salonIdFor(c, 'domain', hostOf(c));
      return id ? salonPage(c, id, '') : notFound(c, 'domain');
    }
    if (APP_ROUTES.test(c.req.path)) {
      return serveShell(c, {
        bootstrap: { page: 'landing', release: c.get('config').release },
        title: 'Book online',
        memoKey: 'landing',
      });
    }
    // Any other path falls back to / (docs/booking-journey.md §2).
    return c.redirect('/', 302);
  });
