import { useSyncExternalStore } from 'react';
import { css } from '../../styled-system/css';
import { OFFLINE_MESSAGE } from '../../shared/call-errors';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** While the browser has no connection: a notice at the top (the screen and the selection stay as they are). */
export function OfflineNotice() {
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  if (online) return null;
  return (
    <p role="status" className={css({ bg: 'text', color: 'bg', px: '4', py: '2', fontSize: 'sm', textAlign: 'center' })}>
      {OFFLINE_MESSAGE} What is on screen may be out of date.
    </p>
  );
}
