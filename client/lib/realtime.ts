import type { Channel } from 'pusher-js';
import type PusherClient from 'pusher-js';
import { INVITE_EVENT, clientChannel } from '../../shared/invites';
import type { RealtimeSettings } from '../../shared/types';

export interface RealtimeOptions {
  /** the salon page's `realtime` (injected by the edge) */
  settings: RealtimeSettings;
  /** the logged-in client's Cognito username: its channel is private-client-{username} */
  username: string;
  /** a fresh access token for /pusher/auth (refreshed when about to expire); null once logged out */
  accessToken: () => Promise<string | null>;
  /** the edge's channel authorisation; '/pusher/auth' */
  authEndpoint?: string;
  /** one of the client's invites changed (or may have: the channel was down a while) */
  onInvitesChanged: () => void;
}

/**
 * Asks the edge to sign the subscription, as pusher-js's own ajax transport would (form fields
 * socket_id and channel_name), but with a token fetched fresh for each request: pusher-js's
 * headersProvider is synchronous, and a reconnect after an hour needs a refreshed token.
 */
const authorise =
  (o: RealtimeOptions) =>
  async ({ socketId, channelName }: { socketId: string; channelName: string }) => {
    const token = await o.accessToken();
    if (!token) throw new Error('Not logged in');
    const res = await fetch(o.authEndpoint ?? '/pusher/auth', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ socket_id: socketId, channel_name: channelName }),
    });
    if (!res.ok) throw new Error(`Channel authorisation answered ${res.status}`);
    return (await res.json()) as { auth: string };
  };

/**
 * A pusher-js client for the realtime settings (the stand-in's host in development), whose private
 * subscriptions are signed by `auth` (the booking pages' /pusher/auth, the console's salon channel).
 */
export function pusherFor(
  Pusher: typeof PusherClient,
  settings: RealtimeSettings,
  auth: (p: { socketId: string; channelName: string }) => Promise<{ auth: string }>,
): PusherClient {
  const { key, cluster, wsHost, wsPort, forceTLS } = settings;
  return new Pusher(key, {
    cluster,
    forceTLS,
    enabledTransports: ['ws', 'wss'],
    ...(wsHost ? { wsHost, wsPort, wssPort: wsPort } : {}),
    channelAuthorization: {
      customHandler: (params, callback) =>
        void auth(params).then(
          (data) => callback(null, data),
          (e: unknown) => callback(e instanceof Error ? e : new Error(String(e)), null),
        ),
    },
  });
}

/**
 * Opens the client's realtime channel: loads pusher-js on demand (never in the first-load
 * bundle), subscribes to the client's private channel and calls `onInvitesChanged` on each
 * invitation event, and once more each time the subscription comes back after a drop (an event
 * sent while offline is lost: the screens refetch instead). Returns the disconnect.
 */
export function connectRealtime(o: RealtimeOptions): () => void {
  let stopped = false;
  let pusher: PusherClient | undefined;
  void import('pusher-js').then(({ default: Pusher }) => {
    if (stopped) return;
    pusher = pusherFor(Pusher, o.settings, authorise(o));
    const channel: Channel = pusher.subscribe(clientChannel(o.username));
    let subscriptions = 0;
    channel.bind('pusher:subscription_succeeded', () => {
      if (subscriptions++ > 0) o.onInvitesChanged();
    });
    // The event says which invite changed; the screens refetch rather than trust its content.
    channel.bind(INVITE_EVENT, () => o.onInvitesChanged());
  });
  return () => {
    stopped = true;
    pusher?.disconnect();
  };
}
