import { useEffect, useState, type InputHTMLAttributes } from 'react';
import { Controller, get, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import { css } from '../../../styled-system/css';
import type { ConsoleSettings } from '../../../shared/console/settings';
import { fieldInput } from '../../components/form-styles';
import { Field } from '../../components/Field';
import { CheckField, checkbox } from '../ui/Field';

export type SettingsForm = UseFormReturn<ConsoleSettings>;
type Path = Parameters<SettingsForm['register']>[0];

/** The first message at or under a path (a setting's own, or one of its parts'). */
export function messageAt(errors: FieldErrors<ConsoleSettings>, path: string): string | undefined {
  const found: unknown = get(errors, path);
  const first = (e: unknown): string | undefined => {
    if (!e || typeof e !== 'object') return undefined;
    const m = (e as { message?: unknown }).message;
    if (typeof m === 'string' && m) return m;
    for (const [k, v] of Object.entries(e))
      if (k !== 'ref' && k !== 'type') {
        const inner = first(v);
        if (inner) return inner;
      }
    return undefined;
  };
  return first(found);
}

interface SettingProps {
  form: SettingsForm;
  name: Path;
  label: string;
  hint?: string;
}

export function TextSetting({ form, name, label, hint, multiline, type = 'text' }: SettingProps & { multiline?: boolean; type?: string }) {
  return (
    <Field label={label} hint={hint} error={messageAt(form.formState.errors, name)}>
      {(a) =>
        multiline ? (
          <textarea {...a} {...form.register(name)} rows={5} className={`${fieldInput} ${css({ py: '2', minH: '28' })}`} />
        ) : (
          <input {...a} {...form.register(name)} type={type} className={fieldInput} />
        )
      }
    </Field>
  );
}

export function NumberSetting({ form, name, label, hint }: SettingProps) {
  return (
    <Field label={label} hint={hint} error={messageAt(form.formState.errors, name)}>
      {(a) => (
        <input
          {...a}
          {...form.register(name, { valueAsNumber: true })}
          type="number"
          inputMode="numeric"
          className={`${fieldInput} ${css({ maxW: '40' })}`}
        />
      )}
    </Field>
  );
}

export function OnOffSetting({ form, name, label, hint }: SettingProps) {
  return (
    <CheckField label={label} hint={hint} error={messageAt(form.formState.errors, name)}>
      {(a) => <input {...a} {...form.register(name)} type="checkbox" className={checkbox} />}
    </CheckField>
  );
}

/** Minor units (pence, cents) as the owner types them: 25 or 25.50. */
export const toMinor = (text: string) => (/^\s*\d+(?:\.\d{1,2})?\s*$/.test(text) ? Math.round(Number(text) * 100) : Number.NaN);
export const fromMinor = (minor: number) => (Number.isFinite(minor) ? (minor / 100).toFixed(2).replace(/\.00$/, '') : '');

/**
 * A text input for a value the owner types in words (an amount, a list, a day's hours): what is
 * typed stays as typed while it means the same value; a new value from outside (a save, the latest
 * settings loaded) is shown in its usual words.
 */
export function ParsedInput<T>({
  value,
  onChange,
  format,
  parse,
  ...rest
}: { value: T; onChange: (v: T) => void; format: (v: T) => string; parse: (text: string) => T } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange'
>) {
  const [text, setText] = useState(() => format(value));
  useEffect(() => {
    setText((t) => (JSON.stringify(parse(t)) === JSON.stringify(value) ? t : format(value)));
  }, [value, format, parse]);
  return (
    <input
      {...rest}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onChange(parse(e.target.value));
      }}
    />
  );
}

/** An amount of money: shown and typed in pounds or dollars, kept in minor units. */
export function MoneyInput(props: { value: number; onChange: (minor: number) => void; id?: string }) {
  return (
    <ParsedInput {...props} format={fromMinor} parse={toMinor} inputMode="decimal" className={`${fieldInput} ${css({ maxW: '40' })}`} />
  );
}

export function MoneySetting({ form, name, label, hint }: SettingProps) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <Field label={label} hint={hint} error={fieldState.error?.message}>
          {(a) => <MoneyInput {...a} value={field.value as number} onChange={field.onChange} />}
        </Field>
      )}
    />
  );
}
