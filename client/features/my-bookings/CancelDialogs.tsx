import { Link } from 'react-router';
import { css } from '../../../styled-system/css';
import { Modal } from '../../components/Modal';
import { outlineButton, primaryButton } from '../../components/styles';

const actions = css({ display: 'flex', flexWrap: 'wrap', gap: '2', mt: '4' });
const tel = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** CANCEL/EDIT APPOINTMENT: change the time, or cancel (asking once more before it is done). */
export function ManageDialog(p: {
  canMove: boolean;
  busy: boolean;
  refundNote: string | null;
  failure: string | null;
  onMove: () => void;
  onCancel: () => void;
  onClose: () => void;
}) {
  return (
    <Modal title="Cancel or change your appointment" onClose={p.onClose}>
      <p>Would you like to cancel this appointment?</p>
      {p.refundNote && <p className={css({ mt: '2', fontSize: 'sm' })}>{p.refundNote}</p>}
      {p.failure && (
        <p role="alert" className={css({ mt: '2', color: 'danger', fontWeight: '600' })}>
          {p.failure}
        </p>
      )}
      <div className={actions}>
        <button type="button" className={primaryButton} disabled={p.busy} onClick={p.onCancel}>
          {p.busy ? 'CANCELLING…' : 'YES, CANCEL IT'}
        </button>
        {p.canMove && (
          <button type="button" className={outlineButton} onClick={p.onMove}>
            CHANGE TIME
          </button>
        )}
        <button type="button" className={outlineButton} onClick={p.onClose}>
          KEEP IT
        </button>
      </div>
    </Modal>
  );
}

/** Self-cancellation is off, or the start is inside the salon's window: the client phones the salon. */
export function NotPossibleDialog({ phone, reason, onClose }: { phone: string; reason: string; onClose: () => void }) {
  return (
    <Modal title="It is not possible to cancel online" onClose={onClose}>
      <p>{reason}</p>
      <p className={css({ mt: '2' })}>
        Please call the salon on{' '}
        <a href={tel(phone)} className={css({ fontWeight: '700', whiteSpace: 'nowrap' })}>
          {phone}
        </a>
        .
      </p>
      <div className={actions}>
        <button type="button" className={primaryButton} onClick={onClose}>
          OK
        </button>
      </div>
    </Modal>
  );
}

/** 'Your appointment has been cancelled', with NO THANKS and BOOK ANOTHER APPOINTMENT. */
export function CancelledDialog({ note, onClose }: { note: string | null; onClose: () => void }) {
  return (
    <Modal title="Your appointment has been cancelled" onClose={onClose}>
      {note && <p>{note}</p>}
      <div className={actions}>
        <Link to="/" className={primaryButton}>
          BOOK ANOTHER APPOINTMENT
        </Link>
        <button type="button" className={outlineButton} onClick={onClose}>
          NO THANKS
        </button>
      </div>
    </Modal>
  );
}
