import { css } from '../../styled-system/css';
import { useOnline } from '../lib/connection';
import { useContext } from 'react';
import { SalonContext } from '../lib/salon-context';

/**
 * While the browser has no connection: a notice at the top with the salon's phone, so that the
 * client can still book (the screen and the selection stay as they are). A page reopened offline
 * comes from the service worker's copy (vite.config.ts), so this is what it shows then too.
 * Outside a salon's area (the older rebooking flow) there is no phone to offer.
 */
export function OfflineNotice() {
  const salon = useContext(SalonContext)?.salon;
  const online = useOnline();
  if (online) return null;
  return (
    <p role="status" className={css({ bg: 'text', color: 'bg', px: '4', py: '2', fontSize: 'sm', textAlign: 'center' })}>
      You are offline.{salon?.phone ? ` To book now, call ${salon.name} on ${salon.phone}.` : ''} What is on screen may be out of date.
    </p>
  );
}
