/** Hello world: the baseline the app's throughput is compared with (scripts/bench.mjs). */
const HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Hello</title></head><body><h1>Hello world</h1></body></html>';

export default {
  fetch(): Response {
    return new Response(HTML, { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
  },
};
