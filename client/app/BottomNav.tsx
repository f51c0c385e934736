import { NavLink } from 'react-router';
import { css } from '../../styled-system/css';
import { useAuth } from '../features/auth';
import { useActiveInviteCount } from '../features/deposits';

const ITEMS = [
  { label: 'Profile', path: '/my-profile', icon: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8a7 7 0 0 1 14 0' },
  { label: 'Bookings', path: '/my-book', icon: 'M5 5h14v15H5zM5 9h14M9 3v4M15 3v4' },
  { label: 'Deposits', path: '/my-feeds', icon: 'M3 7h18v11H3zM3 11h18M7 15h3' },
] as const;

/** Profile, Bookings, Deposits; logged out, each goes to profile-login with the fromMyBook flag. */
export function BottomNav() {
  const { status } = useAuth();
  const loggedIn = status === 'LOGGED_IN';
  const newRequests = useActiveInviteCount();
  /** Deposits shows the count of invited or reminded requests (§2). */
  const bubbled = (label: string) => label === 'Deposits' && loggedIn && !!newRequests;
  return (
    <nav
      aria-label="Account"
      className={css({
        position: 'fixed',
        bottom: '0',
        insetX: '0',
        h: '56px',
        bg: 'surface',
        borderTop: '1px solid',
        borderColor: 'border',
        display: 'flex',
        justifyContent: 'space-around',
        zIndex: 20,
        pb: 'env(safe-area-inset-bottom)',
      })}
    >
      {ITEMS.map((item) => (
        <NavLink
          key={item.label}
          to={loggedIn ? item.path : '/profile-login?fromMyBook=true'}
          aria-label={bubbled(item.label) ? `${item.label}, ${newRequests} new ${newRequests === 1 ? 'request' : 'requests'}` : undefined}
          className={css({
            flex: '1',
            position: 'relative',
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            justifyContent: 'center',
            fontSize: 'xs',
            fontWeight: '600',
            color: 'text',
            textDecoration: 'none',
          })}
        >
          <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8">
            <path d={item.icon} />
          </svg>
          {item.label}
          {bubbled(item.label) && (
            <span aria-hidden="true" className={bubble}>
              {newRequests}
            </span>
          )}
        </NavLink>
      ))}
    </nav>
  );
}

const bubble = css({
  position: 'absolute',
  top: '1',
  ml: '6',
  minW: '5',
  h: '5',
  px: '1',
  rounded: 'full',
  bg: 'danger',
  color: 'white',
  fontSize: '11px',
  fontWeight: '700',
  // the circle's own height: a unitless token here would multiply the font size
  lineHeight: '20px',
  textAlign: 'center',
});
