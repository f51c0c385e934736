import { Link } from 'react-router';
import { css } from '../../../styled-system/css';
import { CallFailed, Loading } from '../../components/CallFailed';
import { card, pageTitle, primaryButton } from '../../components/styles';
import { useSalon } from '../../lib/salon-context';
import { useApi } from '../../lib/useApi';
import { fetchInvites } from './api';

/** my-feeds (Deposits): the salon's requests for a deposit, grouped by salon. */
export function Deposits() {
  const { salon } = useSalon();
  const invites = useApi(String(salon.id), (signal) => fetchInvites(salon.id, signal));
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
