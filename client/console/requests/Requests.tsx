import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { css } from '../../../styled-system/css';
import type { AdminInvite, InviteStatus } from '../../../shared/invites';
import { OPEN_INVITE_STATUSES } from '../../../shared/invites';
import { CallFailed, Loading } from '../../components/CallFailed';
import { linkButton } from '../../components/styles';
import { useCurrentSalon } from '../lib/current-salon';
import { screenTitle, sectionBox, sectionTitle } from '../ui/looks';
import { FormAlert } from '../ui/Field';
import { connectSalonChannel } from '../lib/live';
import { moneyOf, salonTime, useSalonFacts } from '../lib/salon-facts';
import { remind, requestsKey, requestsQuery, withdraw } from './api';
import { NewRequest } from './NewRequest';

export const STATUS_WORDS: Record<InviteStatus, string> = {
  invited: 'Sent',
  reminded: 'Reminded',
  seen: 'Seen by the client',
  accepted: 'Paid',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
  expired: 'Expired',
};

const whatOf = (r: AdminInvite) =>
  r.request === 'card_only'
    ? 'Card only'
    : r.request === 'full_price'
      ? `Full price, ${moneyOf(r.amount_to_pay, r.currency)}`
      : `Deposit, ${moneyOf(r.requested_deposit, r.currency)}`;

/** Requests (owners, managers): deposit requests with their statuses as they change, and a new one. */
export function Requests() {
  const salon = useCurrentSalon();
  return (
    <>
      <h1 className={screenTitle}>Requests</h1>
      <div
        className={css({
          display: 'grid',
          gridTemplateColumns: { base: '1fr', lg: 'minmax(0, 1fr) minmax(0, 1fr)' },
          columnGap: '4',
          alignItems: 'start',
        })}
      >
        <NewRequest salonId={salon.id} />
        <RequestList salonId={salon.id} />
      </div>
    </>
  );
}

function RequestList({ salonId }: { salonId: number }) {
  const facts = useSalonFacts(salonId);
  const queries = useQueryClient();
  const q = useQuery(requestsQuery(salonId));
  // a client's answer, or another member's change, comes over the salon's channel at once
  useEffect(
    () => connectSalonChannel(salonId, () => void queries.invalidateQueries({ queryKey: requestsKey(salonId) })),
    [salonId, queries],
  );
  const act = useMutation({
    mutationFn: ({ r, action }: { r: AdminInvite; action: 'remind' | 'withdraw' }) =>
      action === 'remind' ? remind(salonId, r.id) : withdraw(salonId, r.id),
    onSettled: () => queries.invalidateQueries({ queryKey: requestsKey(salonId) }),
  });
  return (
    <section aria-labelledby="requests-list" className={sectionBox}>
      <h2 id="requests-list" className={sectionTitle}>
        Deposit requests
      </h2>
      {q.isPending ? (
        <Loading what="requests" />
      ) : q.isError ? (
        <CallFailed message={q.error.message} onRetry={() => void q.refetch()} />
      ) : q.data.length === 0 ? (
        <p>No requests yet.</p>
      ) : (
        <ul className={css({ listStyle: 'none' })}>
          {q.data.map((r) => {
            const open = OPEN_INVITE_STATUSES.includes(r.status);
            const who = `${r.first_name} ${r.last_name}`.trim() || r.phone_number;
            return (
              <li key={r.id} className={css({ py: '3', borderTop: '1px solid {colors.surfaceMuted}' })}>
                <div className={css({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', columnGap: '3' })}>
                  <p className={css({ fontWeight: '600' })}>
                    {who} <span className={css({ fontWeight: '400', color: 'textMuted', fontSize: 'sm' })}>{r.phone_number}</span>
                  </p>
                  <p className={css({ fontWeight: '600' })}>
                    {STATUS_WORDS[r.status]}
                    {r.paid_amount > 0 && `, ${moneyOf(r.paid_amount, r.currency)} paid`}
                  </p>
                </div>
                <p>
                  {whatOf(r)} for {salonTime(r.start_time, facts.timezone)}
                </p>
                {open && (
                  <p className={css({ display: 'flex', gap: '4', mt: '1' })}>
                    <button
                      type="button"
                      className={linkButton}
                      disabled={act.isPending}
                      onClick={() => act.mutate({ r, action: 'remind' })}
                    >
                      Remind<span className={css({ srOnly: true })}> {who}</span>
                    </button>
                    <button
                      type="button"
                      className={linkButton}
                      disabled={act.isPending}
                      onClick={() => {
                        if (window.confirm(`Withdraw the request to ${who}? Their link stops working.`))
                          act.mutate({ r, action: 'withdraw' });
                      }}
                    >
                      Withdraw<span className={css({ srOnly: true })}> {who}</span>
                    </button>
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {act.isError && <FormAlert>{act.error.message}</FormAlert>}
    </section>
  );
}
