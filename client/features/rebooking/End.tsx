import { Link, Navigate, useLocation } from 'react-router';
import { css } from '../../../styled-system/css';
import type { RebookAnswer, RebookingClient } from '../../../shared/rebooking';
import { card, linkButton, pageTitle, primaryButton } from '../../components/styles';
import { downloadIcs } from '../../lib/download';
import { AppointmentDetails } from './AppointmentDetails';
import { PhoneLink } from './PhoneLink';
import { useRebooking } from './store';

/** /end: the appointment has been requested (it is unconfirmed until the salon confirms it); Add to calendar. */
export function End() {
  const { state } = useLocation();
  const { client } = useRebooking();
  const answer = (state as { answer?: RebookAnswer } | null)?.answer;
  if (!answer?.ics || !client) return <Navigate to="/salon" replace />;
  const salon = (client as RebookingClient).salon;
  return (
    <>
      <h1 className={pageTitle}>Your appointment has been requested</h1>
      <p className={css({ mb: '4' })}>
        {salon.name} will confirm it with you soon. Until then it is unconfirmed; if you have any questions, call the salon on{' '}
        <PhoneLink phone={salon.phone} />.
      </p>
      <section aria-label="Your appointment" className={`${card} ${css({ p: '4', mb: '4' })}`}>
        <p className={css({ fontWeight: '700', mb: '2' })}>{salon.name}</p>
        <AppointmentDetails
          salon={salon}
          startsAt={answer.starts_at}
          endsAt={answer.ends_at}
          procedures={answer.procedures}
          price={answer.price}
        />
      </section>
      <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '4' })}>
        <button type="button" className={primaryButton} onClick={() => downloadIcs('appointment.ics', answer.ics)}>
          Add to calendar
        </button>
        <Link to={`/history/${client.id}`} className={linkButton}>
          Back to your past appointments
        </Link>
      </div>
    </>
  );
}
