import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const GIVE_UP_MS = 5000;

/**
 * After a route change, focus moves to the new screen's heading (its h1), so a screen reader
 * announces the screen and the keyboard starts from its top. Not on the first page load, where
 * the browser's own start is right. The heading may come later (screens load lazily) or be
 * unfocusable for a moment (behind a closing dialog, which hands focus back as it goes): it is
 * tried each frame until it has the focus, unless the client has put the focus somewhere first.
 * A screen reached forwards starts at its top (Back and Forward keep the browser's own position),
 * so a short screen never opens scrolled to the page's foot.
 */
export function useFocusOnNavigate(main: React.RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const type = useNavigationType();
  const navigation = useRef(type);
  useEffect(() => {
    navigation.current = type; // read by the effect below (effects run in order), not a reason to run it
  });
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const root = main.current;
    if (!root) return;
    if (navigation.current !== 'POP') window.scrollTo(0, 0);
    const until = performance.now() + GIVE_UP_MS;
    // What had the focus when the route changed (the link or button that led here) may be taken from.
    const leaving = document.activeElement;
    let frame = 0;
    const tryFocus = () => {
      const active = document.activeElement;
      const h1 = root.querySelector('h1');
      if (h1 && active === h1) return;
      const free = !active || active === document.body || active === leaving;
      if (!free) return; // the client has moved on
      if (h1) {
        h1.tabIndex = -1;
        h1.focus();
      }
      if (performance.now() < until) frame = requestAnimationFrame(tryFocus);
    };
    tryFocus();
    return () => cancelAnimationFrame(frame);
  }, [pathname, main]);
}
