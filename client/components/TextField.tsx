import { useState, type InputHTMLAttributes } from 'react';
import { css } from '../../styled-system/css';
import { Field } from './Field';
import { fieldInput } from './form-styles';
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

const spacing = css({ mb: '3' });

/** A labelled input with its error and hint tied to it for screen readers. */
export function TextField({ label, value, onChange, error, hint, revealable, type = 'text', ...rest }: TextFieldProps) {
  const [shown, setShown] = useState(false);
  return (
    <Field label={label} hint={hint} error={error} hintBelow className={spacing}>
      {(a) => (
        <div className={css({ position: 'relative' })}>
          <input
            {...a}
            type={revealable && shown ? 'text' : type}
            value={value}
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
      )}
    </Field>
  );
}
