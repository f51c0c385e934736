import { css } from '../../../styled-system/css';
import type { StrandedAppointment } from '../../../shared/console/time-off';
import { outlineButton, primaryButton } from '../../components/styles';
import { clock, dateIn, shortDay } from '../lib/format';

/**
 * A change that would leave appointments in time the stylist no longer works (409
 * STRANDS_APPOINTMENTS): the appointments, and a choice. Saved anyway, they stay booked and the
 * diary flags them to be moved; nothing is saved until the person confirms.
 */
export function StrandedConfirm(p: {
  appointments: StrandedAppointment[];
  timezone: string;
  /** the confirming button's words ("Block anyway") */
  confirm: string;
  busy?: boolean;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const n = p.appointments.length;
  return (
    <div role="alert" className={css({ display: 'grid', gap: '3' })}>
      <p className={css({ fontWeight: '700' })}>
        {n === 1 ? '1 appointment is' : `${n} appointments are`} booked in that time. Nothing is saved yet.
      </p>
      <ul className={css({ display: 'grid', gap: '1', pl: '5', listStyle: 'disc' })}>
        {p.appointments.map((a) => (
          <li key={a.id}>
            {shortDay(dateIn(a.start, p.timezone))}, {clock(a.start, p.timezone)}–{clock(a.end, p.timezone)}: {a.client_name || 'No client'}
            {a.services.length > 0 && `, ${a.services.join(', ')}`}
          </li>
        ))}
      </ul>
      <p>Saved anyway, they stay booked and the diary marks them “Needs moving” until they are moved or cancelled.</p>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
        <button type="button" className={primaryButton} disabled={p.busy} onClick={p.onConfirm}>
          {p.busy ? 'Saving…' : p.confirm}
        </button>
        {/* the safe choice has the focus */}
        <button type="button" className={outlineButton} autoFocus onClick={p.onBack}>
          Go back
        </button>
      </div>
    </div>
  );
}
