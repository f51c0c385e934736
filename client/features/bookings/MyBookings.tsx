import { Link } from 'react-router';
import { css } from '../../../styled-system/css';
import { Avatar } from '../../components/Avatar';
import { CallFailed, Loading } from '../../components/CallFailed';
import { card, pageTitle, primaryButton } from '../../components/styles';
import { useApi } from '../../lib/useApi';
import { useAuth } from '../auth';
import { fetchClientSalons } from './api';

/** my-book: 'Locations', the salons the client has bookings with (choose a location), and MAKE A BOOKING. */
export function MyBookings() {
  const { user } = useAuth();
  const salons = useApi(user ? user.username : null, (signal) => fetchClientSalons(user!.username, signal));
  return (
    <>
      <h1 className={pageTitle}>Locations</h1>
      {salons.status === 'loading' && <Loading what="your bookings" />}
      {salons.status === 'error' && <CallFailed message={salons.error.message} onRetry={salons.retry} />}
      {salons.status === 'ok' &&
        (salons.data.length === 0 ? (
          <p className={`${card} ${css({ p: '4' })}`}>We can&apos;t find any salons for you</p>
        ) : (
          <>
            <p className={css({ mb: '2', fontWeight: '600' })}>Choose location:</p>
            <ul className={css({ listStyle: 'none', display: 'flex', flexDirection: 'column', gap: '2' })}>
              {salons.data.map((s) => (
                <li key={s.id} className={`${card} ${css({ p: '3', fontWeight: '600', display: 'flex', alignItems: 'center', gap: '3' })}`}>
                  <Avatar name={s.name} size={32} />
                  {s.name}
                </li>
              ))}
            </ul>
          </>
        ))}
      <div className={css({ mt: '6', textAlign: 'center' })}>
        <Link to="/" className={primaryButton}>
          MAKE A BOOKING
        </Link>
      </div>
    </>
  );
}
