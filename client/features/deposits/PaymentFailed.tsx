import { Link } from 'react-router';
import { css } from '../../../styled-system/css';
import { Modal } from '../../components/Modal';
import { outlineButton, primaryButton } from '../../components/styles';
import { MSG_PAYMENT_UNSUCCESSFUL } from '../payments';
import type { PaymentProblem } from './pay';

/** The payment failure modal (§2 Deposits): what went wrong, OK (stay, e.g. to change the card) or CLOSE (the feed). */
export function PaymentFailedModal({ problem, onOk }: { problem: PaymentProblem; onOk: () => void }) {
  return (
    <Modal title="We are unable to take your payment" onClose={onOk}>
      <p className={css({ mb: '2' })}>Your payment was not successful.</p>
      <p className={css({ mb: '2', color: 'danger', fontWeight: '600' })}>{problem.message}</p>
      {problem.unsuccessful && <p className={css({ mb: '3' })}>{MSG_PAYMENT_UNSUCCESSFUL}</p>}
      <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap', mt: '3' })}>
        <button type="button" className={primaryButton} onClick={onOk}>
          OK
        </button>
        <Link to="/my-feeds" className={outlineButton}>
          CLOSE
        </Link>
      </div>
    </Modal>
  );
}

/** Under the request after a failure: TRY AGAIN (back to the feed) and, for a card's fault, the profile. */
export function PaymentFailedActions({ problem }: { problem: PaymentProblem }) {
  return (
    <div role="alert" className={css({ my: '3', p: '3', border: '1px solid', borderColor: 'danger', rounded: 'md' })}>
      <p className={css({ color: 'danger', mb: '2', fontWeight: '600' })}>{problem.message}</p>
      <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
        <Link to="/my-feeds" className={primaryButton}>
          TRY AGAIN
        </Link>
        {problem.kind === 'card' && (
          <Link to="/my-profile" className={outlineButton}>
            Update your card in your profile
          </Link>
        )}
      </div>
    </div>
  );
}
