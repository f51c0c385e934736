import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { css } from '../../../styled-system/css';
import { formatMoney } from '../../../shared/money';
import { PageTitle } from '../../components/PageTitle';
import { StickyNext } from '../../components/StickyNext';
import { fieldInput } from '../../components/form-styles';
import { card } from '../../components/styles';
import { useSalon } from '../../lib/salon-context';
import { dateOf, fullDate, timeLabel, zoneTimeLabel } from '../../lib/salon-time';
import { useAuth, auth } from '../auth';
import {
  HoldCountdown,
  holdChosenTimes,
  isFreeBooking,
  submitBooking,
  setNotes,
  useBooking,
  BookingFailure,
  appointmentLines,
} from '../journey';
import { BOOKING_LIMIT, MSG_BOOKING_PROBLEM, MSG_SLOT_TAKEN } from '../../../shared/booking-request';
import { ApiError } from '../../lib/api';
import { CancellationPolicy } from './CancellationPolicy';

/** 'Review details to continue': policy, date and times, services with staff and prices, totals, notes. */
export function Summary() {
  const { salon } = useSalon();
  const b = useBooking();
  const { status } = useAuth();
  const navigate = useNavigate();
  const [agreed, setAgreed] = useState(true);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [params] = useSearchParams();
  const continued = useRef(false);

  /**
   * NEXT (§4 Flow 6): hold the times, then log in; a logged-in client books at once when no card
   * is needed (or a waitlist, or nothing to pay), otherwise goes on to the card.
   */
  const next = async () => {
    setBusy(true);
    setFailure(null);
    try {
      // A waitlist booking takes no time, so there is nothing to hold; after login the hold is tied to the client.
      if (!b.isWaitList) await holdChosenTimes(salon.id, !!auth.user);
      if (!auth.user) return navigate('/login');
      if (!isFreeBooking(salon)) return navigate('/confirm-with-card');
      const answer = await submitBooking(salon, auth.user);
      if (answer.success) navigate('/bookingConfirmed');
    } catch (e) {
      // The salon's limit of upcoming online bookings is a 409 too, with its own message.
      const taken = e instanceof ApiError && e.status === 409 && e.code !== BOOKING_LIMIT;
      const notFound = e instanceof ApiError && e.code === 'NOT_FOUND';
      setFailure(taken ? MSG_SLOT_TAKEN : e instanceof Error && !notFound ? e.message : MSG_BOOKING_PROBLEM);
    } finally {
      setBusy(false);
    }
  };

  // Back from login: carry on where the client left off.
  useEffect(() => {
    if (params.get('continue') === '1' && status === 'LOGGED_IN' && !continued.current) {
      continued.current = true;
      void next();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [params, status]);

  if (!b.selectedAppointmentTime) return <Navigate to="/timeselect" replace />;

  const tz = salon.timezone;
  const money = (minor: number) => formatMoney(minor, salon.currency, salon.country.code);
  const { lines, end, total } = appointmentLines(b.selectedServices, b.selectedStylists, b.selectedAppointmentTime);
  const anyFrom = lines.some((l) => l.from);

  return (
    <>
      <PageTitle>Review details to continue</PageTitle>
      <HoldCountdown />
      <CancellationPolicy html={salon.salon_ncob_text} agreed={agreed} onAgree={setAgreed} />
      <section aria-labelledby="details-title" className={`${card} ${css({ p: '3', mb: '4' })}`}>
        <h2 id="details-title" className={css({ fontWeight: '700', mb: '2' })}>
          Appointment details
        </h2>
        <p className={css({ fontWeight: '600' })}>{fullDate(dateOf(b.selectedAppointmentTime))}</p>
        <p className={css({ mb: '3' })}>
          {timeLabel(b.selectedAppointmentTime, tz)} – {timeLabel(new Date(end).toISOString(), tz)}
          <span className={css({ color: 'textMuted', fontSize: 'sm' })}> ({zoneTimeLabel(tz)})</span>
        </p>
        <ul aria-label="Services" className={css({ listStyle: 'none' })}>
          {lines.map((l) => (
            <li key={l.service.id} className={css({ display: 'flex', gap: '3', py: '2', borderTop: '1px solid {colors.border}' })}>
              <div className={css({ flex: '1', minW: 0 })}>
                <p className={css({ fontWeight: '600', overflowWrap: 'break-word' })}>{l.service.name}</p>
                <p className={css({ fontSize: 'sm', color: 'textMuted' })}>
                  {timeLabel(l.start, tz)} with {l.stylistName}
                  {l.stylistRole && `, ${l.stylistRole}`}
                </p>
              </div>
              <p className={css({ fontWeight: '600', whiteSpace: 'nowrap' })}>
                {l.from ? 'From ' : ''}
                {money(l.price)}
              </p>
            </li>
          ))}
        </ul>
        <p
          className={css({
            display: 'flex',
            justifyContent: 'space-between',
            borderTop: '2px solid {colors.text}',
            pt: '2',
            fontWeight: '700',
          })}
        >
          <span>Total</span>
          <span>
            {anyFrom ? 'From ' : ''}
            {money(total)}
          </span>
        </p>
      </section>
      {b.patchChoice === 'needed' && b.selectedPatchTime && (
        <p className={`${card} ${css({ p: '3', mb: '4' })}`}>
          Patch test: {fullDate(dateOf(b.selectedPatchTime))}, {timeLabel(b.selectedPatchTime, tz)}
        </p>
      )}
      {b.isWaitList && (
        <p role="note" className={css({ bg: 'surfaceMuted', rounded: 'md', p: '3', mb: '3' })}>
          You are joining the waitlist. Please tell us in the notes if you would like a particular staff member, or if you are flexible on
          the day and time.
        </p>
      )}
      <label htmlFor="notes" className={css({ display: 'block', fontWeight: '600', mb: '1' })}>
        Notes or discount codes (optional)
      </label>
      <textarea
        id="notes"
        value={b.notes}
        maxLength={1000}
        rows={3}
        onChange={(e) => setNotes(e.target.value)}
        className={`${fieldInput} ${css({ p: '2' })}`}
      />
      {failure && <BookingFailure message={failure} onRetry={next} />}
      <StickyNext disabled={!agreed || busy} onNext={next}>
        <p className={css({ fontWeight: '700' })}>
          <span className={css({ fontWeight: '400', fontSize: 'sm' })}>Total: </span>
          {anyFrom ? 'From ' : ''}
          {money(total)}
        </p>
      </StickyNext>
    </>
  );
}
