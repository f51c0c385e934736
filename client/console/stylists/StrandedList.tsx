import { Link } from 'react-router';
import { css } from '../../../styled-system/css';
import type { StrandsAnswer } from '../../../shared/console/stylists';
import { linkButton, primaryButton } from '../../components/styles';
import { longDay } from '../lib/format';

/**
 * The appointments a change would strand (a 409 of the call): each with a link to its day in the
 * diary to move or cancel it, and a confirmation that keeps them (they stay, flagged).
 */
export function StrandedList(p: {
  salonId: number;
  answer: StrandsAnswer;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <div role="alert" className={css({ my: '3', p: '3', border: '1px solid', borderColor: 'danger', rounded: 'md' })}>
      <p className={css({ mb: '2' })}>{p.answer.message}</p>
      <ul className={css({ mb: '3', pl: '5', listStyle: 'disc' })}>
        {p.answer.appointments.map((a) => (
          <li key={a.id} className={css({ mb: '1' })}>
            <Link to={`/salons/${p.salonId}/diary?date=${a.start.slice(0, 10)}`}>
              {longDay(a.start.slice(0, 10))}, {a.start.slice(11, 16)} to {a.end.slice(11, 16)}
            </Link>
            : {a.client_name || 'a client'}, {a.services.join(', ')}
          </li>
        ))}
      </ul>
      <div className={css({ display: 'flex', gap: '4', flexWrap: 'wrap', alignItems: 'center' })}>
        <button type="button" className={primaryButton} onClick={p.onConfirm}>
          {p.confirmLabel}
        </button>
        <button type="button" className={linkButton} onClick={p.onCancel}>
          Not now
        </button>
      </div>
    </div>
  );
}
