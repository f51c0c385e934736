import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { errorBody } from '../error-answer';

/**
 * A hashed build file (/assets/…) the asset store did not answer first. The store's own
 * `public/_headers` marks /assets/* immutable for a year; a missing file must not be: a 404 kept
 * for a year would outlive the release that adds the file. It answers 404 JSON, never stored.
 */
export async function hashedAsset(c: Context<AppEnv>) {
  const res = await c.env.ASSETS.fetch(c.req.raw);
  if (res.status !== 404) return res;
  c.header('Cache-Control', 'no-store');
  return c.json(errorBody(c, 'NOT_FOUND', 'No such file: it may belong to an older release. Please reload the page.'), 404);
}

/**
 * A theme's font (/fonts/{name}.woff2, cut at build time, kept a week by `public/_headers`). A
 * missing one is answered 404 and never stored, so the font added by the next release is found.
 */
export async function fontFile(c: Context<AppEnv>) {
  const res = await c.env.ASSETS.fetch(c.req.raw);
  if (res.status !== 404) return res;
  c.header('Cache-Control', 'no-store');
  return c.json(errorBody(c, 'NOT_FOUND', 'No such font.'), 404);
}
