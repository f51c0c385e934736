import { Hono, type Context } from 'hono';
import type { Bootstrap, Category, Group, SalonDetails } from '../../shared/types';
import type { AppEnv } from '../env';
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

const HOST = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/**
 * The salon a custom domain or short URL belongs to, through the API (embedded or upstream),
 * cached under the tenancy version like the salon's own data: a page load on a custom domain
 * reads no database, and a change of domain or slug shows on the very next request.
 */
async function salonIdOf(c: Context<AppEnv>, lookup: string): Promise<number | null> {
  return (await cachedJson<{ id: number }>(c, `book-online/salon/${lookup}/`))?.id ?? null;
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
    const slug = c.req.param('slug').toLowerCase();
    const id = /^[a-z0-9-]{1,40}$/.test(slug) ? await salonIdOf(c, `by-slug/${slug}`) : null;
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
      const host = hostOf(c);
      const id = HOST.test(host) ? await salonIdOf(c, `by-domain/${host}`) : null;
      return id ? salonPage(c, String(id), '') : notFound(c, 'domain');
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
