import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { css } from '../../styled-system/css';

/**
 * A message a screen leaves for the next one (navigate(to, { state: { notice } })), e.g. after a
 * password reset or a moved appointment. Shown once: it is taken out of the history entry at
 * once, so a reload or coming back to that entry does not repeat it; it goes with the screen.
 */
export function Notice() {
  const { pathname, search, state } = useLocation();
  const navigate = useNavigate();
  const [shown, setShown] = useState<{ text: string; path: string } | null>(null);
  const notice = (state as { notice?: unknown } | null)?.notice;
  useEffect(() => {
    if (typeof notice !== 'string') return;
    setShown({ text: notice, path: pathname });
    navigate(pathname + search, { replace: true, state: null });
  }, [notice, pathname, search, navigate]);
  if (!shown || shown.path !== pathname) return null;
  return (
    <p role="status" className={css({ bg: 'surfaceMuted', rounded: 'md', px: '3', py: '2', mt: '3', fontWeight: '600' })}>
      {shown.text}
    </p>
  );
}
