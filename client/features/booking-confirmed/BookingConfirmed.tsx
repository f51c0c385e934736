import { useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { css } from '../../../styled-system/css';
import { card, outlineButton, pageTitle, primaryButton } from '../../components/styles';
import { useSalon } from '../../lib/salon-context';
import { dateOf, fullDate, timeLabel, zoneTimeLabel } from '../../lib/salon-time';
import { booking, startAgain, useBooking, appointmentLines } from '../journey';
import { CancellationPolicy } from '../summary';
import { BuyVoucherLink } from '../vouchers';
import { downloadIcs } from '../../lib/download';
import { icsFile } from './calendar';
import { trackBooking } from '../../lib/analytics';
import { pixelIdOf } from '../../../shared/consent';
import { unbrokenPostcode } from '../../../shared/salon-identity';
import { formatMoney, toMajor, toMinor } from '../../../shared/money';
import { useAppointmentCost } from '../payments';

const REDIRECT_AFTER_MS = 1000;

/** The booking is made: the title for its kind, where to go, the policy, calendar files, book another. */
export function BookingConfirmed() {
  const { salon } = useSalon();
  const b = useBooking();
  const navigate = useNavigate();
  const response = b.bookingResponse;
  // What was paid today and what is left to pay at the salon, as the server priced the booking.
  const cost = useAppointmentCost(salon.id, !!response && !b.isWaitList).data;
  const redirect = salon.redirect_after_ncob_booking && /^https?:\/\//.test(salon.salon_website_link);
  // The salon's pixel (with full consent only) hears of a confirmed booking once, with its value.
  const booked = response && !b.isWaitList && b.selectedAppointmentTime ? response.appointment_id : null;
  useEffect(() => {
    if (booked === null) return;
    const { total } = appointmentLines(booking.selectedServices, booking.selectedStylists, booking.selectedAppointmentTime!);
    trackBooking(pixelIdOf(salon), booked, toMajor(total), salon.currency);
  }, [booked, salon]);
  useEffect(() => {
    if (!response || !redirect) return;
    const t = window.setTimeout(() => window.location.assign(salon.salon_website_link), REDIRECT_AFTER_MS);
    return () => window.clearTimeout(t);
  }, [response, redirect, salon.salon_website_link]);
  if (b.selectedServices.length === 0 || !response || !b.selectedAppointmentTime) return <Navigate to="/" replace />;

  const tz = salon.timezone;
  const { lines, end } = appointmentLines(b.selectedServices, b.selectedStylists, b.selectedAppointmentTime);
  // 'after a deposit or card' (§2): a deposit was taken, or the card was kept for the booking.
  const paid = !b.isWaitList && (response.pi !== null || salon.needs_card);
  const title = b.isWaitList
    ? 'Awesome, you are on the waitlist!'
    : paid
      ? 'Payment successful! Booking has been confirmed'
      : 'Booking has been confirmed!';
  const addressLines = [salon.address_line_1, salon.address_line_2, salon.city];
  const address = [...addressLines, salon.postcode].filter(Boolean).join(', ');
  const shownAddress = [...addressLines, unbrokenPostcode(salon.postcode)].filter(Boolean).join(', ');
  const start = Date.parse(b.selectedAppointmentTime);
  const services = lines.map((l) => l.service.name).join(', ');
  const money = (major: number) => formatMoney(toMinor(major), salon.currency, salon.country.code);
  const paidToday = cost ? (response.pi !== null ? cost.pay_today : 0) : null;
  const row = css({ display: 'flex', justifyContent: 'space-between', gap: '3' });
  const addToCalendar = () =>
    downloadIcs(
      'appointment.ics',
      icsFile({
        uid: `appointment-${response.appointment_id}@bookwell`,
        title: `${services} at ${salon.name}`,
        start,
        minutes: Math.round((end - start) / 60_000),
        location: address,
        description: `${fullDate(dateOf(b.selectedAppointmentTime!))}, ${timeLabel(b.selectedAppointmentTime!, tz)} (${tz}). ${lines
          .map((l) => `${l.service.name} with ${l.stylistName}`)
          .join('; ')}. To change it, call ${salon.phone}.`,
      }),
    );
  const addPatchToCalendar = () =>
    downloadIcs(
      'patch-test.ics',
      icsFile({
        uid: `patch-test-${response.appointment_id}@bookwell`,
        title: `Patch test at ${salon.name}`,
        start: Date.parse(b.selectedPatchTime!),
        minutes: 5,
        location: address,
        description: `Your patch test, at least 48 hours before your appointment: ${timeLabel(b.selectedPatchTime!, tz)} (${tz}).`,
      }),
    );

  return (
    <>
      <h1 className={pageTitle}>{title}</h1>
      <section className={`${card} ${css({ p: '4', mb: '4' })}`}>
        <p className={css({ fontWeight: '700' })}>{fullDate(dateOf(b.selectedAppointmentTime))}</p>
        <p className={css({ mb: '2' })}>
          {timeLabel(b.selectedAppointmentTime, tz)} – {timeLabel(new Date(end).toISOString(), tz)} ({zoneTimeLabel(tz)})
        </p>
        <ul aria-label="Services" className={css({ listStyle: 'none', mb: '2' })}>
          {lines.map((l) => (
            <li key={l.service.id}>
              {l.service.name} <span className={css({ color: 'textMuted' })}>with {l.stylistName}</span>
            </li>
          ))}
        </ul>
        <p>
          At {salon.name}
          {salon.city ? `, ${salon.city}` : ''}
        </p>
        {cost && paidToday !== null && (
          <dl aria-label="Payment" className={css({ mt: '3', pt: '3', borderTop: '1px solid', borderColor: 'border' })}>
            <div className={row}>
              <dt>Paid today:</dt>
              <dd data-testid="paid-today">{money(paidToday)}</dd>
            </div>
            <div className={`${row} ${css({ fontWeight: '700' })}`}>
              <dt>To pay at the salon:</dt>
              <dd data-testid="due-at-salon">{money(Math.max(0, cost.appointment_cost - paidToday))}</dd>
            </div>
          </dl>
        )}
        {salon.phone && (
          <p className={css({ mt: '3', fontSize: 'sm' })}>
            To change it, call {salon.name} on <a href={`tel:${salon.phone.replace(/[^\d+]/g, '')}`}>{salon.phone}</a>
          </p>
        )}
        {redirect && <p className={css({ mt: '2', color: 'textMuted', fontSize: 'sm' })}>Taking you back to the salon's website…</p>}
      </section>
      <details className={`${card} ${css({ p: '4', mb: '4' })}`}>
        <summary className={css({ fontWeight: '700', cursor: 'pointer' })}>Address</summary>
        <p className={css({ mt: '2' })}>{shownAddress}</p>
        {/* the salon page's own map link (the server's mapLinkOf), so both open the same place */}
        {salon.map_link && (
          <a href={salon.map_link} target="_blank" rel="noopener noreferrer">
            Open in maps
          </a>
        )}
      </details>
      <CancellationPolicy html={salon.salon_ncob_text} />
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
        {/* A place on the waitlist is not a time in the diary yet: nothing to add to a calendar. */}
        {!b.isWaitList && (
          <button type="button" className={primaryButton} onClick={addToCalendar}>
            ADD TO CALENDAR
          </button>
        )}
        {b.patchChoice === 'needed' && b.selectedPatchTime && (
          <button type="button" className={outlineButton} onClick={addPatchToCalendar}>
            Add patch test to calendar
          </button>
        )}
        {salon.vouchers ? (
          <BuyVoucherLink />
        ) : (
          salon.can_take_voucher_payments &&
          /^https:\/\//.test(salon.stripe_voucher_link) && (
            <a className={outlineButton} href={salon.stripe_voucher_link} rel="noopener noreferrer">
              Buy a gift voucher
            </a>
          )
        )}
        <button
          type="button"
          className={outlineButton}
          onClick={() => {
            startAgain();
            navigate('/');
          }}
        >
          BOOK ANOTHER APPOINTMENT
        </button>
      </div>
    </>
  );
}
