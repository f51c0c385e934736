import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { useState, type FormEvent } from 'react';
import { css } from '../../../styled-system/css';
import { MSG_EMAIL, MSG_PHONE, MSG_PROFILE_NAME, validEmail } from '../../../shared/account-rules';
import { Modal } from '../../components/Modal';
import { PhoneInput, toE164 } from '../../components/PhoneInput';
import { TextField } from '../../components/TextField';
import { outlineButton, primaryButton } from '../../components/styles';
import { sendPhoneCode, updateProfile, verifyPhone, type ClientUser } from '../auth';
import { PhoneCodeForm } from '../../components/PhoneCodeForm';

/** Profile, Contact Details: name, email, mobile; SAVE DETAILS only for a valid change. */
export function ContactDetails({ user }: { user: ClientUser }) {
  const parsed = parsePhoneNumberFromString(user.phone_number);
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email);
  const [phone, setPhone] = useState(parsed?.nationalNumber ?? user.phone_number);
  const [country, setCountry] = useState<string>(parsed?.country ?? 'GB');
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: true } | { ok: false; message: string } | null>(null);

  const e164 = phone.trim() ? toE164(phone, country) : null;
  const nameError = name.trim().length < 2 ? MSG_PROFILE_NAME : null;
  const emailError = !validEmail(email.trim()) ? MSG_EMAIL : null;
  const phoneError = phone.replace(/\D/g, '').length < 4 || !e164 ? MSG_PHONE : null;
  const changes: Partial<Pick<ClientUser, 'name' | 'email' | 'phone_number'>> = {};
  if (name.trim() !== user.name) changes.name = name.trim();
  if (email.trim() !== user.email) changes.email = email.trim();
  if (e164 && e164 !== user.phone_number) changes.phone_number = e164;
  const canSave = !saving && Object.keys(changes).length > 0 && !nameError && !emailError && !phoneError;

  const save = async (e: FormEvent) => {
    e.preventDefault();
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
        <section aria-labelledby="confirm-number" className={css({ mb: '5', pb: '4', borderBottom: '1px solid', borderColor: 'border' })}>
          <h2 id="confirm-number" className={css({ fontSize: 'lg', fontWeight: '700', mb: '2' })}>
            Confirm your mobile number
          </h2>
          <p className={css({ mb: '2', fontSize: 'sm' })}>
            Until you do, deposit requests and messages a salon sends to this number will not reach your account.
          </p>
          <PhoneCodeForm destination={`+*******${user.phone_number.slice(-4)}`} onConfirm={verifyPhone} onResend={sendPhoneCode} />
        </section>
      )}
      <form onSubmit={save} noValidate>
        <TextField
          label="Full name"
          placeholder="Eg. Jane"
          autoComplete="name"
          value={name}
          onChange={setName}
          error={name ? nameError : MSG_PROFILE_NAME}
        />
        <TextField
          label="Email address"
          type="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
          error={email ? emailError : MSG_EMAIL}
        />
        <PhoneInput
          label="Mobile number"
          value={phone}
          country={country}
          onChange={(v, c) => (setPhone(v), setCountry(c))}
          error={phone ? phoneError : null}
        />
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
