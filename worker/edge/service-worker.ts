import { Hono, type Context } from 'hono';
import type { AppEnv } from '../env';

/**
 * The offline shell's files from the build (vite.config.ts, VitePWA): the service worker and the
 * offline page; and the console's own service worker, web manifest and icons (public/console/,
 * docs/console/notifications.md), which the console's pages alone link. Both keep their names from one release to the next, so the browser asks again
 * every time (no-cache): a new release's service worker is seen at its next check, never a year
 * later. The assets binding gives their content type; nosniff comes with every answer
 * (transport-headers.ts).
 */
async function shellFile(c: Context<AppEnv>) {
  const res = await c.env.ASSETS.fetch(new Request(new URL(c.req.path, c.req.url)));
  if (!res.ok) return c.notFound();
  const headers = new Headers(res.headers);
  headers.set('Cache-Control', 'no-cache');
  return new Response(res.body, { status: 200, headers });
}

export const serviceWorker = new Hono<AppEnv>()
  .get('/sw.js', shellFile)
  .get('/offline.html', shellFile)
  .get('/console/sw.js', shellFile)
  .get('/console/manifest.webmanifest', shellFile)
  .get('/console/icons/:name{icon-[a-z0-9-]+\\.png}', shellFile);
