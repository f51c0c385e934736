import { css } from '../../../styled-system/css';
import { CallFailed, Loading } from '../../components/CallFailed';
import { card, pageTitle } from '../../components/styles';
import { useApi } from '../../lib/useApi';
import { useAuth } from '../auth';
import { fetchClientSalons } from './api';

/** my-book: the salons the client has bookings with (choose a location). */
export function MyBookings() {
  const { user } = useAuth();
  const salons = useApi(user ? user.username : null, (signal) => fetchClientSalons(user!.username, signal));
  return (
    <>
      <h1 className={pageTitle}>Bookings</h1>
      {salons.status === 'loading' && <Loading what="your bookings" />}
      {salons.status === 'error' && <CallFailed message={salons.error.message} onRetry={salons.retry} />}
      {salons.status === 'ok' &&
        (salons.data.length === 0 ? (
          <p className={`${card} ${css({ p: '4' })}`}>We can&apos;t find any salons for you</p>
        ) : (
          <ul className={css({ listStyle: 'none', display: 'flex', flexDirection: 'column', gap: '2' })}>
            {salons.data.map((s) => (
              <li key={s.id} className={`${card} ${css({ p: '4', fontWeight: '600' })}`}>
                {s.name}
              </li>
            ))}
          </ul>
        ))}
    </>
  );
}
