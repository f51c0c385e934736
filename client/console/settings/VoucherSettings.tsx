import { Controller } from 'react-hook-form';
import { css } from '../../../styled-system/css';
import { fieldInput } from '../../components/form-styles';
import { Field } from '../../components/Field';
import { checkbox, CheckField } from '../ui/Field';
import { fromMinor, MoneyInput, messageAt, NumberSetting, OnOffSetting, ParsedInput, toMinor, type SettingsForm } from './controls';

const listText = (amounts: readonly number[]) => amounts.map(fromMinor).join(', ');
const parseList = (text: string) =>
  text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)
    .map(toMinor);

/** Gift vouchers: on sale or not, the amounts offered, a custom range, and how long they are valid. */
export function VoucherSettings({ form, onSaleHint }: { form: SettingsForm; onSaleHint?: string }) {
  const errors = form.formState.errors;
  return (
    <>
      <OnOffSetting form={form} name="vouchers_on_sale" label="Sell gift vouchers on your booking page" hint={onSaleHint} />
      <Controller
        control={form.control}
        name="voucher_amounts"
        render={({ field }) => (
          <Field
            label="Voucher amounts"
            hint="Separate amounts with commas, such as 25, 50, 100"
            error={messageAt(errors, 'voucher_amounts')}
          >
            {(a) => (
              <ParsedInput
                {...a}
                value={field.value}
                onChange={field.onChange}
                format={listText}
                parse={parseList}
                inputMode="decimal"
                className={fieldInput}
              />
            )}
          </Field>
        )}
      />
      <Controller
        control={form.control}
        name="voucher_custom"
        render={({ field }) => {
          const range = field.value;
          return (
            <>
              <CheckField label="Clients can also choose their own amount" error={range ? undefined : messageAt(errors, 'voucher_custom')}>
                {(a) => (
                  <input
                    {...a}
                    type="checkbox"
                    className={checkbox}
                    checked={range !== null}
                    onChange={(e) => field.onChange(e.target.checked ? { min: 1000, max: 50000 } : null)}
                  />
                )}
              </CheckField>
              {range && (
                <div className={css({ display: 'flex', gap: '4', flexWrap: 'wrap', pl: '7' })}>
                  <Field label="Smallest amount" error={messageAt(errors, 'voucher_custom.min')}>
                    {(a) => <MoneyInput {...a} value={range.min} onChange={(min) => field.onChange({ ...range, min })} />}
                  </Field>
                  <Field label="Largest amount" error={messageAt(errors, 'voucher_custom.max') ?? messageAt(errors, 'voucher_custom.root')}>
                    {(a) => <MoneyInput {...a} value={range.max} onChange={(max) => field.onChange({ ...range, max })} />}
                  </Field>
                </div>
              )}
            </>
          );
        }}
      />
      <NumberSetting form={form} name="voucher_validity_months" label="Months a voucher is valid" />
    </>
  );
}
