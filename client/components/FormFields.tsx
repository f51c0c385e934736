import { useController, type Control, type FieldPathByValue, type FieldValues, type Path } from 'react-hook-form';
import { PASSWORD_RULE_HINT } from '../../shared/account-rules';
import type { PhoneValue } from './phone-number';
import { PhoneInput, type PhoneInputProps } from './PhoneInput';
import { TextField, type TextFieldProps } from './TextField';

/**
 * The form fields of a react-hook-form form: a TextField or a PhoneInput whose value the form
 * keeps. The screen still decides when a problem shows (`error`), as the spec words it.
 */
type Bound<T extends FieldValues, O, V> = {
  control: Control<T, unknown, O>;
  name: FieldPathByValue<T, V>;
  /** after each change the form keeps (a failure the screen shows goes with the answer it came with) */
  onEdit?: () => void;
  /** fields whose problems depend on this one, checked again when it changes */
  deps?: Path<T>[];
};

export function FormTextField<T extends FieldValues, O = T>({
  control,
  name,
  onEdit,
  deps,
  clean = (typed) => typed,
  ...props
}: Bound<T, O, string> &
  Omit<TextFieldProps, 'value' | 'onChange' | 'onBlur'> & {
    /** what the form keeps of what was typed */ clean?: (typed: string) => string;
  }) {
  const { field } = useController({ control, name, rules: { deps } });
  return (
    <TextField
      {...props}
      value={field.value}
      onChange={(typed) => {
        field.onChange(clean(typed));
        onEdit?.();
      }}
      onBlur={field.onBlur}
    />
  );
}

export function FormPhoneInput<T extends FieldValues, O = T>({
  control,
  name,
  onEdit,
  deps,
  leftEmptyCounts = true,
  ...props
}: Bound<T, O, PhoneValue> &
  Omit<PhoneInputProps, 'value' | 'country' | 'onChange' | 'onBlur'> & {
    /** false: leaving the number empty does not count as having left it (login) */
    leftEmptyCounts?: boolean;
  }) {
  const { field } = useController({ control, name, rules: { deps } });
  const value = field.value as PhoneValue;
  return (
    <PhoneInput
      {...props}
      value={value.number}
      country={value.country}
      onChange={(number, country) => {
        if (props.readOnly) return;
        field.onChange({ number, country });
        onEdit?.();
      }}
      onBlur={() => (leftEmptyCounts || value.number) && field.onBlur()}
    />
  );
}

/** What a texted-code field keeps of what was typed or pasted: its digits, six at most ("123 456" too). */
export const codeDigits = (typed: string) => typed.replace(/\D/g, '').slice(0, 6);

/** The props every texted-code field shares: a numeric keypad and the phone's code autofill. */
export const CODE_INPUT = { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 8 } as const;

/** A texted 6-digit code: digits only, however it was typed or pasted. */
export function FormCodeField<T extends FieldValues, O = T>(
  props: Bound<T, O, string> & Omit<TextFieldProps, 'value' | 'onChange' | 'onBlur' | keyof typeof CODE_INPUT>,
) {
  return <FormTextField {...props} {...CODE_INPUT} clean={codeDigits} />;
}

/** A new password: hidden until revealed, the password manager's suggestion, the rule as the hint. */
export function FormNewPasswordField<T extends FieldValues, O = T>(
  props: Bound<T, O, string> & Omit<TextFieldProps, 'value' | 'onChange' | 'onBlur' | 'type' | 'autoComplete'>,
) {
  return <FormTextField hint={PASSWORD_RULE_HINT} revealable {...props} type="password" autoComplete="new-password" />;
}
