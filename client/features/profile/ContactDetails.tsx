import { zodResolver } from '@hookform/resolvers/zod';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { css } from '../../../styled-system/css';
import { Modal } from '../../components/Modal';
import { phoneOf } from '../../components/phone-number';
import { FormPhoneInput, FormTextField } from '../../components/FormFields';
import { outlineButton, primaryButton } from '../../components/styles';
import { sendPhoneCode, updateProfile, verifyPhone, type ClientUser } from '../auth';
import { PhoneCodeForm } from '../../components/PhoneCodeForm';
import { contactForm, type ContactFormValues } from './contact-form';

/** Profile, Contact Details: name, email, mobile; SAVE DETAILS only for a valid change. */
export function ContactDetails({ user }: { user: ClientUser }) {
  const parsed = parsePhoneNumberFromString(user.phone_number);
  const form = useForm<ContactFormValues>({
    resolver: zodResolver(contactForm),
    mode: 'onChange',
    shouldFocusError: false,
    defaultValues: {
      name: user.name,
      email: user.email,
      phone: { number: parsed?.nationalNumber ?? user.phone_number, country: parsed?.country ?? 'GB' },
    },
  });
  const { errors, isValid } = form.formState;
  const { trigger } = form;
  // The name's and the email's problems show from the start, as the phone's once it holds something.
  useEffect(() => void trigger(), [trigger]);
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: true } | { ok: false; message: string } | null>(null);

  const [name, email, phone] = form.watch(['name', 'email', 'phone']);
  const e164 = phoneOf(phone.number, phone.country);
  const changes: Partial<Pick<ClientUser, 'name' | 'email' | 'phone_number'>> = {};
  if (name.trim() !== user.name) changes.name = name.trim();
  if (email.trim() !== user.email) changes.email = email.trim();
  if (e164 && e164 !== user.phone_number) changes.phone_number = e164;
  const canSave = !saving && Object.keys(changes).length > 0 && isValid;

  const save = async () => {
    if (!canSave) return;
    setSaving(true);
    try {
      await updateProfile(changes);
      setOutcome({ ok: true });
    } catch (err) {
      setOutcome({ ok: false, message: err instanceof Error ? err.message : String(err) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      {!user.phone_number_verified && (
        <section aria-labelledby="confirm-number" className={css({ mb: '5', pb: '4', borderBottom: '1px solid {colors.border}' })}>
          <h2 id="confirm-number" className={css({ fontSize: 'lg', fontWeight: '700', mb: '2' })}>
            Confirm your mobile number
          </h2>
          <p className={css({ mb: '2', fontSize: 'sm' })}>
            Until you do, deposit requests and messages a salon sends to this number will not reach your account.
          </p>
          <PhoneCodeForm destination={`+*******${user.phone_number.slice(-4)}`} onConfirm={verifyPhone} onResend={sendPhoneCode} />
        </section>
      )}
      <form onSubmit={(e) => void form.handleSubmit(save)(e)} noValidate>
        <FormTextField
          control={form.control}
          name="name"
          label="Full name"
          placeholder="Eg. Jane"
          autoComplete="name"
          error={errors.name?.message}
        />
        <FormTextField
          control={form.control}
          name="email"
          label="Email address"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
        />
        <FormPhoneInput control={form.control} name="phone" label="Mobile number" error={phone.number ? errors.phone?.message : null} />
        <button type="submit" className={`${primaryButton} ${css({ w: 'full' })}`} disabled={!canSave}>
          {saving ? 'SAVING…' : 'SAVE DETAILS'}
        </button>
        {outcome?.ok && (
          <Modal title="Profile updated!" onClose={() => setOutcome(null)}>
            <div className={css({ display: 'flex', gap: '2', justifyContent: 'flex-end' })}>
              <button type="button" className={outlineButton} onClick={() => setOutcome(null)}>
                CLOSE
              </button>
              <button type="button" className={primaryButton} onClick={() => setOutcome(null)}>
                OK
              </button>
            </div>
          </Modal>
        )}
        {outcome && !outcome.ok && (
          <Modal title="Problems updating your details" onClose={() => setOutcome(null)}>
            <p className={css({ mb: '4' })}>{outcome.message}</p>
            <button type="button" className={outlineButton} onClick={() => setOutcome(null)}>
              CLOSE
            </button>
          </Modal>
        )}
      </form>
    </>
  );
}
