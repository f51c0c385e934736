import { useEffect, useId, useImperativeHandle, useRef, useState } from 'react';
import { css } from '../../../../styled-system/css';
import { fieldError, fieldInput, fieldLabel } from '../../../components/form-styles';
import {
  brandOf,
  checkCvc,
  checkExpiry,
  checkNumber,
  digitsOf,
  expiryParts,
  formatCvc,
  formatExpiry,
  formatNumber,
  numberFull,
  type FieldState,
} from '../card-rules';
import type { CardFieldsProps } from '../types';
import { confirmCardSetupOffline } from './stand-in';

type Field = 'number' | 'expiry' | 'cvc';

/** The error a field shows: an impossible value at once, an unfinished one after leaving it. */
const shown = (s: FieldState, left: boolean) => s.error ?? (left ? s.incomplete : null);

/**
 * The offline card form: three fields that behave as Stripe Elements' cardNumber, cardExpiry and
 * cardCvc (formatting, Luhn and expiry checks, focus moving on), confirmed against the stand-in.
 */
export function OfflineCardFields({ formRef, onCompleteChange, disabled }: CardFieldsProps) {
  const id = useId();
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [left, setLeft] = useState<Record<Field, boolean>>({ number: false, expiry: false, cvc: false });
  const expiryRef = useRef<HTMLInputElement>(null);
  const cvcRef = useRef<HTMLInputElement>(null);

  const numberState = checkNumber(number);
  const expiryState = checkExpiry(expiry);
  const cvcState = checkCvc(cvc, number);
  const complete = numberState.complete && expiryState.complete && cvcState.complete;
  useEffect(() => onCompleteChange(complete), [complete, onCompleteChange]);

  useImperativeHandle(
    formRef,
    () => ({
      confirmSetup: (s, returnUrl) => {
        const parts = expiryParts(expiry)!;
        return confirmCardSetupOffline(s, { number: digitsOf(number), expMonth: parts.month, expYear: parts.year, cvc }, returnUrl);
      },
    }),
    [number, expiry, cvc],
  );

  const leave = (f: Field) => setLeft((l) => ({ ...l, [f]: true }));
  const errors: Record<Field, string | null> = {
    number: shown(numberState, left.number),
    expiry: shown(expiryState, left.expiry),
    cvc: shown(cvcState, left.cvc),
  };
  const brand = brandOf(digitsOf(number));

  const input = (f: Field, label: string, el: React.ReactNode) => (
    <div className={css({ flex: f === 'number' ? '1 1 100%' : '1 1 0', minW: 0 })}>
      <label htmlFor={`${id}-${f}`} className={fieldLabel}>
        {label}
      </label>
      {el}
      <p id={`${id}-${f}-error`} role={errors[f] ? 'alert' : undefined} className={fieldError}>
        {errors[f]}
      </p>
    </div>
  );

  return (
    <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', mb: '3' })} data-card-form="offline">
      {input(
        'number',
        'Card number',
        <div className={css({ position: 'relative' })}>
          <input
            id={`${id}-number`}
            className={`${fieldInput} ${css({ pr: '24' })}`}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            value={number}
            disabled={disabled}
            aria-invalid={!!errors.number}
            aria-describedby={`${id}-number-error`}
            onChange={(e) => {
              const v = formatNumber(e.target.value);
              setNumber(v);
              if (left.number && checkNumber(v).complete) setLeft((l) => ({ ...l, number: false }));
              if (numberFull(v) && checkNumber(v).complete) expiryRef.current?.focus();
            }}
            onBlur={() => leave('number')}
          />
          {brand !== 'unknown' && (
            <span
              aria-hidden="true"
              className={css({
                position: 'absolute',
                right: '3',
                top: '50%',
                transform: 'translateY(-50%)',
                fontSize: 'xs',
                fontWeight: '700',
                textTransform: 'uppercase',
                color: 'textMuted',
              })}
            >
              {brand}
            </span>
          )}
        </div>,
      )}
      {input(
        'expiry',
        'Expiration date',
        <input
          ref={expiryRef}
          id={`${id}-expiry`}
          className={fieldInput}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM / YY"
          value={expiry}
          disabled={disabled}
          aria-invalid={!!errors.expiry}
          aria-describedby={`${id}-expiry-error`}
          onChange={(e) => {
            const deleting = e.target.value.length < expiry.length;
            const v = formatExpiry(
              deleting && expiry.endsWith(' / ') && digitsOf(e.target.value).length === 2
                ? digitsOf(e.target.value).slice(0, 1)
                : e.target.value,
              deleting,
            );
            setExpiry(v);
            if (checkExpiry(v).complete) cvcRef.current?.focus();
          }}
          onBlur={() => leave('expiry')}
        />,
      )}
      {input(
        'cvc',
        'Security code',
        <input
          ref={cvcRef}
          id={`${id}-cvc`}
          className={fieldInput}
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="CVC"
          value={cvc}
          disabled={disabled}
          aria-invalid={!!errors.cvc}
          aria-describedby={`${id}-cvc-error`}
          onChange={(e) => setCvc(formatCvc(e.target.value, number))}
          onBlur={() => leave('cvc')}
        />,
      )}
    </div>
  );
}
