import { useQuery } from '@tanstack/react-query';
import { css } from '../../../styled-system/css';
import type { HistoryEntry } from '../../../shared/console/history';
import { SETTING_LABELS } from '../../../shared/console/settings';
import { CallFailed, Loading } from '../../components/CallFailed';
import { useCurrentSalon } from '../app/current-salon';
import { screenTitle, sectionBox, table } from '../app/looks';
import { staffCall } from '../lib/api';
import { describeValue } from '../settings/describe';
import { whenOf } from './when';

/** History: every change of the booking page's settings, who made it and when, old → new. */
export function History() {
  const salon = useCurrentSalon();
  const q = useQuery({
    queryKey: ['console', salon.id, 'history'],
    queryFn: () => staffCall<HistoryEntry[]>(`salons/${salon.id}/history`),
  });
  return (
    <>
      <h1 className={screenTitle}>History</h1>
      <div className={sectionBox}>
        {q.isPending ? (
          <Loading what="the history" />
        ) : q.isError ? (
          <CallFailed message={q.error.message} onRetry={() => void q.refetch()} />
        ) : q.data.length === 0 ? (
          <p>No changes yet.</p>
        ) : (
          <div className={css({ overflowX: 'auto' })}>
            <table className={table}>
              <caption className={css({ srOnly: true })}>Changes to {salon.name}’s settings, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">Setting</th>
                  <th scope="col">Change</th>
                </tr>
              </thead>
              <tbody>
                {q.data.map((h) => (
                  <tr key={`${h.version}-${h.field}`}>
                    <td className={css({ whiteSpace: 'nowrap' })}>{whenOf(h.at)}</td>
                    <td className={css({ overflowWrap: 'anywhere' })}>{h.who}</td>
                    <td>{SETTING_LABELS[h.field] ?? h.field}</td>
                    <td>
                      {describeValue(h.field, h.old)} → {describeValue(h.field, h.new)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </>
  );
}
