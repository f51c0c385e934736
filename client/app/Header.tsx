import { useNavigate } from 'react-router';
import { css } from '../../styled-system/css';
import { logout, useAuth } from '../features/auth/store';
import { outlineButton } from '../components/styles';
import { useSalon } from '../lib/salon-context';
import { PoweredBy } from '../components/PoweredBy';
import { Avatar } from '../components/Avatar';

const compact = css({ px: '3', minH: '9', fontSize: 'xs', flexShrink: 0 });

/** Salon logo, Powered-by mark and title; back arrow and LOGOUT only when logged in. */
export function Header() {
  const { salon } = useSalon();
  const { status } = useAuth();
  const navigate = useNavigate();
  const loggedIn = status === 'LOGGED_IN';
  return (
    <header
      className={css({
        bg: 'surface',
        borderBottom: '1px solid',
        borderColor: 'border',
        px: { base: '3', sm: '4' },
        py: '2',
        display: 'flex',
        alignItems: 'center',
        gap: '3',
      })}
    >
      {loggedIn && (
        <button type="button" className={`${outlineButton} ${compact}`} aria-label="Back" onClick={() => navigate(-1)}>
          ←
        </button>
      )}
      {/* With the back arrow and LOGOUT beside it, a small phone keeps the room for the name. */}
      <span className={loggedIn ? css({ display: { base: 'none', sm: 'contents' } }) : css({ display: 'contents' })}>
        {salon.image ? (
          <img
            src={salon.image}
            alt={`${salon.name} logo`}
            width={40}
            height={40}
            className={css({ rounded: 'full', objectFit: 'cover' })}
          />
        ) : (
          <Avatar name={salon.name} />
        )}
      </span>
      <div className={css({ flex: '1', minW: 0 })}>
        <p className={css({ fontWeight: '700', lineHeight: '1.2', overflowWrap: 'break-word', fontSize: { base: 'sm', sm: 'md' } })}>
          {salon.name}
        </p>
        <PoweredBy />
      </div>
      {loggedIn && (
        <button
          type="button"
          className={`${outlineButton} ${compact}`}
          onClick={async () => {
            await logout();
            navigate('/');
          }}
        >
          LOGOUT
        </button>
      )}
    </header>
  );
}
