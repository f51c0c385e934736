import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { css } from '../../../styled-system/css';
import type { Today as TodayData } from '../../../shared/console/today';
import { CallFailed, Loading } from '../../components/CallFailed';
import { muted, screenTitle, sectionBox, sectionTitle, statsGrid } from '../ui/looks';
import { useCurrentSalon } from '../lib/current-salon';
import { DeliveryBadge } from '../ui/DeliveryBadge';
import { diaryChanged } from '../diary';
import { clock, dateIn, longDay, money } from '../lib/format';
import { AppointmentChips } from '../ui/StatusChip';
import { connectSalonChannel } from '../lib/live';
import { DIARY_EVENT } from '../../../shared/console/diary';
import { ABSENCE_EVENT } from '../../../shared/console/time-off';
import { TimeOffItem } from '../time-off';
import { SETUP_EVENT } from '../../../shared/console/setup';
import { todayQuery } from './api';
import { SetupChecklist } from './SetupChecklist';
import { LazyCheckoutDialog as CheckoutDialog } from '../checkout';
import { CAN } from '../../../shared/console/roles';
import { smallOutlineButton } from '../../components/styles';

const list = css({ listStyle: 'none', '& li': { py: '2', borderBottom: '1px solid {colors.surfaceMuted}' } });

/** Today: the salon's day at a glance (docs/console/README.md): appointments, arrivals, requests waiting, messages that failed, time off asked for, and a new salon's checklist. */
export function Today() {
  const salon = useCurrentSalon();
  const queries = useQueryClient();
  const q = useQuery(todayQuery(salon.id));
  const [checkout, setCheckout] = useState<{ id: number; title: string } | null>(null);
  const canCheckout = (CAN.checkout as readonly string[]).includes(salon.role);
  useEffect(
    () => connectSalonChannel(salon.id, () => void diaryChanged(queries, salon.id), [DIARY_EVENT, ABSENCE_EVENT, SETUP_EVENT]),
    [salon.id, queries],
  );
  if (q.isPending) return <Loading what="today" />;
  if (q.isError) return <CallFailed message={q.error.message} onRetry={() => void q.refetch()} />;
  const t = q.data;
  const booked = t.appointments.filter((a) => a.status !== 'cancelled');
  return (
    <>
      <h1 className={screenTitle}>Today</h1>
      <p className={css({ fontWeight: '600', mb: '3' })}>{longDay(t.date)}</p>
      {/* messages that failed come first, for the desk to phone them; none is a calm line at the foot */}
      {!!t.failed_messages?.length && <FailedMessages today={t} />}
      {t.setup && <SetupChecklist salon={salon} items={t.setup} />}
      <TimeOffRequests salonId={salon.id} today={t} />
      <dl className={statsGrid}>
        <div>
          <dt>Appointments</dt>
          <dd>{booked.length}</dd>
        </div>
        <div>
          <dt>Arrived</dt>
          <dd>{t.arrived}</dd>
        </div>
        <div>
          <dt>Still to come</dt>
          <dd>{t.to_come}</dd>
        </div>
      </dl>
      <section aria-labelledby="today-appointments" className={sectionBox}>
        <h2 id="today-appointments" className={sectionTitle}>
          Appointments
        </h2>
        {t.appointments.length === 0 ? (
          <p>No appointments today.</p>
        ) : (
          <ul className={list}>
            {t.appointments.map((a) => (
              <li key={a.id} className={css({ display: 'flex', flexWrap: 'wrap', gap: '1 3', alignItems: 'baseline' })}>
                <span className={css({ fontWeight: '700', minW: '12' })}>{clock(a.start, t.timezone)}</span>
                <span className={css({ flex: '1 1 12rem' })}>
                  {a.client?.name ?? 'No client'}
                  <span className={muted}> · {a.services.map((s) => s.name).join(', ')}</span>
                </span>
                <span className={css({ display: 'inline-flex', gap: '1' })}>
                  <AppointmentChips a={a} />
                </span>
                {canCheckout && a.status !== 'cancelled' && a.status !== 'waitlist' && (
                  <button
                    type="button"
                    className={smallOutlineButton}
                    aria-label={`Checkout: ${a.client?.name ?? 'No client'}, ${clock(a.start, t.timezone)}`}
                    onClick={() => setCheckout({ id: a.id, title: a.client?.name ?? 'Appointment' })}
                  >
                    Checkout
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
        <Link
          to={`../diary?date=${t.date}`}
          relative="path"
          className={css({ display: 'inline-block', mt: '3', color: 'primary', textDecoration: 'underline' })}
        >
          Open the diary
        </Link>
        {checkout && (
          <CheckoutDialog salonId={salon.id} appointmentId={checkout.id} title={checkout.title} onClose={() => setCheckout(null)} />
        )}
      </section>
      {t.requests_waiting && (
        <section aria-labelledby="today-requests" className={sectionBox}>
          <h2 id="today-requests" className={sectionTitle}>
            Requests waiting
          </h2>
          {t.requests_waiting.length === 0 ? (
            <p>No deposit requests are waiting for clients.</p>
          ) : (
            <ul className={list}>
              {t.requests_waiting.map((r) => (
                <li key={r.id}>
                  {r.client_name}: {r.amount ? money(r.amount, t.currency) : 'card only'} for{' '}
                  {longDay(dateIn(r.appointment_start, t.timezone))}
                  <span className={muted}> ({r.status === 'seen' ? 'seen' : r.status === 'reminded' ? 'reminded' : 'sent'})</span>
                </li>
              ))}
            </ul>
          )}
          <Link
            to="../requests"
            relative="path"
            className={css({ display: 'inline-block', mt: '3', color: 'primary', textDecoration: 'underline' })}
          >
            Open requests
          </Link>
        </section>
      )}
      {t.failed_messages?.length === 0 && <FailedMessages today={t} />}
    </>
  );
}

/** Messages that did not reach their client today: shown first, so the desk can phone them. */
function FailedMessages({ today: t }: { today: TodayData }) {
  if (!t.failed_messages) return null;
  const failed = t.failed_messages;
  return (
    <section
      aria-labelledby="today-failed"
      className={`${sectionBox} ${failed.length ? css({ borderColor: 'danger', borderWidth: '2px' }) : ''}`}
    >
      <h2 id="today-failed" className={sectionTitle}>
        Messages that failed today
      </h2>
      {failed.length === 0 ? (
        <p>None: every message sent today reached its client, or is on its way.</p>
      ) : (
        <ul className={list}>
          {failed.map((m) => (
            <li key={m.key}>
              <strong>{m.client_name ?? 'A client'}</strong>: {m.what} by {m.channel === 'sms' ? 'text' : 'email'}
              {m.appointment_start && ` for ${clock(m.appointment_start, t.timezone)} ${longDay(dateIn(m.appointment_start, t.timezone))}`}
              <DeliveryBadge status={m.status} />
              <span className={muted}>
                {' '}
                at {clock(m.at, t.timezone)}
                {m.error_code && ` (${m.error_code})`}. Call them to remind them.
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Time off stylists have asked for, waiting for an owner or manager (null: not the caller's to decide). */
function TimeOffRequests({ salonId, today: t }: { salonId: number; today: TodayData }) {
  const [done, setDone] = useState('');
  const requests = t.time_off_requests;
  // shown while there is something to decide, or to say what was just decided
  if (!requests || (requests.length === 0 && !done)) return null;
  return (
    <section aria-labelledby="today-time-off" className={sectionBox}>
      <h2 id="today-time-off" className={sectionTitle}>
        Time off asked for
      </h2>
      {done && (
        <p role="status" className={css({ mb: '2' })}>
          {done}
        </p>
      )}
      {requests.length === 0 ? (
        <p>No requests for time off are waiting.</p>
      ) : (
        <ul className={css({ listStyle: 'none', m: '0', p: '0' })}>
          {requests.map((r) => (
            <TimeOffItem
              key={r.id}
              salonId={salonId}
              t={r}
              timezone={t.timezone}
              stylistName={r.stylist_name}
              canDecide
              canRemove={false}
              onDone={setDone}
            />
          ))}
        </ul>
      )}
      <Link
        to="../time-off"
        relative="path"
        className={css({ display: 'inline-block', mt: '3', color: 'primary', textDecoration: 'underline' })}
      >
        Open time off
      </Link>
    </section>
  );
}
