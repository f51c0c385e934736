import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { css } from '../../../styled-system/css';
import { staffForgotSchema, staffResetSchema } from '../../../shared/console/session';
import type * as z from '../../../shared/zod';
import { fieldInput } from '../../components/form-styles';
import { primaryButton } from '../../components/styles';
import { Field } from '../../components/Field';
import { FormAlert } from '../ui/Field';
import { useFormMutation } from '../lib/form-mutation';
import { forgotPassword, resetPassword } from './api';
import { NewPasswordField } from './NewPasswordField';
import { SignInFrame } from './SignInFrame';

/** A forgotten password: the email gets a 6-digit code, then the code and a new password. */
export function ForgotPassword() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  if (done)
    return (
      <SignInFrame title="Password changed">
        <p role="status" className={css({ mb: '4' })}>
          Your new password is saved. Sign in with it now.
        </p>
        <Link to="/">Sign in</Link>
      </SignInFrame>
    );
  return sentTo ? <ResetForm email={sentTo} onDone={() => setDone(true)} /> : <AskForCode onSent={setSentTo} />;
}

function AskForCode({ onSent }: { onSent: (email: string) => void }) {
  const form = useForm<z.input<typeof staffForgotSchema>>({ resolver: zodResolver(staffForgotSchema), defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;
  const { submit, failure } = useFormMutation(form, {
    mutationFn: async (v) => {
      await forgotPassword(v);
      onSent(v.email);
    },
  });
  return (
    <SignInFrame title="Forgotten your password?">
      <p className={css({ mb: '4' })}>Enter the email you sign in with. We’ll email you a code to choose a new password.</p>
      <form onSubmit={submit} noValidate>
        <Field label="Email" error={errors.email?.message}>
          {(a) => <input {...a} {...form.register('email')} type="email" autoComplete="username" className={fieldInput} />}
        </Field>
        {failure && <FormAlert>{failure}</FormAlert>}
        <button type="submit" className={primaryButton} disabled={isSubmitting}>
          Email me a code
        </button>
      </form>
      <p className={css({ mt: '4' })}>
        <Link to="/">Back to sign in</Link>
      </p>
    </SignInFrame>
  );
}

function ResetForm({ email, onDone }: { email: string; onDone: () => void }) {
  const form = useForm<z.input<typeof staffResetSchema>>({
    resolver: zodResolver(staffResetSchema),
    defaultValues: { email, code: '', new_password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const { submit, failure } = useFormMutation(form, {
    mutationFn: async (v) => {
      await resetPassword(v);
      onDone();
    },
    // the email is the form's hidden field: a refusal of it is told in the notice
    fieldOf: (f) => (f === 'code' || f === 'new_password' ? f : null),
  });
  return (
    <SignInFrame title="Choose a new password">
      <p role="status" className={css({ mb: '4' })}>
        If {email} has a console account, we’ve emailed it a 6-digit code.
      </p>
      <form onSubmit={submit} noValidate>
        <input type="email" {...form.register('email')} autoComplete="username" readOnly hidden />
        <Field label="Code from the email" error={errors.code?.message}>
          {(a) => <input {...a} {...form.register('code')} inputMode="numeric" autoComplete="one-time-code" className={fieldInput} />}
        </Field>
        <NewPasswordField label="New password" field={form.register('new_password')} error={errors.new_password?.message} />
        {failure && <FormAlert>{failure}</FormAlert>}
        <button type="submit" className={primaryButton} disabled={isSubmitting}>
          Save new password
        </button>
      </form>
    </SignInFrame>
  );
}
