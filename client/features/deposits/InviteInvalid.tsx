import { useNavigate } from 'react-router';
import { css } from '../../../styled-system/css';
import { MSG_INVITE_INVALID } from '../../../shared/invites';
import { Modal } from '../../components/Modal';
import { primaryButton } from '../../components/styles';

/** §8 'Invite lookup error': the request is withdrawn, expired, answered or unknown; OK goes back to the salon. */
export function InviteInvalid() {
  const navigate = useNavigate();
  const back = () => navigate('/', { replace: true });
  return (
    <Modal title={MSG_INVITE_INVALID} onClose={back}>
      <button type="button" className={`${primaryButton} ${css({ w: 'full' })}`} onClick={back}>
        OK
      </button>
    </Modal>
  );
}
