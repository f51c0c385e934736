import { useNavigate } from 'react-router';
import { css } from '../../styled-system/css';
import { logout, useAuth } from '../features/auth/store';
import { outlineButton } from '../components/styles';
import { useSalon } from '../lib/salon-context';
import { PoweredBy } from '../components/PoweredBy';
import { Avatar } from '../components/Avatar';
import { useIsMobile } from '../lib/useMediaQuery';

const compact = css({ px: '2.5', minH: '9', minW: '9', fontSize: 'xs', flexShrink: 0 });
const oneLine = css({ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' });

/** Salon logo, Powered-by mark and title; back arrow and LOGOUT only when logged in. */
export function Header() {
  const { salon } = useSalon();
  const { status } = useAuth();
  const navigate = useNavigate();
  const loggedIn = status === 'LOGGED_IN';
  const narrow = useIsMobile();
  // With the back arrow and LOGOUT beside it, a small logo leaves the name its room.
  const logo = loggedIn && narrow ? 32 : 40;
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
        gap: { base: '2', sm: '3' },
      })}
    >
      {loggedIn && (
        <button type="button" className={`${outlineButton} ${compact}`} aria-label="Back" onClick={() => navigate(-1)}>
          ←
        </button>
      )}
      {salon.image ? (
        <img
          src={salon.image}
          alt={`${salon.name} logo`}
          width={logo}
          height={logo}
          className={css({ rounded: 'full', objectFit: 'cover', flexShrink: 0 })}
        />
      ) : (
        <Avatar name={salon.name} size={logo} />
      )}
      {/* One line each, however narrow: a long name ends in an ellipsis (the full name is its title). */}
      <div className={css({ flex: '1', minW: 0 })}>
        <p title={salon.name} className={`${oneLine} ${css({ fontWeight: '700', lineHeight: '1.3', fontSize: { base: 'sm', sm: 'md' } })}`}>
          {salon.name}
        </p>
        <PoweredBy className={oneLine} />
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
