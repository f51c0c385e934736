import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { css } from '../../../styled-system/css';
import { CallFailed, Loading } from '../../components/CallFailed';
import { PageTitle } from '../../components/PageTitle';
import { card, outlineButton, primaryButton } from '../../components/styles';
import { downloadIcs } from '../../lib/download';
import { useSalon } from '../../lib/salon-context';
import { cancelLinkedAppointment, linkedAppointmentQuery } from './api';
import { Badge } from './Badge';
import { CancelledDialog, NotPossibleDialog } from './CancelDialogs';
import { Modal } from '../../components/Modal';
import { badgeOf, depositText, moneyOf, whenOf } from './format';
import { ProcedureList } from './ProcedureList';

const actions = css({ display: 'flex', flexWrap: 'wrap', gap: '2', mt: '4' });

/**
 * /visit/{token}: the appointment a reminder's link opens without a password. The client can
 * see it, add it to a calendar and cancel it within the salon's rules; changing the time, or
 * anything else, asks them to log in.
 */
export function LinkedAppointment() {
  const { token = '' } = useParams();
  const { salon } = useSalon();
  const queries = useQueryClient();
  const loaded = useQuery(linkedAppointmentQuery(token));
  const [dialog, setDialog] = useState<'confirm' | 'not-possible' | 'cancelled' | null>(null);
  const cancel = useMutation({
    mutationFn: () => cancelLinkedAppointment(token),
    onSuccess: (done) => {
      queries.setQueryData(linkedAppointmentQuery(token).queryKey, done);
      setDialog('cancelled');
    },
    onError: (e) => {
      if (e.code === 'CANCEL_NOT_ALLOWED') setDialog('not-possible');
    },
  });
  const login = (
    <Link to="/profile-login" className={outlineButton}>
      LOG IN TO CHANGE IT
    </Link>
  );

  if (loaded.isError && loaded.error.status === 404) {
    return (
      <>
        <PageTitle>Appointment</PageTitle>
        <p className={`${card} ${css({ p: '4', mb: '4' })}`}>{loaded.error.message}</p>
        {login}
      </>
    );
  }
  if (loaded.isError) return <CallFailed message={loaded.error.message} onRetry={() => void loaded.refetch()} />;
  if (!loaded.data) return <Loading what="your appointment" />;

  const a = loaded.data.appointment;
  const money = moneyOf(salon);
  const { date, time } = whenOf(a, salon.timezone);
  const upcoming = a.status !== 'cancelled' && Date.parse(a.starts_at) > Date.now();
  const deposit = depositText(a, money);
  const failure = cancel.isError && cancel.error.code !== 'CANCEL_NOT_ALLOWED' ? cancel.error.message : null;
  return (
    <>
      <PageTitle>Your appointment</PageTitle>
      <section aria-label="Appointment details" className={`${card} ${css({ p: '4', mb: '4' })}`}>
        <div className={css({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: '2' })}>
          <div>
            <p className={css({ fontWeight: '700' })}>{date}</p>
            <p>{time}</p>
            <p className={css({ fontSize: 'sm', color: 'textMuted' })}>
              {salon.name} ({salon.timezone} time)
            </p>
          </div>
          <Badge text={badgeOf(a)} />
        </div>
        <ProcedureList procedures={a.procedures} money={money} />
        {deposit && <p className={css({ mt: '2' })}>{deposit}</p>}
      </section>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
        <button type="button" className={outlineButton} onClick={() => downloadIcs(`appointment-${a.id}.ics`, a.ics)}>
          {a.status === 'cancelled' ? 'REMOVE FROM CALENDAR' : 'ADD TO CALENDAR'}
        </button>
        {upcoming && (
          <button type="button" className={primaryButton} onClick={() => setDialog(a.cancellation.allowed ? 'confirm' : 'not-possible')}>
            CANCEL APPOINTMENT
          </button>
        )}
        {upcoming && login}
      </div>
      {dialog === 'confirm' && (
        <Modal title="Cancel your appointment" onClose={() => setDialog(null)}>
          <p>Would you like to cancel this appointment?</p>
          {failure && (
            <p role="alert" className={css({ mt: '2', color: 'danger', fontWeight: '600' })}>
              {failure}
            </p>
          )}
          <div className={actions}>
            <button type="button" className={primaryButton} disabled={cancel.isPending} onClick={() => cancel.mutate()}>
              {cancel.isPending ? 'CANCELLING…' : 'YES, CANCEL IT'}
            </button>
            <button type="button" className={outlineButton} onClick={() => setDialog(null)}>
              KEEP IT
            </button>
          </div>
        </Modal>
      )}
      {dialog === 'not-possible' && (
        <NotPossibleDialog
          phone={a.cancellation.phone || salon.phone}
          reason={
            a.cancellation.reason === 'inside_window'
              ? `Appointments can't be cancelled online within ${a.cancellation.window_hours} hours of their start.`
              : "This salon doesn't take cancellations online."
          }
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'cancelled' && <CancelledDialog note={null} onClose={() => setDialog(null)} />}
    </>
  );
}
