import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { css } from '../../../styled-system/css';
import { staffConfirmSignUpSchema, staffSignUpSchema } from '../../../shared/console/session';
import type * as z from '../../../shared/zod';
import { fieldInput } from '../../components/form-styles';
import { linkButton, primaryButton } from '../../components/styles';
import { Field } from '../../components/Field';
import { FormAlert } from '../ui/Field';
import { signIn } from '../lib/session';
import { useFormMutation } from '../lib/form-mutation';
import { confirmSignUp, resendCode, signUp } from './api';
import { NewPasswordField } from './NewPasswordField';
import { SignInFrame } from './SignInFrame';

/**
 * /console/sign-up (issue 49): name, email and password; then the 6-digit code emailed to the
 * address; then the console signs in and offers the salon's set-up (docs/console/sign-up.md).
 */
export function SignUp() {
  const [account, setAccount] = useState<{ email: string; password: string; destination: string } | null>(null);
  return account ? <ConfirmCode {...account} /> : <Details onSent={setAccount} />;
}

const failureOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

function Details({ onSent }: { onSent: (a: { email: string; password: string; destination: string }) => void }) {
  const form = useForm<z.input<typeof staffSignUpSchema>>({
    resolver: zodResolver(staffSignUpSchema),
    defaultValues: { name: '', email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const { submit, failure } = useFormMutation(form, {
    mutationFn: async (v) => {
      const sent = await signUp(v);
      onSent({ email: v.email, password: v.password, destination: sent.destination });
    },
  });
  return (
    <SignInFrame title="Set up your salon">
      <p className={css({ mb: '4' })}>Create your account. Your booking page can be live in ten minutes.</p>
      <form onSubmit={submit} noValidate>
        <Field label="Your name" error={errors.name?.message}>
          {(a) => <input {...a} {...form.register('name')} autoComplete="name" className={fieldInput} />}
        </Field>
        <Field label="Email" error={errors.email?.message}>
          {(a) => <input {...a} {...form.register('email')} type="email" autoComplete="username" className={fieldInput} />}
        </Field>
        <NewPasswordField label="Password" field={form.register('password')} error={errors.password?.message} />
        {failure && <FormAlert>{failure}</FormAlert>}
        <button type="submit" className={primaryButton} disabled={isSubmitting}>
          {isSubmitting ? 'Creating your account…' : 'Create account'}
        </button>
      </form>
      <p className={css({ mt: '4' })}>
        Already have an account? <Link to="/">Sign in</Link>
      </p>
    </SignInFrame>
  );
}

function ConfirmCode({ email, password, destination }: { email: string; password: string; destination: string }) {
  const [resent, setResent] = useState(false);
  const form = useForm<z.input<typeof staffConfirmSignUpSchema>>({
    resolver: zodResolver(staffConfirmSignUpSchema),
    defaultValues: { email, code: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const { submit, failure, setFailure } = useFormMutation(form, {
    mutationFn: async (v) => {
      await confirmSignUp(v);
      await signIn(email, password);
    },
    // the email is the form's hidden field: a refusal of it is told in the notice
    fieldOf: (f) => (f === 'code' ? 'code' : null),
  });
  const resend = async () => {
    setFailure(null);
    try {
      await resendCode(email);
      setResent(true);
    } catch (e) {
      setFailure(failureOf(e));
    }
  };
  return (
    <SignInFrame title="Check your email">
      <p role="status" className={css({ mb: '4' })}>
        {resent ? `We’ve sent a new code to ${destination}.` : `We’ve sent a 6-digit code to ${destination}.`} Enter it here to confirm your
        email address.
      </p>
      <form onSubmit={submit} noValidate>
        <input type="email" {...form.register('email')} autoComplete="username" readOnly hidden />
        <Field label="Code from the email" error={errors.code?.message}>
          {(a) => <input {...a} {...form.register('code')} inputMode="numeric" autoComplete="one-time-code" className={fieldInput} />}
        </Field>
        {failure && <FormAlert>{failure}</FormAlert>}
        <button type="submit" className={primaryButton} disabled={isSubmitting}>
          {isSubmitting ? 'Confirming…' : 'Confirm and sign in'}
        </button>
      </form>
      <p className={css({ mt: '4' })}>
        <button type="button" className={linkButton} onClick={() => void resend()}>
          Send a new code
        </button>
      </p>
    </SignInFrame>
  );
}
