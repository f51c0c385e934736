import { useEffect, useState } from 'react';

let hydrated = false;
let waiting: Array<() => void> = [];

/**
 * Runs `fn` once the server-rendered first screen is hydrated whole, including the Suspense
 * boundary around the screen (React hydrates it after the shell): state the server could not know
 * (the selection this tab kept) must not change what a component renders before then.
 */
export function whenHydrated(fn: () => void) {
  if (hydrated) fn();
  else waiting.push(fn);
}

/** Placed last inside the screen's Suspense boundary: its effect runs when that boundary is hydrated. */
export function HydrationDone() {
  useEffect(() => {
    hydrated = true;
    const run = waiting;
    waiting = [];
    for (const fn of run) fn();
  }, []);
  return null;
}

/**
 * False in the server's render and while hydrating it; true once the whole first screen is
 * hydrated (or, rendered in the browser, once it is on the page). Set by an update of its own at
 * that moment, so that what it adds never makes React hydrate the screen in one long sync pass.
 */
export function useHydrated() {
  const [done, setDone] = useState(hydrated);
  useEffect(() => whenHydrated(() => setDone(true)), []);
  return done;
}
