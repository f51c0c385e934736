import { Hono, type Context } from 'hono';
import { SALON_CODE } from '../../shared/ids';
import type { Bootstrap, Category, Group, SalonDetails } from '../../shared/types';
import type { AppEnv } from '../env';
import { salonIconLink } from './icons';
import { cachedJson, scopeVersion, versionedScope } from './public-cache';
import { memoisedShell, serveShell } from './shell';
import { hostOf, ID, isAppHost, salonIdFor } from './tenant';
import { pixelIdOf } from '../../shared/consent';
import { firstScreenHtml } from './first-screen';
import { localDay } from '../../shared/group-picker';
import { PREVIEW_BRAND_PARAM, PREVIEW_THEME_PARAM, THEME_MODES, type ThemeMode } from '../../shared/constants';
import { BRAND_COLOUR_FORMAT } from '../../shared/brand-colour';
import { brandVariables } from '../../themes/brand';
import { CONSOLE_PATH, consoleShell } from './console-page';
import { firstScreenOf, salonPageKey } from './page-keys';

type NotFoundWhat = Extract<Bootstrap, { page: 'not-found' }>['what'];

function notFound(c: Context<AppEnv>, what: NotFoundWhat) {
  return serveShell(c, {
    bootstrap: { page: 'not-found', what, release: c.get('config').release },
    title: 'Not found',
    status: 404,
  });
}

/** The data a salon's page carries (its details and services), or null for no such salon. */
async function salonBootstrap(c: Context<AppEnv>, rawId: string, basePath: string) {
  const salon = await cachedJson<SalonDetails>(c, `book-online/salon/${rawId}/`);
  if (!salon) return null;
  const services = (await cachedJson<Category[]>(c, `book-online/services/${rawId}/`)) ?? [];
  const config = c.get('config');
  return { page: 'salon', salon, services, basePath, release: config.release, realtime: config.pusher.browser } as const;
}

/** The booking area of one salon, on /salon/{id} or on the salon's own domain (basePath ''). */
async function salonPage(c: Context<AppEnv>, rawId: string, basePath: string) {
  if (!ID.test(rawId)) return notFound(c, 'salon');
  const preview = previewTheme(c);
  if (preview) return salonPreview(c, rawId, basePath, preview);
  const version = await scopeVersion(c, `salon:${rawId}`);
  const now = new Date();
  const { first, memoKey } = salonPageKey(c, rawId, basePath, version, now);
  const ready = await memoisedShell(c, memoKey);
  if (ready) return ready;
  const found = await salonBootstrap(c, rawId, basePath);
  if (!found) return notFound(c, 'salon');
  const bootstrap = first ? { ...found, today: localDay(now, found.salon.timezone).weekday, rendered_at: now.getTime() } : found;
  const { salon } = bootstrap;
  return serveShell(c, {
    bootstrap,
    root: first && (await firstScreenHtml(bootstrap, first.location, first.choice, c.get('requestId'))),
    theme: salon.theme_mode,
    colours: brandVariables(salon.theme_mode, salon.brand_colour),
    lang: `en-${salon.country.code}`,
    title: `${salon.name} | Book online`,
    description: `Book online with ${salon.name}: choose services, a stylist and a time.`,
    icon: salonIconLink(salon, version),
    memoKey,
    pixel: pixelIdOf(salon) !== null,
    // a salon is for search engines once it has a service to book and opening hours (issue 49); an
    // upstream API that sends no hours is not taken for a salon without them
    noindex:
      bootstrap.services.length === 0 || (Array.isArray(salon.opening_hours) && salon.opening_hours.every((day) => day.length === 0)),
  });
}

/** The theme a console preview asks for (`?preview_theme=dark`), or null on a client's page. */
function previewTheme(c: Context<AppEnv>): ThemeMode | null {
  const asked = c.req.query(PREVIEW_THEME_PARAM);
  return (THEME_MODES as readonly string[]).includes(asked ?? '') ? (asked as ThemeMode) : null;
}

/** The brand colour a console preview asks for: `#rrggbb`, '' for none, or absent (undefined: the saved one). */
function previewBrand(c: Context<AppEnv>): string | null | undefined {
  const asked = c.req.query(PREVIEW_BRAND_PARAM);
  if (asked === undefined) return undefined;
  return BRAND_COLOUR_FORMAT.test(asked) ? asked.toLowerCase() : null;
}

/**
 * The salon's real page in a theme (and brand colour) it has not saved, for the console's live preview: this
 * response only, never memoised or stored (no ETag, no-store), framed only by the product's own
 * pages. The page it carries knows it is a preview (bootstrap `preview`): it shows no cookie
 * banner and sets no cookie of a client's. A client's page (no parameter) is untouched by it.
 */
async function salonPreview(c: Context<AppEnv>, rawId: string, basePath: string, theme: ThemeMode) {
  const bootstrap = await salonBootstrap(c, rawId, basePath);
  if (!bootstrap) return notFound(c, 'salon');
  const { salon } = bootstrap;
  const brand = previewBrand(c);
  return serveShell(c, {
    bootstrap: { ...bootstrap, preview: true },
    theme,
    colours: brandVariables(theme, brand === undefined ? salon.brand_colour : brand),
    lang: `en-${salon.country.code}`,
    title: `Preview: ${salon.name}`,
    pixel: false,
    preview: true,
  });
}

async function groupPage(c: Context<AppEnv>, rawId: string) {
  if (!ID.test(rawId)) return notFound(c, 'group');
  const first = firstScreenOf(c, true);
  // the picker shows each location's hours today: a rendered page is kept for the hour it was made in (UTC)
  const hour = new Date().toISOString().slice(0, 13).replace(/\D/g, '');
  const memoKey = `${await versionedScope(c, `group:${rawId}`)}:h${hour}${first ? `:${first.key}` : ''}`;
  const ready = await memoisedShell(c, memoKey);
  if (ready) return ready;
  const group = await cachedJson<Group>(c, `book-online/group/${rawId}/`);
  if (!group) return notFound(c, 'group');
  const bootstrap = { page: 'group', group, release: c.get('config').release } as const;
  return serveShell(c, {
    bootstrap,
    root: first && (await firstScreenHtml(bootstrap, first.location, first.choice, c.get('requestId'))),
    title: `${group.name} | Choose a location`,
    description: `Book online with ${group.name}: choose a location, then services, a stylist and a time.`,
    memoKey,
  });
}

/** The code of an invite link (shared/invites.ts InviteLink.unique_code). */
const INVITE_CODE = SALON_CODE;

/**
 * The invite links of the text messages (§2): /invite/{salon}/{code}/ opens the salon's
 * create-account-from-invite screen, /login/{salon}/{code} its invite login. A malformed salon
 * id or code is a not-found page (nothing else reaches the app).
 */
function inviteLink(screen: 'invite' | 'invite-login') {
  return async (c: Context<AppEnv>) => {
    const id = c.req.param('id') ?? '';
    const code = c.req.param('code') ?? '';
    if (!ID.test(id) || !INVITE_CODE.test(code)) return notFound(c, 'page');
    return c.redirect(`/salon/${id}/${screen}/${code}`, 302);
  };
}

/** A salon's own domain: its booking area at every path. */
async function ownDomainPage(c: Context<AppEnv>) {
  const id = await salonIdFor(c, 'domain', hostOf(c));
  return id ? salonPage(c, id, '') : notFound(c, 'domain');
}

/** The platform's landing page, as every link of ours with no salon in it is served. */
const landing = (c: Context<AppEnv>) =>
  serveShell(c, { bootstrap: { page: 'landing', release: c.get('config').release }, title: 'Book online', memoKey: 'landing' });

/**
 * A texted link that names its salon (/verify/{salon}/{code}, /opt-out/verify/{salon}/{code}):
 * the platform's page in the salon's own theme and colours, with its name (bootstrap `salon`). A
 * salon that is not found leaves the page as it was, the platform's own (the link says it is not found).
 */
function salonLinkPage(kind: 'verify' | 'opt-out', title: string) {
  return async (c: Context<AppEnv>) => {
    if (!isAppHost(c)) return ownDomainPage(c);
    const id = c.req.param('id') ?? '';
    if (!ID.test(id)) return landing(c);
    const version = await scopeVersion(c, `salon:${id}`);
    const memoKey = `link:${kind}:${id}@${version}`;
    const ready = await memoisedShell(c, memoKey);
    if (ready) return ready;
    const salon = await cachedJson<SalonDetails>(c, `book-online/salon/${id}/`);
    if (!salon) return landing(c);
    return serveShell(c, {
      bootstrap: { page: 'landing', release: c.get('config').release, salon: { id: salon.id, name: salon.name } },
      theme: salon.theme_mode,
      colours: brandVariables(salon.theme_mode, salon.brand_colour),
      lang: `en-${salon.country.code}`,
      title: `${salon.name} | ${title}`,
      icon: salonIconLink(salon, version),
      memoKey,
    });
  };
}

/** Top-level routes of the spec that the client app renders itself (docs/booking/journey.md §2). */
const APP_ROUTES = /^\/(?:$|login\/|invite\/|auth\/|salon\/?$|history\/|time\/|confirm\/|end\/?$|verify\/|opt-out\/verify\/)/;

/**
 * On a salon's own domain only that salon is served: its short URL and its /salon/{id} paths go
 * to the domain's own addresses, and another salon's (or a group's) paths are not found there.
 */
const OTHER_TENANT_PATH = /^\/(?:s\/([^/]+)\/?$|salon\/([^/]+)(\/.*)?$|group(?:\/|$))/;
async function onOwnDomainOnly(c: Context<AppEnv>, next: () => Promise<void>) {
  const other = OTHER_TENANT_PATH.exec(c.req.path);
  if (!other || isAppHost(c)) return next();
  const own = await salonIdFor(c, 'domain', hostOf(c));
  if (!own) return notFound(c, 'domain');
  const [, slug, salonId, rest] = other;
  const search = new URL(c.req.url).search;
  if (slug !== undefined) {
    const id = await salonIdFor(c, 'slug', slug);
    return id === own ? c.redirect(`/${search}`, 302) : notFound(c, 'short URL');
  }
  if (salonId !== undefined && salonId === own) return c.redirect(`${rest && rest !== '/' ? rest : '/'}${search}`, 302);
  return notFound(c, 'page');
}

/** Page routes: tenant from the path, a short URL or a custom domain; the SPA shell with its data. */
export const pages = new Hono<AppEnv>()
  .use('*', onOwnDomainOnly)
  .get('/s/:slug', async (c) => {
    const id = await salonIdFor(c, 'slug', c.req.param('slug'));
    if (!id) return notFound(c, 'short URL');
    const search = new URL(c.req.url).search;
    return c.redirect(`/salon/${id}${search}`, 302);
  })
  .get('/invite/:id{[^/]+}/:code{[^/]+}/', inviteLink('invite'))
  .get('/invite/:id{[^/]+}/:code{[^/]+}', inviteLink('invite'))
  .get('/login/:id{[^/]+}/:code{[^/]+}', inviteLink('invite-login'))
  .get('/login/:id{[^/]+}/:code{[^/]+}/', inviteLink('invite-login'))
  .get('/verify/:id{[^/]+}/:code{[^/]+}', salonLinkPage('verify', 'Your booking'))
  .get('/verify/:id{[^/]+}/:code{[^/]+}/', salonLinkPage('verify', 'Your booking'))
  .get('/opt-out/verify/:id{[^/]+}/:code{[^/]+}', salonLinkPage('opt-out', 'Marketing texts'))
  .get('/opt-out/verify/:id{[^/]+}/:code{[^/]+}/', salonLinkPage('opt-out', 'Marketing texts'))
  .get('/group/:id{[^/]+}/*', (c) => groupPage(c, c.req.param('id')))
  .get('/group/:id{[^/]+}', (c) => groupPage(c, c.req.param('id')))
  .get('/salon/:id{[^/]+}/*', (c) => salonPage(c, c.req.param('id'), `/salon/${c.req.param('id')}`))
  .get('/salon/:id{[^/]+}', (c) => salonPage(c, c.req.param('id'), `/salon/${c.req.param('id')}`))
  .get('*', async (c) => {
    if (!isAppHost(c)) return ownDomainPage(c);
    if (CONSOLE_PATH.test(c.req.path)) return consoleShell(c);
    if (APP_ROUTES.test(c.req.path)) return landing(c);
    // Any other path falls back to / (docs/booking/journey.md §2).
    return c.redirect('/', 302);
  });
