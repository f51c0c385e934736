/** Hello world: the baseline the app's throughput is compared with (scripts/bench.mjs). */
const HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Hello</title></head><body><h1>Hello world</h1></body></html>';

/** `/?bytes=N`: a page of N bytes, so the bench can tell the cost of a page's size from the app's own work. */
const pages = new Map<number, Uint8Array>();
function pageOf(url: string): Uint8Array | string {
  const at = url.indexOf('?bytes=');
  if (at < 0) return HTML;
  const n = Math.min(parseInt(url.slice(at + 7), 10) || 0, 1_000_000);
  let page = pages.get(n);
  if (!page) pages.set(n, (page = new TextEncoder().encode(HTML.padEnd(n, ' '))));
  return page;
}

/**
 * `&headers=page`: a page's headers besides its type, as the app's pages carry them (worker/edge/shell.ts):
 * the same names, and values of about the same length. In `wrangler dev` each header costs its proxy
 * and workerd about as much as a kilobyte of page, so the bench tells their cost apart too.
 */
const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'no-cache',
  ETag: `"${'0'.repeat(78)}"`,
  'Content-Security-Policy': `default-src 'self'; ${'x'.repeat(410)}; form-action 'self'`,
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Content-Type-Options': 'nosniff',
};
const TYPE_ONLY = { 'Content-Type': 'text/html; charset=utf-8' };

export default {
  fetch(request: Request): Response {
    return new Response(pageOf(request.url), { headers: request.url.endsWith('&headers=page') ? PAGE_HEADERS : TYPE_ONLY });
  },
};
