import { useId, type ReactNode } from 'react';
import { css } from '../../../styled-system/css';
import { toCsv } from '../../../shared/console/reports';
import { smallOutlineButton } from '../../components/styles';
import { downloadText } from '../../lib/download';
import { table } from '../ui/looks';
import { tableScroll } from '../ui/table-scroll';

export interface Column<R> {
  header: string;
  cell: (r: R) => ReactNode;
  /** the cell in the CSV: a number as it is (minor units, minutes, a share 0-1) */
  csv: (r: R) => string | number | null;
  numeric?: boolean;
}

const numericCell = css({ textAlign: 'right!', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });
const barTrack = css({ w: { base: '16', md: '40' }, h: '3', bg: 'surfaceMuted', rounded: 'sm', overflow: 'hidden' });
const barFill = css({ h: 'full', bg: 'primary' });

/**
 * A report's table with a CSV of its rows (formulas neutralised, shared/console/reports.ts), and,
 * given `bar`, a bar beside each row: a chart and its table in one (the bar is a picture of the
 * row's own figure, hidden from assistive technology).
 */
export function ReportTable<R>({
  title,
  file,
  columns,
  rows,
  bar,
  collapsed = false,
  empty = 'Nothing in this period.',
}: {
  title: string;
  file: string;
  columns: Column<R>[];
  rows: R[];
  bar?: (r: R) => number;
  /** a long table a chart already shows: its rows behind "Show the figures" */
  collapsed?: boolean;
  empty?: string;
}) {
  const id = useId();
  const max = bar ? Math.max(0, ...rows.map(bar)) : 0;
  const body = (
    <div className={tableScroll} role="region" aria-labelledby={id} tabIndex={0}>
      <table className={table} aria-labelledby={id}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col" className={c.numeric ? numericCell : undefined}>
                {c.header}
              </th>
            ))}
            {bar && <td aria-hidden="true" />}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i}>
              {columns.map((c, j) =>
                j === 0 ? (
                  <th key={c.header} scope="row" className={css({ fontWeight: '400!', color: 'text!' })}>
                    {c.cell(r)}
                  </th>
                ) : (
                  <td key={c.header} className={c.numeric ? numericCell : undefined}>
                    {c.cell(r)}
                  </td>
                ),
              )}
              {bar && (
                <td aria-hidden="true">
                  <div className={barTrack}>
                    <div className={barFill} style={{ width: `${max > 0 ? Math.max(0, (bar(r) / max) * 100) : 0}%` }} />
                  </div>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
  return (
    <div className={css({ mb: '5' })}>
      <div className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', mb: '2', flexWrap: 'wrap' })}>
        <h3 id={id} className={css({ fontWeight: '700' })}>
          {title}
        </h3>
        {rows.length > 0 && (
          <button
            type="button"
            className={smallOutlineButton}
            onClick={() =>
              downloadText(
                `${file}.csv`,
                toCsv([columns.map((c) => c.header), ...rows.map((r) => columns.map((c) => c.csv(r)))]),
                'text/csv',
              )
            }
          >
            Download CSV<span className={css({ srOnly: true })}> of {title.toLowerCase()}</span>
          </button>
        )}
      </div>
      {rows.length === 0 ? (
        <p className={css({ color: 'textMuted' })}>{empty}</p>
      ) : collapsed ? (
        <details>
          <summary className={css({ cursor: 'pointer', color: 'accent', mb: '2' })}>Show the figures</summary>
          {body}
        </details>
      ) : (
        body
      )}
    </div>
  );
}
