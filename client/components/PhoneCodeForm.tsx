import { useState, type FormEvent } from 'react';
import { css } from '../../styled-system/css';
import { CODE_INPUT, codeDigits } from './FormFields';
import { TextField } from './TextField';
import { linkButton, primaryButton } from './styles';

const MSG_CODE = 'Please enter the 6-digit code from the text message';

/**
 * Proving a mobile number: the 6-digit code texted to it, CONFIRM, and 'Send a new code'. Used
 * after creating an account, by a login whose number was never confirmed, and for a changed
 * number on the profile. `onConfirm` and `onResend` throw a message the client can act on.
 */
export function PhoneCodeForm({
  destination: initial,
  onConfirm,
  onResend,
  submitLabel = 'CONFIRM',
}: {
  /** where the code went, masked ('+*******0123') */
  destination: string;
  onConfirm: (code: string) => Promise<void>;
  /** sends a new code; answers where it went */
  onResend: () => Promise<string>;
  submitLabel?: string;
}) {
  const [code, setCode] = useState('');
  const [destination, setDestination] = useState(initial);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const problem = /^\d{6}$/.test(code) ? null : MSG_CODE;

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    setNotice(null);
    try {
      await work();
    } catch (err) {
      setFailure(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (problem) return;
    void run(() => onConfirm(code));
  };
  const resend = () =>
    run(async () => {
      const to = await onResend();
      setDestination(to);
      setCode('');
      setNotice(`We have sent a new code to ${to}.`);
    });

  return (
    <form onSubmit={submit} noValidate>
      <p className={css({ mb: '3' })}>
        We have sent a 6-digit code to <strong>{destination}</strong>. Enter it to confirm that this mobile number is yours.
      </p>
      <TextField
        label="Code"
        {...CODE_INPUT}
        value={code}
        onChange={(v) => {
          setCode(codeDigits(v));
          setFailure(null);
        }}
        onBlur={() => code && setTouched(true)}
        error={touched ? problem : null}
      />
      {failure && (
        <p role="alert" className={css({ color: 'danger', mb: '3', fontWeight: '600' })}>
          {failure}
        </p>
      )}
      <p role="status" className={css({ mb: notice ? '3' : '0' })}>
        {notice}
      </p>
      <button type="submit" className={`${primaryButton} ${css({ w: 'full' })}`} disabled={busy}>
        {busy ? 'CHECKING…' : submitLabel}
      </button>
      <p className={css({ mt: '3', textAlign: 'center' })}>
        <button type="button" className={linkButton} disabled={busy} onClick={() => void resend()}>
          Send a new code
        </button>
      </p>
    </form>
  );
}
