import { INVITE_EVENT, clientChannel, type InviteEvent } from '../../shared/invites';
import { DIARY_EVENT, salonChannel, type DiaryEvent } from '../../shared/console/diary';
import { MENU_EVENT, type MenuEvent } from '../../shared/console/menu';
import { ABSENCE_EVENT, type AbsenceEvent } from '../../shared/console/time-off';
import { SETUP_EVENT } from '../../shared/console/setup';
import { INBOX_EVENT, type InboxEvent } from '../../shared/console/inbox';
import type { Config } from '../config';
import { triggerEvent } from '../pusher';

/** Triggers one event on one channel; a refusal or no answer throws naming the channel and Pusher's answer, never a key or signature. */
async function trigger(config: Config, channel: string, event: string, data: object): Promise<void> {
  try {
    await triggerEvent(config, channel, event, data);
  } catch (e) {
    const { status, body } = e as { status?: number; body?: string };
    const why = status ? `status ${status}${body ? `: ${body.slice(0, 200)}` : ''}` : 'unreachable';
    throw new Error(`Pusher refused the ${event} event on ${channel} (${why})`, { cause: e });
  }
}

/**
 * Tells the client's open tabs that one of its invites changed: INVITE_EVENT on its private
 * channel, with ids and a status only (no personal data).
 */
export const publishInviteChange = (config: Config, clientId: string, event: InviteEvent): Promise<void> =>
  trigger(config, clientChannel(clientId), INVITE_EVENT, event);

/**
 * Tells the salon's open consoles that its diary changed: DIARY_EVENT on the salon's private
 * channel (its staff only), with the appointment's id and what happened (no personal data): the
 * console refetches what it shows.
 */
export const publishDiaryChange = (config: Config, salonId: number, event: DiaryEvent): Promise<void> =>
  trigger(config, salonChannel(salonId), DIARY_EVENT, event);

/** Tells the salon's open consoles that its menu changed (a category or a service; ids only): they ask again. */
export const publishMenuChange = (config: Config, salonId: number, event: MenuEvent): Promise<void> =>
  trigger(config, salonChannel(salonId), MENU_EVENT, event);

/** Tells the salon's open consoles that time off or a block changed (ids and what happened only): the diary and Today ask again. */
export const publishAbsenceChange = (config: Config, salonId: number, event: AbsenceEvent): Promise<void> =>
  trigger(config, salonChannel(salonId), ABSENCE_EVENT, event);
/** Tells the salon's open consoles that its checklist on Today was dismissed (SETUP_EVENT): Today asks again. */
export const publishSetupChange = (config: Config, salonId: number): Promise<void> =>
  trigger(config, salonChannel(salonId), SETUP_EVENT, { change: 'dismissed' });
/** Tells the salon's open consoles that a thread of its Inbox changed (a text came in, staff answered, it was read; its id only). */
export const publishInboxChange = (config: Config, salonId: number, event: InboxEvent): Promise<void> =>
  trigger(config, salonChannel(salonId), INBOX_EVENT, event);
