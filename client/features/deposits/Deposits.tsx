import { css } from '../../../styled-system/css';
import type { Invite } from '../../../shared/invites';
import { CallFailed, Loading } from '../../components/CallFailed';
import { PageTitle } from '../../components/PageTitle';
import { card } from '../../components/styles';
import { MakeABooking } from '../my-bookings';
import { InviteCard } from './InviteCard';
import { bySalon, isNew, newRequestsText } from './rules';
import { useInvites } from './useInvites';

/** my-feeds (Deposits): the client's open requests for a deposit, grouped by salon, newest appointment first. */
export function Deposits() {
  const invites = useInvites();
  const list: Invite[] | undefined = invites.data;
  return (
    <>
      <PageTitle back={false}>Deposits</PageTitle>
      {invites.isPending && <Loading what="deposit requests" />}
      {!list && invites.isError && <CallFailed message={invites.error.message} onRetry={() => void invites.refetch()} />}
      {list?.length === 0 && (
        <div className={`${card} ${css({ p: '4', textAlign: 'center' })}`}>
          <p>You have no new deposit requests</p>
          <MakeABooking />
        </div>
      )}
      {list && list.length > 0 && (
        <>
          <p role="status" className={css({ mb: '3' })}>
            {newRequestsText(list.filter((i) => isNew(i, Date.now())).length)}
          </p>
          {bySalon(list).map((g) => (
            <section key={g.salonId} aria-labelledby={`salon-${g.salonId}`} className={css({ mb: '4' })}>
              <h2 id={`salon-${g.salonId}`} className={css({ fontWeight: '700', fontSize: 'lg', mb: '2' })}>
                {g.salonName}
              </h2>
              <ul className={css({ listStyle: 'none', display: 'flex', flexDirection: 'column', gap: '2' })}>
                {g.invites.map((i) => (
                  <InviteCard key={i.id} invite={i} />
                ))}
              </ul>
            </section>
          ))}
        </>
      )}
    </>
  );
}
