import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { AppError } from '../errors';
import { groupById, salonById, salonExists, salonIdBy, toSalonDetails } from '../db/salons';
import { servicesByCategory } from '../db/services';
import { idParam, validate } from '../validate';

/** A host name as browsers send it (lower case, no port), e.g. book.demo-salon.test. */
const host = z
  .string()
  .max(253, 'host is too long')
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'host must be a domain name such as book.example.com');
const slug = z.string().regex(/^[a-z0-9-]{1,40}$/, 'slug must be 1 to 40 lower-case letters, digits or -');

/**
 * Public catalogue calls of docs/booking-journey.md §7 (release, group, salon, services), and
 * tenancy: which salon a custom domain or a short URL belongs to (the edge resolves pages
 * through these, so it never reads the database itself).
 */
export const catalogue = new Hono<AppEnv>()
  .get('/book-online/salon/by-domain/:host/', validate('param', z.object({ host })), async (c) => {
    const id = await salonIdBy(c.env.DB, 'custom_domain', c.req.valid('param').host);
    if (id === null) throw new AppError('NOT_FOUND', 'No salon has this domain');
    return c.json({ id });
  })
  .get('/book-online/salon/by-slug/:slug/', validate('param', z.object({ slug })), async (c) => {
    const id = await salonIdBy(c.env.DB, 'short_slug', c.req.valid('param').slug);
    if (id === null) throw new AppError('NOT_FOUND', 'No salon has this short URL');
    return c.json({ id });
  })
  .get(
    '/latest/release/ui.booking/:env/',
    validate('param', z.object({ env: z.string().regex(/^[a-z0-9-]{1,32}$/, 'Unknown environment name') })),
    (c) => c.json({ latest_release: c.env.RELEASE || 'dev' }),
  )
  .get('/book-online/group/:id/', validate('param', z.object({ id: idParam('Group id') })), async (c) => {
    const group = await groupById(c.env.DB, c.req.valid('param').id);
    if (!group) throw new AppError('NOT_FOUND', 'Group not found');
    return c.json(group);
  })
  .get('/book-online/salon/:id/', validate('param', z.object({ id: idParam('Salon id') })), async (c) => {
    const row = await salonById(c.env.DB, c.req.valid('param').id);
    if (!row) throw new AppError('NOT_FOUND', 'Salon not found');
    return c.json(toSalonDetails(row));
  })
  .get('/book-online/services/:salonId/', validate('param', z.object({ salonId: idParam('Salon id') })), async (c) => {
    const { salonId } = c.req.valid('param');
    if (!(await salonExists(c.env.DB, salonId))) throw new AppError('NOT_FOUND', 'Salon not found');
    return c.json(await servicesByCategory(c.env.DB, salonId));
  });
