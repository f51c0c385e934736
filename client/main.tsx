import './index.css';
import { afterFirstPaint } from './lib/after-first-paint';
import { holdEarlyTaps, releaseEarlyTaps } from './lib/early-taps';

/**
 * The page's entry. The stylesheet comes with it; the app itself (start.tsx) is a chunk of its own.
 * When the edge rendered the first screen into the HTML (client/entry-server.tsx), the app is
 * fetched only once the browser has put that screen on the display (lib/after-first-paint.ts), so on a slow network the screen, its
 * stylesheet and its images come first; a tap meanwhile is held and replayed once hydrated.
 * Otherwise (a later screen, rendered in the browser) the app is fetched at once.
 */
// A salon page the service worker kept, answering offline for another of its screens, is rendered anew.
const root = document.getElementById('root');
const serverRendered = root?.firstElementChild != null && !root.hasAttribute('data-offline-copy');
const start = () => import('./start').catch(releaseEarlyTaps);

if (serverRendered) {
  holdEarlyTaps();
  afterFirstPaint(start);
} else {
  void start();
}
