import { Hono } from 'hono';
import { z } from 'zod';
import { toMajor } from '../../shared/money';
import type { ServiceStylists } from '../../shared/availability';
import type { AppEnv } from '../env';
import { AppError } from '../errors';
import { loadCatalogue } from '../availability/load';
import { servicesByCategory } from '../db/services';
import { stylistsAtTime } from '../availability/views';
import { idParam, isWaitListQuery, serviceIdsParam, stylistChoicesParam, validate } from './validate';

const params = z.object({ salonId: idParam('Salon id'), services: serviceIdsParam });

/** Stylists per service, recommended finishing services and the waitlist option (§7). */
export const bookingOptions = new Hono<AppEnv>()
  .get('/book-online/services/stylists/:salonId/:services/', validate('param', params), async (c) => {
    const p = c.req.valid('param');
    const cat = await loadCatalogue(c.env.DB, p.salonId, p.services);
    if (!cat) throw new AppError('NOT_FOUND', 'Salon not found');
    const answer: ServiceStylists[] = p.services.map((id) => {
      const service = cat.services.get(id);
      if (!service) throw new AppError('NOT_FOUND', `Service ${id} is not offered by this salon`, 'services');
      return {
        service_id: id,
        service_name: service.name,
        stylists: cat.offers
          .filter((o) => o.service_id === id)
          .map((o) => {
            const st = cat.stylists.get(o.stylist_id)!;
            return {
              stylist_id: st.id,
              stylist_name: st.name,
              stylist_role: st.role,
              service_id: id,
              price: toMajor(o.price),
              duration: o.duration,
              processing: o.processing,
            };
          }),
      };
    });
    return c.json(answer);
  })
  .get(
    '/book-online/services/stylists-at/:salonId/:services/:stylists/',
    validate('param', params.extend({ stylists: stylistChoicesParam })),
    validate(
      'query',
      isWaitListQuery.extend({
        start_time: z
          .string({ message: 'start_time is required' })
          .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?([+-]\d{2}:\d{2}|Z)$/, 'start_time must be an ISO date-time with offset'),
        patch_time: z.string().optional(),
      }),
    ),
    async (c) => {
      const p = c.req.valid('param');
      const q = c.req.valid('query');
      if (p.stylists.length !== p.services.length) {
        throw new AppError('BAD_REQUEST', "stylists must name one stylist per service (0 for 'I don't mind')", 'stylists');
      }
      const patchTime = q.patch_time ? Date.parse(q.patch_time) : null;
      if (patchTime !== null && Number.isNaN(patchTime)) throw new AppError('BAD_REQUEST', 'patch_time must be an ISO date-time', 'patch_time');
      c.header('Cache-Control', 'no-store');
      return c.json(
        await stylistsAtTime(
          c.env.DB,
          { salonId: p.salonId, serviceIds: p.services, choices: p.stylists, patchTime, waitlist: q.isWaitList, now: Date.now() },
          q.start_time,
        ),
      );
    },
  )
  .get(
    '/book-online/services/stylists-at/:salonId/:services/:stylists/',
    validate('param', params.extend({ stylists: stylistChoicesParam })),
    validate(
      'query',
      isWaitListQuery.extend({
        start_time: z
          .string({ message: 'start_time is required' })
          .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?([+-]\d{2}:\d{2}|Z)$/, 'start_time must be an ISO date-time with offset'),
        patch_time: z.string().optional(),
      }),
    ),
    async (c) => {
      const p = c.req.valid('param');
      const q = c.req.valid('query');
      if (p.stylists.length !== p.services.length) {
        throw new AppError('BAD_REQUEST', "stylists must name one stylist per service (0 for 'I don't mind')", 'stylists');
      }
      const patchTime = q.patch_time ? Date.parse(q.patch_time) : null;
      if (patchTime !== null && Number.isNaN(patchTime)) throw new AppError('BAD_REQUEST', 'patch_time must be an ISO date-time', 'patch_time');
      c.header('Cache-Control', 'no-store');
      return c.json(
        await stylistsAtTime(
          c.env.DB,
          { salonId: p.salonId, serviceIds: p.services, choices: p.stylists, patchTime, waitlist: q.isWaitList, now: Date.now() },
          q.start_time,
        ),
      );
    },
  )
  .get('/book-online/services/recommended/:salonId/:services/', validate('param', params), async (c) => {
    const p = c.req.valid('param');
    const last = p.services.at(-1)!;
    const { results } = await c.env.DB.prepare(
      `SELECT r.recommended_service_id AS id FROM service_recommendations r
         JOIN services s ON s.id = r.service_id WHERE s.salon_id = ? AND r.service_id = ?`,
    )
      .bind(p.salonId, last)
      .all<{ id: number }>();
    const wanted = new Set(results.map((r) => r.id).filter((id) => !p.services.includes(id)));
    const all = await servicesByCategory(c.env.DB, p.salonId);
    return c.json(all.flatMap((cat) => cat.services).filter((s) => wanted.has(s.id) && s.show));
  })
  .get(
    '/book-online/show/waitlist/option/:salonId/:serviceIds/',
    validate('param', z.object({ salonId: idParam('Salon id'), serviceIds: serviceIdsParam })),
    async (c) => {
      const p = c.req.valid('param');
      const cat = await loadCatalogue(c.env.DB, p.salonId, p.serviceIds);
      if (!cat) throw new AppError('NOT_FOUND', 'Salon not found');
      const missing = p.serviceIds.find((id) => !cat.services.has(id));
      if (missing) throw new AppError('NOT_FOUND', `Service ${missing} is not offered by this salon`, 'serviceIds');
      return c.json({ show_waitlist: !!cat.salon.has_waitlist });
    },
  );
