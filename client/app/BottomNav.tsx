import { Suspense } from 'react';
import { NavLink } from 'react-router';
import { css } from '../../styled-system/css';
import { useAuth } from '../features/auth';
import { lazyWithServerData } from './server-data';

const ITEMS = [
  { label: 'Profile', path: '/my-profile', icon: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8a7 7 0 0 1 14 0' },
  { label: 'Bookings', path: '/my-book', icon: 'M5 5h14v15H5zM5 9h14M9 3v4M15 3v4' },
  { label: 'Deposits', path: '/my-feeds', icon: 'M3 7h18v11H3zM3 11h18M7 15h3' },
] as const;
type Item = (typeof ITEMS)[number];

// Logged in, Deposits shows the count of invited or reminded requests (§2): the list of them
// comes with the page's query client, once there is a client to ask for (server-data.tsx).
const DepositsWithCount = lazyWithServerData(() =>
  import('../features/deposits').then(
    ({ useActiveInviteCount }) =>
      function DepositsWithCount(p: { item: Item; inHeader: boolean }) {
        return <Tab {...p} to={p.item.path} count={useActiveInviteCount()} />;
      },
  ),
);

/** One tab; `count` (Deposits, logged in) adds the bubble and says it in the tab's name. */
function Tab({ item, to, inHeader, count }: { item: Item; to: string; inHeader: boolean; count?: number | null }) {
  return (
    <NavLink
      to={to}
      aria-label={count ? `${item.label}, ${count} new ${count === 1 ? 'request' : 'requests'}` : undefined}
      className={inHeader ? `${tab} ${headerTab}` : tab}
    >
      <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8">
        <path d={item.icon} />
      </svg>
      {item.label}
      {/* The word and the count apart in the text too ('Deposits 2', not 'Deposits2'), so the name
          ('Deposits, 2 new requests') holds the words on show in their order (WCAG 2.5.3). */}
      {!!count && ' '}
      {!!count && (
        <span aria-hidden="true" className={`${bubble} ${inHeader ? css({ position: 'static' }) : bubbleOnIcon}`}>
          {count}
        </span>
      )}
    </NavLink>
  );
}

/** The account login with the fromMyBook flag, and where to go once logged in (Login.tsx reads `next`). */
export const loginFirst = (next: string) => `/profile-login?fromMyBook=true&next=${encodeURIComponent(next)}`;

/**
 * Profile, Bookings, Deposits; logged out, each goes to profile-login with the fromMyBook flag,
 * and back to itself after login.
 * On a phone a bar along the bottom; from 768 px the same tabs sit in the header (`inHeader`).
 * Both are in the page at once and CSS shows one, so the server's HTML is right at every width.
 */
export function BottomNav({ inHeader = false }: { inHeader?: boolean }) {
  const { status } = useAuth();
  const loggedIn = status === 'LOGGED_IN';
  return (
    <nav aria-label="Account" className={inHeader ? headerTabs : bottomBar}>
      {ITEMS.map((item) => {
        const plain = <Tab key={item.label} item={item} to={loggedIn ? item.path : loginFirst(item.path)} inHeader={inHeader} />;
        return loggedIn && item.label === 'Deposits' ? (
          <Suspense key={item.label} fallback={plain}>
            <DepositsWithCount item={item} inHeader={inHeader} />
          </Suspense>
        ) : (
          plain
        );
      })}
    </nav>
  );
}

const bottomBar = css({
  position: 'fixed',
  bottom: '0',
  insetX: '0',
  h: '56px',
  bg: 'surface',
  borderTop: '1px solid {colors.border}',
  display: { base: 'flex', md: 'none' },
  justifyContent: 'space-around',
  zIndex: 20,
  pb: 'env(safe-area-inset-bottom)',
});

const headerTabs = css({ display: { base: 'none', md: 'flex' }, alignItems: 'stretch', gap: '1', alignSelf: 'stretch', my: '-2' });

const tab = css({
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
});

/** In the header: icon beside the word, the current page underlined like a tab. */
const headerTab = css({
  flexDirection: 'row',
  gap: '1',
  // Tighter on a tablet, so that the salon's name keeps its room beside back and LOGOUT.
  px: { base: '1.5', lg: '3' },
  fontSize: 'sm',
  borderBottom: '3px solid transparent',
  borderTop: '3px solid transparent',
  _hover: { bg: 'surfaceMuted' },
  '&[aria-current=page]': { borderBottomColor: 'primary' },
});

/** On the bar, over the icon's corner; in the header, after the word. */
const bubbleOnIcon = css({ position: 'absolute', top: '1', ml: '6' });
const bubble = css({
  minW: '5',
  h: '5',
  px: '1',
  rounded: 'full',
  bg: 'danger',
  // the page's background colour: white on the light themes, near-black on dark's light red (white was 2.3:1 there)
  color: 'bg',
  fontSize: '11px',
  fontWeight: '700',
  // the circle's own height: a unitless token here would multiply the font size
  lineHeight: '20px',
  textAlign: 'center',
});
