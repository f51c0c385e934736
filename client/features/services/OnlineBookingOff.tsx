import { css } from '../../../styled-system/css';
import { pageTitle } from '../../components/styles';
import { useSalon } from '../../lib/salon-context';

/** A salon with online booking off: the spec's message, the salon's own words (set in the console) and its phone, nothing that invites booking. */
export function OnlineBookingOff() {
  const { salon } = useSalon();
  return (
    <>
      <h1 className={pageTitle}>Unfortunately this business does not currently offer online booking</h1>
      {salon.online_booking_off_message && (
        <p className={css({ fontSize: 'lg', whiteSpace: 'pre-line' })} data-testid="online-booking-off-message">
          {salon.online_booking_off_message}
        </p>
      )}
      {salon.phone && (
        <p className={css({ fontSize: 'lg' })}>
          Please call the salon on{' '}
          <a href={`tel:${salon.phone.replace(/[^\d+]/g, '')}`} className={css({ fontWeight: '700', whiteSpace: 'nowrap' })}>
            {salon.phone}
          </a>
        </p>
      )}
    </>
  );
}
