import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { css } from '../../../styled-system/css';
import {
  MSG_EMAIL,
  MSG_FIRST_NAME,
  MSG_LAST_NAME,
  MSG_PASSWORD_RULE,
  MSG_PHONE,
  MSG_PHONES_DIFFER,
  PASSWORD_RULE_HINT,
  strongPassword,
  validEmail,
} from '../../../shared/account-rules';
import { PageTitle } from '../../components/PageTitle';
import { fromE164, PhoneInput, toE164 } from '../../components/PhoneInput';
import { TextField } from '../../components/TextField';
import { primaryButton } from '../../components/styles';
import { useSalon } from '../../lib/salon-context';
import { CallError } from '../../lib/api';
import { signUp, useAuth } from '../auth';
import { HoldCountdown, useBooking } from '../journey';
import { ConfirmSignUpStep } from './ConfirmSignUpStep';

type Field = 'first' | 'last' | 'email' | 'phone' | 'confirm' | 'password';

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
  const [v, setV] = useState({
    first: invite?.first_name ?? '',
    last: invite?.last_name ?? '',
    email: '',
    phone: invited?.value ?? '',
    confirm: '',
    password: '',
  });
  const [country, setCountry] = useState(invited?.country ?? salon.country.code);
  const [confirmCountry, setConfirmCountry] = useState(salon.country.code);
  const [seen, setSeen] = useState<Partial<Record<Field, boolean>>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  /** where the sign-up code was texted (masked), once the account waits for it */
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const destination = given ?? (selectedServices.length ? '/summary?continue=1' : '/my-profile');
  if (status === 'LOGGED_IN' && !busy) return <Navigate to={destination} replace />;

  const phone = invite ? invite.phone_number : toE164(v.phone, country);
  const confirm = toE164(v.confirm, confirmCountry);
  const problems: Record<Field, string | null> = {
    first: v.first.trim().length < 2 ? MSG_FIRST_NAME : null,
    last: v.last.trim().length < 1 ? MSG_LAST_NAME : null,
    email: !validEmail(v.email.trim()) ? MSG_EMAIL : null,
    phone: !phone || v.phone.replace(/\D/g, '').length < 4 ? MSG_PHONE : null,
    confirm: invite ? null : !confirm ? MSG_PHONE : confirm !== phone ? MSG_PHONES_DIFFER : null,
    password: !strongPassword(v.password) ? MSG_PASSWORD_RULE : null,
  };
  const shown = (f: Field) => (seen[f] ? problems[f] : null);
  const set = (f: Field) => (value: string) => setV({ ...v, [f]: value });
  const blur = (f: Field) => () => setSeen({ ...seen, [f]: true });
  const valid = Object.values(problems).every((p) => p === null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSeen({ first: true, last: true, email: true, phone: true, confirm: true, password: true });
    if (!valid || !phone) return;
    setBusy(true);
    setFailure(null);
    try {
      const sentTo = await signUp({
        first_name: v.first.trim(),
        last_name: v.last.trim(),
        email: v.email.trim(),
        phone,
        password: v.password,
      });
      if (sentTo !== null) setCodeSentTo(sentTo);
      else navigate(destination, { replace: true });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (err instanceof CallError && err.code === 'UsernameExistsException') {
        navigate(loginPath, { replace: true });
        return;
      }
      setFailure(message);
    } finally {
      setBusy(false);
    }
  };

  if (codeSentTo !== null && phone)
    return <ConfirmSignUpStep phone={phone} password={v.password} codeSentTo={codeSentTo} destination={destination} />;

  return (
    <>
      <PageTitle>Create account</PageTitle>
      <HoldCountdown />
      <form
        onSubmit={submit}
        noValidate
        className={css({ bg: 'surface', border: '1px solid', borderColor: 'border', rounded: 'lg', p: '4' })}
      >
        <TextField
          label="First name"
          autoComplete="given-name"
          value={v.first}
          onChange={set('first')}
          onBlur={blur('first')}
          error={shown('first')}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          value={v.last}
          onChange={set('last')}
          onBlur={blur('last')}
          error={shown('last')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          value={v.email}
          onChange={set('email')}
          onBlur={blur('email')}
          error={shown('email')}
        />
        <PhoneInput
          label="Mobile number"
          value={v.phone}
          country={country}
          readOnly={!!invite}
          error={shown('phone')}
          onBlur={blur('phone')}
          onChange={(value, c) => {
            if (invite) return;
            set('phone')(value);
            setCountry(c);
          }}
        />
        {!invite && (
          <PhoneInput
            label="Confirm mobile number"
            value={v.confirm}
            country={confirmCountry}
            autoComplete="off"
            error={shown('confirm')}
            onBlur={blur('confirm')}
            onChange={(value, c) => {
              set('confirm')(value);
              setConfirmCountry(c);
            }}
          />
        )}
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          revealable
          value={v.password}
          onChange={set('password')}
          onBlur={blur('password')}
          hint={PASSWORD_RULE_HINT}
          error={v.password ? problems.password : null}
        />
        {failure && (
          <p role="alert" className={css({ color: 'danger', mb: '3', fontWeight: '600' })}>
            {failure}
          </p>
        )}
        <button type="submit" className={`${primaryButton} ${css({ w: 'full' })}`} disabled={busy || !v.password || !valid}>
          {busy ? 'CREATING ACCOUNT…' : 'CREATE ACCOUNT'}
        </button>
      </form>
    </>
  );
}
