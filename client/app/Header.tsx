import { useNavigate } from 'react-router';
import { css } from '../../styled-system/css';
import { logout, useAuth } from '../features/auth/store';
import { useSalon } from '../lib/salon-context';
import { PoweredBy } from '../components/PoweredBy';
import { Avatar } from '../components/Avatar';
import { headerBar } from '../components/styles';
import { BottomNav } from './BottomNav';

/** The header's small round buttons (back, LOGOUT): their own look, so that nothing wider overrides it. */
const headerButton = css({
  bg: 'transparent',
  color: 'text',
  fontWeight: '600',
  fontSize: 'xs',
  px: '1.5',
  minH: '8',
  minW: '8',
  rounded: 'full',
  border: '1px solid',
  borderColor: 'border',
  cursor: 'pointer',
  flexShrink: 0,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
});
const bigLogo = css({ '--logo': { base: '36px', md: '40px' } });
const smallLogoOnPhone = css({ '--logo': { base: '28px', md: '40px' } });
const oneLine = css({ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' });
/**
 * Below 768 px the salon's cover picture is the header's background (the page itself starts with
 * the services), under a dark veil that keeps white text at 5:1 or more on any picture (a white
 * picture under 58 % black is #6b6b6b). The colour roles inside the header turn light with it.
 * From 768 px the cover shows whole above the address, and the header is the theme's.
 */
const coverOnPhone = css({
  bgImage: 'linear-gradient(rgba(0, 0, 0, 0.58), rgba(0, 0, 0, 0.58)), var(--cover)',
  bgSize: 'cover',
  bgPosition: 'center',
  '--colors-text': '#ffffff',
  '--colors-text-muted': '#ffffff',
  '--colors-border': '#ffffff',
  '--colors-focus': '#ffffff',
  color: 'text',
  md: { bgImage: 'none', '--colors-text': 'unset', '--colors-text-muted': 'unset', '--colors-border': 'unset', '--colors-focus': 'unset' },
});

/** Salon logo, Powered-by mark and title; back arrow and LOGOUT only when logged in. */
export function Header() {
  const { salon } = useSalon();
  const { status } = useAuth();
  const navigate = useNavigate();
  const loggedIn = status === 'LOGGED_IN';
  // With the back arrow and LOGOUT beside it, a small logo leaves a phone's name its room. The size
  // comes from CSS (a variable set by width), so the server's HTML is right at every width.
  const logo = 'var(--logo)';
  return (
    <header
      style={salon.cover ? ({ '--cover': `url(${JSON.stringify(salon.cover.url)})` } as React.CSSProperties) : undefined}
      className={`${headerBar} ${salon.cover ? coverOnPhone : ''} ${loggedIn ? smallLogoOnPhone : bigLogo} ${css({ gap: { base: '1', sm: '3' }, lg: { px: 'max(1rem, calc((100% - 1140px) / 2 + 2rem))' } })}`}
    >
      {loggedIn && (
        <button type="button" className={headerButton} aria-label="Back" onClick={() => navigate(-1)}>
          ←
        </button>
      )}
      {salon.image ? (
        <img
          src={salon.image}
          alt={`${salon.name} logo`}
          width={40}
          height={40}
          style={{ width: logo, height: logo }}
          className={css({ rounded: 'full', objectFit: 'cover', flexShrink: 0 })}
        />
      ) : (
        <Avatar name={salon.name} size={logo} />
      )}
      {/* The salon's name whole (a long one takes a second line rather than an ellipsis: it is
          shown nowhere else on the first screen); the Powered-by mark one line. */}
      <div className={css({ flex: '1', minW: 0 })}>
        <p className={css({ fontWeight: '700', lineHeight: '1.3', fontSize: { base: '0.8125rem', sm: 'md' } })}>{salon.name}</p>
        <PoweredBy className={oneLine} />
      </div>
      {/* The account tabs from 768 px (below that they are the bottom bar). */}
      <BottomNav inHeader />
      {loggedIn && (
        <button
          type="button"
          className={headerButton}
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
