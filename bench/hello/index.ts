/** Hello world: the baseline the app's throughput is compared with (scripts/bench.mjs). */
const HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Hello</title></head><body><h1>Hello world</h1></body></html>';

/** `/?bytes=N`: a page of N bytes, so the bench can tell the cost of a page's size from the app's own work. */
const pages = new Map<number, Uint8Array>();
function pageOf(url: string): Uint8Array | string {
  const at = url.indexOf('?bytes=');
  if (at < 0) return HTML;
  const n = Math.min(Number(url.slice(at + 7)) || 0, 1_000_000);
  let page = pages.get(n);
  if (!page) pages.set(n, (page = new TextEncoder().encode(HTML.padEnd(n, ' '))));
  return page;
}

export default {
  fetch(request: Request): Response {
    return new Response(pageOf(request.url), { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
  },
};
