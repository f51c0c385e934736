import { useEffect } from 'react';
import type { RealtimeSettings } from '../../shared/types';
import { getAccessToken, useAuth } from '../features/auth';

/** Runs `start` once the page has loaded and the browser is idle; answers the cancel. */
function afterFirstPaint(start: () => void): () => void {
  // Safari has no requestIdleCallback: a short timeout after load instead.
  const idleApi = (window.requestIdleCallback as typeof window.requestIdleCallback | undefined) && window;
  let idle: number | undefined;
  const schedule = () => {
    idle = idleApi ? idleApi.requestIdleCallback(start, { timeout: 2000 }) : window.setTimeout(start, 200);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    if (idle === undefined) return;
    if (idleApi) idleApi.cancelIdleCallback(idle);
    else window.clearTimeout(idle);
  };
}

/**
 * The client's realtime channel while it is logged in: connected after the first paint,
 * disconnected on logout or when the salon area unmounts. An invite event makes every invite list
 * out of date: the screens showing one ask again.
 */
export function useRealtimeConnection(settings: RealtimeSettings | undefined) {
  const { status, user } = useAuth();
  const username = status === 'LOGGED_IN' ? user?.username : undefined;
  useEffect(() => {
    if (!settings || !username) return;
    let stopped = false;
    let disconnect: (() => void) | undefined;
    // The invites' queries come with the screens that show them: loaded, if not yet, when an event comes.
    const onInvitesChanged = () => void import('../features/deposits/api').then((m) => m.invitesChanged());
    // The channel's code (and pusher-js with it) loads only for a logged-in client.
    const cancel = afterFirstPaint(
      () =>
        void import('../lib/realtime').then(({ connectRealtime }) => {
          if (!stopped) disconnect = connectRealtime({ settings, username, accessToken: getAccessToken, onInvitesChanged });
        }),
    );
    return () => {
      stopped = true;
      cancel();
      disconnect?.();
    };
  }, [settings, username]);
}
