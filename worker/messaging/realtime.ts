import { INVITE_EVENT, clientChannel, type InviteEvent } from '../../shared/invites';
import type { Config } from '../config';
import { pusherOf } from '../pusher';

/**
 * Tells the client's open tabs that one of its invites changed: INVITE_EVENT on its private
 * channel, with ids and a status only (no personal data). Throws when Pusher refuses or cannot
 * be reached; the message names the channel and Pusher's answer, never a key or signature.
 */
export async function publishInviteChange(config: Config, clientId: string, event: InviteEvent): Promise<void> {
  const channel = clientChannel(clientId);
  try {
    await pusherOf(config).trigger(channel, INVITE_EVENT, event);
  } catch (e) {
    const { status, body } = e as { status?: number; body?: string };
    const why = status ? `status ${status}${body ? `: ${body.slice(0, 200)}` : ''}` : 'unreachable';
    throw new Error(`Pusher refused the ${INVITE_EVENT} event on ${channel} (${why})`, { cause: e });
  }
}
