import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { css } from '../../../styled-system/css';
import type { RebookBody, RebookingClient } from '../../../shared/rebooking';
import { BOOKING_LIMIT } from '../../../shared/booking-request';
import { CallFailed } from '../../components/CallFailed';
import { PageTitle } from '../../components/PageTitle';
import { card, outlineButton, primaryButton } from '../../components/styles';
import { ApiError } from '../../lib/api';
import { dateIn } from '../../lib/salon-time';
import { useIdempotencyKey } from '../../lib/useIdempotencyKey';
import { rebook } from './api';
import { AppointmentDetails } from './AppointmentDetails';
import { endAfter } from './format';
import { useRebooking } from './store';
import type { ChosenTime } from './TimePicker';

const TIME_TAKEN = 'Sorry, that time has just been taken. Please choose another time.';

function chosenFrom(state: unknown, appointmentId: string): ChosenTime | null {
  const s = state as Partial<ChosenTime> | null;
  return typeof s?.time === 'string' && String(s.appointment?.id) === appointmentId ? (s as ChosenTime) : null;
}

/** /confirm/{appointmentId}: the chosen time with the past appointment's services; CONFIRM books it (unconfirmed). */
export function Confirm() {
  const { appointmentId = '' } = useParams();
  const { state } = useLocation();
  const { client } = useRebooking();
  const chosen = chosenFrom(state, appointmentId);
  if (!chosen || !client) return <Navigate to="/salon" replace />;
  return <ConfirmChoice chosen={chosen} client={client as RebookingClient} />;
}

function ConfirmChoice({ chosen: { time, appointment }, client }: { chosen: ChosenTime; client: RebookingClient }) {
  const navigate = useNavigate();
  const idempotency = useIdempotencyKey();
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<{ kind: 'taken' | 'not-rebookable' | 'other'; message: string } | null>(null);
  const body: RebookBody = { appointment_id: appointment.id, client_id: client.id, salon_id: appointment.salon_id, start_time: time };
  const backToTimes = () => navigate(`/time/${appointment.id}?from=${dateIn(client.salon.timezone, new Date(time))}`, { replace: true });

  const confirm = async () => {
    setSending(true);
    setFailure(null);
    const key = idempotency.forPress(body);
    try {
      const answer = await rebook(body, key);
      idempotency.answered();
      navigate('/end', { replace: true, state: { answer } });
    } catch (e) {
      const err = e instanceof ApiError ? e : new ApiError(String(e), 0);
      // No answer (offline, time-out): the next press sends the same key, so it books at most once.
      if (err.status !== 0) idempotency.answered();
      // 409: the time was taken or is no longer offered (choose another), or the services can no
      // longer be booked online (NOT_REBOOKABLE: no time would do).
      const kind = err.status !== 409 ? 'other' : err.code === 'NOT_REBOOKABLE' || err.code === BOOKING_LIMIT ? 'not-rebookable' : 'taken';
      setFailure({ kind, message: err.message });
      setSending(false);
    }
  };

  return (
    <>
      <PageTitle>Confirm your appointment</PageTitle>
      <section aria-label="Appointment" className={`${card} ${css({ p: '4', mb: '4' })}`}>
        <p className={css({ fontWeight: '700', mb: '2' })}>{client.salon.name}</p>
        <AppointmentDetails
          salon={client.salon}
          startsAt={time}
          endsAt={endAfter(time, appointment.starts_at, appointment.ends_at)}
          procedures={appointment.procedures}
          price={appointment.price}
        />
      </section>
      {failure?.kind === 'taken' ? (
        <div role="alert" className={css({ mb: '4' })}>
          <p className={css({ fontWeight: '600', mb: '3' })}>{TIME_TAKEN}</p>
          <button type="button" className={primaryButton} onClick={backToTimes}>
            CHOOSE ANOTHER TIME
          </button>
        </div>
      ) : failure?.kind === 'not-rebookable' ? (
        <div role="alert" className={css({ mb: '4' })}>
          <p className={css({ fontWeight: '600', mb: '3' })}>{failure.message}</p>
          <Link to={`/history/${client.id}`} className={primaryButton}>
            BACK TO YOUR APPOINTMENTS
          </Link>
        </div>
      ) : (
        <>
          {failure && <CallFailed message={failure.message} onRetry={confirm} />}
          <p className={css({ fontSize: 'sm', color: 'textMuted', mb: '3' })}>
            The salon will confirm your appointment once you have sent it.
          </p>
          <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3' })}>
            <button type="button" className={primaryButton} disabled={sending} aria-busy={sending} onClick={confirm}>
              {sending ? 'SENDING…' : 'CONFIRM'}
            </button>
            <button type="button" className={outlineButton} disabled={sending} onClick={backToTimes}>
              Change time
            </button>
          </div>
        </>
      )}
    </>
  );
}
