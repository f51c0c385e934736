import { Hono } from 'hono';
import { z } from 'zod';
import type { RebookingLinkCreated } from '../../shared/rebooking';
import type { AppEnv } from '../env';
import { enqueueMessage } from '../messaging/outbox';
import { rebookingLinkText } from '../messaging/templates';
import { createLink } from '../rebooking/links';
import { idParam, validate } from '../validate';
import { afterAnswer, outboxOf } from './after-answer';
import { originOf } from './request-headers';
import { requireAdminKey } from './admin-key';
import { adminRoute } from './policy';

const linkBody = z.strictObject({
  client_id: z
    .string({ message: 'client_id must be the client’s Cognito username' })
    .regex(/^[A-Za-z0-9-]{1,128}$/, 'client_id must be the client’s Cognito username'),
});

/**
 * POST /admin/salons/{id}/rebooking-links (admin key as for /admin/salons/{id}): a new link to the
 * older rebooking flow for a client with a past appointment at the salon, texted to the client.
 */
export const adminRebooking = new Hono<AppEnv>()
  .use('/admin/salons/:id/rebooking-links', requireAdminKey)
  .post(
    '/admin/salons/:id/rebooking-links',
    adminRoute,
    validate('param', z.object({ id: idParam('Salon id') })),
    validate('json', linkBody),
    async (c) => {
      const salonId = c.req.valid('param').id;
      const now = Date.now();
      const made = await createLink(c.env.DB, { salonId, clientId: c.req.valid('json').client_id, now });
      const link = `${originOf(c)}/auth/${made.urlhash}`;
      const key = `rebooking-link-${made.ref}`;
      afterAnswer(
        c,
        enqueueMessage(outboxOf(c), { kind: 'sms', to: made.phone, body: rebookingLinkText(made.salonName, link), key }),
        `rebooking link for salon ${salonId} not texted`,
      );
      c.header('Cache-Control', 'private, no-store');
      return c.json(
        { urlhash: made.urlhash, link, expires_at: new Date(made.expiresAt).toISOString() } satisfies RebookingLinkCreated,
        201,
      );
    },
  );
