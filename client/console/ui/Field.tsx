import type { ReactNode } from 'react';
import { css } from '../../../styled-system/css';
import { FieldNote, useFieldA11y, type FieldProps } from '../../components/Field';

/** A yes/no setting: a checkbox with its words beside it, and its message below. */
export function CheckField({ label, hint, error, children }: Omit<FieldProps, 'hintBelow' | 'className'>) {
  const a11y = useFieldA11y({ hint, error });
  return (
    <div className={css({ mb: '4' })}>
      <div className={css({ display: 'flex', alignItems: 'flex-start', gap: '2' })}>
        {children(a11y)}
        <label htmlFor={a11y.id} className={css({ fontWeight: '600' })}>
          {label}
        </label>
      </div>
      {hint && (
        <FieldNote of={a11y.id} kind="hint">
          {hint}
        </FieldNote>
      )}
      {error && (
        <FieldNote of={a11y.id} kind="error">
          {error}
        </FieldNote>
      )}
    </div>
  );
}

export const checkbox = css({ w: '5', h: '5', mt: '0.5', flexShrink: 0, accentColor: 'primary' });

/** A form's message about the whole of it (a refused sign-in, a failed call). */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className={css({ my: '3', p: '3', border: '1px solid', borderColor: 'danger', rounded: 'md', color: 'danger' })}>
      {children}
    </p>
  );
}
