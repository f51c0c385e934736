import { Link } from 'react-router';
import { css } from '../../../styled-system/css';
import { useCurrentSalon } from '../lib/current-salon';

/** Above the card settings while the salon cannot take payments: why, and where to fix it (docs/payments.md §4). */
export function PaymentsNeeded() {
  const salon = useCurrentSalon();
  return (
    <p role="note" className={css({ mb: '3', p: '3', rounded: 'md', bg: 'surfaceMuted', maxW: '65ch' })}>
      Card settings stay off until {salon.name} can take card payments.{' '}
      {salon.role === 'owner' ? (
        <Link to={`/salons/${salon.id}/get-paid`} className={css({ textDecoration: 'underline', fontWeight: '600' })}>
          Set up payments in Get paid
        </Link>
      ) : (
        'Ask the salon’s owner to set up payments in Get paid.'
      )}
    </p>
  );
}
