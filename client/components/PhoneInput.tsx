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

/** An E.164 number (+447700900123) as the input shows it: its country and national number. */
export function fromE164(e164: string, fallbackCountry: string): { value: string; country: string } {
  const n = parsePhoneNumberFromString(e164);
  return n ? { value: n.formatNational(), country: n.country ?? fallbackCountry } : { value: e164, country: fallbackCountry };
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
