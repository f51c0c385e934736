import { Link } from 'react-router';
import { css } from '../../../styled-system/css';
import { primaryButton } from '../../components/styles';
import type { Booking } from './types';

/**
 * A booking the salon has asked a deposit (or card details) for: what it asks and the way to pay,
 * the same screen Deposits opens (/pay-deposit/{appointment}).
 */
export function DepositRequest({ booking, money }: { booking: Booking; money: (major: number) => string }) {
  const request = booking.deposit_request;
  if (!request || booking.status === 'cancelled') return null;
  return (
    <div className={css({ mt: '2', display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' })}>
      <p className={css({ flex: '1 1 12rem', fontSize: 'sm' })}>
        {request.card_only
          ? 'The salon asks for your card details to keep this booking.'
          : `The salon asks for a deposit of ${money(request.amount)} to keep this booking.`}
      </p>
      <Link to={`/pay-deposit/${booking.id}`} className={primaryButton}>
        {request.card_only ? 'Confirm with card details' : 'PAY DEPOSIT'}
      </Link>
    </div>
  );
}
