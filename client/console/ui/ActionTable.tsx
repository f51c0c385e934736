import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { css } from '../../../styled-system/css';
import { linkButton } from '../../components/styles';
import { table } from './looks';
import { tableScroll } from './table-scroll';
import { stacked } from './stacked-table';
import { FormAlert } from './Field';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
}

/** The one thing a row lets you do (remove a member, revoke a key), asked for once more before it is done. */
export interface RowAction<Row> {
  /** the button's word; screen readers hear it with the row's name */
  label: string;
  nameOf: (row: Row) => string;
  confirm: (row: Row) => string;
  run: (row: Row) => Promise<unknown>;
  /** rows without the action (yourself, someone through the group) */
  offered?: (row: Row) => boolean;
}

/**
 * A list of the salon's things (the team, API keys) as a table, its rows stacked on a phone,
 * each row with its action; the list is read again (`listKey`) after one, and a refusal is shown
 * under the table.
 */
export function ActionTable<Row extends { id: number }>({
  rows,
  columns,
  action,
  listKey,
}: {
  rows: Row[];
  columns: Column<Row>[];
  action: RowAction<Row>;
  listKey: QueryKey;
}) {
  const queries = useQueryClient();
  const act = useMutation({ mutationFn: action.run, onSuccess: () => queries.invalidateQueries({ queryKey: listKey }) });
  return (
    <>
      <div className={tableScroll}>
        <table role="table" className={`${table} ${stacked.table}`}>
          <thead className={stacked.head}>
            <tr role="row">
              {columns.map((col) => (
                <th key={col.header} role="columnheader" scope="col">
                  {col.header}
                </th>
              ))}
              <th role="columnheader" scope="col">
                <span className={css({ srOnly: true })}>Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className={stacked.body}>
            {rows.map((row) => (
              <tr key={row.id} role="row" className={stacked.row}>
                {columns.map((col, i) => (
                  <td key={col.header} role="cell">
                    {/* on a phone the head is hidden: a cell after the first says its column's name */}
                    {i > 0 && <span className={stacked.phoneLabel}>{col.header}: </span>}
                    {col.cell(row)}
                  </td>
                ))}
                <td role="cell">
                  {(action.offered?.(row) ?? true) && (
                    <button
                      type="button"
                      className={linkButton}
                      disabled={act.isPending}
                      onClick={() => {
                        if (window.confirm(action.confirm(row))) act.mutate(row);
                      }}
                    >
                      {action.label}
                      <span className={css({ srOnly: true })}> {action.nameOf(row)}</span>
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {act.isError && <FormAlert>{act.error.message}</FormAlert>}
    </>
  );
}
