import type { Context } from 'hono';
import type { PushKind } from '../../shared/console/push';
import type { AppEnv } from '../env';
import { enqueueMessage } from '../messaging/outbox';
import { afterAnswer, outboxOf } from './after-answer';
import { salonDatabase } from './salon-database';

/**
 * After the answer, puts a staff notice on the MESSAGES queue (docs/console/notifications.md): the
 * consumer sends a Web Push to each staff member of the salon who chose that kind (a stylist: their
 * own column). Never delays or fails the call; `key` makes a redelivery one push per subscription.
 */
export function tellStaff(
  c: Context<AppEnv>,
  salonId: number,
  notice: PushKind,
  about: { appointment_id?: number; thread_id?: string },
  /** what makes this notice one (an appointment's id, an incoming text's sid, a failed message's key) */
  ref: string | number,
) {
  afterAnswer(
    c,
    // the salon's own database: a direct send (no queue) reads its rows there
    salonDatabase(c, salonId).then((db) =>
      enqueueMessage(
        { ...outboxOf(c), db },
        {
          kind: 'staff-push',
          salon_id: salonId,
          notice,
          ...about,
          key: `push-${notice}-${salonId}-${ref}`.slice(0, 200),
        },
      ),
    ),
    `staff not told of ${notice} at salon ${salonId}`,
  );
}
