import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { css } from '../../../styled-system/css';
import { CallFailed, Loading } from '../../components/CallFailed';
import { PageTitle } from '../../components/PageTitle';
import { Price } from '../../components/Price';
import { card, outlineButton, primaryButton } from '../../components/styles';
import { downloadIcs } from '../../lib/download';
import { zoneTimeLabel } from '../../lib/salon-time';
import { useSalon } from '../../lib/salon-context';
import { useAuth } from '../auth';
import { CancellationPolicy } from '../summary';
import { appointmentQuery, bookingKeys, cancelAppointment } from './api';
import { Badge } from './Badge';
import { DepositRequest } from './DepositRequest';
import { CancelledDialog, ManageDialog, NotPossibleDialog } from './CancelDialogs';
import { badgeOf, depositText, moneyOf, noShowFeeText, whenOf } from './format';
import type { Appointment } from './types';
import { useOwnSalonArea } from './useOwnSalonArea';
import { rowIdOf } from '../../../shared/ids';

type Dialog = 'manage' | 'not-possible' | 'cancelled' | null;

function notPossibleReason(a: Appointment): string {
  if (a.cancellation.reason === 'inside_window') {
    return `Appointments can't be cancelled or changed online within ${a.cancellation.window_hours} hours of their start.`;
  }
  return "This salon doesn't take cancellations online.";
}

/** What cancelling does to the deposit, told before and after. */
function depositOutcome(a: Appointment, money: (n: number) => string): string | null {
  if (a.deposit <= 0) return null;
  if (a.deposit_status === 'refunded') return `Your deposit of ${money(a.deposit)} has been refunded.`;
  if (a.deposit_status === 'kept') return `The salon keeps your deposit of ${money(a.deposit)}.`;
  if (a.deposit_status === 'paid' || a.deposit_status === 'held') {
    return a.cancellation.refund_outside_window
      ? `Your deposit of ${money(a.deposit)} will be refunded.`
      : `The salon keeps your deposit of ${money(a.deposit)}.`;
  }
  return null;
}

/** /{salonId}/appointment/{id}: one booking, its policy and badge, the calendar file, cancel or change time. */
export function AppointmentDetails() {
  const { bookingsSalonId = '', appointmentId = '' } = useParams();
  const salonId = useOwnSalonArea(bookingsSalonId, (id) => `${id}/appointment/${appointmentId}`);
  const { salon } = useSalon();
  const { user } = useAuth();
  const navigate = useNavigate();
  const id = rowIdOf(appointmentId);
  const loaded = useQuery(appointmentQuery(salonId, id));
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  const cancellation = useMutation({
    mutationFn: (a: Appointment) => cancelAppointment(salon.id, a.id, user?.username ?? ''),
    onSuccess: (cancelled) => {
      queryClient.setQueryData(bookingKeys.appointment(salon.id, cancelled.id), cancelled);
      void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
      setDialog('cancelled');
    },
    onError: (e) => {
      if (e.code === 'CANCEL_NOT_ALLOWED') setDialog('not-possible');
    },
  });
  const failure = cancellation.isError && cancellation.error.code !== 'CANCEL_NOT_ALLOWED' ? cancellation.error.message : null;
  const money = moneyOf(salon);
  const back = (
    <Link to={`/salon-booking/${salon.id}`} className={outlineButton}>
      YOUR BOOKINGS
    </Link>
  );

  if (id === null || (!loaded.data && loaded.error?.status === 404)) {
    return (
      <>
        <PageTitle>Appointment</PageTitle>
        <p className={`${card} ${css({ p: '4', mb: '4' })}`}>We can&apos;t find that appointment.</p>
        {back}
      </>
    );
  }
  if (!loaded.data && loaded.isError) return <CallFailed message={loaded.error.message} onRetry={() => void loaded.refetch()} />;
  if (!loaded.data) return <Loading what="your appointment" />;

  const a = loaded.data;
  const { date, time } = whenOf(a, salon.timezone);
  const upcoming = a.status !== 'cancelled' && Date.parse(a.starts_at) > Date.now();
  const waitlist = badgeOf(a) === 'Waitlist Booking';
  const deposit = depositText(a, money);
  const canMove = !waitlist && a.procedures.every((p) => p.service.bookable_online);

  const cancel = () => {
    if (user) cancellation.mutate(a);
  };

  return (
    <>
      <PageTitle>Your appointment</PageTitle>
      <section aria-label="Appointment details" className={`${card} ${css({ p: '4', mb: '4' })}`}>
        <div className={css({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: '2', alignItems: 'flex-start' })}>
          <div className={css({ flex: '1 1 13rem', minW: 0 })}>
            <p className={css({ fontWeight: '700' })}>{date}</p>
            <p>{time}</p>
            <p className={css({ fontSize: 'sm', color: 'textMuted' })}>({zoneTimeLabel(salon.timezone)})</p>
          </div>
          <Badge text={badgeOf(a)} />
        </div>
        <ul className={css({ listStyle: 'none', my: '3', borderTop: '1px solid {colors.border}', pt: '2' })}>
          {a.procedures.map((p) => (
            <li key={p.id} className={css({ display: 'flex', justifyContent: 'space-between', gap: '2', py: '1' })}>
              <span className={css({ minW: 0 })}>
                <span className={css({ display: 'block', fontWeight: '600' })}>{p.service.name}</span>
                <span className={css({ display: 'block', fontSize: 'sm', color: 'textMuted' })}>
                  {p.stylist.user_name}, {p.stylist.role_name || 'Stylist'}
                </span>
              </span>
              <Price text={money(p.price)} />
            </li>
          ))}
        </ul>
        <p
          className={css({
            display: 'flex',
            justifyContent: 'space-between',
            fontWeight: '700',
            borderTop: '2px solid {colors.text}',
            pt: '2',
          })}
        >
          <span>Total</span>
          <span>{money(a.price)}</span>
        </p>
        {deposit && <p className={css({ mt: '2' })}>{deposit}</p>}
        {noShowFeeText(a, money) && <p className={css({ mt: '2' })}>{noShowFeeText(a, money)}</p>}
        {upcoming && <DepositRequest booking={a} money={money} />}
      </section>
      {!waitlist && <CancellationPolicy html={salon.salon_ncob_text} />}
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
        {upcoming && (
          <button type="button" className={primaryButton} onClick={() => setDialog(a.cancellation.allowed ? 'manage' : 'not-possible')}>
            CANCEL/EDIT APPOINTMENT
          </button>
        )}
        <button type="button" className={outlineButton} onClick={() => downloadIcs(`appointment-${a.id}.ics`, a.ics)}>
          {a.status === 'cancelled' ? 'REMOVE FROM CALENDAR' : 'ADD TO CALENDAR'}
        </button>
        {back}
      </div>
      {dialog === 'manage' && (
        <ManageDialog
          canMove={canMove}
          busy={cancellation.isPending}
          refundNote={depositOutcome(a, money)}
          failure={failure}
          onCancel={cancel}
          onMove={() => navigate(`/${salon.id}/appointment/${a.id}/time`)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'not-possible' && (
        <NotPossibleDialog phone={a.cancellation.phone || salon.phone} reason={notPossibleReason(a)} onClose={() => setDialog(null)} />
      )}
      {dialog === 'cancelled' && <CancelledDialog note={depositOutcome(a, money)} onClose={() => setDialog(null)} />}
    </>
  );
}
