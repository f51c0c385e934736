import type { Workbox } from 'workbox-window';
import { keptForOffline, PAGES_CACHE } from '../../shared/offline';

/** The registered service worker (vite.config.ts builds it), once it is registered. */
let registered: Promise<Workbox | null> | null = null;

const loaded = () =>
  new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });

/**
 * The page the client opened before any service worker controlled it never went through one, so
 * it is kept now: reopened offline, it is this page rather than the offline page. Only a salon's
 * page, and never one whose address carries a code (shared/offline.ts).
 */
async function keepFirstPage() {
  if (!keptForOffline(location.pathname)) return;
  await navigator.serviceWorker.ready;
  const pages = await caches.open(PAGES_CACHE);
  if (!(await pages.match(location.href))) await pages.add(location.href);
}

/**
 * Registers the offline shell's service worker after the page has loaded: production builds
 * only (never under `vite dev`), and workbox-window is loaded then, outside the first-load JS.
 * `salonPage`: this is a salon's booking page, worth keeping for offline.
 */
export function registerServiceWorker(salonPage: boolean) {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || registered) return;
  const uncontrolled = !navigator.serviceWorker.controller;
  registered = loaded()
    .then(() => import('workbox-window'))
    .then(async ({ Workbox }) => {
      const wb = new Workbox('/sw.js', { scope: '/' });
      await wb.register();
      if (salonPage && uncontrolled) void keepFirstPage().catch(() => undefined);
      return wb;
    })
    .catch((e: unknown) => {
      console.warn('The offline shell could not be registered', e);
      return null;
    });
}

/**
 * Asks for a new release's service worker (it takes over at once: skipWaiting, clientsClaim),
 * for at most `ms`: a slow answer never holds up the page.
 */
export async function updateServiceWorker(ms = 3000): Promise<void> {
  const update = (async () => {
    const wb = await registered;
    await wb?.update();
  })().catch(() => undefined);
  await Promise.race([update, new Promise((resolve) => setTimeout(resolve, ms))]);
}
