import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min';
import { useId, useMemo } from 'react';
import { css } from '../../styled-system/css';
import { fieldInput, fieldError, fieldLabel } from './form-styles';
import { phoneChars } from './phone-number';

export interface PhoneInputProps {
  label: string;
  value: string;
  country: string;
  onChange: (value: string, country: string) => void;
  error?: string | null;
  readOnly?: boolean;
  autoComplete?: string;
  onBlur?: () => void;
}

/** An international phone number: a country (with its calling code) and the number. */
export function PhoneInput({ label, value, country, onChange, error, readOnly, autoComplete = 'tel', onBlur }: PhoneInputProps) {
  const id = useId();
  const countries = useMemo(() => {
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    return getCountries()
      .map((c) => ({ code: c, name: names.of(c) ?? c, dial: getCountryCallingCode(c) }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }, []);
  const dial = countries.find((c) => c.code === country)?.dial ?? '';
  return (
    <div className={css({ mb: '3' })}>
      <label htmlFor={`${id}-number`} className={fieldLabel}>
        {label}
      </label>
      <div className={css({ display: 'flex', gap: '2' })}>
        {/* The closed list shows only 'GB +44' (the full names would be cut on a phone); the
            native select, transparent on top, opens the full list and keeps the keyboard and
            screen reader behaviour. */}
        <div
          className={css({
            position: 'relative',
            minH: '11',
            px: '3',
            rounded: 'md',
            border: '1px solid',
            borderColor: 'border',
            bg: readOnly ? 'surfaceMuted' : 'bg',
            flexShrink: 0,
            display: 'flex',
            alignItems: 'center',
            gap: '1',
            whiteSpace: 'nowrap',
            '&:has(select:focus-visible)': { outline: '2px solid', outlineColor: 'primary', outlineOffset: '1px' },
          })}
        >
          <span aria-hidden="true">
            {country} +{dial}
          </span>
          <span aria-hidden="true" className={css({ fontSize: 'xs', color: 'textMuted' })}>
            ▾
          </span>
          <select
            aria-label={`${label}: country`}
            value={country}
            disabled={readOnly}
            onChange={(e) => onChange(value, e.target.value)}
            className={css({
              position: 'absolute',
              inset: '0',
              w: 'full',
              h: 'full',
              opacity: 0,
              cursor: 'pointer',
              fontSize: 'md',
              _disabled: { cursor: 'default' },
            })}
          >
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.code} +{c.dial} {c.name}
              </option>
            ))}
          </select>
        </div>
        <input
          id={`${id}-number`}
          type="tel"
          inputMode="tel"
          autoComplete={autoComplete}
          value={value}
          readOnly={readOnly}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(phoneChars(e.target.value), country)}
          onBlur={onBlur}
          className={`${fieldInput} ${css({ flex: '1', minW: 0 })}`}
        />
      </div>
      {error && (
        <p id={`${id}-error`} className={fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}
