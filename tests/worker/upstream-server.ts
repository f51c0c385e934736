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
  // Salon 7's custom domain and short URL, which the admin PATCH below can change.
  let customDomain: string | null = 'book.upstream-salon.test';
  let shortSlug: string | null = 'upstream';
  // whether console/me refuses the member (as the API does for someone on no salon's team)
  let meRefused = false;
  const hits: Record<string, number> = {};
  const count = (k: string) => (hits[k] = (hits[k] ?? 0) + 1);
  const app = new Hono()
    .get('/book-online/salon/:id/', (c) => {
      count(`salon:${c.req.param('id')}`);
      if (c.req.param('id') !== '7') return c.json({ detail: 'Salon not found' }, 404);
      return c.json({ id: 7, name: salonName, group: null, theme_mode: 'dark', country: { code: 'GB' } });
    })
    .get('/book-online/salon/by-domain/:host/', (c) => {
      const host = c.req.param('host');
      count(`by-domain:${host}`);
      if (!/^[a-z0-9.-]{4,253}$/.test(host)) return c.json({ detail: 'host must be a host name such as book.example.com' }, 400);
      if (host !== customDomain) return c.json({ detail: `No salon books online at ${host}` }, 404);
      return c.json({ id: 7 });
    })
    .get('/book-online/salon/by-slug/:slug/', (c) => {
      const slug = c.req.param('slug');
      count(`by-slug:${slug}`);
      if (!/^[a-z0-9-]{1,40}$/.test(slug)) return c.json({ detail: 'slug must be 1-40 lower-case letters, digits or dashes' }, 400);
      if (slug !== shortSlug) return c.json({ detail: `No salon has the short URL /s/${slug}` }, 404);
      return c.json({ id: 7 });
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
        caller: {
          sub: c.req.header('x-client-sub') ?? null,
          browser: c.req.header('x-hold-browser') ?? null,
          origin: c.req.header('x-forwarded-origin') ?? null,
          requestId: c.req.header('x-request-id') ?? null,
        },
      }),
    )
    .get('/book-online/redirect/', (c) => c.redirect('http://elsewhere.invalid/', 302))
    // the edge's own calls (worker/edge/api-client.ts edgeApi): who signed in to the console, a reminder's link
    .get('/console/me', (c) => {
      if (meRefused) return c.json({ detail: 'You are no longer on the team of any salon.', code: 'FORBIDDEN' }, 403);
      return c.json({
        email: 'staff@upstream.test',
        name: 'Upstream Staff',
        salons: [{ id: 7, name: salonName, role: 'owner', group_id: null }],
        // what the edge sent: its caller headers, and no body
        sub: c.req.header('x-staff-sub') ?? null,
        requestId: c.req.header('x-request-id') ?? null,
        type: c.req.header('content-type') ?? null,
      });
    })
    .put('/__me-refused', async (c) => {
      meRefused = (await c.req.json()) === true;
      return c.body(null, 204);
    })
    .get('/appointment-links/:token', (c) => {
      count(`link:${c.req.path}`);
      return c.json({ salon_id: 7 });
    })
    .patch('/admin/salons/:id', async (c) => {
      if (c.req.header('authorization') !== 'Bearer upstream-key') return c.json({ detail: 'bad key' }, 401);
      const body = (await c.req.json()) as { name?: string; custom_domain?: string | null; short_slug?: string | null };
      if (body.name) salonName = body.name;
      if (body.custom_domain !== undefined) customDomain = body.custom_domain;
      if (body.short_slug !== undefined) shortSlug = body.short_slug;
      // As the embedded API does (api/policy.ts): the change names the cache scopes it touched.
      const tenancy = body.custom_domain !== undefined || body.short_slug !== undefined;
      c.header('X-Changed-Scopes', ['salon:7', ...(tenancy ? ['tenancy'] : [])].join(','));
      return c.json({ id: 7, name: salonName, group: null, custom_domain: customDomain, short_slug: shortSlug });
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
