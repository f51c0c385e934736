import { useQuery } from '@tanstack/react-query';
import { css } from '../../../styled-system/css';
import type { HistoryEntry } from '../../../shared/console/history';
import { MENU_HISTORY_LABELS } from '../../../shared/console/menu';
import { PHOTO_LABELS, type StylistPhotoValue } from '../../../shared/console/photos';
import { SETTING_LABELS } from '../../../shared/console/settings';
import { CallFailed, Loading } from '../../components/CallFailed';
import { useCurrentSalon } from '../app/current-salon';
import { screenTitle, sectionBox, table } from '../app/looks';
import { staffCall } from '../lib/api';
import { describeValue } from '../settings/describe';
import { whenOf } from './when';

/** History: every change of the booking page's settings and photos, who made it and when, old → new. */
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
                {q.data.map((h, i) => (
                  <tr key={`${h.version}-${h.field}-${i}`}>
                    <td className={css({ whiteSpace: 'nowrap' })}>{whenOf(h.at)}</td>
                    <td className={css({ overflowWrap: 'anywhere' })}>{h.who}</td>
                    <td>{labelOf(h)}</td>
                    <td>
                      <Value entry={h} value={h.old} /> → <Value entry={h} value={h.new} />
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

const isPhoto = (field: string): field is keyof typeof PHOTO_LABELS => field in PHOTO_LABELS;

function labelOf(h: HistoryEntry): string {
  if (h.field === 'stylist_photo') return `Photo of ${(h.new as StylistPhotoValue | null)?.stylist ?? 'a stylist'}`;
  if (h.field === 'menu_category' || h.field === 'menu_service') return MENU_HISTORY_LABELS[h.field];
  return isPhoto(h.field) ? PHOTO_LABELS[h.field] : (SETTING_LABELS[h.field] ?? h.field);
}

/** A value in words; an image as a small picture of itself. */
function Value({ entry, value }: { entry: HistoryEntry; value: unknown }) {
  if (!isPhoto(entry.field)) return <>{describeValue(entry.field, value)}</>;
  const url = entry.field === 'stylist_photo' ? (value as StylistPhotoValue | null)?.url : (value as string | null);
  if (!url) return <>none</>;
  return (
    <img
      src={url}
      alt={entry.old === value ? 'the earlier image' : 'the new image'}
      className={css({ display: 'inline-block', h: '8', w: 'auto', maxW: '16', verticalAlign: 'middle', rounded: 'sm' })}
    />
  );
}
