import { useId, useState, type InputHTMLAttributes } from 'react';
import { css } from '../../styled-system/css';
import { fieldError, fieldHint, fieldInput, fieldLabel } from './form-styles';
import { linkButton } from './styles';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  hint?: string;
  /** a password field with a show / hide toggle */
  revealable?: boolean;
}

/** A labelled input with its error and hint tied to it for screen readers. */
export function TextField({ label, value, onChange, error, hint, revealable, type = 'text', ...rest }: TextFieldProps) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const describedBy = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={css({ mb: '3' })}>
      <label htmlFor={id} className={fieldLabel}>
        {label}
      </label>
      <div className={css({ position: 'relative' })}>
        <input
          id={id}
          type={revealable && shown ? 'text' : type}
          value={value}
          aria-invalid={!!error}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.value)}
          className={`${fieldInput} ${revealable ? css({ pr: '16' }) : ''}`}
          {...rest}
        />
        {revealable && (
          <button
            type="button"
            className={`${linkButton} ${css({ position: 'absolute', right: '3', top: '50%', transform: 'translateY(-50%)' })}`}
            aria-pressed={shown}
            onClick={() => setShown(!shown)}
          >
            {shown ? 'Hide' : 'Show'}
            <span className={css({ srOnly: true })}> password</span>
          </button>
        )}
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
