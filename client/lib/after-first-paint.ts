/**
 * Runs `task` once the browser has shown the page's first contentful paint (the Paint Timing
 * entry, reported when the frame is on screen, not when it is merely committed), or after
 * `fallbackMs` where that entry never comes (no Paint Timing support, nothing contentful).
 *
 * client/main.tsx fetches the app this way on a server-rendered first screen: a frame callback
 * alone ran before the frame reached the screen, so on a busy phone (and in Lighthouse's trace)
 * the 110 KB app was requested before the first paint and counted against it.
 */
export function afterFirstPaint(task: () => void, fallbackMs = 2000): void {
  const supported = typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint');
  if (!supported) {
    requestAnimationFrame(() => setTimeout(task, 0));
    return;
  }
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    clearTimeout(timer);
    setTimeout(task, 0);
  };
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length > 0) run();
  });
  observer.observe({ type: 'paint', buffered: true });
  const timer = setTimeout(run, fallbackMs);
}
