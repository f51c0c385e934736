import { Hono } from 'hono';
import * as z from 'zod';
import { rebookingLinkSchema } from '../../shared/console/requests';
import type { AppEnv } from '../env';
import { idParam, validate } from '../validate';
import { sendRebookingLink } from './invite-calls';
import { adminRoute } from './policy';

/**
 * POST /admin/salons/{id}/rebooking-links (admin key as for /admin/salons/{id}): a new link to the
 * older rebooking flow for a client with a past appointment at the salon, texted to the client.
 */
export const adminRebooking = new Hono<AppEnv>().post(
  '/admin/salons/:salonId/rebooking-links',
  adminRoute,
  validate('param', z.object({ salonId: idParam('Salon id') })),
  validate('json', rebookingLinkSchema),
  (c) => sendRebookingLink(c, c.req.valid('param').salonId, c.req.valid('json').client_id),
);
