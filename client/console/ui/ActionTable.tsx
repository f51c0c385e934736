import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { css } from '../../../styled-system/css';
import { linkButton } from '../../components/styles';
import { table } from './looks';
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
 * A list of the salon's things (the team, API keys) as a table that scrolls sideways on a phone,
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
      <div className={css({ overflowX: 'auto' })}>
        <table className={table}>
          <thead>
            <tr>
              {columns.map((col) => (
                <th key={col.header} scope="col">
                  {col.header}
                </th>
              ))}
              <th scope="col">
                <span className={css({ srOnly: true })}>Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                {columns.map((col) => (
                  <td key={col.header}>{col.cell(row)}</td>
                ))}
                <td>
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
