import { useRef, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { css } from '../../../styled-system/css';
import type { Invite } from '../../../shared/invites';
import { CallFailed } from '../../components/CallFailed';
import { PageTitle } from '../../components/PageTitle';
import { card, primaryButton } from '../../components/styles';
import { ApiError } from '../../lib/api';
import { AfterAction } from './AfterAction';
import { processInvite } from './api';
import { InviteAppointment } from './InviteAppointment';
import { InviteInvalid } from './InviteInvalid';
import { newIdempotencyKey } from './rules';
import { useInviteMoney, useInvitesChanged } from './useInvites';

/** /decline/ (§4 Invites 'Decline'): the request from the navigation state, DECLINE REQUEST, then the salon is told. */
export function Decline() {
  const invite = (useLocation().state as { invite?: Invite } | null)?.invite;
  const money = useInviteMoney();
  const invitesChanged = useInvitesChanged();
  const [phase, setPhase] = useState<'asking' | 'posting' | 'declined' | 'invalid'>('asking');
  const [failure, setFailure] = useState<string | null>(null);
  /** this press's Idempotency-Key, kept for a retry when the server may not have answered */
  const pressKey = useRef<string | null>(null);
  if (!invite) return <Navigate to="/my-feeds" replace />;
  if (phase === 'declined') return <AfterAction message="Ok we've told the salon you've declined." salonId={invite.salon.id} />;
  if (phase === 'invalid') return <InviteInvalid />;

  const decline = async () => {
    if (phase === 'posting') return;
    setPhase('posting');
    setFailure(null);
    pressKey.current ??= newIdempotencyKey();
    try {
      await processInvite(
        invite.salon.id,
        invite.id,
        { data: { invite_id: invite.id, accepted: false } },
        { idempotencyKey: pressKey.current },
      );
      pressKey.current = null;
      setPhase('declined');
      invitesChanged();
    } catch (e) {
      const error = e instanceof ApiError ? e : new ApiError(String(e), 0);
      if (error.status !== 0) pressKey.current = null;
      if (error.status === 409 || error.status === 404) {
        setPhase('invalid');
        invitesChanged();
        return;
      }
      setFailure(error.message);
      setPhase('asking');
    }
  };

  const posting = phase === 'posting';
  return (
    <>
      <PageTitle>Are you sure you want to decline this request?</PageTitle>
      <section aria-label="The request" className={`${card} ${css({ p: '3', mb: '4' })}`}>
        <p className={css({ fontWeight: '600' })}>{invite.salon_name}</p>
        <InviteAppointment invite={invite} money={money(invite)} />
      </section>
      {failure && <CallFailed message={failure} onRetry={decline} />}
      <button type="button" className={`${primaryButton} ${css({ w: 'full' })}`} disabled={posting} aria-busy={posting} onClick={decline}>
        {posting && <span aria-hidden="true" className={spinner} />}
        DECLINE REQUEST
      </button>
    </>
  );
}

const spinner = css({
  display: 'inline-block',
  w: '4',
  h: '4',
  mr: '2',
  verticalAlign: 'middle',
  border: '2px solid currentColor',
  borderRightColor: 'transparent',
  rounded: 'full',
  animation: 'spin 0.8s linear infinite',
});
