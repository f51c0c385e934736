import { Link } from 'react-router';
import { css } from '../../../styled-system/css';
import { outlineButton, primaryButton } from '../../components/styles';
import { useSalon } from '../../lib/salon-context';
import { releaseHoldAndStartAgain } from './start-again';

/** A booking that did not go through: its message, Try again, and START AGAIN (which lets the held times go). */
export function BookingFailure({ message, detail, onRetry }: { message: string; detail?: string | null; onRetry: () => void }) {
  const { salon } = useSalon();
  return (
    <div role="alert" className={css({ my: '3', p: '3', border: '1px solid', borderColor: 'danger', rounded: 'md' })}>
      <p className={css({ color: 'danger', mb: '2', fontWeight: '600' })}>{message}</p>
      {detail && <p className={css({ color: 'danger', mb: '3' })}>{detail}</p>}
      <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
        <button type="button" className={primaryButton} onClick={onRetry}>
          Try again
        </button>
        <Link to="/" className={outlineButton} onClick={() => releaseHoldAndStartAgain(salon.id)}>
          START AGAIN
        </Link>
      </div>
    </div>
  );
}
