import { Hono, type Context } from 'hono';
import * as z from 'zod';
import type { SalonDetails } from '../../shared/types';
import type { AppEnv } from '../env';
import { AppError } from '../errors';
import { idParam, validate } from '../validate';
import { initialsIconSvg } from './initials-icon';
import { cachedJson, etagOf, scopeVersion } from './public-cache';
import { hostOf, isAppHost, salonIdFor } from './tenant';

/** The product's own icon (public/assets/favicon.svg), for pages and hosts of no salon. */
const PRODUCT_ICON = '/assets/favicon.svg';

/** An SVG is a document too: if opened on its own it may run nothing and load nothing. */
const SVG_HEADERS = {
  'Content-Type': 'image/svg+xml; charset=utf-8',
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
};
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A salon's logo when it can serve as the page's icon (its uploaded logo, or an https image), else null. */
function logoOf(salon: SalonDetails): string | null {
  if (salon.logo) return salon.logo.url;
  return salon.image?.startsWith('https://') ? salon.image : null;
}

/**
 * The <link rel="icon"> of a salon's pages: its logo, or its initials icon at the salon's
 * settings version, so a change of name or theme gives the next page load a new address.
 */
export function salonIconLink(salon: SalonDetails, version: string): { href: string; type?: string } {
  const logo = logoOf(salon);
  return logo ? { href: logo } : { href: `/salon/${salon.id}/icon.svg?v=${version}`, type: 'image/svg+xml' };
}

/** The salon's initials icon; revalidated by ETag unless its address names the current version. */
async function initialsIcon(c: Context<AppEnv>, salon: SalonDetails, cacheControl: string): Promise<Response> {
  const svg = initialsIconSvg(salon.name, salon.theme_mode, salon.brand_colour ?? null);
  const headers = { ...SVG_HEADERS, 'Cache-Control': cacheControl, ETag: await etagOf(svg) };
  if (c.req.header('If-None-Match') === headers.ETag) return new Response(null, { status: 304, headers });
  return new Response(svg, { headers });
}

async function productIcon(c: Context<AppEnv>): Promise<Response> {
  const res = await c.env.ASSETS.fetch(new Request(new URL(PRODUCT_ICON, c.req.url)));
  if (!res.ok) throw new Error(`${PRODUCT_ICON} is missing from the assets (status ${res.status}); run the client build`);
  return new Response(res.body, { headers: { ...SVG_HEADERS, 'Cache-Control': 'public, max-age=86400' } });
}

/** The salon whose custom domain the request came to, or null (the platform's hosts, unknown domains). */
async function salonOfDomain(c: Context<AppEnv>): Promise<SalonDetails | null> {
  if (isAppHost(c)) return null;
  const id = await salonIdFor(c, 'domain', hostOf(c));
  return id ? cachedJson<SalonDetails>(c, `book-online/salon/${id}/`) : null;
}

const iconParams = z.object({ id: idParam('salon') });
const iconQuery = z.object({
  v: z
    .string()
    .regex(/^[0-9a-f]{1,16}$/, 'v must be a settings version')
    .optional(),
});

/**
 * /favicon.ico: on a salon's own domain the salon's icon (its logo, else its initials), anywhere
 * else the product's. /salon/{id}/icon.svg: a salon's initials icon, the one its pages link to.
 */
export const icons = new Hono<AppEnv>()
  .get('/favicon.ico', async (c) => {
    const salon = await salonOfDomain(c);
    if (!salon) return productIcon(c);
    const logo = logoOf(salon);
    if (logo) return c.redirect(logo, 302);
    return initialsIcon(c, salon, 'no-cache');
  })
  .get('/salon/:id/icon.svg', validate('param', iconParams), validate('query', iconQuery), async (c) => {
    const { id } = c.req.valid('param');
    const { v } = c.req.valid('query');
    // Read before the salon: the data read next is of this version or a later one.
    const current = await scopeVersion(c, `salon:${id}`);
    const salon = await cachedJson<SalonDetails>(c, `book-online/salon/${id}/`);
    if (!salon) throw new AppError('NOT_FOUND', `No salon with id ${id}`);
    return initialsIcon(c, salon, v === current ? IMMUTABLE : 'no-cache');
  });
