import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { css } from '../../../styled-system/css';
import { TIME_OFF_REASON_LABELS, type StrandedAppointment, type TimeOff } from '../../../shared/console/time-off';
import { smallOutlineButton } from '../../components/styles';
import { decideTimeOff, removeTimeOff, strandedBy, timeChanged } from './api';
import { TIME_OFF_STATUS_LOOK, whenOf } from './format';
import { StrandedConfirm } from './Stranded';

const DECISION_WORDS = { approve: 'Approve', decline: 'Decline' } as const;

/**
 * One stretch of time off: who, when, why, its state in words; and what the person may do with it
 * (an owner or manager approves or declines one asked for, or removes it; a stylist withdraws
 * their own request). Approving over appointments shows them first, as adding does.
 */
export function TimeOffItem(p: {
  salonId: number;
  t: TimeOff;
  timezone: string;
  /** shown when the list is of several stylists */
  stylistName?: string;
  canDecide: boolean;
  canRemove: boolean;
  /** the words of removing: 'Remove' (owner, manager) or 'Withdraw' (their own request) */
  removeWord?: string;
  onDone: (message: string) => void;
}) {
  const { t } = p;
  const queries = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const [stranded, setStranded] = useState<StrandedAppointment[] | null>(null);
  const who = p.stylistName ? `${p.stylistName}: ` : '';
  const when = whenOf(t, p.timezone);
  const act = async (what: 'approve' | 'decline' | 'remove' | 'approve-anyway') => {
    setBusy(true);
    setFailure('');
    try {
      if (what === 'remove') await removeTimeOff(p.salonId, t);
      else if (what === 'approve-anyway') await decideTimeOff(p.salonId, t, 'approve', true);
      else await decideTimeOff(p.salonId, t, what);
      setStranded(null);
      void timeChanged(queries, p.salonId);
      const done = {
        approve: 'approved',
        'approve-anyway': 'approved',
        decline: 'declined',
        remove: p.removeWord === 'Withdraw' ? 'withdrawn' : 'removed',
      }[what];
      p.onDone(`Time off ${done}: ${who}${when}.`);
    } catch (e) {
      const appointments = what === 'approve' ? strandedBy(e) : null;
      if (appointments) setStranded(appointments);
      else setFailure(e instanceof Error ? e.message : 'That did not work: try again');
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className={css({ py: '2', borderBottom: '1px solid {colors.surfaceMuted}', display: 'grid', gap: '1' })}>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '1 3', alignItems: 'baseline' })}>
        <span className={css({ flex: '1 1 14rem' })}>
          {p.stylistName && <strong>{p.stylistName}</strong>}
          {p.stylistName && ' · '}
          {when} · {TIME_OFF_REASON_LABELS[t.reason] ?? t.reason}
          {t.note && <span className={css({ color: 'textMuted', fontSize: 'sm' })}> · “{t.note}”</span>}
        </span>
        <span className={css({ fontWeight: '700', fontSize: 'sm' })} style={{ color: TIME_OFF_STATUS_LOOK[t.status].colour }}>
          {TIME_OFF_STATUS_LOOK[t.status].label}
        </span>
      </div>
      {(p.canDecide && t.status === 'requested') || p.canRemove ? (
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
          {p.canDecide &&
            t.status === 'requested' &&
            (['approve', 'decline'] as const).map((d) => (
              <button
                key={d}
                type="button"
                className={smallOutlineButton}
                disabled={busy}
                aria-label={`${DECISION_WORDS[d]} ${who}${when}`}
                onClick={() => void act(d)}
              >
                {DECISION_WORDS[d]}
              </button>
            ))}
          {p.canRemove && (
            <button
              type="button"
              className={smallOutlineButton}
              disabled={busy}
              aria-label={`${p.removeWord ?? 'Remove'} ${who}${when}`}
              onClick={() => void act('remove')}
            >
              {p.removeWord ?? 'Remove'}
            </button>
          )}
        </div>
      ) : null}
      {failure && (
        <p role="alert" className={css({ color: 'danger', fontSize: 'sm' })}>
          {failure}
        </p>
      )}
      {stranded && (
        <StrandedConfirm
          appointments={stranded}
          timezone={p.timezone}
          confirm="Approve anyway"
          busy={busy}
          onConfirm={() => void act('approve-anyway')}
          onBack={() => setStranded(null)}
        />
      )}
    </li>
  );
}
