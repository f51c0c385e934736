import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { checkRelease, reloadForNewRelease } from '../lib/release-check';

/**
 * The release check on each change of screen (client/lib/release-check.ts): a navigation after
 * another release was seen loads the page afresh instead (before it paints); otherwise the latest
 * release is asked for in the background. The first screen only asks.
 */
export function useReleaseCheck() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useLayoutEffect(() => {
    const landed = first.current;
    first.current = false;
    if (!landed && reloadForNewRelease()) return;
    checkRelease();
  }, [pathname]);
}
