/**
 * The console's service worker (public/console/sw.js, docs/console/notifications.md): it shows
 * staff's push notifications and opens the console where a click leads. Nothing else of the
 * console's code comes with this module, which the entry imports.
 */
export const CONSOLE_WORKER = '/console/sw.js';
export const CONSOLE_WORKER_SCOPE = '/console/';

/** Registers it after the page has loaded (production builds, as the booking pages' own): the installed app and a push find it. */
export function registerConsoleWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register(CONSOLE_WORKER, { scope: CONSOLE_WORKER_SCOPE }).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
