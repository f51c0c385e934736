import { useId } from 'react';
import { css } from '../../../styled-system/css';
import { card } from '../../components/styles';
import { formatMoney, toMinor } from '../../../shared/money';
import type { VoucherOffer } from '../../../shared/vouchers';
import { fieldError, fieldInput, fieldLabel, radioRow } from '../../components/form-styles';
import { Price } from '../../components/Price';
import { useSalon } from '../../lib/salon-context';
import type { AmountChoice } from './rules';

interface Props {
  offer: VoucherOffer;
  choice: AmountChoice;
  onChoose: (choice: AmountChoice) => void;
  /** the custom amount lost the focus (its problem shows from then on) */
  onCustomBlur: () => void;
  /** the custom amount's problem, or the server's answer about the amount */
  error?: string | null;
}

const radio = css({ w: '5', h: '5', flexShrink: 0, accentColor: 'var(--colors-primary)' });

/** 'Choose an amount': the fixed values on offer, and 'Another amount' within the offer's bounds. */
export function AmountPicker({ offer, choice, onChoose, onCustomBlur, error }: Props) {
  const { salon } = useSalon();
  const money = (major: number) => formatMoney(toMinor(major), salon.currency, salon.country.code);
  const id = useId();
  const name = `${id}-amount`;
  return (
    // minW 0: a fieldset is as wide as its content by default, which would push a phone sideways.
    <fieldset className={`${card} ${css({ mb: '4', overflow: 'hidden', minW: 0 })}`}>
      <legend className={css({ float: 'left', w: 'full', fontWeight: '700', p: '3' })}>Choose an amount</legend>
      {offer.amounts.map((amount) => (
        <label key={amount} className={radioRow}>
          <input
            type="radio"
            name={name}
            className={radio}
            checked={choice?.kind === 'fixed' && choice.amount === amount}
            onChange={() => onChoose({ kind: 'fixed', amount })}
          />
          <Price text={money(amount)} whole className={css({ textAlign: 'left' })} />
        </label>
      ))}
      {offer.custom && (
        <>
          <label className={radioRow}>
            <input
              type="radio"
              name={name}
              className={radio}
              checked={choice?.kind === 'custom'}
              onChange={() => onChoose({ kind: 'custom', text: choice?.kind === 'custom' ? choice.text : '' })}
            />
            <span className={css({ fontWeight: '600' })}>Another amount</span>
          </label>
          {choice?.kind === 'custom' && (
            <div className={css({ px: '3', pb: '3' })}>
              <label htmlFor={`${id}-custom`} className={fieldLabel}>
                Amount ({money(offer.custom.min)} to {money(offer.custom.max)})
              </label>
              <input
                id={`${id}-custom`}
                type="number"
                inputMode="decimal"
                min={offer.custom.min}
                max={offer.custom.max}
                step="0.01"
                value={choice.text}
                aria-invalid={!!error}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(e) => onChoose({ kind: 'custom', text: e.target.value })}
                onBlur={onCustomBlur}
                className={fieldInput}
              />
            </div>
          )}
        </>
      )}
      {error && (
        <p id={`${id}-error`} className={`${fieldError} ${css({ px: '3', pb: '3' })}`}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
