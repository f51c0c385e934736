import { useId } from 'react';
import { css } from '../../../styled-system/css';
import { messageCount, VOUCHER_MESSAGE_MAX } from '../../../shared/vouchers';
import { fieldError, fieldHint, fieldInput, fieldLabel } from '../../components/form-styles';
import { clipMessage } from './rules';

interface Props {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error?: string;
}

/** The optional message: cut at 320 characters, with the live count '{n} characters (max 320)'. */
export function MessageField({ value, onChange, onBlur, error }: Props) {
  const id = useId();
  return (
    <div className={css({ mb: '3' })}>
      <label htmlFor={id} className={fieldLabel}>
        Message (optional)
      </label>
      <textarea
        id={id}
        value={value}
        maxLength={VOUCHER_MESSAGE_MAX}
        rows={4}
        aria-invalid={!!error}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
        onChange={(e) => onChange(clipMessage(e.target.value))}
        onBlur={onBlur}
        className={`${fieldInput} ${css({ p: '2', resize: 'vertical' })}`}
      />
      <p id={`${id}-count`} className={fieldHint}>
        {messageCount(value)}
      </p>
      {error && (
        <p id={`${id}-error`} className={fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}
