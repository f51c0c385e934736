import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { css } from '../../../styled-system/css';
import { outlineButton } from '../../components/styles';
import { useBooking } from './store';

const box = css({ bg: 'surfaceMuted', rounded: 'md', px: '3', py: '2', my: '3', fontSize: 'sm', fontWeight: '600' });

/** 'We are holding your time for 9:41' while the chosen times are held; once expired, a way back to the times. */
export function HoldCountdown() {
  const { holdExpiresAt, holdLost } = useBooking();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!holdExpiresAt) return;
    setNow(Date.now());
    const t = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(t);
  }, [holdExpiresAt]);
  if (!holdExpiresAt && !holdLost) return null;
  const left = holdExpiresAt ? Math.max(0, Date.parse(holdExpiresAt) - now) : 0;
  if (left === 0) {
    return (
      <div role="status" className={box}>
        <p className={css({ mb: '2' })}>
          {holdLost
            ? 'We are no longer holding your time: a time was chosen in another tab of this browser. It may still be free, or you can choose it again.'
            : 'We are no longer holding your time. It may still be free, or you can choose it again.'}
        </p>
        <Link to="/timeselect" className={outlineButton}>
          CHOOSE TIME AGAIN
        </Link>
      </div>
    );
  }
  const m = Math.floor(left / 60_000);
  const s = String(Math.floor((left % 60_000) / 1000)).padStart(2, '0');
  return (
    <p role="timer" aria-live="off" className={box}>
      We are holding your time for {m}:{s}
    </p>
  );
}
