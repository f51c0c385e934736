import { Hono } from 'hono';
import * as z from 'zod';
import { toMajor } from '../../shared/money';
import type { ServiceStylists } from '../../shared/availability';
import type { AppEnv } from '../env';
import { AppError } from '../errors';
import { loadCatalogue } from '../db/schedule';
import { recommendedAfter, servicesByCategory } from '../db/services';
import { idParam, serviceIdsParam, validate } from '../validate';
import { browseRoute } from './policy';

const params = z.object({ salonId: idParam('Salon id'), services: serviceIdsParam });

/** Stylists per service, recommended finishing services and the waitlist option (§7). */
export const bookingOptions = new Hono<AppEnv>()
  .get('/book-online/services/stylists/:salonId/:services/', browseRoute, validate('param', params), async (c) => {
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
              stylist_photo: st.photo,
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
  .get('/book-online/services/recommended/:salonId/:services/', browseRoute, validate('param', params), async (c) => {
    const p = c.req.valid('param');
    const last = p.services.at(-1)!;
    const wanted = new Set((await recommendedAfter(c.env.DB, p.salonId, last)).filter((id) => !p.services.includes(id)));
    const all = await servicesByCategory(c.env.DB, p.salonId);
    return c.json(all.flatMap((cat) => cat.services).filter((s) => wanted.has(s.id) && s.show));
  })
  .get(
    '/book-online/show/waitlist/option/:salonId/:serviceIds/',
    browseRoute,
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
