import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router';
import { css } from '../../../styled-system/css';
import { PageTitle } from '../../components/PageTitle';
import { fromE164 } from '../../components/phone-number';
import { FormNewPasswordField, FormPhoneInput, FormTextField } from '../../components/FormFields';
import { card, primaryButton } from '../../components/styles';
import { useSalon } from '../../lib/salon-context';
import { ApiError } from '../../lib/api';
import { signUp, useAuth } from '../auth';
import { HoldCountdown, useBooking } from '../journey';
import { ConfirmSignUpStep } from './ConfirmSignUpStep';
import { createAccountForm, type CreateAccountFormValues } from './forms';

type Field = keyof CreateAccountFormValues;
type SignUpBody = Parameters<typeof signUp>[0];

/** Who an invite link was sent to: the invite variant prefills the names and fixes the number. */
export interface InvitedClient {
  first_name: string;
  last_name: string;
  /** E.164, shown read-only */
  phone_number: string;
}

/**
 * Create account: names, email, mobile twice, a strong password; an existing number goes to login.
 * The invite variant (§2 'Create account') shows the invited number read-only and no confirm field,
 * and goes on to `destination`.
 */
export function CreateAccount({
  invite,
  destination: given,
  loginPath = '/login?registered=1',
}: {
  invite?: InvitedClient;
  destination?: string;
  /** where an existing number goes */
  loginPath?: string;
}) {
  const { salon } = useSalon();
  const { status } = useAuth();
  const { selectedServices } = useBooking();
  const navigate = useNavigate();
  const invited = invite ? fromE164(invite.phone_number, salon.country.code) : null;
  /** an account that logs in with texted codes, without a password */
  const [passwordless, setPasswordless] = useState(false);
  const schema = useMemo(() => createAccountForm(invite?.phone_number, passwordless), [invite?.phone_number, passwordless]);
  const form = useForm<CreateAccountFormValues, unknown, SignUpBody>({
    resolver: zodResolver(schema),
    mode: 'all',
    shouldFocusError: false,
    defaultValues: {
      first_name: invite?.first_name ?? '',
      last_name: invite?.last_name ?? '',
      email: '',
      phone: { number: invited?.value ?? '', country: invited?.country ?? salon.country.code },
      confirm: { number: '', country: salon.country.code },
      password: '',
    },
  });
  const { errors, touchedFields, isSubmitted, isValid } = form.formState;
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  /** the account waiting for its sign-up code: its number and password, and where the code was texted (masked) */
  const [codeSentTo, setCodeSentTo] = useState<{ phone: string; password?: string; to: string } | null>(null);
  const destination = given ?? (selectedServices.length ? '/summary?continue=1' : '/my-profile');
  if (status === 'LOGGED_IN' && !busy) return <Navigate to={destination} replace />;

  // A field's problem shows once the field was left, or on a submit; the password's while typed.
  const shown = (f: Field) => (touchedFields[f] || isSubmitted ? errors[f]?.message : null);
  const password = form.watch('password');

  const submit = async (body: SignUpBody) => {
    setBusy(true);
    setFailure(null);
    try {
      const sentTo = await signUp(body);
      if (sentTo !== null) setCodeSentTo({ phone: body.phone, password: body.password, to: sentTo });
      else navigate(destination, { replace: true });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (err instanceof ApiError && err.code === 'UsernameExistsException') {
        navigate(loginPath, { replace: true });
        return;
      }
      setFailure(message);
    } finally {
      setBusy(false);
    }
  };

  if (codeSentTo !== null)
    return (
      <ConfirmSignUpStep phone={codeSentTo.phone} password={codeSentTo.password} codeSentTo={codeSentTo.to} destination={destination} />
    );

  return (
    <>
      <PageTitle>Create account</PageTitle>
      <HoldCountdown />
      <form onSubmit={(e) => void form.handleSubmit(submit)(e)} noValidate className={`${card} ${css({ p: '4' })}`}>
        <FormTextField control={form.control} name="first_name" label="First name" autoComplete="given-name" error={shown('first_name')} />
        <FormTextField control={form.control} name="last_name" label="Last name" autoComplete="family-name" error={shown('last_name')} />
        <FormTextField control={form.control} name="email" label="Email" type="email" autoComplete="email" error={shown('email')} />
        <FormPhoneInput
          control={form.control}
          name="phone"
          deps={['confirm']}
          label="Mobile number"
          readOnly={!!invite}
          error={shown('phone')}
        />
        {!invite && (
          <FormPhoneInput control={form.control} name="confirm" label="Confirm mobile number" autoComplete="off" error={shown('confirm')} />
        )}
        {!passwordless && (
          <FormNewPasswordField
            control={form.control}
            name="password"
            label="Password"
            error={password ? errors.password?.message : null}
          />
        )}
        <label className={css({ display: 'flex', gap: '2', alignItems: 'flex-start', mb: '3' })}>
          <input
            type="checkbox"
            checked={passwordless}
            onChange={(e) => {
              setPasswordless(e.target.checked);
              // the rule of the password changes with it: checked again at once
              setTimeout(() => void form.trigger());
            }}
            className={css({ mt: '1' })}
          />
          <span>No password: log in with a code texted to my mobile each time</span>
        </label>
        {failure && (
          <p role="alert" className={css({ color: 'danger', mb: '3', fontWeight: '600' })}>
            {failure}
          </p>
        )}
        <button
          type="submit"
          className={`${primaryButton} ${css({ w: 'full' })}`}
          disabled={busy || (!passwordless && !password) || !isValid}
        >
          {busy ? 'CREATING ACCOUNT…' : 'CREATE ACCOUNT'}
        </button>
      </form>
    </>
  );
}
