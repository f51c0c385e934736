import { Link } from 'react-router';
import type { Invite } from '../../../shared/invites';
import { css } from '../../../styled-system/css';
import { card, outlineButton, primaryButton } from '../../components/styles';
import { useSalon } from '../../lib/salon-context';
import { InviteAppointment } from './InviteAppointment';
import { requestText } from './rules';
import { useInviteMoney } from './useInvites';

/**
 * One request of Deposits: the appointment, what the salon asks for, PAY DEPOSIT (or 'Confirm with
 * card details') and DECLINE. Another salon's request is paid in that salon's own area (its page
 * loads: theme, policy and card are that salon's).
 */
export function InviteCard({ invite }: { invite: Invite }) {
  const { salon } = useSalon();
  const money = useInviteMoney()(invite);
  const payPath = `/pay-deposit/${invite.appointment.id}`;
  const payLabel = invite.requested_card_only ? 'Confirm with card details' : 'PAY DEPOSIT';
  return (
    <li className={`${card} ${css({ p: '3' })}`}>
      <InviteAppointment invite={invite} money={money} />
      <p className={css({ fontWeight: '700', mb: '3' })}>{requestText(invite, money)}</p>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
        {invite.salon.id === salon.id ? (
          <Link to={payPath} className={primaryButton}>
            {payLabel}
          </Link>
        ) : (
          <a href={`/salon/${invite.salon.id}${payPath}`} className={primaryButton}>
            {payLabel}
          </a>
        )}
        <Link to="/decline/" state={{ invite }} className={outlineButton}>
          DECLINE
        </Link>
      </div>
    </li>
  );
}
