import { Navigate, useParams } from 'react-router';
import { CallFailed, Loading } from '../../components/CallFailed';
import { useSalon } from '../../lib/salon-context';
import { useApi } from '../../lib/useApi';
import { useAuth } from '../auth';
import { getCard } from '../payments';
import { InviteCardStep } from './InviteCardStep';
import { useInvites } from './useInvites';

/**
 * /card-details/{uniqcode}: after creating an account from an invite link, the card step of that
 * request (its pay-deposit once a card is saved, or straight away when one already is).
 */
export function CardDetails() {
  const code = useParams().uniqcode ?? '';
  const { salon } = useSalon();
  const { user } = useAuth();
  const invites = useInvites();
  const card = useApi(user ? `card|${salon.id}|${user.username}` : null, () => getCard(salon.id));
  if (invites.status === 'error') return <CallFailed message={invites.error.message} onRetry={invites.retry} />;
  if (card.status === 'error') return <CallFailed message={card.error.message} onRetry={card.retry} />;
  if (invites.status === 'loading' || card.status === 'loading') return <Loading what="your deposit request" />;
  const invite = invites.data.find((i) => i.unique_code === code);
  if (!invite) return <Navigate to="/my-feeds" replace />;
  if (card.data) return <Navigate to={`/pay-deposit/${invite.appointment.id}`} replace />;
  return (
    <InviteCardStep
      appointmentId={invite.appointment.id}
      totals={{ appointment_cost: invite.appointment.price, pay_today: invite.amount_to_pay }}
      returnPath={`/card-details/${code}`}
    />
  );
}
