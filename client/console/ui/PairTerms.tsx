import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { css } from '../../../styled-system/css';
import { Field } from '../../components/Field';
import { fieldInput } from '../../components/form-styles';
import { checkbox, CheckField } from './Field';
import { ruledBox } from './looks';

const small = css({ w: '24' });
const terms = css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'flex-end' });

type Term = 'performs' | 'price' | 'duration' | 'processing';

/** "Price" on screen under the name's own checkbox; "Price for Amelia Hart" to a screen reader and in a list of fields. */
const named = (what: string, name: string) => (
  <>
    {what}
    <span className={css({ srOnly: true })}> for {name}</span>
  </>
);

/**
 * Who performs what, for one stylist and one service, as the service's editor and the stylist's
 * editor both ask it, ruled off from the pair above: a checkbox named for the other side (`name`), then that pair's price, minutes
 * and processing minutes, each named for the pair. `field(term)` registers the pair's term in the editor's form.
 */
export function PairTerms(p: {
  name: string;
  performs: boolean;
  field: (term: Term) => UseFormRegisterReturn;
  errors?: Partial<Record<Exclude<Term, 'performs'>, FieldError>>;
}) {
  return (
    <div className={ruledBox}>
      <CheckField label={p.name}>{(a) => <input {...a} type="checkbox" {...p.field('performs')} className={checkbox} />}</CheckField>
      {p.performs && (
        <div className={terms}>
          <Field label={named('Price', p.name)} error={p.errors?.price?.message}>
            {(a) => <input {...a} {...p.field('price')} inputMode="decimal" className={`${fieldInput} ${small}`} />}
          </Field>
          <Field label={named('Minutes', p.name)} error={p.errors?.duration?.message}>
            {(a) => <input {...a} {...p.field('duration')} inputMode="numeric" className={`${fieldInput} ${small}`} />}
          </Field>
          <Field label={named('Processing minutes', p.name)} error={p.errors?.processing?.message}>
            {(a) => <input {...a} {...p.field('processing')} inputMode="numeric" className={`${fieldInput} ${small}`} />}
          </Field>
        </div>
      )}
    </div>
  );
}
