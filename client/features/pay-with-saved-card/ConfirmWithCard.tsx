import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useHref, useNavigate, useSearchParams } from 'react-router';
import { css } from '../../../styled-system/css';
import { formatMoney, toMinor } from '../../../shared/money';
import { CallFailed, Loading } from '../../components/CallFailed';
import { PageTitle } from '../../components/PageTitle';
import { StickyNext } from '../../components/StickyNext';
import { outlineButton } from '../../components/styles';
import { useSalon } from '../../lib/salon-context';
import { auth, greetingOf, useAuth } from '../auth';
import { HoldCountdown, useBooking, BookingFailure } from '../journey';
import { cardQuery, MSG_PAYMENT_UNSUCCESSFUL, SavedCardView, Totals, useAppointmentCost } from '../payments';
import { CancellationPolicy } from '../summary';
import { bookWithSavedCard, BookingProblem, confirmAuthenticated } from './pay';

/**
 * /confirm-with-card (docs/booking/accounts-and-money.md §2, §4): the saved card, the total and what is payable
 * today, then PAY DEPOSIT (or CONFIRM BOOKING when nothing is charged now); 3-D Secure comes back
 * here with ?authenticated=1 and the server confirms the booking.
 */
export function ConfirmWithCard() {
  const { salon } = useSalon();
  const b = useBooking();
  const { status, checking, user, newAccount } = useAuth();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const href = useHref('/confirm-with-card');
  const returned = params.get('authenticated') === '1';
  const [busy, setBusy] = useState(returned);
  const [problem, setProblem] = useState<BookingProblem | null>(null);
  const handled = useRef(false);
  const loggedIn = status === 'LOGGED_IN';

  const card = useQuery(cardQuery(salon.id, loggedIn ? user?.username : undefined));
  const cost = useAppointmentCost(salon.id, loggedIn);
  const saved = card.data;
  const totals = cost.data;

  const fail = (e: unknown) => {
    setProblem(e instanceof BookingProblem ? e : new BookingProblem(e instanceof Error ? e.message : String(e)));
    setBusy(false);
  };

  // Back from the 3-D Secure page: the server confirms the authenticated payment.
  useEffect(() => {
    if (!returned || !loggedIn || handled.current) return;
    handled.current = true;
    const failed = params.get('redirect_status') === 'failed';
    setParams({}, { replace: true });
    confirmAuthenticated(salon.id, auth.user!.username, failed).then(() => navigate('/bookingConfirmed', { replace: true }), fail);
  }, [returned, loggedIn, params, setParams, salon.id, navigate]);

  if (!b.selectedAppointmentTime) return <Navigate to="/timeselect" replace />;
  if (!loggedIn) return checking ? <Loading what="your account" /> : <Navigate to="/login" replace />;
  if (saved === null && !busy) return <Navigate to="/add-new-card" replace />;

  const pay = async () => {
    if (busy || !auth.user) return;
    setBusy(true);
    setProblem(null);
    try {
      const outcome = await bookWithSavedCard(salon, auth.user, `${window.location.origin}${href}?authenticated=1`);
      if (outcome === 'confirmed') navigate('/bookingConfirmed');
      // 'redirecting': stays busy while the browser goes to the 3-D Secure page
    } catch (e) {
      fail(e);
    }
  };

  const money = (major: number) => formatMoney(toMinor(major), salon.currency, salon.country.code);
  const payToday = totals ? totals.pay_today : null;
  const label = payToday === 0 ? 'CONFIRM BOOKING' : 'PAY DEPOSIT';
  const greeting = greetingOf(user, newAccount);

  return (
    <>
      <HoldCountdown />
      <PageTitle>Confirm your booking</PageTitle>
      {greeting && <p className={css({ fontWeight: '600', mb: '3' })}>{greeting}</p>}
      {card.isPending && <Loading what="your card" />}
      {saved === undefined && card.isError && <CallFailed message={card.error.message} onRetry={() => void card.refetch()} />}
      {saved && (
        <section aria-label="Your card">
          <SavedCardView card={saved} expiry={false} />
        </section>
      )}
      {totals && <Totals cost={totals} />}
      {!totals && cost.isError && <CallFailed message={cost.error.message} onRetry={() => void cost.refetch()} />}
      {payToday === 0 && (
        <p role="note" className={css({ bg: 'surfaceMuted', rounded: 'md', p: '3', mb: '4', fontSize: 'sm' })}>
          Nothing is charged now. Your card is kept in case of a late cancellation or a missed appointment, as the policy below explains.
        </p>
      )}
      <Link to="/add-new-card" className={`${outlineButton} ${css({ mb: '4', alignSelf: 'flex-start' })}`}>
        UPDATE CARD DETAILS
      </Link>
      {problem && (
        <BookingFailure message={problem.message} detail={problem.unsuccessful ? MSG_PAYMENT_UNSUCCESSFUL : null} onRetry={pay} />
      )}
      {busy && !problem && (
        <p role="status" className={css({ color: 'textMuted', my: '3' })}>
          {returned || handled.current ? 'Confirming your booking…' : 'Booking…'}
        </p>
      )}
      {!b.isWaitList && <CancellationPolicy html={salon.salon_ncob_text} />}
      <StickyNext label={label} disabled={busy || !saved || !totals} onNext={pay}>
        {payToday !== null && payToday > 0 && (
          <p className={css({ fontWeight: '700' })}>
            {money(payToday)} <span className={css({ fontWeight: '400', fontSize: 'sm' })}>today</span>
          </p>
        )}
      </StickyNext>
    </>
  );
}
