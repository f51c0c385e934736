import { Hono, type Context } from 'hono';
import type { AppEnv } from '../env';
import { IMAGE_TYPES } from '../media/image-type';

const TYPE_OF_EXTENSION = Object.fromEntries(Object.entries(IMAGE_TYPES).map(([type, ext]) => [ext, type]));

/**
 * GET /media/{sha-256}.{ext}: a salon's logo, cover or stylist photo from the MEDIA bucket. The
 * address names the bytes, so an answer never changes and is cached for a year; a missing one
 * is a plain 404 that nothing keeps. Same-origin, so the pages' CSP (img-src 'self') allows it.
 */
const missing = (c: Context<AppEnv>) =>
  c.json({ detail: 'No such image', code: 'NOT_FOUND', request_id: c.get('requestId') }, 404, { 'Cache-Control': 'no-store' });

export const media = new Hono<AppEnv>()
  .get('/media/:file{[0-9a-f]{32}\\.(?:png|jpg|webp)}', async (c) => {
    const file = c.req.param('file');
    const object = await c.env.MEDIA.get(file);
    if (!object) return missing(c);
    const headers = new Headers({
      'Content-Type': TYPE_OF_EXTENSION[file.split('.')[1]!]!,
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'",
      ETag: object.httpEtag,
    });
    if (c.req.header('If-None-Match') === object.httpEtag) return new Response(null, { status: 304, headers });
    return new Response(object.body, { headers });
  })
  // any other name under /media/ is no image either (not the app's fallback redirect)
  .all('/media/*', missing);
