import type { Workbox } from 'workbox-window';

/** The registered service worker (vite.config.ts builds it), once it is registered. */
let registered: Promise<Workbox | null> | null = null;

/**
 * Registers the offline shell's service worker after the page has loaded: production builds
 * only (never under `vite dev`), and workbox-window is loaded then, outside the first-load JS.
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || registered) return;
  registered = new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  })
    .then(() => import('workbox-window'))
    .then(async ({ Workbox }) => {
      const wb = new Workbox('/sw.js', { scope: '/' });
      await wb.register();
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
  const wb = await registered;
  if (!wb) return;
  await Promise.race([wb.update().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, ms))]);
}
