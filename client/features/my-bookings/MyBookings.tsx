import { useQuery } from '@tanstack/react-query';
import { Link, Navigate } from 'react-router';
import { css } from '../../../styled-system/css';
import { Avatar } from '../../components/Avatar';
import { CallFailed, Loading } from '../../components/CallFailed';
import { card, pageTitle } from '../../components/styles';
import { useSalon } from '../../lib/salon-context';
import { useAuth } from '../auth';
import { clientSalonsQuery } from './api';
import { MakeABooking } from './MakeABooking';
import type { ClientSalon } from './types';

const item = css({ p: '3', fontWeight: '600', display: 'flex', alignItems: 'center', gap: '3', color: 'text', textDecoration: 'none' });

/** A location: its logo or initials and name, opening its bookings (another salon's in that salon's own area). */
function Location({ s }: { s: ClientSalon }) {
  const { salon } = useSalon();
  const face = s.profile_image_url ? (
    <img src={s.profile_image_url} alt="" width={32} height={32} className={css({ rounded: 'full', objectFit: 'cover' })} />
  ) : (
    <Avatar name={s.name} size={32} />
  );
  return (
    <li className={card}>
      {s.id === salon.id ? (
        <Link to={`/salon-booking/${s.id}`} className={item}>
          {face}
          {s.name}
        </Link>
      ) : (
        <a href={`/salon/${s.id}/salon-booking/${s.id}`} className={item}>
          {face}
          {s.name}
        </a>
      )}
    </li>
  );
}

/** my-book: 'Locations', the salons the client has bookings with (choose a location), and MAKE A BOOKING. */
export function MyBookings() {
  const { salon } = useSalon();
  const { user } = useAuth();
  const salons = useQuery(clientSalonsQuery(user?.username));
  const list = salons.data;
  // One location: nothing to choose, straight to its bookings.
  if (list?.length === 1 && list[0]!.id === salon.id) {
    return <Navigate to={`/salon-booking/${salon.id}`} replace />;
  }
  return (
    <>
      <h1 className={pageTitle}>Locations</h1>
      {salons.isPending && <Loading what="your bookings" />}
      {!list && salons.isError && <CallFailed message={salons.error.message} onRetry={() => void salons.refetch()} />}
      {list &&
        (list.length === 0 ? (
          <p className={`${card} ${css({ p: '4' })}`}>We can&apos;t find any salons for you</p>
        ) : (
          <>
            <p className={css({ mb: '2', fontWeight: '600' })}>Choose location:</p>
            <ul aria-label="Locations" className={css({ listStyle: 'none', display: 'flex', flexDirection: 'column', gap: '2' })}>
              {list.map((s) => (
                <Location key={s.id} s={s} />
              ))}
            </ul>
          </>
        ))}
      <MakeABooking />
    </>
  );
}
