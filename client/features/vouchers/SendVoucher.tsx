import { useState, type FormEvent } from 'react';
import { css } from '../../../styled-system/css';
import { MSG_COMPLETE_FIELDS, type VoucherSend } from '../../../shared/vouchers';
import { fieldHint } from '../../components/form-styles';
import { PageTitle } from '../../components/PageTitle';
import { TextField } from '../../components/TextField';
import { primaryButton } from '../../components/styles';
import { CallError } from '../../lib/api';
import { useSalon } from '../../lib/salon-context';
import { sendVoucher } from './api';
import { MessageField } from './MessageField';
import { sendFieldErrors, type FieldErrors, type SendField } from './rules';
import { BackToHome, VoucherGate } from './VoucherGate';

/** /voucher/send?session_id=: emails the voucher of a paid session to a recipient. */
export function SendVoucher() {
  const [sent, setSent] = useState(false);
  if (sent) {
    return (
      <>
        <PageTitle back={false}>Your voucher has been sent!</PageTitle>
        <div className={css({ display: 'flex', mt: '2' })}>
          <BackToHome className={primaryButton} />
        </div>
      </>
    );
  }
  return <VoucherGate>{(_, sessionId) => <SendForm sessionId={sessionId} onSent={() => setSent(true)} />}</VoucherGate>;
}

const EMPTY: Required<VoucherSend> = { recipient_name: '', recipient_email: '', purchaser_name: '', custom_message: '' };

/** The server's refusal: per-field messages (400), or one message for the form (429, no answer). */
function refusalOf(e: unknown): { fields: FieldErrors; other?: string } {
  if (!(e instanceof CallError)) return { fields: {}, other: String(e) };
  const fields: FieldErrors = {};
  for (const [name, message] of Object.entries(e.errors ?? {})) if (name in EMPTY) fields[name as SendField] = message;
  return Object.keys(fields).length > 0 ? { fields } : { fields, other: e.message };
}

/** Recipient name, Recipient email address, Your name, the message and SEND VOUCHER. */
function SendForm({ sessionId, onSent }: { sessionId: string; onSent: () => void }) {
  const { salon } = useSalon();
  const [values, setValues] = useState(EMPTY);
  const [left, setLeft] = useState<Partial<Record<SendField, boolean>>>({});
  const [refusal, setRefusal] = useState<{ fields: FieldErrors; other?: string }>({ fields: {} });
  const [busy, setBusy] = useState(false);

  const problems = sendFieldErrors(values);
  const valid = Object.keys(problems).length === 0;
  const errorOf = (f: SendField) => refusal.fields[f] ?? (left[f] ? problems[f] : undefined);
  const field = (f: SendField) => ({
    value: values[f],
    onChange: (v: string) => {
      setValues((s) => ({ ...s, [f]: v }));
      setRefusal((r) => ({ ...r, fields: { ...r.fields, [f]: undefined } }));
    },
    onBlur: () => setLeft((s) => ({ ...s, [f]: true })),
    error: errorOf(f),
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!valid || busy) return;
    setBusy(true);
    setRefusal({ fields: {} });
    try {
      await sendVoucher(salon.id, sessionId, values);
      onSent();
    } catch (err) {
      setRefusal(refusalOf(err));
      setBusy(false);
    }
  };

  return (
    <>
      <PageTitle>Send gift voucher</PageTitle>
      <form aria-label="Send gift voucher" noValidate onSubmit={(e) => void submit(e)}>
        <TextField label="Recipient name" autoComplete="off" maxLength={100} {...field('recipient_name')} />
        <TextField label="Recipient email address" type="email" autoComplete="off" maxLength={254} {...field('recipient_email')} />
        <TextField label="Your name" autoComplete="name" maxLength={100} {...field('purchaser_name')} />
        <MessageField {...field('custom_message')} />
        {refusal.other && (
          <p role="alert" className={css({ color: 'danger', mb: '3' })}>
            {refusal.other}
          </p>
        )}
        <button
          type="submit"
          className={`${primaryButton} ${css({ w: 'full', mt: '2' })}`}
          disabled={!valid || busy}
          aria-describedby={valid ? undefined : 'send-voucher-hint'}
        >
          SEND VOUCHER
        </button>
        {!valid && (
          <p id="send-voucher-hint" className={`${fieldHint} ${css({ textAlign: 'center' })}`}>
            {MSG_COMPLETE_FIELDS}
          </p>
        )}
      </form>
    </>
  );
}
