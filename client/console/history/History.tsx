import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { css, cx } from '../../../styled-system/css';
import type { HistoryEntry } from '../../../shared/console/history';
import { MENU_HISTORY_LABELS, type MenuHistoryField } from '../../../shared/console/menu';
import { ABSENCE_HISTORY_LABELS } from '../../../shared/console/time-off';
import { PHOTO_LABELS, type StylistPhotoValue } from '../../../shared/console/photos';
import { SETTING_LABELS } from '../../../shared/console/settings';
import { SETUP_HISTORY_LABELS } from '../../../shared/console/setup';
import { WAITLIST_HISTORY_LABELS } from '../../../shared/waitlist-offers';
import { SALE_HISTORY_LABELS } from '../../../shared/console/checkout';
import { CallFailed, Loading } from '../../components/CallFailed';
import { useCurrentSalon } from '../lib/current-salon';
import { screenTitle, sectionBox, table } from '../ui/looks';
import { describeValue } from '../settings';
import { whenOf } from '../lib/when';
import { historyQuery } from './api';
import { tableScroll } from '../ui/table-scroll';
import { stacked } from '../ui/stacked-table';

/** History: every change of the booking page's settings and photos, who made it and when, old → new. */
export function History() {
  const salon = useCurrentSalon();
  const captionId = useId();
  const q = useQuery(historyQuery(salon.id));
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
          // a table from 768 px; narrower, each change is a block of its own (when and who, the
          // setting, old → new), so nothing is squeezed into a column a letter wide. The roles keep
          // it a table to assistive technology whatever its display.
          // The region can take the keyboard's focus (WCAG 2.1.1) should the table ever scroll sideways.
          <div
            role="region"
            aria-labelledby={captionId}
            tabIndex={0}
            className={cx(tableScroll, css({ _focusVisible: { outline: '2px solid {colors.focus}', outlineOffset: '2px' } }))}
          >
            <table role="table" className={`${table} ${stacked.table}`}>
              <caption id={captionId} className={css({ srOnly: true })}>
                Changes to {salon.name}’s settings, newest first
              </caption>
              <thead className={stacked.head}>
                <tr role="row">
                  {['When', 'Who', 'Setting', 'Change'].map((h) => (
                    <th key={h} role="columnheader" scope="col">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className={stacked.body}>
                {q.data.map((h, i) => (
                  <tr role="row" key={`${h.version}-${h.field}-${i}`} className={stacked.row}>
                    <td role="cell" className={cells.when}>
                      {whenOf(h.at)}
                    </td>
                    <td role="cell" className={cells.who}>
                      {h.who}
                    </td>
                    <td role="cell" className={cells.setting}>
                      {labelOf(h)}
                    </td>
                    <td role="cell" className={cells.change}>
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

/** History's own cells, as they stack on a phone (ui/stacked-table.ts) or sit in the table. */
const cells = {
  when: css({ whiteSpace: 'nowrap', fontSize: { base: 'sm', md: 'md' }, color: { base: 'textMuted', md: 'text' } }),
  // an address whole on one line in the table; a block of its own on a phone (never a column a letter wide)
  who: css({ whiteSpace: { base: 'normal', md: 'nowrap' }, overflowWrap: 'anywhere', fontSize: { base: 'sm', md: 'md' } }),
  setting: css({ fontWeight: { base: '600', md: 'normal' } }),
  change: css({}),
};

const isMenu = (field: string): field is MenuHistoryField => field in MENU_HISTORY_LABELS;
const isPhoto = (field: string): field is keyof typeof PHOTO_LABELS => field in PHOTO_LABELS;

function labelOf(h: HistoryEntry): string {
  if (h.field === 'stylist_photo') return `Photo of ${(h.new as StylistPhotoValue | null)?.stylist ?? 'a stylist'}`;
  if (isMenu(h.field)) return MENU_HISTORY_LABELS[h.field];
  if (h.field === 'time_off' || h.field === 'block') return ABSENCE_HISTORY_LABELS[h.field];
  if (h.field === 'setup_checklist' || h.field === 'salon_group') return SETUP_HISTORY_LABELS[h.field];
  if (h.field === 'waitlist_offer') return WAITLIST_HISTORY_LABELS[h.field];
  if (h.field === 'sale' || h.field === 'sale_refund' || h.field === 'sale_cancel') return SALE_HISTORY_LABELS[h.field];
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
