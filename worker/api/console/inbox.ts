import { Hono, type Context } from 'hono';
import * as z from 'zod';
import { inboxAnswerSchema } from '../../../shared/console/inbox';
import { CAN } from '../../../shared/console/roles';
import { staffBySub } from '../../db/staff';
import type { AppEnv } from '../../env';
import { answerThread, inboxOf, openThread } from '../../messaging/inbox';
import { enqueueMessage } from '../../messaging/outbox';
import { idParam, jsonBody, validate, validateForm } from '../../validate';
import { afterAnswer, outboxOf } from '../after-answer';
import { announceToInbox } from '../inbox-notices';
import { staffRoute } from '../policy';
import { staffOf } from '../staff-access';
import { ownColumnOf } from './diary';

const salonParam = z.object({ salonId: idParam('Salon id') });
const threadParam = z.object({
  salonId: idParam('Salon id'),
  threadId: z.string().regex(/^[0-9a-f]{24}$/, 'threadId must be a conversation id'),
});

const personal = (c: Context<AppEnv>) => c.header('Cache-Control', 'private, no-store');

/**
 * The Inbox (docs/console/inbox.md): GET inbox (the threads the caller sees and the unread
 * count), GET inbox/{threadId} (its texts; opening it marks it read), POST
 * inbox/{threadId}/messages {body} → 201 (the answer, texted through the salon's sender). A
 * stylist sees and answers only threads of clients with an appointment in their own column.
 */
export const consoleInbox = new Hono<AppEnv>()
  .get('/console/salons/:salonId/inbox', staffRoute(CAN.inbox), validate('param', salonParam), async (c) => {
    personal(c);
    return c.json(await inboxOf(c.env.DB, staffOf(c).salonId, await ownColumnOf(c)));
  })
  .get('/console/salons/:salonId/inbox/:threadId', staffRoute(CAN.inbox), validate('param', threadParam), async (c) => {
    personal(c);
    const salonId = staffOf(c).salonId;
    const { wasUnread, ...view } = await openThread(c.env.DB, salonId, await ownColumnOf(c), c.req.valid('param').threadId);
    if (wasUnread) announceToInbox(c, salonId, view.thread.id, 'read');
    return c.json(view);
  })
  .post(
    '/console/salons/:salonId/inbox/:threadId/messages',
    staffRoute(CAN.inbox),
    validate('param', threadParam),
    jsonBody,
    validateForm(inboxAnswerSchema, 'The answer needs changing'),
    async (c) => {
      personal(c);
      const staff = staffOf(c);
      const me = await staffBySub(c.env.DB, c.get('caller').staffSub!);
      const threadId = c.req.valid('param').threadId;
      const body = c.req.valid('json').body;
      const staffName = me?.name || staff.email;
      const { phone, key } = await answerThread(c.env.DB, {
        salonId: staff.salonId,
        stylistId: await ownColumnOf(c),
        threadId,
        body,
        staffName,
        now: Date.now(),
      });
      afterAnswer(
        c,
        enqueueMessage(outboxOf(c), { kind: 'sms', to: phone, body, key, salon_id: staff.salonId, staff_name: staffName }),
        `${key} text not sent`,
      );
      announceToInbox(c, staff.salonId, threadId, 'answered');
      const view = await openThread(c.env.DB, staff.salonId, await ownColumnOf(c), threadId);
      return c.json({ thread: view.thread, messages: view.messages }, 201);
    },
  );
