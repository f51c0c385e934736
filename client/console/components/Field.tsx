import { useId, type ReactElement, type ReactNode } from 'react';
import { css } from '../../../styled-system/css';
import { fieldError, fieldHint, fieldLabel } from '../../components/form-styles';

interface FieldProps {
  label: string;
  hint?: ReactNode;
  error?: string;
  /** the control, given its id and the ids that describe it */
  children: (a11y: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactElement;
}

/** A labelled control with its hint and its own message, both tied to it for screen readers. */
export function Field({ label, hint, error, children }: FieldProps) {
  const id = useId();
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={css({ mb: '4' })}>
      <label htmlFor={id} className={fieldLabel}>
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className={css({ color: 'textMuted', fontSize: 'sm', mb: '1' })}>
          {hint}
        </p>
      )}
      {children({ id, 'aria-invalid': !!error, 'aria-describedby': describedBy })}
      {error && (
        <p id={`${id}-error`} className={fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A yes/no setting: a checkbox with its words beside it, and its message below. */
export function CheckField({ label, hint, error, children }: FieldProps) {
  const id = useId();
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={css({ mb: '4' })}>
      <div className={css({ display: 'flex', alignItems: 'flex-start', gap: '2' })}>
        {children({ id, 'aria-invalid': !!error, 'aria-describedby': describedBy })}
        <label htmlFor={id} className={css({ fontWeight: '600' })}>
          {label}
        </label>
      </div>
      {hint && (
        <p id={`${id}-hint`} className={fieldHint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={fieldError}>
          {error}
        </p>
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
