import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { css } from '../../../styled-system/css';
import { CallFailed, Loading } from '../../components/CallFailed';
import { PageTitle } from '../../components/PageTitle';
import { card, outlineButton, tabStyle } from '../../components/styles';
import { useAuth } from '../auth';
import { bookingsPageQuery } from './api';
import { BookingCard } from './BookingCard';
import { MakeABooking } from './MakeABooking';
import type { Tab } from './types';
import { useOwnSalonArea } from './useOwnSalonArea';

const PAGE_SIZE = 30;
const TABS: { id: Tab; label: string; empty: string; param: string }[] = [
  { id: 'future', label: 'Upcoming', empty: 'You have no upcoming bookings', param: 'upcoming' },
  { id: 'past', label: 'Past', empty: 'You have no past bookings', param: 'past' },
];

const pageOf = (raw: string | null) => (raw && /^[1-9]\d{0,4}$/.test(raw) ? Number(raw) : 1);

/**
 * /salon-booking/{salonId}: the client's bookings at one location, Upcoming (first) and Past, each
 * with its count and its own page (30 a page); the tab and the pages live in the URL.
 */
export function SalonBookings() {
  const { bookingsSalonId = '' } = useParams();
  const salonId = useOwnSalonArea(bookingsSalonId, (id) => `salon-booking/${id}`);
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'past' ? 'past' : 'future';
  const pages = { future: pageOf(params.get('upcoming')), past: pageOf(params.get('past')) };
  // Each page is a list of its own: while another page loads, the screen says so (no placeholder).
  const future = useQuery(bookingsPageQuery(salonId, 'future', user?.username, pages.future));
  const past = useQuery(bookingsPageQuery(salonId, 'past', user?.username, pages.past));
  const lists = { future, past };
  const set = (changes: Record<string, string>) => setParams((p) => ({ ...Object.fromEntries(p), ...changes }), { replace: false });
  if (salonId === null) return <Loading what="your bookings" />;

  const current = lists[tab];
  const shown = current.data;
  const meta = TABS.find((t) => t.id === tab)!;
  return (
    <>
      <div className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2' })}>
        <PageTitle>Your bookings</PageTitle>
        <Link to="/" className={outlineButton}>
          NEW
        </Link>
      </div>
      <div role="tablist" aria-label="Bookings" className={css({ display: 'flex', gap: '2', mb: '4' })}>
        {TABS.map((t) => {
          const count = lists[t.id].data?.count;
          return (
            <button
              key={t.id}
              type="button"
              role="tab"
              id={`tab-${t.id}`}
              aria-selected={tab === t.id}
              aria-controls="bookings-panel"
              onClick={() => set({ tab: t.id === 'past' ? 'past' : 'upcoming' })}
              className={tabStyle}
            >
              {t.label}{' '}
              {count !== undefined && (
                <span
                  aria-label={`(${count})`}
                  className={css({ ml: '1', px: '2', rounded: 'full', bg: 'primary', color: 'onPrimary', fontSize: 'xs' })}
                >
                  {count}
                </span>
              )}
            </button>
          );
        })}
      </div>
      <section id="bookings-panel" role="tabpanel" aria-labelledby={`tab-${tab}`}>
        {current.isPending && <Loading what="your bookings" />}
        {!shown && current.isError && <CallFailed message={current.error.message} onRetry={() => void current.refetch()} />}
        {shown &&
          (shown.results.length === 0 ? (
            <p className={`${card} ${css({ p: '4' })}`}>{meta.empty}</p>
          ) : (
            <ul
              aria-label={`${meta.label} bookings`}
              className={css({ listStyle: 'none', display: 'flex', flexDirection: 'column', gap: '3' })}
            >
              {shown.results.map((b) => (
                <BookingCard key={b.id} booking={b} tab={tab} />
              ))}
            </ul>
          ))}
        {shown && shown.count > PAGE_SIZE && (
          <nav
            aria-label={`${meta.label} pages`}
            className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mt: '4' })}
          >
            <button
              type="button"
              className={outlineButton}
              disabled={!shown.previous}
              onClick={() => set({ [meta.param]: String(pages[tab] - 1) })}
            >
              Previous
            </button>
            <span className={css({ fontSize: 'sm' })}>
              Page {pages[tab]} of {Math.ceil(shown.count / PAGE_SIZE)}
            </span>
            <button
              type="button"
              className={outlineButton}
              disabled={!shown.next}
              onClick={() => set({ [meta.param]: String(pages[tab] + 1) })}
            >
              Next
            </button>
          </nav>
        )}
      </section>
      <MakeABooking />
    </>
  );
}
