import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { css } from '../../../styled-system/css';
import { FormCodeField, FormPhoneInput } from '../../components/FormFields';
import type { PhoneValue } from '../../components/phone-number';
import { card, linkButton, primaryButton } from '../../components/styles';
import { sendSignInCode, signInWithCode } from '../auth';
import { codeForm, codePhoneForm, type CodeFormValues, type CodePhoneFormValues } from './forms';

/** Seconds before a new code may be asked for (a text can take a moment to arrive). */
export const RESEND_AFTER_S = 30;

const box = `${card} ${css({ p: '4' })}`;
const alert = css({ color: 'danger', mb: '3', fontWeight: '600', _focus: { outline: '2px solid', outlineOffset: '2px' } });

/** A refusal's words, focused so that a screen reader and a keyboard user meet it at once. */
function Failure({ message }: { message: string | null }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message]);
  if (!message) return null;
  return (
    <p role="alert" tabIndex={-1} ref={ref} className={alert}>
      {message}
    </p>
  );
}

/** Counts down to 0 from `seconds` each time `key` changes. */
function useCountdown(seconds: number, key: unknown) {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    setLeft(seconds);
    const t = setInterval(() => setLeft((s) => (s > 0 ? s - 1 : 0)), 1000);
    return () => clearInterval(t);
  }, [seconds, key]);
  return left;
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * Sign in with a code by text, beside the password (docs/booking/accounts-and-money.md §2 Login): the number
 * (filled in from the login form), TEXT ME A CODE, then the 6-digit code. On success the client is
 * logged in and `onSignedIn` goes on exactly where a password login goes.
 */
export function CodeSignIn({ phone, onUsePassword, onSignedIn }: { phone: PhoneValue; onUsePassword: () => void; onSignedIn: () => void }) {
  const [sent, setSent] = useState<{ phone: string; destination: string; at: number } | null>(null);
  const send = useMutation({
    mutationFn: (to: string) => sendSignInCode(to),
    onSuccess: (destination, to) => setSent({ phone: to, destination, at: Date.now() }),
  });
  const phoneForm = useForm<CodePhoneFormValues, unknown, { phone: string }>({
    resolver: zodResolver(codePhoneForm),
    mode: 'onChange',
    defaultValues: { phone },
  });
  const { errors, touchedFields, isSubmitted } = phoneForm.formState;

  if (!sent)
    return (
      <form onSubmit={(e) => void phoneForm.handleSubmit(({ phone: to }) => send.mutate(to))(e)} noValidate className={box}>
        <h2 className={css({ fontSize: 'lg', fontWeight: '600', mb: '2' })}>Log in with a code by text</h2>
        <p className={css({ mb: '3' })}>We will text a 6-digit code to your mobile number. No password needed.</p>
        <FormPhoneInput
          control={phoneForm.control}
          name="phone"
          label="Mobile number"
          error={touchedFields.phone || isSubmitted ? errors.phone?.message : null}
          leftEmptyCounts={false}
          onEdit={() => send.reset()}
        />
        <Failure message={send.error ? messageOf(send.error) : null} />
        <button type="submit" className={`${primaryButton} ${css({ w: 'full' })}`} disabled={send.isPending}>
          {send.isPending ? 'SENDING…' : 'TEXT ME A CODE'}
        </button>
        <UsePassword onClick={onUsePassword} />
      </form>
    );

  return (
    <CodeStep
      sent={sent}
      resend={() => send.mutate(sent.phone)}
      resending={send.isPending}
      resendFailure={send.error ? messageOf(send.error) : null}
      onUsePassword={onUsePassword}
      onSignedIn={onSignedIn}
    />
  );
}

function CodeStep({
  sent,
  resend,
  resending,
  resendFailure,
  onUsePassword,
  onSignedIn,
}: {
  sent: { phone: string; destination: string; at: number };
  resend: () => void;
  resending: boolean;
  resendFailure: string | null;
  onUsePassword: () => void;
  onSignedIn: () => void;
}) {
  const wait = useCountdown(RESEND_AFTER_S, sent.at);
  const form = useForm<CodeFormValues, unknown, { code: string }>({
    resolver: zodResolver(codeForm),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { code: '' },
  });
  const confirm = useMutation({
    mutationFn: (code: string) => signInWithCode(sent.phone, code),
    onSuccess: onSignedIn,
  });
  // A new code: the old one and its refusal are gone.
  const { reset } = form;
  const resetConfirm = confirm.reset;
  useEffect(() => {
    reset({ code: '' });
    resetConfirm();
  }, [sent.at, reset, resetConfirm]);

  return (
    <form onSubmit={(e) => void form.handleSubmit(({ code }) => confirm.mutate(code))(e)} noValidate className={box}>
      <h2 className={css({ fontSize: 'lg', fontWeight: '600', mb: '2' })}>Enter the code we texted you</h2>
      <p className={css({ mb: '3' })}>
        We have sent a 6-digit code to <strong>{sent.destination}</strong>. It works for 3 minutes.
      </p>
      <FormCodeField
        control={form.control}
        name="code"
        label="Code"
        error={form.formState.errors.code?.message}
        onEdit={() => confirm.reset()}
      />
      <Failure message={confirm.error ? messageOf(confirm.error) : resendFailure} />
      <button type="submit" className={`${primaryButton} ${css({ w: 'full' })}`} disabled={confirm.isPending || confirm.isSuccess}>
        {confirm.isPending || confirm.isSuccess ? 'LOGGING IN…' : 'LOGIN WITH CODE'}
      </button>
      <p className={css({ mt: '3', textAlign: 'center' })}>
        <button type="button" className={linkButton} disabled={wait > 0 || resending} onClick={resend}>
          {resending ? 'Sending a new code…' : 'Send a new code'}
        </button>
      </p>
      <p className={css({ fontSize: 'sm', color: 'textMuted', textAlign: 'center', minH: '5' })}>
        {wait > 0 ? `You can ask for a new code in ${wait} s.` : ''}
      </p>
      <UsePassword onClick={onUsePassword} />
    </form>
  );
}

/** Back to the password form. */
function UsePassword({ onClick }: { onClick: () => void }) {
  return (
    <p className={css({ mt: '3', textAlign: 'center' })}>
      <button type="button" className={linkButton} onClick={onClick}>
        Use my password instead
      </button>
    </p>
  );
}
