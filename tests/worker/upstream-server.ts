import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { TestProject } from 'vitest/node';

/**
 * A real HTTP upstream for the UPSTREAM_API tests: a small booking API on loopback that answers
 * the spec's paths, counts the calls it gets and echoes what the edge forwarded.
 */
export default async function setup(project: TestProject) {
  let salonName = 'Upstream Salon';
  let jwks: unknown = { keys: [] };
  const hits: Record<string, number> = {};
  const count = (k: string) => (hits[k] = (hits[k] ?? 0) + 1);
  const app = new Hono()
    .get('/book-online/salon/:id/', (c) => {
      count(`salon:${c.req.param('id')}`);
      if (c.req.param('id') !== '7') return c.json({ detail: 'Salon not found' }, 404);
      return c.json({ id: 7, name: salonName, group: null, theme_mode: 'dark', country: { code: 'GB' } });
    })
    .get('/book-online/salon/by-domain/:host/', (c) => {
      count(`by-domain:${c.req.param('host')}`);
      return c.req.param('host') === 'upstream-salon.test' ? c.json({ id: 7 }) : c.json({ detail: 'No salon has this domain' }, 404);
    })
    .get('/book-online/salon/by-slug/:slug/', (c) => {
      count(`by-slug:${c.req.param('slug')}`);
      return c.req.param('slug') === 'upstream' ? c.json({ id: 7 }) : c.json({ detail: 'No salon has this short URL' }, 404);
    })
    .get('/book-online/services/:id/', (c) => {
      count(`services:${c.req.param('id')}`);
      return c.json([{ id: 1, name: 'Upstream cuts', services: [] }]);
    })
    .get('/book-online/echo/', (c) =>
      c.json({
        path: c.req.path,
        query: c.req.query(),
        auth: c.req.header('authorization') ?? null,
        cookie: c.req.header('cookie') ?? null,
      }),
    )
    .get('/book-online/redirect/', (c) => c.redirect('http://elsewhere.invalid/', 302))
    .patch('/admin/salons/:id', async (c) => {
      if (c.req.header('authorization') !== 'Bearer upstream-key') return c.json({ detail: 'bad key' }, 401);
      const body = (await c.req.json()) as { name?: string };
      if (body.name) salonName = body.name;
      return c.json({ id: 7, name: salonName, group: null });
    })
    .get('/__hits', (c) => c.json(hits))
    // A JWKS the security tests control (they sign tokens with its private key).
    .put('/__jwks/jwks.json', async (c) => {
      jwks = await c.req.json();
      return c.body(null, 204);
    })
    .get('/__jwks/jwks.json', (c) => c.json(jwks));
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  project.provide('upstreamUrl', `http://127.0.0.1:${port}/`);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
