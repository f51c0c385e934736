import { Link } from 'react-router';
import { css } from '../../../styled-system/css';
import { CallFailed, Loading } from '../../components/CallFailed';
import { card, pageTitle, primaryButton } from '../../components/styles';
import { useSalon } from '../../app/SalonContext';
import { call } from '../../lib/api';
import { useApi } from '../../lib/useApi';

interface Invite {
  id: number;
  salon_name: string;
  requested_deposit: number;
  appointment: { id: number; start_time: string };
}

/** my-feeds (Deposits): the salon's requests for a deposit, grouped by salon. */
export function Deposits() {
  const { salon } = useSalon();
  const invites = useApi(String(salon.id), (signal) => call<Invite[]>(`client/get/invite/${salon.id}/`, { auth: true, signal }).then((r) => r ?? []));
  return (
    <>
      <h1 className={pageTitle}>Deposits</h1>
      {invites.status === 'loading' && <Loading what="deposit requests" />}
      {invites.status === 'error' && <CallFailed message={invites.error.message} onRetry={invites.retry} />}
      {invites.status === 'ok' && invites.data.length === 0 && (
        <div className={`${card} ${css({ p: '4' })}`}>
          <p className={css({ mb: '3' })}>You have no new deposit requests</p>
          <Link to="/" className={primaryButton}>
            MAKE A BOOKING
          </Link>
        </div>
      )}
      {invites.status === 'ok' && invites.data.length > 0 && (
        <>
          <p className={css({ mb: '3' })}>{invites.data.length} new requests</p>
          <ul className={css({ listStyle: 'none', display: 'flex', flexDirection: 'column', gap: '2' })}>
            {invites.data.map((i) => (
              <li key={i.id} className={`${card} ${css({ p: '4' })}`}>
                <p className={css({ fontWeight: '600' })}>{i.salon_name}</p>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
