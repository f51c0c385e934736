import { useSyncExternalStore } from 'react';

/**
 * Whether the client can reach the server. The browser's navigator.onLine is not enough: a page
 * the service worker answered from its copy (no network) may still say online, and a phone on a
 * network without internet says online too. So a call that could not reach the server marks the
 * connection lost (client/lib/api.ts), and a small request every few seconds finds out when it is
 * back. TanStack Query's onlineManager follows this (client/lib/query-client.tsx): back online, it
 * asks again for what is on screen.
 */
let unreachable = false;
let probing: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();
const PROBE_EVERY_MS = 3000;

const reachable = () => navigator.onLine && !unreachable;

function changed() {
  for (const l of listeners) l();
}

/** A call could not reach the server. */
export function serverUnreachable() {
  if (unreachable) return;
  unreachable = true;
  changed();
  probing ??= setInterval(() => {
    fetch('/robots.txt', { method: 'HEAD', cache: 'no-store' }).then(
      () => serverReached(),
      () => undefined,
    );
  }, PROBE_EVERY_MS);
}

/** A call reached the server (whatever it answered). */
export function serverReached() {
  clearInterval(probing);
  probing = undefined;
  if (!unreachable) return;
  unreachable = false;
  changed();
}

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Tells `setOnline` whether the server can be reached, now and at each change; answers the unsubscribe. */
export function watchConnection(setOnline: (online: boolean) => void): () => void {
  const update = () => setOnline(reachable());
  update();
  return subscribe(update);
}

/** False while the browser is offline or the last call could not reach the server. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, reachable, () => true);
}
