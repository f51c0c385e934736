import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { css } from '../../../styled-system/css';
import { loginFailure, PASSWORD_HINT } from '../../../shared/account-rules';
import { PageTitle } from '../../components/PageTitle';
import { FormPhoneInput, FormTextField } from '../../components/FormFields';
import { fromE164 } from '../../components/phone-number';
import { card, linkButton, outlineButton, primaryButton } from '../../components/styles';
import { useSalon } from '../../lib/salon-context';
import { ApiError } from '../../lib/api';
import { login, resendSignUpCode, useAuth } from '../auth';
import { HoldCountdown, useBooking } from '../journey';
import { CodeSignIn } from './CodeSignIn';
import { ConfirmSignUpStep } from './ConfirmSignUpStep';
import { loginForm, type LoginFormValues } from './forms';

/**
 * Login with mobile number and password. /login is the booking variant ('Login to complete your
 * booking', with CREATE ACCOUNT); /profile-login the account variant ('Login to view your account').
 * An invite link's login fills in the invited number (`phone`, E.164) and goes on to `destination`;
 * a protected page that sent the client here (navigation state `next`) is where login returns.
 */
export function Login({
  variant,
  phone: invited,
  destination: given,
}: {
  variant: 'booking' | 'account';
  phone?: string;
  destination?: string;
}) {
  const { salon } = useSalon();
  const { status } = useAuth();
  const { selectedServices } = useBooking();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // where a protected page (navigation state) or the bottom navigation (?next=) was going
  const next = (useLocation().state as { next?: unknown } | null)?.next ?? params.get('next');
  const fromMyBook = params.get('fromMyBook') === 'true';
  const prefilled = invited ? fromE164(invited, salon.country.code) : null;
  const form = useForm<LoginFormValues, unknown, { phone: string; password: string }>({
    resolver: zodResolver(loginForm),
    mode: 'onChange',
    shouldFocusError: false,
    defaultValues: { phone: { number: prefilled?.value ?? '', country: prefilled?.country ?? salon.country.code }, password: '' },
  });
  const { errors, touchedFields, isSubmitted, isValid } = form.formState;
  const [busy, setBusy] = useState(false);
  /** signing in with a code by text instead of the password */
  const [byCode, setByCode] = useState(false);
  /** an account whose number was never confirmed: the number, and where its new code went (masked) */
  const [codeSentTo, setCodeSentTo] = useState<{ phone: string; password: string; to: string } | null>(null);
  const [failure, setFailure] = useState<{ message: string; hint?: string } | null>(
    params.get('registered') === '1' ? loginFailure('UsernameExistsException') : null,
  );

  // After login (§4 Login): the account login goes to my-feeds (from the bottom navigation) or the
  // profile; the booking login to /my-book when the client came from My Book or has chosen
  // nothing, else back to the booking.
  const destination =
    given ??
    (typeof next === 'string' && next.startsWith('/') && !next.startsWith('//') ? next : null) ??
    (variant === 'account'
      ? fromMyBook
        ? '/my-feeds'
        : '/my-profile'
      : fromMyBook || !selectedServices.length
        ? '/my-book'
        : '/summary?continue=1');
  if (status === 'LOGGED_IN' && !busy) return <Navigate to={destination} replace />;

  // The number's problem shows once it was left with something typed, or on a submit.
  const phoneError = touchedFields.phone || isSubmitted ? errors.phone?.message : null;
  const submit = async ({ phone, password }: { phone: string; password: string }) => {
    setBusy(true);
    setFailure(null);
    try {
      await login(phone, password);
      navigate(destination, { replace: true });
    } catch (err) {
      // The right password of an account that never entered its sign-up code: send one now.
      if (err instanceof ApiError && err.code === 'UserNotConfirmedException') {
        try {
          setCodeSentTo({ phone, password, to: await resendSignUpCode(phone) });
          return;
        } catch (sendErr) {
          setFailure({ message: sendErr instanceof Error ? sendErr.message : String(sendErr) });
          return;
        }
      }
      setFailure(loginFailure(err instanceof ApiError ? err.code : undefined));
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
      <PageTitle>{variant === 'booking' ? 'Login to complete your booking' : 'Login to view your account'}</PageTitle>
      <HoldCountdown />
      {byCode ? (
        <CodeSignIn
          phone={form.getValues('phone')}
          onUsePassword={() => setByCode(false)}
          onSignedIn={() => navigate(destination, { replace: true })}
        />
      ) : (
        <form onSubmit={(e) => void form.handleSubmit(submit)(e)} noValidate className={`${card} ${css({ p: '4' })}`}>
          <FormPhoneInput
            control={form.control}
            name="phone"
            label="Mobile number"
            error={phoneError}
            leftEmptyCounts={false}
            onEdit={() => setFailure(null)}
          />
          <FormTextField
            control={form.control}
            name="password"
            label="Password"
            type="password"
            autoComplete="current-password"
            revealable
            hint={PASSWORD_HINT}
            onEdit={() => setFailure(null)}
          />
          {failure && (
            <div role="alert" className={css({ color: 'danger', mb: '3' })}>
              <p className={css({ fontWeight: '600' })}>{failure.message}</p>
              {failure.hint && <p className={css({ fontSize: 'sm' })}>{failure.hint}</p>}
            </div>
          )}
          <button type="submit" className={`${primaryButton} ${css({ w: 'full' })}`} disabled={busy || !isValid}>
            {busy ? 'LOGGING IN…' : 'LOGIN'}
          </button>
          <p className={css({ mt: '3', textAlign: 'center' })}>
            <Link to="/forgot">Forgotten password?</Link>
          </p>
          <p className={css({ mt: '3', textAlign: 'center', borderTop: '1px solid', borderColor: 'border', pt: '3' })}>
            <button type="button" className={linkButton} onClick={() => setByCode(true)}>
              Text me a code instead
            </button>
          </p>
        </form>
      )}
      {variant === 'booking' && (
        <div className={css({ mt: '4', textAlign: 'center' })}>
          <p className={css({ mb: '2' })}>New here?</p>
          <Link to="/create-account" className={outlineButton}>
            CREATE ACCOUNT
          </Link>
        </div>
      )}
    </>
  );
}
