import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { css, cx } from '../../../styled-system/css';
import { outlineButton } from '../../components/styles';
import { signOut, useSession } from '../lib/session';
import { useCurrentSalon } from '../lib/current-salon';
import { selectInput } from '../../components/form-styles';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { INBOX_EVENT } from '../../../shared/console/inbox';
import { CAN } from '../../../shared/console/roles';
import { MOBILE_BREAKPOINT_PX } from '../../../shared/constants';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { inboxKey, inboxQuery } from '../inbox/api';
import { connectSalonChannel } from '../lib/live';
import { barPlacesFor, placesFor, type Place } from '../lib/places';

const ROLE_WORDS = { owner: 'Owner', manager: 'Manager', stylist: 'Stylist' } as const;
/** The phone's bottom bar, tall enough for a thumb (docs/console/README.md "On a phone"); its list's height says it again for Panda. */
const BAR_PX = 60;

/**
 * The signed-in frame: who and where (with a salon switcher for a group owner), the places, and
 * the screen. From 768 px the places are a side navigation and the header says who is signed in;
 * on a phone the header is one line (at most 64 px) and the places a bottom bar of the four most
 * used with More for the rest, who is signed in and Sign out.
 */
export function Shell() {
  const wide = useMediaQuery(`(min-width: ${MOBILE_BREAKPOINT_PX}px)`, true);
  return (
    <div
      className={css({ minH: '100dvh', display: 'flex', flexDirection: 'column', bg: 'surface' })}
      // what sticks to the bottom of a screen (the Booking page's Save) stays above the bar
      style={{ '--console-bar': wide ? '0px' : `calc(${BAR_PX}px + env(safe-area-inset-bottom, 0px))` } as React.CSSProperties}
    >
      <a href="#console-main" className={css({ srOnly: true, _focus: { srOnly: false, p: '2', bg: 'bg' } })}>
        Skip to the page
      </a>
      <header
        className={css({
          display: 'flex',
          flexWrap: { base: 'nowrap', md: 'wrap' },
          alignItems: 'center',
          gap: '3',
          px: { base: '3', md: '5' },
          py: '2',
          maxH: { base: '16', md: 'none' },
          bg: 'bg',
          borderBottom: '1px solid {colors.surfaceMuted}',
        })}
      >
        {wide && <p className={css({ fontWeight: '700', mr: 'auto' })}>Bookwell console</p>}
        <SalonSwitcher />
        {wide && (
          <>
            <Who />
            <button type="button" className={outlineButton} onClick={() => void signOut()}>
              Sign out
            </button>
          </>
        )}
      </header>
      <div className={css({ display: 'flex', flex: '1', minW: '0' })}>
        {wide && <SideNav />}
        <main
          id="console-main"
          tabIndex={-1}
          className={css({
            flex: '1',
            minW: '0',
            p: { base: '3', md: '6' },
            pb: { base: 'calc(var(--console-bar) + 16px)', md: '6' },
            maxW: '1100px',
          })}
        >
          <Outlet />
        </main>
      </div>
      {!wide && <BottomBar />}
    </div>
  );
}

function Who() {
  const { me } = useSession();
  const salon = useCurrentSalon();
  return (
    <p className={css({ fontSize: 'sm', color: 'textMuted' })}>
      {me?.name || me?.email} · {ROLE_WORDS[salon.role]}
    </p>
  );
}

const placeLink = css({
  display: 'block',
  px: '3',
  py: '2',
  rounded: 'md',
  color: 'text',
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  _hover: { bg: 'surface' },
  '&[aria-current=page]': { bg: 'surfaceMuted', fontWeight: '700' },
});

function PlaceLink({ place, className = placeLink }: { place: Place; className?: string }) {
  const salon = useCurrentSalon();
  return (
    <NavLink to={`/salons/${salon.id}/${place.path}`} className={className}>
      {place.label}
      {place.path === 'inbox' && <Unread />}
    </NavLink>
  );
}

/** From 768 px: every place the role has, down the side. */
function SideNav() {
  const salon = useCurrentSalon();
  return (
    <nav aria-label="Console" className={css({ bg: 'bg', borderRight: '1px solid {colors.surfaceMuted}', w: '220px', flexShrink: 0 })}>
      <ul className={css({ display: 'flex', flexDirection: 'column', gap: '1', p: '2', listStyle: 'none', m: '0' })}>
        {placesFor(salon.role).map((p) => (
          <li key={p.path}>
            <PlaceLink place={p} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

const barItem = css({
  flex: '1',
  minW: '0',
  h: 'full',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '0.5',
  px: '1',
  fontSize: 'sm',
  color: 'textMuted',
  bg: 'transparent',
  border: 'none',
  borderTop: '3px solid transparent',
  textDecoration: 'none',
  cursor: 'pointer',
  font: 'inherit',
  '&[aria-current=page], &[aria-expanded=true]': { color: 'text', fontWeight: '700', borderTopColor: 'text' },
});

/**
 * A phone's navigation: the four most used places in a bar along the bottom, and More (a
 * disclosure: Escape or a place chosen closes it) for the rest, who is signed in and Sign out.
 */
function BottomBar() {
  const salon = useCurrentSalon();
  const { bar, more } = barPlacesFor(salon.role);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  const inMore = more.some((p) => pathname.split('/')[3] === p.path);

  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const close = (e: Event) => {
      if (e instanceof KeyboardEvent) {
        if (e.key !== 'Escape') return;
        setOpen(false);
        button.current?.focus();
      } else if (!panel.current?.contains(e.target as Node) && !button.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', close);
    document.addEventListener('pointerdown', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('pointerdown', close);
    };
  }, [open]);

  return (
    <nav
      aria-label="Console"
      className={css({
        position: 'fixed',
        insetX: '0',
        bottom: '0',
        zIndex: '10',
        bg: 'bg',
        borderTop: '1px solid {colors.border}',
        pb: 'env(safe-area-inset-bottom, 0px)',
      })}
    >
      <div
        id={panelId}
        ref={panel}
        hidden={!open}
        className={css({
          position: 'absolute',
          insetX: '0',
          bottom: '100%',
          maxH: 'calc(100dvh - 124px)',
          overflowY: 'auto',
          bg: 'bg',
          borderTop: '1px solid {colors.border}',
          boxShadow: '0 -8px 24px rgba(0,0,0,0.12)',
          p: '2',
        })}
      >
        {open && (
          <>
            {/* two columns: the rest of the places and Sign out fit a phone's screen without scrolling */}
            <ul
              className={css({
                listStyle: 'none',
                m: '0',
                p: '0',
                display: 'grid',
                gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
                gap: '1',
              })}
            >
              {more.map((p) => (
                <li key={p.path}>
                  <PlaceLink place={p} className={cx(placeLink, css({ py: '3' }))} />
                </li>
              ))}
            </ul>
            <div
              className={css({
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'space-between',
                gap: '3',
                borderTop: '1px solid {colors.surfaceMuted}',
                mt: '2',
                pt: '2',
                px: '3',
              })}
            >
              <Who />
              <button type="button" className={outlineButton} onClick={() => void signOut()}>
                Sign out
              </button>
            </div>
          </>
        )}
      </div>
      <ul className={css({ display: 'flex', listStyle: 'none', m: '0', p: '0', h: '60px' })}>
        {bar.map((p) => (
          <li key={p.path} className={css({ flex: '1', minW: '0', display: 'flex' })}>
            <PlaceLink place={p} className={barItem} />
          </li>
        ))}
        <li className={css({ flex: '1', minW: '0', display: 'flex' })}>
          <button
            ref={button}
            type="button"
            aria-expanded={open}
            aria-controls={panelId}
            className={barItem}
            // the place shown is one of More's: the bar says so
            aria-current={inMore && !open ? 'page' : undefined}
            onClick={() => setOpen(!open)}
          >
            More
          </button>
        </li>
      </ul>
    </nav>
  );
}

/**
 * The Inbox's unread count beside its name (docs/console/inbox.md): none when nothing waits. Live:
 * each `inbox` event on the salon's channel (a text in, an answer, a thread read) asks again, for
 * the count and for the open Inbox alike (its queries share the key); the minute's poll stays for
 * a channel that is down.
 */
function Unread() {
  const salon = useCurrentSalon();
  const queries = useQueryClient();
  const allowed = (CAN.inbox as readonly string[]).includes(salon.role);
  const q = useQuery({ ...inboxQuery(salon.id), enabled: allowed });
  useEffect(
    () =>
      allowed
        ? connectSalonChannel(salon.id, () => void queries.invalidateQueries({ queryKey: inboxKey(salon.id) }), INBOX_EVENT)
        : undefined,
    [allowed, salon.id, queries],
  );
  const n = q.data?.unread ?? 0;
  if (n === 0) return null;
  return (
    // relative: its hidden words stay inside the navigation's own scroll at 390 px, not the page's
    <span
      className={css({
        position: 'relative',
        ml: '2',
        bg: 'primary',
        color: 'onPrimary',
        rounded: 'full',
        px: '2',
        fontSize: 'sm',
        fontWeight: '700',
      })}
    >
      {n}
      <span className={css({ srOnly: true })}> unread</span>
    </span>
  );
}

/** A group owner works at several salons: switch between them, staying in the same place (the diary's day and view too). */
function SalonSwitcher() {
  const { me } = useSession();
  const salon = useCurrentSalon();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const id = useId();
  const salons = me?.salons ?? [];
  const name = css({ fontWeight: '600', minW: '0', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
  if (salons.length < 2) return <p className={name}>{salon.name}</p>;
  const place = pathname.split('/').slice(3).join('/');
  return (
    <div className={css({ display: 'flex', alignItems: 'center', gap: '2', minW: '0', flex: { base: '1', md: 'initial' } })}>
      <label htmlFor={id} className={css({ fontSize: 'sm' })}>
        Salon
      </label>
      <select
        id={id}
        value={salon.id}
        onChange={(e) => navigate(`/salons/${e.target.value}/${place}${search}`)}
        className={cx(selectInput, css({ minW: '0', flex: { base: '1', md: 'initial' } }))}
      >
        {salons.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </select>
    </div>
  );
}
