import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { css } from '../../../styled-system/css';
import { staffLoginSchema, staffNewPasswordSchema } from '../../../shared/console/session';
import * as z from '../../../shared/zod';
import { fieldInput } from '../../components/form-styles';
import { primaryButton, linkButton } from '../../components/styles';
import { Field } from '../../components/Field';
import { FormAlert } from '../ui/Field';
import { abandonNewPassword, chooseNewPassword, signIn, useSession } from '../lib/session';
import { useFormMutation } from '../lib/form-mutation';
import { SignInFrame } from './SignInFrame';

/** Sign-in: email and password; a first sign-in with a temporary password goes on to choose a new one. */
export function SignIn() {
  const session = useSession();
  return session.challenge ? <NewPassword email={session.challenge.email} /> : <EmailPassword notice={session.notice} />;
}

function EmailPassword({ notice }: { notice: string | null }) {
  const form = useForm<z.input<typeof staffLoginSchema>>({
    resolver: zodResolver(staffLoginSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const { submit, failure } = useFormMutation(form, {
    mutationFn: async (v) => {
      await signIn(v.email, v.password);
    },
  });
  return (
    <SignInFrame title="Sign in to your salon">
      {notice && <p role="status">{notice}</p>}
      <form onSubmit={submit} noValidate>
        <Field label="Email" error={errors.email?.message}>
          {(a) => <input {...a} {...form.register('email')} type="email" autoComplete="username" className={fieldInput} />}
        </Field>
        <Field label="Password" error={errors.password?.message}>
          {(a) => <input {...a} {...form.register('password')} type="password" autoComplete="current-password" className={fieldInput} />}
        </Field>
        {failure && <FormAlert>{failure}</FormAlert>}
        <button type="submit" className={primaryButton} disabled={isSubmitting}>
          {isSubmitting ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <p className={css({ mt: '4' })}>
        <Link to="/forgot-password">Forgotten your password?</Link>
      </p>
      <p className={css({ mt: '2' })}>
        New here? <Link to="/sign-up">Sign up and set up your salon</Link>
      </p>
    </SignInFrame>
  );
}

const newPasswordForm = staffNewPasswordSchema
  .pick({ new_password: true })
  .extend({ confirm: z.string() })
  .refine((v) => v.new_password === v.confirm, { message: 'The two passwords are not the same', path: ['confirm'] });

/** NEW_PASSWORD_REQUIRED: the temporary password from the invitation worked; choose one of your own. */
function NewPassword({ email }: { email: string }) {
  const form = useForm<z.input<typeof newPasswordForm>>({
    resolver: zodResolver(newPasswordForm),
    defaultValues: { new_password: '', confirm: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const { submit, failure } = useFormMutation(form, {
    mutationFn: async (v) => {
      await chooseNewPassword(v.new_password);
    },
  });
  return (
    <SignInFrame title="Choose a new password">
      <p className={css({ mb: '4' })}>
        Welcome! You signed in as {email} with a temporary password. Choose a password of your own to go on.
      </p>
      <form onSubmit={submit} noValidate>
        <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
        <Field
          label="New password"
          hint="At least 8 characters, with a lowercase letter, an uppercase letter and a number"
          error={errors.new_password?.message}
        >
          {(a) => <input {...a} {...form.register('new_password')} type="password" autoComplete="new-password" className={fieldInput} />}
        </Field>
        <Field label="New password again" error={errors.confirm?.message}>
          {(a) => <input {...a} {...form.register('confirm')} type="password" autoComplete="new-password" className={fieldInput} />}
        </Field>
        {failure && <FormAlert>{failure}</FormAlert>}
        <button type="submit" className={primaryButton} disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save password and sign in'}
        </button>
      </form>
      <p className={css({ mt: '4' })}>
        <button type="button" className={linkButton} onClick={abandonNewPassword}>
          Sign in as someone else
        </button>
      </p>
    </SignInFrame>
  );
}
