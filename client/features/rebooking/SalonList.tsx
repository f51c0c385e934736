import { useQuery } from '@tanstack/react-query';
import { Link, Navigate } from 'react-router';
import { css } from '../../../styled-system/css';
import { REBOOKING_TEXTS } from '../../../shared/rebooking';
import { CallFailed, Loading } from '../../components/CallFailed';
import { card, pageTitle } from '../../components/styles';
import { clientsQuery } from './api';
import { useRebooking } from './store';

/** /salon: the salons where the client has past appointments; with one, straight to its history. */
export function SalonList() {
  const { token } = useRebooking();
  const clients = useQuery(clientsQuery(token));
  const list = clients.data;
  if (list?.length === 1) return <Navigate to={`/history/${list[0]!.id}`} replace />;
  return (
    <>
      <h1 className={pageTitle}>Your salons</h1>
      {clients.isPending && <Loading what="your salons" />}
      {!list && clients.isError && <CallFailed message={clients.error.message} onRetry={() => void clients.refetch()} />}
      {list?.length === 0 && <p role="status">{REBOOKING_TEXTS.noSalons}</p>}
      {list && list.length > 1 && (
        <>
          <p className={css({ mb: '3' })}>Choose a salon to see your past appointments there:</p>
          <ul aria-label="Salons" className={css({ listStyle: 'none', display: 'flex', flexDirection: 'column', gap: '3' })}>
            {list.map((c) => (
              <li key={c.id}>
                <Link
                  to={`/history/${c.id}`}
                  className={`${card} ${css({ display: 'block', p: '4', color: 'text', textDecoration: 'none', _hover: { borderColor: 'primary' } })}`}
                >
                  <span className={css({ display: 'block', fontWeight: '700' })}>{c.salon.name}</span>
                  <span className={css({ display: 'block', color: 'textMuted', fontSize: 'sm' })}>{c.salon.phone}</span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
