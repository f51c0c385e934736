import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { css } from '../../../styled-system/css';
import type { StaffMember, StylistColumn } from '../../../shared/console/team';
import { fieldError, selectInput } from '../../components/form-styles';
import { ApiError } from '../lib/api';
import { columnsKey, columnsQuery, linkColumn } from './api';

/** The salon's stylist columns of the diary and whose each is (GET stylist-columns). */
export const useStylistColumns = (salonId: number) => useQuery(columnsQuery(salonId));

/** The columns a member may be linked to: nobody's yet, or their own. */
export const openColumns = (columns: StylistColumn[], staffId: number | null) =>
  columns.filter((c) => c.staff_id === null || c.staff_id === staffId);

/**
 * A stylist's column of the diary in Team: which one is theirs (they see only it), changed at once.
 * Someone else taking it meanwhile is told under the choice, and the columns are read again.
 */
export function ColumnOfMember({ salonId, member, columns }: { salonId: number; member: StaffMember; columns: StylistColumn[] }) {
  const queries = useQueryClient();
  const id = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const current = columns.find((c) => c.staff_id === member.id)?.id ?? null;
  const link = useMutation({
    mutationFn: (stylistId: number | null) => linkColumn(salonId, member, stylistId),
    onMutate: () => setFailure(null),
    onSuccess: (answer) => queries.setQueryData(columnsKey(salonId), answer),
    onError: (e) => {
      setFailure(e instanceof ApiError ? (e.fieldErrors.stylist_id ?? e.message) : 'The column could not be changed. Try again.');
      void queries.invalidateQueries({ queryKey: columnsKey(salonId) });
    },
  });
  return (
    <>
      <label htmlFor={id} className={css({ srOnly: true })}>
        Diary column of {member.name}
      </label>
      <select
        id={id}
        value={current ?? ''}
        disabled={link.isPending}
        aria-invalid={!!failure}
        aria-describedby={failure ? `${id}-error` : undefined}
        onChange={(e) => link.mutate(e.target.value === '' ? null : Number(e.target.value))}
        className={selectInput}
      >
        <option value="">No column yet</option>
        {openColumns(columns, member.id).map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
      {failure && (
        <p id={`${id}-error`} role="alert" className={fieldError}>
          {failure}
        </p>
      )}
    </>
  );
}
