import { useEffect, useState } from 'react';
import { css } from '../../../styled-system/css';
import { useBooking } from './store';

/** 'We are holding your time for 9:41': the hold's remaining minutes, while there is one. */
export function HoldCountdown() {
  const { holdExpiresAt } = useBooking();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!holdExpiresAt) return;
    const t = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(t);
  }, [holdExpiresAt]);
  if (!holdExpiresAt) return null;
  const left = Math.max(0, Date.parse(holdExpiresAt) - now);
  const m = Math.floor(left / 60_000);
  const s = String(Math.floor((left % 60_000) / 1000)).padStart(2, '0');
  return (
    <p
      role="timer"
      aria-live="off"
      className={css({ bg: 'surfaceMuted', rounded: 'md', px: '3', py: '2', my: '3', fontSize: 'sm', fontWeight: '600' })}
    >
      {left > 0
        ? `We are holding your time for ${m}:${s}`
        : 'Your time is no longer held. It may still be free: carry on, or choose your time again.'}
    </p>
  );
}
