import { css } from '../../../styled-system/css';
import { pageTitle } from '../../components/styles';
import { useSalon } from '../../lib/salon-context';

/** A salon with online booking off: the spec's message and the salon's phone, nothing that invites booking. */
export function OnlineBookingOff() {
  const { salon } = useSalon();
  return (
    <>
      <h1 className={pageTitle}>Unfortunately this business does not currently offer online booking</h1>
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
