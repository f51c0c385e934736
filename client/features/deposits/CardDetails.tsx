import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router';
import { CallFailed, Loading } from '../../components/CallFailed';
import { useSalon } from '../../lib/salon-context';
import { useAuth } from '../auth';
import { cardQuery } from '../payments';
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
  const card = useQuery(cardQuery(salon.id, user?.username));
  if (!invites.data && invites.isError) return <CallFailed message={invites.error.message} onRetry={() => void invites.refetch()} />;
  if (card.data === undefined && card.isError) return <CallFailed message={card.error.message} onRetry={() => void card.refetch()} />;
  if (!invites.data || card.data === undefined) return <Loading what="your deposit request" />;
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
