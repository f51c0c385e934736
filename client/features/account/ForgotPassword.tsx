import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { css } from '../../../styled-system/css';
import { MSG_RESET_WENT_WRONG } from '../../../shared/account-rules';
import { PageTitle } from '../../components/PageTitle';
import { toE164 } from '../../components/phone-number';
import { PhoneInput } from '../../components/PhoneInput';
import { FormCodeField, FormNewPasswordField, FormTextField } from '../../components/FormFields';
import { card, primaryButton } from '../../components/styles';
import { useSalon } from '../../lib/salon-context';
import { login, resetPassword, sendResetCode } from '../auth';
import { resetForm, type ResetFormValues } from './forms';

type Step = 'phone' | 'error' | 'code';
const box = `${card} ${css({ p: '4' })}`;
// A number with no account is answered as one with an account (the code step), so no message says so.
const providerMessage = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Password reset: send a texted code, then the 6-digit code and a new password twice. */
export function ForgotPassword() {
  const { salon } = useSalon();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>('phone');
  const [phone, setPhone] = useState('');
  const [country, setCountry] = useState('GB');
  const [problem, setProblem] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<ResetFormValues>({
    resolver: zodResolver(resetForm),
    mode: 'onChange',
    shouldFocusError: false,
    defaultValues: { code: '', password: '', again: '' },
  });
  const { errors, isValid } = form.formState;
  const [busy, setBusy] = useState(false);
  const e164 = toE164(phone, country);

  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (!e164) return;
    setBusy(true);
    try {
      setSentTo((await sendResetCode(e164))?.destination ?? null);
      setProblem(null);
      setStep('code');
    } catch (err) {
      setProblem(providerMessage(err));
      setStep('error');
    } finally {
      setBusy(false);
    }
  };

  // Each field's problem shows while it holds something (§5).
  const [code, password, again] = form.watch(['code', 'password', 'again']);
  const ready = !!e164 && isValid;
  const submit = async ({ code, password }: ResetFormValues) => {
    if (!e164) return;
    setBusy(true);
    setProblem(null);
    try {
      await resetPassword(e164, code, password);
    } catch (err) {
      setProblem(providerMessage(err));
      setBusy(false);
      return;
    }
    // Success goes to the salon's start (§2), logged in with the new password and told so.
    try {
      await login(e164, password);
      navigate('/', { replace: true, state: { notice: 'Your password has been changed and you are logged in.' } });
    } catch {
      navigate('/profile-login', {
        replace: true,
        state: { notice: 'Your password has been changed. Please log in with your new password.' },
      });
    }
  };

  if (step === 'error') {
    return (
      <>
        <PageTitle>{MSG_RESET_WENT_WRONG}</PageTitle>
        <div role="alert" className={box}>
          <p className={css({ mb: '4' })}>{problem}</p>
          {/* The code was not sent: the way on is to send it again (the spec's button said 'ERROR'
              and went to a code that never came). */}
          <button type="button" className={primaryButton} onClick={() => setStep('phone')}>
            TRY AGAIN
          </button>
        </div>
      </>
    );
  }

  return (
    <>
      <PageTitle>Reset your password</PageTitle>
      {step === 'phone' ? (
        <form onSubmit={send} noValidate className={box}>
          <PhoneInput label="Mobile number" value={phone} country={country} onChange={(v, c) => (setPhone(v), setCountry(c))} />
          <button type="submit" className={`${primaryButton} ${css({ w: 'full' })}`} disabled={busy || !e164}>
            SEND CODE
          </button>
        </form>
      ) : (
        <form onSubmit={(e) => void form.handleSubmit(submit)(e)} noValidate className={box}>
          {sentTo && <p className={css({ mb: '3' })}>We have texted a code to {sentTo}.</p>}
          {/* SEND CODE needs a number the session call takes, so the code step always has one. */}
          <FormCodeField control={form.control} name="code" label="6-digit code" error={code ? errors.code?.message : null} />
          <FormNewPasswordField
            control={form.control}
            name="password"
            deps={['again']}
            label="New password"
            error={password ? errors.password?.message : null}
          />
          <FormTextField
            control={form.control}
            name="again"
            label="New password again"
            type="password"
            autoComplete="new-password"
            error={again ? errors.again?.message : null}
          />
          {problem && (
            <p role="alert" className={css({ color: 'danger', mb: '3', fontWeight: '600' })}>
              {problem}
            </p>
          )}
          <button type="submit" className={`${primaryButton} ${css({ w: 'full' })}`} disabled={busy || !ready}>
            SUBMIT
          </button>
        </form>
      )}
      <p className={css({ mt: '4', fontSize: 'sm', color: 'textMuted' })}>
        If you do not receive a code, please contact us with your name and phone number on{' '}
        <a href={`tel:${salon.phone.replace(/[^\d+]/g, '')}`}>{salon.phone}</a>.
      </p>
    </>
  );
}
