import { useState } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { InviteCardStep } from './InviteCardStep';
import type { InviteCardState } from './PayDeposit';

/** What the appointment costs and what is payable today, from the navigation state. */
const totalsOf = (s: InviteCardState) => ({
  appointment_cost: s.appointmentPrice,
  pay_today: s.requested_card_only ? 0 : s.payFullAmount ? s.appointmentPrice : s.requested_deposit,
});

/**
 * /pay-deposit-add-new-card: the card step of a request, opened from pay-deposit with its
 * navigation state. 3-D Secure comes back with ?appointment={id} (the state does not survive
 * leaving the page); without either it goes to the feed.
 */
export function InviteAddCard() {
  const state = useLocation().state as InviteCardState | null;
  const [params] = useSearchParams();
  // Read once: CardSetup clears the query when it finishes a 3-D Secure return.
  const [appointmentId] = useState(() => (state?.from === 'invite' ? state.appointmentId : Number(params.get('appointment')) || null));
  if (!appointmentId) return <Navigate to="/my-feeds" replace />;
  return (
    <InviteCardStep
      appointmentId={appointmentId}
      totals={state?.from === 'invite' ? totalsOf(state) : null}
      returnPath={`/pay-deposit-add-new-card?appointment=${appointmentId}`}
    />
  );
}
