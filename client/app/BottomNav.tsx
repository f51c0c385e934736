import { NavLink } from 'react-router';
import { css } from '../../styled-system/css';
import { useAuth } from '../features/auth/store';

const ITEMS = [
  { label: 'Profile', path: '/my-profile', icon: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8a7 7 0 0 1 14 0' },
  { label: 'Bookings', path: '/my-book', icon: 'M5 5h14v15H5zM5 9h14M9 3v4M15 3v4' },
  { label: 'Deposits', path: '/my-feeds', icon: 'M3 7h18v11H3zM3 11h18M7 15h3' },
] as const;

/** Profile, Bookings, Deposits; logged out, each goes to profile-login with the fromMyBook flag. */
export function BottomNav() {
  const { status } = useAuth();
  const loggedIn = status === 'LOGGED_IN';
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
          className={css({
            flex: '1',
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
        </NavLink>
      ))}
    </nav>
  );
}
