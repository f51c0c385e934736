import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useHref, useParams, useSearchParams } from 'react-router';
import { css } from '../../../styled-system/css';
import { ACTIVE_INVITE_STATUSES, OPEN_INVITE_STATUSES, type Invite } from '../../../shared/invites';
import { CallFailed, Loading } from '../../components/CallFailed';
import { PageTitle } from '../../components/PageTitle';
import { StickyNext } from '../../components/StickyNext';
import { card as cardStyle, outlineButton } from '../../components/styles';
import { useSalon } from '../../lib/salon-context';
import { greetingOf, useAuth } from '../auth';
import { cardQuery, MSG_AUTHENTICATION, SavedCardView } from '../payments';
import { AfterAction } from './AfterAction';
import { markSeen } from './api';
import { InviteAppointment } from './InviteAppointment';
import { InviteInvalid } from './InviteInvalid';
import { confirmAfterAuthentication, payInvite, PaymentProblem, problemOf } from './pay';
import { PaymentFailedActions, PaymentFailedModal } from './PaymentFailed';
import { newIdempotencyKey } from './rules';
import { useInviteMoney, useInvites, useInvitesChanged } from './useInvites';

/** Navigation state of /pay-deposit-add-new-card (§2 route table). */
export interface InviteCardState {
  from: 'invite';
  appointmentId: number;
  appointmentPrice: number;
  requested_card_only: boolean;
  requested_deposit: number;
  payFullAmount: boolean;
}

export const cardStateOf = (i: Invite): InviteCardState => ({
  from: 'invite',
  appointmentId: i.appointment.id,
  appointmentPrice: i.appointment.price,
  requested_card_only: i.requested_card_only,
  requested_deposit: i.requested_deposit,
  payFullAmount: i.payFullAmount,
});

/**
 * /pay-deposit/{appointmentId} (§2 'Pay deposit for an invite'): the open request of that
 * appointment, 'Total to pay today:', the saved card, PAY DEPOSIT (CONFIRM WITH CARD for card
 * only) pressed once; 3-D Secure comes back here with ?authenticated=1 and the server takes the
 * payment. A declined card leaves the request open: the client may add another card and pay.
 */
export function PayDeposit() {
  const raw = useParams().appointmentId ?? '';
  const appointmentId = Number(raw);
  const { salon } = useSalon();
  const { user, newAccount } = useAuth();
  const [params, setParams] = useSearchParams();
  const href = useHref(`/pay-deposit/${raw}`);
  const returned = params.get('authenticated') === '1';
  const invites = useInvites();
  const invitesChanged = useInvitesChanged();
  const card = useQuery(cardQuery(salon.id, user?.username));
  const money = useInviteMoney();
  const [busy, setBusy] = useState(returned);
  const [done, setDone] = useState(false);
  const [problem, setProblem] = useState<PaymentProblem | null>(null);
  const [modal, setModal] = useState(false);
  /** this press's Idempotency-Key, kept for a retry when the server may not have answered */
  const pressKey = useRef<string | null>(null);
  const handled = useRef(false);
  const seen = useRef(false);
  /** the request as last listed: a refetch after paying no longer lists it */
  const [last, setLast] = useState<Invite | null>(null);

  const found = invites.data?.find((i) => i.appointment.id === appointmentId && OPEN_INVITE_STATUSES.includes(i.status));
  if (found && found !== last) setLast(found);
  const invite = found ?? (busy || done || problem ? last : null);

  const succeed = useCallback(() => {
    pressKey.current = null;
    setDone(true);
    setBusy(false);
    invitesChanged();
  }, [invitesChanged]);
  const fail = useCallback(
    (e: unknown) => {
      const p = problemOf(e);
      if (!p.unanswered) pressKey.current = null;
      setProblem(p);
      setModal(p.kind !== 'invalid');
      setBusy(false);
      invitesChanged();
    },
    [invitesChanged],
  );

  // Opened: an invited or reminded request becomes seen (the bubble counts it no more).
  useEffect(() => {
    if (!found || seen.current || !ACTIVE_INVITE_STATUSES.includes(found.status)) return;
    seen.current = true;
    markSeen(found.salon.id, found.id).then(invitesChanged, () => undefined);
  }, [found, invitesChanged]);

  // Back from the 3-D Secure page: the server takes the authenticated payment.
  useEffect(() => {
    if (!returned || !user || handled.current) return;
    handled.current = true;
    const pi = params.get('payment_intent');
    const failed = params.get('redirect_status') === 'failed';
    setParams({}, { replace: true });
    if (!pi) return fail(new PaymentProblem(MSG_AUTHENTICATION, 'card'));
    confirmAfterAuthentication(salon.id, appointmentId, pi, user.username, failed).then(succeed, fail);
  }, [returned, user, params, setParams, salon.id, appointmentId, succeed, fail]);

  if (done)
    return <AfterAction message={last?.requested_card_only ? 'Your card has been successfully added' : 'Your booking is now confirmed.'} />;
  if (problem?.kind === 'invalid') return <InviteInvalid />;
  if (invites.isError && !invites.data && !invite)
    return <CallFailed message={invites.error.message} onRetry={() => void invites.refetch()} />;
  if (!invite) return invites.data && !busy ? <InviteInvalid /> : <Loading what="the deposit request" />;

  const pay = async () => {
    if (busy || !user) return;
    setBusy(true);
    setProblem(null);
    pressKey.current ??= newIdempotencyKey();
    try {
      const outcome = await payInvite(invite, user, pressKey.current, `${window.location.origin}${href}?authenticated=1`);
      if (outcome === 'accepted') succeed();
      // 'redirecting': stays busy while the browser goes to the 3-D Secure page
    } catch (e) {
      fail(e);
    }
  };

  const amount = money(invite);
  const saved = card.data ?? null;
  const greeting = greetingOf(user, newAccount);
  const cardOnly = invite.requested_card_only;
  return (
    <>
      <PageTitle>{cardOnly ? 'Confirm with card' : 'Pay deposit'}</PageTitle>
      <p className={css({ fontSize: 'lg', mb: '1' })}>
        Total to pay today: <strong data-testid="pay-today">{amount(invite.amount_to_pay)}</strong>
      </p>
      {cardOnly && (
        <p className={css({ fontSize: 'sm', color: 'textMuted', mb: '3' })}>
          Nothing is charged now: the salon asks for your card details only.
        </p>
      )}
      <section aria-label="Your appointment" className={`${cardStyle} ${css({ p: '3', my: '3' })}`}>
        <p className={css({ fontWeight: '600' })}>{invite.salon_name}</p>
        <InviteAppointment invite={invite} money={amount} />
      </section>
      {card.isPending && <Loading what="your card" />}
      {card.data === undefined && card.isError && <CallFailed message={card.error.message} onRetry={() => void card.refetch()} />}
      {saved && (
        <section aria-label="Your card">
          {greeting && <p className={css({ fontWeight: '600', mb: '3' })}>{greeting}</p>}
          <SavedCardView card={saved} expiry={false} />
        </section>
      )}
      {card.data !== undefined && (
        <Link
          to="/pay-deposit-add-new-card"
          state={cardStateOf(invite)}
          className={`${outlineButton} ${css({ mb: '4', alignSelf: 'flex-start' })}`}
        >
          {saved ? 'UPDATE CARD DETAILS' : 'ADD A CARD'}
        </Link>
      )}
      {problem && <PaymentFailedActions problem={problem} />}
      {problem && modal && <PaymentFailedModal problem={problem} onOk={() => setModal(false)} />}
      {busy && (
        <p role="status" className={css({ color: 'textMuted', my: '3' })}>
          {cardOnly ? 'Confirming your card…' : 'Taking your payment…'}
        </p>
      )}
      <StickyNext label={cardOnly ? 'CONFIRM WITH CARD' : 'PAY DEPOSIT'} disabled={busy || !saved} onNext={pay}>
        <p className={css({ fontWeight: '700' })}>{amount(invite.amount_to_pay)}</p>
      </StickyNext>
    </>
  );
}
