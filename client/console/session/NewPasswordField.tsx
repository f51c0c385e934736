import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '../../components/Field';
import { fieldInput } from '../../components/form-styles';

/** A password being chosen (a new account, a reset), with the pool's rule said before it is broken. */
export function NewPasswordField(p: { label: string; field: UseFormRegisterReturn; error?: string }) {
  return (
    <Field label={p.label} hint="At least 8 characters, with a lowercase letter, an uppercase letter and a number" error={p.error}>
      {(a) => <input {...a} {...p.field} type="password" autoComplete="new-password" className={fieldInput} />}
    </Field>
  );
}
