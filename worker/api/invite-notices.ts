import type { Context } from 'hono';
import type { InviteRow } from '../db/invites';
import type { AppEnv } from '../env';
import { originOf } from './request-headers';
import { inviteText } from '../invites/texts';
import { publishInviteChange } from '../messaging/realtime';
import { enqueueMessage } from '../messaging/outbox';
import { afterAnswer, outboxOf } from './after-answer';
import { announceToDiary } from './diary-notices';

/** Tells the client's private channel that its invite changed (when the invite has a client), and the salon's diary. */
export function publishChange(c: Context<AppEnv>, row: InviteRow) {
  announceToDiary(c, row.salon_id, row.appointment_id, row.status === 'accepted' ? 'paid' : 'request');
  if (!row.client_id) return;
  afterAnswer(
    c,
    publishInviteChange(c.get('config'), row.client_id, { invite_id: row.id, salon_id: row.salon_id, status: row.status }),
    `invite ${row.id} change not published`,
  );
}

/**
 * Queues the text of the request (or of its reminder made at `now`) to the client's phone. Its
 * key is the invite's and the change's: a redelivery is not texted twice, a second reminder is.
 */
export function textInvite(c: Context<AppEnv>, row: InviteRow, reminder: boolean, now: number) {
  const body = inviteText(row, originOf(c), row.client_id !== null, reminder);
  const key = reminder ? `invite-${row.id}-reminded-${now}` : `invite-${row.id}-invited`;
  const message = { kind: 'sms' as const, to: row.client_phone, body, key, salon_id: row.salon_id, appointment_id: row.appointment_id };
  afterAnswer(c, enqueueMessage(outboxOf(c), message), `invite ${row.id} text not sent`);
}
