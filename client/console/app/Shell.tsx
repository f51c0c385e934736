import { useId } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { css } from '../../../styled-system/css';
import { outlineButton } from '../../components/styles';
import { signOut, useSession } from '../lib/session';
import { useCurrentSalon } from '../lib/current-salon';
import { selectInput } from '../../components/form-styles';
import { useQuery } from '@tanstack/react-query';
import { CAN } from '../../../shared/console/roles';
import { inboxQuery } from '../inbox/api';
import { placesFor } from '../lib/places';

const ROLE_WORDS = { owner: 'Owner', manager: 'Manager', stylist: 'Stylist' } as const;

/** The signed-in frame: who and where (with a salon switcher for a group owner), the places, and the screen. */
export function Shell() {
  const { me } = useSession();
  const salon = useCurrentSalon();
  return (
    <div className={css({ minH: '100dvh', display: 'flex', flexDirection: 'column', bg: 'surface' })}>
      <a href="#console-main" className={css({ srOnly: true, _focus: { srOnly: false, p: '2', bg: 'bg' } })}>
        Skip to the page
      </a>
      <header
        className={css({
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: '3',
          px: { base: '3', md: '5' },
          py: '2',
          bg: 'bg',
          borderBottom: '1px solid {colors.surfaceMuted}',
        })}
      >
        <p className={css({ fontWeight: '700', mr: 'auto' })}>Bookwell console</p>
        <SalonSwitcher />
        <p className={css({ fontSize: 'sm', color: 'textMuted' })}>
          {me?.name || me?.email} · {ROLE_WORDS[salon.role]}
        </p>
        <button type="button" className={outlineButton} onClick={() => void signOut()}>
          Sign out
        </button>
      </header>
      <div className={css({ display: 'flex', flexDirection: { base: 'column', md: 'row' }, flex: '1', minW: '0' })}>
        <Places />
        <main id="console-main" tabIndex={-1} className={css({ flex: '1', minW: '0', p: { base: '3', md: '6' }, maxW: '1100px' })}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}

function Places() {
  const salon = useCurrentSalon();
  return (
    <nav
      aria-label="Console"
      className={css({
        bg: 'bg',
        // widths and style only: a border shorthand would reset the colour to the text's
        borderStyle: 'solid',
        borderColor: 'surfaceMuted',
        borderWidth: { base: '0 0 1px 0', md: '0 1px 0 0' },
        w: { md: '220px' },
        flexShrink: 0,
        overflowX: { base: 'auto', md: 'visible' },
      })}
    >
      <ul className={css({ display: 'flex', flexDirection: { base: 'row', md: 'column' }, gap: '1', p: '2', listStyle: 'none', m: '0' })}>
        {placesFor(salon.role).map((p) => (
          <li key={p.path} className={css({ flexShrink: 0 })}>
            <NavLink
              to={`/salons/${salon.id}/${p.path}`}
              className={css({
                display: 'block',
                px: '3',
                py: '2',
                rounded: 'md',
                color: 'text',
                textDecoration: 'none',
                whiteSpace: 'nowrap',
                _hover: { bg: 'surface' },
                '&[aria-current=page]': { bg: 'surfaceMuted', fontWeight: '700' },
              })}
            >
              {p.label}
              {p.path === 'inbox' && <Unread />}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The Inbox's unread count beside its name (docs/console/inbox.md): none when nothing waits. */
function Unread() {
  const salon = useCurrentSalon();
  const q = useQuery({ ...inboxQuery(salon.id), enabled: (CAN.inbox as readonly string[]).includes(salon.role) });
  const n = q.data?.unread ?? 0;
  if (n === 0) return null;
  return (
    <span className={css({ ml: '2', bg: 'primary', color: 'onPrimary', rounded: 'full', px: '2', fontSize: 'sm', fontWeight: '700' })}>
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
  if (salons.length < 2) return <p className={css({ fontWeight: '600' })}>{salon.name}</p>;
  const place = pathname.split('/')[3] ?? '';
  return (
    <div className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
      <label htmlFor={id} className={css({ fontSize: 'sm' })}>
        Salon
      </label>
      <select id={id} value={salon.id} onChange={(e) => navigate(`/salons/${e.target.value}/${place}${search}`)} className={selectInput}>
        {salons.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </select>
    </div>
  );
}
