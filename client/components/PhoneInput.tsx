import { getCountries, getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import { useId, useMemo } from 'react';
import { css } from '../../styled-system/css';
import { fieldInput, fieldError, fieldLabel } from './form-styles';

/**
 * The number in E.164 (+447700900123) when it is a possible number for the country (the right
 * length for its country code), else null. Possible rather than "valid": the stricter check
 * refuses the numbers regulators reserve for tests and fiction (Ofcom's 07700 900xxx, which the
 * demo account uses), and new ranges before the library learns of them.
 */
export function toE164(raw: string, country: string): string | null {
  const n = parsePhoneNumberFromString(raw, country as CountryCode);
  return n?.isPossible() ? n.number : null;
}

/** Phone inputs accept only digits, plus, parentheses and spaces (docs/accounts-and-money.md §5). */
export const phoneChars = (s: string) => s.replace(/[^\d+() ]/g, '');

interface Props {
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
export function PhoneInput({ label, value, country, onChange, error, readOnly, autoComplete = 'tel', onBlur }: Props) {
  const id = useId();
  const countries = useMemo(() => {
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    return getCountries()
      .map((c) => ({ code: c, name: names.of(c) ?? c, dial: getCountryCallingCode(c) }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }, []);
  return (
    <div className={css({ mb: '3' })}>
      <label htmlFor={`${id}-number`} className={fieldLabel}>
        {label}
      </label>
      <div className={css({ display: 'flex', gap: '2' })}>
        <select
          aria-label={`${label}: country`}
          value={country}
          disabled={readOnly}
          onChange={(e) => onChange(value, e.target.value)}
          className={`${fieldInput} ${css({ w: '28', flexShrink: 0 })}`}
        >
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.code} +{c.dial} {c.name}
            </option>
          ))}
        </select>
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
