// Loaded on demand only (a chunk of its own): after 'Accept all cookies', on a salon page whose
// salon has a pixel id. The `fbq` queue is Facebook's documented one, built here rather than by
// their inline snippet, which the page's CSP forbids.
import { FACEBOOK_PIXEL } from '../../shared/consent';

interface Fbq {
  (...args: unknown[]): void;
  callMethod?: (...args: unknown[]) => void;
  queue: unknown[][];
  push: Fbq;
  loaded: boolean;
  version: string;
  /** fbevents.js would send a PageView of its own on each history change; the app sends them */
  disablePushState?: boolean;
}

declare global {
  interface Window {
    fbq?: Fbq;
    _fbq?: Fbq;
  }
}

let script: HTMLScriptElement | null = null;
const initialised = new Set<string>();

function queue(): Fbq {
  if (window.fbq) return window.fbq;
  const fbq = ((...args: unknown[]) => {
    if (fbq.callMethod) fbq.callMethod(...args);
    else fbq.queue.push(args);
  }) as Fbq;
  fbq.push = fbq;
  fbq.loaded = true;
  fbq.version = '2.0';
  fbq.queue = [];
  fbq.disablePushState = true;
  window.fbq = fbq;
  window._fbq ??= fbq;
  return fbq;
}

/** The queue, the script and `init` of this pixel, once each. */
export function start(pixelId: string) {
  const fbq = queue();
  if (!script) {
    script = document.createElement('script');
    script.async = true;
    script.src = FACEBOOK_PIXEL.script;
    document.head.appendChild(script);
  }
  if (!initialised.has(pixelId)) {
    initialised.add(pixelId);
    // No automatic collection of button texts and page metadata: only the events the app sends.
    fbq('set', 'autoConfig', false, pixelId);
    fbq('init', pixelId);
  }
}

/** A standard event (PageView, Schedule...) of the pixel started above. */
export function track(event: string, params?: Record<string, string | number>) {
  window.fbq?.('track', event, ...(params ? [params] : []));
}

/** The first-party cookies fbevents.js writes, on this host and on the domains above it. */
function removeFacebookCookies() {
  const parts = window.location.hostname.split('.');
  const domains = ['', ...parts.slice(0, -1).map((_, i) => `; Domain=.${parts.slice(i).join('.')}`)];
  for (const name of ['_fbp', '_fbc']) for (const domain of domains) document.cookie = `${name}=; Path=/; Max-Age=0${domain}`;
}

/** Analytics turned off: no more events, and what can be removed is. Answers whether the script had been added to this page. */
export function stop(): boolean {
  const loaded = script !== null;
  script?.remove();
  script = null;
  initialised.clear();
  delete window.fbq;
  delete window._fbq;
  removeFacebookCookies();
  return loaded;
}
