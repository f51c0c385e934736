import type PusherClient from 'pusher-js';
import { DIARY_EVENT } from '../../../shared/console/diary';
import { pusherFor } from '../../lib/realtime';
import { answer, salon, salonCalls } from './api';

/**
 * The salon's private channel (private-salon-{id}; the diary and Requests listen to its diary
 * events, Services to its menu events, `event`):
 * pusher-js loaded on demand, the subscription
 * signed by the console's own staff call (its token renewed like any other), `onChange` on each
 * diary event and once more whenever the subscription comes back after a drop (an event sent
 * meanwhile is lost: the diary asks again instead). Returns the disconnect.
 */
/** Where pusher-js comes from: loaded on demand, never with the console's first load (a component test puts a stand-in here). */
export const pusherModule: { load: () => Promise<{ default: typeof PusherClient }> } = { load: () => import('pusher-js') };

export function connectSalonChannel(salonId: number, onChange: () => void, event: string | readonly string[] = DIARY_EVENT): () => void {
  let stopped = false;
  let pusher: PusherClient | undefined;
  void (async () => {
    const [{ default: Pusher }, { settings, channel }] = await Promise.all([
      pusherModule.load(),
      answer(salonCalls.realtime.$get({ param: salon(salonId) })),
    ]);
    if (stopped) return;
    pusher = pusherFor(Pusher, settings, ({ socketId, channelName }) => signed(salonId, socketId, channelName));
    const sub = pusher.subscribe(channel);
    let subscriptions = 0;
    sub.bind('pusher:subscription_succeeded', () => {
      if (subscriptions++ > 0) onChange();
    });
    for (const e of typeof event === 'string' ? [event] : event) sub.bind(e, () => onChange());
  })().catch(() => undefined); // no live channel: the diary still loads and refreshes on its own
  return () => {
    stopped = true;
    pusher?.disconnect();
  };
}

/** The subscription's signature from the console API (form fields, as pusher-js sends them). */
async function signed(salonId: number, socketId: string, channelName: string): Promise<{ auth: string }> {
  return answer(salonCalls.realtime.auth.$post({ param: salon(salonId), form: { socket_id: socketId, channel_name: channelName } }));
}
