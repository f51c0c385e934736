import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate, useParams } from 'react-router';
import { css } from '../../../styled-system/css';
import { rowIdOf } from '../../../shared/ids';
import { REBOOKING_TEXTS, type RebookingAppointment, type RebookingClient } from '../../../shared/rebooking';
import { CallFailed, Loading } from '../../components/CallFailed';
import { card, pageTitle, primaryButton } from '../../components/styles';
import { historyQuery } from './api';
import { AppointmentDetails } from './AppointmentDetails';
import { chooseAppointment, useRebooking } from './store';
import { useClient } from './useClient';

/** /history/{clientId}: 'Hi {first_name}' and the past appointments at that salon, each with REBOOK. */
export function History() {
  const { clientId = '' } = useParams();
  const id = rowIdOf(clientId);
  const valid = id !== null;
  const found = useClient(id ?? 0);
  if (!valid || found.status === 'unknown') return <Navigate to="/salon" replace />;
  if (found.status === 'ok') return <PastAppointments client={found.client} />;
  return (
    <>
      <h1 className={pageTitle}>Your past appointments</h1>
      {found.status === 'error' ? <CallFailed message={found.message} onRetry={found.retry} /> : <Loading what="your details" />}
    </>
  );
}

function PastAppointments({ client }: { client: RebookingClient }) {
  const { firstName } = useRebooking();
  const navigate = useNavigate();
  const history = useQuery(historyQuery(client.id, client.salon.id));
  const past = history.data;
  const rebook = (a: RebookingAppointment) => {
    chooseAppointment(a);
    navigate(`/time/${a.id}`);
  };
  return (
    <>
      <h1 className={pageTitle}>Hi {client.first_name || firstName}</h1>
      {history.isPending && <Loading what="your past appointments" />}
      {!past && history.isError && <CallFailed message={history.error.message} onRetry={() => void history.refetch()} />}
      {past?.length === 0 && (
        <p role="status">
          {REBOOKING_TEXTS.noHistory} {client.salon.name}
        </p>
      )}
      {past && past.length > 0 && (
        <>
          <h2 className={css({ fontSize: 'lg', fontWeight: '700', mb: '3' })}>Book one of your past appointments again</h2>
          <ul
            aria-label="Past appointments"
            className={css({ listStyle: 'none', display: 'flex', flexDirection: 'column', gap: '3', pb: '6' })}
          >
            {past.map((a) => (
              <li key={a.id} className={`${card} ${css({ p: '4' })}`}>
                <AppointmentDetails
                  salon={client.salon}
                  startsAt={a.starts_at}
                  endsAt={a.ends_at}
                  procedures={a.procedures}
                  price={a.price}
                  dateId={`past-${a.id}`}
                >
                  {a.can_rebook ? (
                    <button
                      type="button"
                      aria-describedby={`past-${a.id}`}
                      className={`${primaryButton} ${css({ alignSelf: 'flex-start', minH: '11' })}`}
                      onClick={() => rebook(a)}
                    >
                      REBOOK
                    </button>
                  ) : (
                    <p className={css({ fontWeight: '700', fontSize: 'sm', color: 'textMuted', letterSpacing: '0.04em' })}>
                      NOT BOOKABLE ONLINE
                    </p>
                  )}
                </AppointmentDetails>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
