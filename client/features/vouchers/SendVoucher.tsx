import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { css } from '../../../styled-system/css';
import { MSG_COMPLETE_FIELDS, voucherSendSchema, type VoucherSend } from '../../../shared/vouchers';
import { fieldHint } from '../../components/form-styles';
import { PageTitle } from '../../components/PageTitle';
import { FormTextField } from '../../components/FormFields';
import { primaryButton } from '../../components/styles';
import { ApiError } from '../../lib/api';
import { useSalon } from '../../lib/salon-context';
import { sendVoucher } from './api';
import { MessageField } from './MessageField';
import type { FieldErrors, SendField } from './rules';
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
  if (!(e instanceof ApiError)) return { fields: {}, other: String(e) };
  const fields: FieldErrors = {};
  for (const [name, message] of Object.entries(e.errors ?? {})) if (name in EMPTY) fields[name as SendField] = message;
  return Object.keys(fields).length > 0 ? { fields } : { fields, other: e.message };
}

/** Recipient name, Recipient email address, Your name, the message and SEND VOUCHER. */
function SendForm({ sessionId, onSent }: { sessionId: string; onSent: () => void }) {
  const { salon } = useSalon();
  // The shared schema the send call validates with: the same rules, the same words (§5, §7).
  const form = useForm({ resolver: zodResolver(voucherSendSchema), mode: 'all', shouldFocusError: false, defaultValues: EMPTY });
  const { errors, touchedFields, isValid: valid } = form.formState;
  // The server's refusal, kept apart from the form's own checks (the button stays as they say).
  const [refusal, setRefusal] = useState<{ fields: FieldErrors; other?: string }>({ fields: {} });
  const [busy, setBusy] = useState(false);

  // A field's problem shows once it was left; the server's refusal of it at once, until it changes.
  const errorOf = (f: SendField) => refusal.fields[f] ?? (touchedFields[f] ? errors[f]?.message : undefined);
  const edited = (f: SendField) => () => setRefusal((r) => ({ ...r, fields: { ...r.fields, [f]: undefined } }));

  const submit = async (values: VoucherSend) => {
    if (busy) return;
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
      <form aria-label="Send gift voucher" noValidate onSubmit={(e) => void form.handleSubmit(submit)(e)}>
        <FormTextField
          control={form.control}
          name="recipient_name"
          label="Recipient name"
          autoComplete="off"
          maxLength={100}
          onEdit={edited('recipient_name')}
          error={errorOf('recipient_name')}
        />
        <FormTextField
          control={form.control}
          name="recipient_email"
          label="Recipient email address"
          type="email"
          autoComplete="off"
          maxLength={254}
          onEdit={edited('recipient_email')}
          error={errorOf('recipient_email')}
        />
        <FormTextField
          control={form.control}
          name="purchaser_name"
          label="Your name"
          autoComplete="name"
          maxLength={100}
          onEdit={edited('purchaser_name')}
          error={errorOf('purchaser_name')}
        />
        <Controller
          control={form.control}
          name="custom_message"
          render={({ field }) => (
            <MessageField
              value={field.value ?? ''}
              onChange={(v) => {
                field.onChange(v);
                edited('custom_message')();
              }}
              onBlur={field.onBlur}
              error={errorOf('custom_message')}
            />
          )}
        />
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
