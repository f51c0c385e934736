import { Link } from 'react-router';
import { css } from '../../../styled-system/css';
import { primaryButton } from '../../components/styles';

/** The bookings screens' footer: MAKE A BOOKING, to the salon's booking start. */
export function MakeABooking() {
  return (
    <div className={css({ mt: '6', textAlign: 'center' })}>
      <Link to="/" className={primaryButton}>
        MAKE A BOOKING
      </Link>
    </div>
  );
}
