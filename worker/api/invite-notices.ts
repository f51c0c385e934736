import type { Context } from 'hono';
import type { InviteRow } from '../db/invites';
import type { AppEnv } from '../env';
import { inviteText } from '../invites/texts';
import { publishInviteChange } from '../messaging/realtime';
import { sendSms } from '../messaging/sms';

/** The page origin the client came from (the edge's X-Forwarded-Origin). */
export const originOf = (c: Context<AppEnv>) => new URL(c.req.header('X-Forwarded-Origin') ?? c.req.url).origin;

/** Runs after the answer: a slow or failing provider never delays or fails the call; logged without personal data. */
function afterAnswer(c: Context<AppEnv>, work: Promise<unknown>, what: string) {
  c.executionCtx.waitUntil(
    work.catch((e: unknown) => console.error(`[${c.get('requestId')}] ${what}:`, e instanceof Error ? e.message : 'unknown error')),
  );
}

/** Tells the client's private channel that its invite changed (when the invite has a client). */
export function publishChange(c: Context<AppEnv>, row: InviteRow) {
  if (!row.client_id) return;
  afterAnswer(
    c,
    publishInviteChange(c.get('config'), row.client_id, { invite_id: row.id, salon_id: row.salon_id, status: row.status }),
    `invite ${row.id} change not published`,
  );
}

/** Texts the request (or its reminder) to the client's phone. */
export function textInvite(c: Context<AppEnv>, row: InviteRow, reminder: boolean) {
  const body = inviteText(row, originOf(c), row.client_id !== null, reminder);
  afterAnswer(c, sendSms(c.get('config'), { to: row.client_phone, body }), `invite ${row.id} text not sent`);
}
