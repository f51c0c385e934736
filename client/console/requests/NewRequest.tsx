import { useQueryClient } from '@tanstack/react-query';
import { Field } from '../../components/Field';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { css } from '../../../styled-system/css';
import { appointmentNo } from '../../../shared/console/appointment-number';
import { MSG_DESK_PHONE } from '../../../shared/console/diary';
import { newInviteSchema, type NewInvite } from '../../../shared/console/requests';
import { fieldInput, radioRow } from '../../components/form-styles';
import { toE164 } from '../../components/phone-number';
import { linkButton, primaryButton } from '../../components/styles';
import { sectionBox, sectionTitle } from '../ui/looks';
import { FormAlert } from '../ui/Field';
import { useSalonFacts } from '../lib/salon-facts';
import { ConsoleCallError } from '../lib/api';
import { askForDeposit, requestsKey } from './api';
import { NewAppointment, type AppointmentChoice } from './NewAppointment';

type Kind = NewInvite['request'];
const KINDS: [Kind, string][] = [
  ['deposit', 'A deposit'],
  ['card_only', 'Card details only'],
  ['full_price', 'The full price'],
];

/**
 * A new request: for the appointment the client's card sent us here with (?appointment=&for=), or
 * for a new appointment at a time the engine offers. The shared schema checks it before it is
 * sent, and the server's per-field refusals land on the same fields.
 */
export function NewRequest({ salonId }: { salonId: number }) {
  const queries = useQueryClient();
  const facts = useSalonFacts(salonId);
  const [params, setParams] = useSearchParams();
  const appointmentId = Number(params.get('appointment')) || null;
  const [kind, setKind] = useState<Kind>('deposit');
  const [deposit, setDeposit] = useState('');
  const [person, setPerson] = useState({ phone: '', first_name: '', last_name: '' });
  const [choice, setChoice] = useState<AppointmentChoice>({ serviceId: null, stylistId: null, start: null });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const body = (): unknown => ({
    request: kind,
    ...(kind === 'deposit' ? { deposit: deposit.trim() === '' ? undefined : Number(deposit) } : {}),
    ...(appointmentId
      ? { appointment_id: appointmentId }
      : {
          appointment: {
            start_time: choice.start ?? '',
            procedures: choice.serviceId && choice.stylistId ? [{ service_id: choice.serviceId, stylist_id: choice.stylistId }] : [],
          },
          client: {
            phone: toE164(person.phone, facts.country) ?? person.phone,
            first_name: person.first_name,
            last_name: person.last_name,
          },
        }),
  });

  const send = async (e: React.FormEvent) => {
    e.preventDefault();
    setFailure(null);
    setDone(null);
    const checked = newInviteSchema.safeParse(body());
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const i of checked.error.issues) found[i.path.map(String).join('.')] ??= i.message;
      // the API's words are for programs; the desk is told in its own
      if (found['client.phone']) found['client.phone'] = person.phone.trim() ? MSG_DESK_PHONE : 'Enter their mobile number';
      return setErrors(found);
    }
    setErrors({});
    setSending(true);
    try {
      const made = await askForDeposit(salonId, checked.data);
      setDone(`Request sent to ${`${made.first_name} ${made.last_name}`.trim() || made.phone_number}.`);
      setDeposit('');
      setPerson({ phone: '', first_name: '', last_name: '' });
      setChoice({ serviceId: null, stylistId: null, start: null });
      if (appointmentId) setParams({});
      void queries.invalidateQueries({ queryKey: requestsKey(salonId) });
      void queries.invalidateQueries({ queryKey: ['console', salonId, 'clients'] });
    } catch (err) {
      if (!(err instanceof ConsoleCallError)) throw err;
      const fields = err.fieldErrors;
      setErrors(fields);
      if (!Object.keys(fields).length) setFailure(err.message);
    } finally {
      setSending(false);
    }
  };

  const phoneError = errors['client.phone'] ?? errors.client;
  return (
    <section aria-labelledby="request-new" className={sectionBox}>
      <h2 id="request-new" className={sectionTitle}>
        Ask a client for a deposit
      </h2>
      <form onSubmit={send} noValidate className={css({ maxW: '560px' })}>
        <fieldset className={css({ mb: '4' })}>
          <legend className={css({ fontWeight: '600', mb: '1' })}>What to ask for</legend>
          {KINDS.map(([k, label]) => (
            <label key={k} className={radioRow}>
              <input type="radio" name="request" value={k} checked={kind === k} onChange={() => setKind(k)} />
              {label}
            </label>
          ))}
        </fieldset>
        {kind === 'deposit' && (
          <Field label={`Deposit (${facts.currency})`} error={errors.deposit}>
            {(a) => (
              <input {...a} value={deposit} onChange={(e) => setDeposit(e.target.value)} inputMode="decimal" className={fieldInput} />
            )}
          </Field>
        )}
        {appointmentId ? (
          <p className={css({ mb: '4' })}>
            For {params.get('no') ? `appointment ${appointmentNo(Number(params.get('no')))}` : 'this appointment'}
            {params.get('for') ? ` (${params.get('for')})` : ''}.{' '}
            <button type="button" className={linkButton} onClick={() => setParams({})}>
              Ask for a new appointment instead
            </button>
            {errors.appointment_id && <FormAlert>{errors.appointment_id}</FormAlert>}
          </p>
        ) : (
          <>
            <Field label="Client’s mobile" error={phoneError}>
              {(a) => (
                <input
                  {...a}
                  type="tel"
                  autoComplete="off"
                  value={person.phone}
                  onChange={(e) => setPerson({ ...person, phone: e.target.value })}
                  className={fieldInput}
                />
              )}
            </Field>
            <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, columnGap: '3' })}>
              <Field label="First name" error={errors['client.first_name']}>
                {(a) => (
                  <input
                    {...a}
                    autoComplete="off"
                    value={person.first_name}
                    onChange={(e) => setPerson({ ...person, first_name: e.target.value })}
                    className={fieldInput}
                  />
                )}
              </Field>
              <Field label="Last name" error={errors['client.last_name']}>
                {(a) => (
                  <input
                    {...a}
                    autoComplete="off"
                    value={person.last_name}
                    onChange={(e) => setPerson({ ...person, last_name: e.target.value })}
                    className={fieldInput}
                  />
                )}
              </Field>
            </div>
            <NewAppointment salonId={salonId} choice={choice} onChoice={setChoice} errors={errors} timezone={facts.timezone} />
          </>
        )}
        {failure && <FormAlert>{failure}</FormAlert>}
        {done && (
          <p role="status" className={css({ mb: '3', fontWeight: '600' })}>
            {done}
          </p>
        )}
        <button type="submit" className={primaryButton} disabled={sending}>
          {sending ? 'Sending…' : 'Send request'}
        </button>
      </form>
    </section>
  );
}
