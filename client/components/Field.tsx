import { useId, type ReactElement, type ReactNode } from 'react';
import { css } from '../../styled-system/css';
import { fieldError, fieldHint, fieldLabel } from './form-styles';

/** What a control needs to be tied to its label, hint and message. */
export interface FieldA11y {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
}

/** A control's id and the ids of its hint and message (in the order given) for screen readers. */
export function useFieldA11y(parts: { hint?: unknown; error?: unknown }, order: ('hint' | 'error')[] = ['hint', 'error']): FieldA11y {
  const id = useId();
  const describedBy = order.filter((p) => parts[p]).map((p) => `${id}-${p}`);
  return { id, 'aria-invalid': !!parts.error, 'aria-describedby': describedBy.join(' ') || undefined };
}

/** A field's hint or message, with the id its control names. */
export function FieldNote({
  of,
  kind,
  className,
  children,
}: {
  of: string;
  kind: 'hint' | 'error';
  className?: string;
  children: ReactNode;
}) {
  return (
    <p id={`${of}-${kind}`} className={className ?? (kind === 'error' ? fieldError : fieldHint)}>
      {children}
    </p>
  );
}

export interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  /** the hint under the control (the booking pages), not between label and control (the console) */
  hintBelow?: boolean;
  /** the field's own spacing */
  className?: string;
  /** the control, given its id and the ids that describe it */
  children: (a11y: FieldA11y) => ReactElement;
}

const hintAbove = css({ color: 'textMuted', fontSize: 'sm', mb: '1' });

/** A labelled control with its hint and its own message, both tied to it for screen readers. */
export function Field({ label, hint, error, hintBelow = false, className, children }: FieldProps) {
  const a11y = useFieldA11y({ hint, error }, hintBelow ? ['error', 'hint'] : ['hint', 'error']);
  const note = hint ? (
    <FieldNote of={a11y.id} kind="hint" className={hintBelow ? undefined : hintAbove}>
      {hint}
    </FieldNote>
  ) : null;
  return (
    <div className={className ?? css({ mb: '4' })}>
      <label htmlFor={a11y.id} className={fieldLabel}>
        {label}
      </label>
      {!hintBelow && note}
      {children(a11y)}
      {hintBelow && note}
      {error && (
        <FieldNote of={a11y.id} kind="error">
          {error}
        </FieldNote>
      )}
    </div>
  );
}
