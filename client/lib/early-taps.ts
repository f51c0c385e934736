/**
 * Taps on a server-rendered first screen before the app has hydrated it (client/main.tsx fetches
 * the app after the first paint): a button, a checkbox or a label there does nothing without the
 * app, so such a tap is held and replayed once hydrated instead of being lost. Links, details and
 * form fields work without the app and are left alone.
 */
const NEEDS_APP = 'button, input[type="checkbox"], input[type="radio"], label, [role="button"], [role="checkbox"], [role="radio"]';

let held: HTMLElement[] | null = null;

function hold(e: MouseEvent) {
  if (!held || !(e.target instanceof Element)) return;
  const target = e.target.closest<HTMLElement>(NEEDS_APP);
  if (!target) return;
  e.preventDefault();
  e.stopPropagation();
  held.push(target);
}

/** From the first paint of a server-rendered page until it is hydrated. */
export function holdEarlyTaps() {
  held = [];
  document.addEventListener('click', hold, true);
}

/** Once hydrated (or when the app could not load): the held taps happen now, in order. */
export function releaseEarlyTaps() {
  if (!held) return;
  document.removeEventListener('click', hold, true);
  const taps = held;
  held = null;
  for (const tap of taps) if (tap.isConnected) tap.click();
}
