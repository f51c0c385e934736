import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { css } from '../../../styled-system/css';
import type { DepositSetting as Deposit } from '../../../shared/console/settings';
import { fieldError, fieldInput, fieldLabel } from '../../components/form-styles';
import { MoneyInput, messageAt, type SettingsForm } from './controls';

const CHOICES = [
  { type: 'none', label: 'No deposit' },
  { type: 'fixed', label: 'A fixed amount' },
  { type: 'percentage', label: 'A percentage of the price' },
] as const;

const fresh = (type: Deposit['type'], was: Deposit): Deposit =>
  type === was.type ? was : type === 'fixed' ? { type, amount: 1000 } : type === 'percentage' ? { type, percent: 20 } : { type: 'none' };

/** The deposit taken when a client books online: none, a fixed amount, or a percentage. */
export function DepositSetting({ form, hint }: { form: SettingsForm; hint?: string }) {
  const id = useId();
  const error = messageAt(form.formState.errors, 'deposit');
  return (
    <Controller
      control={form.control}
      name="deposit"
      render={({ field }) => {
        const deposit = field.value;
        return (
          <fieldset
            className={css({ mb: '4', border: 'none', p: '0' })}
            aria-describedby={[hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined}
          >
            <legend className={fieldLabel}>Deposit when booking online</legend>
            {hint && (
              <p id={`${id}-hint`} className={css({ fontSize: 'sm', color: 'textMuted', mb: '1' })}>
                {hint}
              </p>
            )}
            {CHOICES.map((c) => (
              <label key={c.type} className={css({ display: 'flex', gap: '2', alignItems: 'center', py: '1' })}>
                <input
                  type="radio"
                  name={`${id}-type`}
                  checked={deposit.type === c.type}
                  onChange={() => field.onChange(fresh(c.type, deposit))}
                  className={css({ w: '5', h: '5', accentColor: 'primary' })}
                />
                {c.label}
              </label>
            ))}
            {deposit.type === 'fixed' && (
              <div className={css({ mt: '2' })}>
                <label htmlFor={`${id}-amount`} className={fieldLabel}>
                  Deposit amount
                </label>
                <MoneyInput id={`${id}-amount`} value={deposit.amount} onChange={(amount) => field.onChange({ type: 'fixed', amount })} />
              </div>
            )}
            {deposit.type === 'percentage' && (
              <div className={css({ mt: '2' })}>
                <label htmlFor={`${id}-percent`} className={fieldLabel}>
                  Percentage of the booking’s price
                </label>
                <input
                  id={`${id}-percent`}
                  type="number"
                  inputMode="numeric"
                  value={Number.isFinite(deposit.percent) ? deposit.percent : ''}
                  onChange={(e) =>
                    field.onChange({ type: 'percentage', percent: e.target.value === '' ? Number.NaN : Number(e.target.value) })
                  }
                  className={`${fieldInput} ${css({ maxW: '40' })}`}
                />
              </div>
            )}
            {error && (
              <p id={`${id}-error`} className={fieldError}>
                {error}
              </p>
            )}
          </fieldset>
        );
      }}
    />
  );
}
