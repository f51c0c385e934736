import type { Context } from 'hono';
import type { AppEnv } from '../env';

/** The salon console's pages: /console and everything under it (its router draws the screen). */
export const CONSOLE_PATH = /^\/console(?:\/|$)/;

/**
 * The console's CSP: its own scripts, its calls to this origin and the one realtime socket origin
 * (the diary's live channel), and the salon's real booking page framed from this origin for the
 * live preview; blob: images are the photos a member has chosen, shown before they are uploaded
 * (made by the page itself). No salon data is injected, so the page is the same for everyone
 * until the next release.
 */
const consoleHeaders = (socketOrigin: string) => ({
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-cache',
  'Content-Security-Policy':
    `default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' https: data: blob:; connect-src 'self' ${socketOrigin}; ` +
    "frame-src 'self'; font-src 'self'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'; form-action 'self'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
  'X-Robots-Tag': 'noindex',
});

/** The console's HTML (console/index.html of the client build), on the platform's own hosts. */
export async function consoleShell(c: Context<AppEnv>): Promise<Response> {
  const res = await c.env.ASSETS.fetch(new Request(new URL('/console/', c.req.url)));
  if (!res.ok) throw new Error(`console/index.html is missing from the assets (status ${res.status}); run the client build`);
  return new Response(res.body, { status: 200, headers: consoleHeaders(c.get('config').pusher.socketOrigin) });
}
