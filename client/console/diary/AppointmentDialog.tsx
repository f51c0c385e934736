import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { salonTimeToIso } from '../../../shared/console/salon-time';
import { useState } from 'react';
import { css } from '../../../styled-system/css';
import { noShowFeeStopped, type DeskAppointment, type NoShowFee } from '../../../shared/console/diary';
import { CallFailed, Loading } from '../../components/CallFailed';
import { Modal } from '../../components/Modal';
import { fieldInput } from '../../components/form-styles';
import { linkButton, outlineButton, primaryButton } from '../../components/styles';
import { table } from '../ui/looks';
import { appointmentQuery, deskAction, diaryChanged, type DeskAction } from './api';
import { clock, dateIn, longDay, money, STATUS_LOOK } from '../lib/format';
import { AppointmentChips } from '../ui/StatusChip';
import { DeliveryBadge } from '../ui/DeliveryBadge';
import { AskFirst } from '../ui/AskFirst';
import { appointmentNo } from '../../../shared/console/appointment-number';
import { OFFER_OUTCOME_WORDS } from '../../../shared/waitlist-offers';
import { cancelDone, cancelWillDo, noShowDone, noShowWillDo } from './outcomes';
import { LazyCheckoutDialog as CheckoutDialog } from '../checkout';

const FEE_WORDS = {
  charging: 'being charged',
  requires_action: 'waiting for the client to approve it',
  paid: 'charged',
  failed: 'not charged',
} as const;
const PAYMENT_WORDS: Record<string, string> = {
  captured: 'paid',
  requires_capture: 'held',
  requires_action: 'waiting for 3-D Secure',
  refunded: 'refunded',
  refund_due: 'refund due',
  released: 'released',
  kept: 'kept by the salon',
  failed: 'failed',
  paid: 'charged',
  charging: 'being charged',
  none: 'none',
};

/** Why a refused fee is not tried again, once it has stopped (NO_SHOW_FEE_ATTEMPTS tries), after the card's words. */
const stoppedWords = (fee: NoShowFee) => (fee.status === 'failed' && !fee.can_retry ? ` ${noShowFeeStopped(fee.attempts)}` : '');

/** An appointment opened from the diary: client, history here, deposit and payments, notes, messages; the desk's actions. */
export function AppointmentDialog(p: {
  salonId: number;
  id: number;
  timezone: string;
  currency: string;
  canRunDesk: boolean;
  onClose: () => void;
}) {
  const q = useQuery(appointmentQuery(p.salonId, p.id));
  return (
    <Modal
      title={q.data ? `${q.data.client?.name || 'Appointment'}, ${clock(q.data.start, p.timezone)}` : 'Appointment'}
      onClose={p.onClose}
    >
      {q.isPending ? (
        <Loading what="the appointment" />
      ) : q.isError ? (
        <CallFailed message={q.error.message} onRetry={() => void q.refetch()} />
      ) : (
        <Details a={q.data} {...p} />
      )}
      <button type="button" className={css({ mt: '4' }) + ' ' + outlineButton} onClick={p.onClose}>
        Close
      </button>
    </Modal>
  );
}

function Details(p: { a: DeskAppointment; salonId: number; timezone: string; currency: string; canRunDesk: boolean }) {
  const { a, timezone, currency } = p;
  const queries = useQueryClient();
  const [done, setDone] = useState('');
  const [checkingOut, setCheckingOut] = useState(false);
  const act = useMutation({
    mutationFn: (action: DeskAction) => deskAction(p.salonId, a.id, action),
    onSuccess: (updated, action) => {
      queries.setQueryData(appointmentQuery(p.salonId, a.id).queryKey, updated);
      void diaryChanged(queries, p.salonId);
      // what happened, read from the appointment as the server answers it
      setDone(
        action === 'no-show'
          ? noShowDone(updated, currency) + (updated.no_show_fee ? stoppedWords(updated.no_show_fee) : '')
          : typeof action === 'string'
            ? { confirm: 'Confirmed.', arrived: 'Marked as arrived.' }[action]
            : 'cancel' in action
              ? cancelDone(updated, currency)
              : 'Moved. A text telling the client the new time is on its way.',
      );
    },
  });
  const started = Date.parse(a.start) <= Date.now();
  const open = a.status !== 'cancelled';
  return (
    <div className={css({ display: 'grid', gap: '3', fontSize: 'sm' })}>
      <p className={css({ fontWeight: '700' })}>Appointment {appointmentNo(a.number)}</p>
      <p>
        <strong>{longDay(dateIn(a.start, timezone))}</strong>, {clock(a.start, timezone)}–{clock(a.end, timezone)}{' '}
        <AppointmentChips a={a} />
      </p>
      {a.booked_through === 'google' && <p>Booked through Google</p>}
      {a.outside_opening_hours && <p role="note">Outside the salon’s opening hours (booked as any time the stylist is free).</p>}
      <ul className={css({ listStyle: 'disc', pl: '5' })}>
        {a.services.map((s) => (
          <li key={s.start + s.name}>
            {clock(s.start, timezone)} {s.name}
          </li>
        ))}
      </ul>
      <section aria-label="Client">
        <h3 className={css({ fontWeight: '700' })}>Client</h3>
        {a.client ? (
          <p>
            {a.client.name}
            {a.client.phone && (
              <>
                {' · '}
                <a href={`tel:${a.client.phone}`}>{a.client.phone}</a>
              </>
            )}
            {' · '}
            {a.no_shows === 1 ? '1 no-show' : `${a.no_shows} no-shows`} here
          </p>
        ) : (
          <p>No client on this appointment.</p>
        )}
        {a.history.length > 0 && (
          <details className={css({ mt: '1' })}>
            <summary className={css({ cursor: 'pointer' })}>History at this salon ({a.history.length})</summary>
            <ul className={css({ pl: '4', mt: '1' })}>
              {a.history.map((h) => (
                <li key={h.id}>
                  {longDay(dateIn(h.start, timezone))}: {h.services.join(', ') || 'Appointment'} · {STATUS_LOOK[h.status].label}
                  {h.no_show && ' · No-show'}
                </li>
              ))}
            </ul>
          </details>
        )}
      </section>
      <section aria-label="Money">
        <h3 className={css({ fontWeight: '700' })}>Price, deposit and payments</h3>
        <p>Price {money(a.price, currency)}</p>
        {a.no_show_protection && (
          <p>
            No-show fee {money(a.no_show_protection.fee, currency)} if they do not come:{' '}
            {a.no_show_protection.card ? `their ${a.no_show_protection.card} is on file` : 'no card on file, so it cannot be charged'}
          </p>
        )}
        {a.payments.length > 0 && (
          <table className={table}>
            <tbody>
              {a.payments.map((pay) => (
                <tr key={pay.what}>
                  <th scope="row">{pay.what}</th>
                  <td>{money(pay.amount, currency)}</td>
                  <td>{PAYMENT_WORDS[pay.status] ?? pay.status}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {a.no_show_fee?.failure && (
          <p role="alert" className={css({ color: 'danger', mt: '1' })}>
            No-show fee {FEE_WORDS[a.no_show_fee.status]}: {a.no_show_fee.failure}
            {stoppedWords(a.no_show_fee)}
          </p>
        )}
      </section>
      {a.notes && (
        <section aria-label="Notes">
          <h3 className={css({ fontWeight: '700' })}>Notes</h3>
          <p className={css({ whiteSpace: 'pre-wrap' })}>{a.notes}</p>
        </section>
      )}
      {a.waitlist_offers && (
        <section aria-label="Waitlist offers">
          <h3 className={css({ fontWeight: '700' })}>Times offered from the waitlist</h3>
          <ul className={css({ pl: '4' })}>
            {a.waitlist_offers.map((o) => (
              <li key={o.offered_at + o.start_time}>
                {longDay(dateIn(o.start_time, timezone))} {clock(o.start_time, timezone)}, offered {longDay(dateIn(o.offered_at, timezone))}{' '}
                {clock(o.offered_at, timezone)} (number {o.position} in line): {OFFER_OUTCOME_WORDS[o.outcome]}
                {o.outcome === 'claimed' && o.booked_id !== null ? `, ${appointmentNo(o.booked_id)}` : ''}
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-label="Messages">
        <h3 className={css({ fontWeight: '700' })}>Messages sent</h3>
        {a.messages.length === 0 ? (
          <p>None yet.</p>
        ) : (
          <ul className={css({ pl: '4' })}>
            {a.messages.map((m) => (
              <li key={m.what + m.sent_at}>
                {m.what}, {longDay(dateIn(m.sent_at, timezone))} {clock(m.sent_at, timezone)}
                <DeliveryBadge status={m.status} />
              </li>
            ))}
          </ul>
        )}
      </section>
      {open && (
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
          {p.canRunDesk && (
            <button type="button" className={primaryButton} onClick={() => setCheckingOut(true)}>
              Checkout
            </button>
          )}
          {p.canRunDesk && a.status === 'unconfirmed' && (
            <button type="button" className={primaryButton} disabled={act.isPending} onClick={() => act.mutate('confirm')}>
              Confirm
            </button>
          )}
          {/* from the appointment's day on: the server refuses it days ahead (NOT_ITS_DAY) */}
          {!a.arrived && !a.no_show && dateIn(a.start, timezone) <= dateIn(Date.now(), timezone) && (
            <button type="button" className={outlineButton} disabled={act.isPending} onClick={() => act.mutate('arrived')}>
              Arrived
            </button>
          )}
          {p.canRunDesk && started && (!a.no_show_fee || a.no_show_fee.can_retry) && (
            <AskFirst
              className={outlineButton}
              disabled={act.isPending}
              question={a.no_show ? 'Charge the no-show fee again?' : 'Mark as a no-show?'}
              consequences={noShowWillDo(a, currency)}
              confirm={a.no_show ? 'Charge the fee' : 'Mark as a no-show'}
              onConfirm={() => act.mutate('no-show')}
            >
              {a.no_show ? 'Charge the no-show fee again' : 'No-show'}
            </AskFirst>
          )}
        </div>
      )}
      {open && p.canRunDesk && (
        <MoveAndCancel a={a} timezone={timezone} currency={currency} pending={act.isPending} onAct={(x) => act.mutate(x)} />
      )}
      {checkingOut && (
        <CheckoutDialog
          salonId={p.salonId}
          appointmentId={a.id}
          title={a.client?.name || 'Appointment'}
          onClose={() => setCheckingOut(false)}
        />
      )}
      <div aria-live="polite">
        {act.isError && (
          <p role="alert" className={css({ color: 'danger' })}>
            {act.error.message}
          </p>
        )}
        {done && !act.isError && <p>{done}</p>}
      </div>
    </div>
  );
}

function MoveAndCancel(p: { a: DeskAppointment; timezone: string; currency: string; pending: boolean; onAct: (a: DeskAction) => void }) {
  const [when, setWhen] = useState('');
  const [anyTime, setAnyTime] = useState(false);
  // one of a repeat series: this one only, or it and the following ones
  const [following, setFollowing] = useState(false);
  const series = following ? p.a.series_id : undefined;
  return (
    <details>
      <summary className={css({ cursor: 'pointer', fontWeight: '600' })}>Move or cancel</summary>
      {p.a.series_id && (
        <label className={css({ display: 'flex', gap: '2', alignItems: 'center', mt: '2' })}>
          <input type="checkbox" checked={following} onChange={(e) => setFollowing(e.target.checked)} /> This and the following appointments
          of its repeat series
        </label>
      )}
      <form
        className={css({ display: 'grid', gap: '2', mt: '2' })}
        onSubmit={(e) => {
          e.preventDefault();
          // the time typed is the salon's, whatever the browser's own timezone
          const move = salonTimeToIso(when, p.timezone);
          if (move) p.onAct({ move, anyTime, series });
        }}
      >
        <label className={css({ fontWeight: '600' })}>
          New date and time (the salon's time)
          <input type="datetime-local" step={300} required className={fieldInput} value={when} onChange={(e) => setWhen(e.target.value)} />
        </label>
        <label className={css({ display: 'flex', gap: '2', alignItems: 'center' })}>
          <input type="checkbox" checked={anyTime} onChange={(e) => setAnyTime(e.target.checked)} /> Any time the stylist is free (not only
          the times offered online)
        </label>
        <button type="submit" className={outlineButton} disabled={p.pending}>
          Move
        </button>
      </form>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', mt: '3' })}>
        {(['client', 'salon'] as const).map((by) => (
          <AskFirst
            key={by}
            className={linkButton}
            disabled={p.pending}
            question={series ? 'Cancel this and the following appointments of the series?' : 'Cancel this appointment?'}
            consequences={cancelWillDo(p.a, by, p.currency)}
            confirm={series ? 'Cancel them' : 'Cancel the appointment'}
            back="Keep the appointment"
            onConfirm={() => p.onAct({ cancel: by, series })}
          >
            {by === 'client' ? 'Cancel: the client asked' : 'Cancel: the salon cancels (full refund)'}
          </AskFirst>
        ))}
      </div>
    </details>
  );
}
