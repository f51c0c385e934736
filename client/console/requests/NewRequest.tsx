import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Field } from '../../components/Field';
import { useSearchParams } from 'react-router';
import { css } from '../../../styled-system/css';
import { appointmentNo } from '../../../shared/console/appointment-number';
import type * as z from '../../../shared/zod';
import { fieldInput, radioRow } from '../../components/form-styles';
import { linkButton, primaryButton } from '../../components/styles';
import { sectionBox, sectionTitle } from '../ui/looks';
import { FormAlert } from '../ui/Field';
import { useSalonFacts } from '../lib/salon-facts';
import { useFormMutation } from '../lib/form-mutation';
import { askForDeposit, requestsKey } from './api';
import { blankRequest, formFieldOf, requestForm, type Kind, type RequestValues } from './form';
import { NewAppointment, type AppointmentChoice } from './NewAppointment';

const KINDS: [Kind, string][] = [
  ['deposit', 'A deposit'],
  ['card_only', 'Card details only'],
  ['full_price', 'The full price'],
];

/**
 * A new request: for the appointment the client's card sent us here with (?appointment=&for=), or
 * for a new appointment at a time the engine offers. The shared schema checks it before it is
 * sent (requests/form.ts), and the server's per-field refusals land on the same fields.
 */
export function NewRequest({ salonId }: { salonId: number }) {
  const queries = useQueryClient();
  const facts = useSalonFacts(salonId);
  const [params, setParams] = useSearchParams();
  const appointmentId = Number(params.get('appointment')) || null;
  const [done, setDone] = useState<string | null>(null);
  const schema = useMemo(() => requestForm(facts.country), [facts.country]);
  const form = useForm<RequestValues, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: blankRequest(appointmentId),
  });
  // the appointment comes with the address (a client's card links here with one)
  useEffect(() => form.setValue('appointment_id', appointmentId), [appointmentId, form]);
  const { errors, isSubmitting } = form.formState;
  const [kind, serviceId, stylistId, start] = form.watch(['request', 'service_id', 'stylist_id', 'start']);
  const { submit, failure } = useFormMutation(form, {
    mutationFn: (body) => {
      setDone(null);
      return askForDeposit(salonId, body);
    },
    onSuccess: (made, body) => {
      setDone(`Request sent to ${`${made.first_name} ${made.last_name}`.trim() || made.phone_number}.`);
      form.reset({ ...blankRequest(null), request: body.request });
      if (appointmentId) setParams({});
      void queries.invalidateQueries({ queryKey: requestsKey(salonId) });
      void queries.invalidateQueries({ queryKey: ['console', salonId, 'clients'] });
    },
    fieldOf: formFieldOf,
  });
  const choose = (c: AppointmentChoice) => {
    form.setValue('service_id', c.serviceId);
    form.setValue('stylist_id', c.stylistId);
    form.setValue('start', c.start);
  };

  return (
    <section aria-labelledby="request-new" className={sectionBox}>
      <h2 id="request-new" className={sectionTitle}>
        Ask a client for a deposit
      </h2>
      <form onSubmit={submit} noValidate className={css({ maxW: '560px' })}>
        <fieldset className={css({ mb: '4' })}>
          <legend className={css({ fontWeight: '600', mb: '1' })}>What to ask for</legend>
          {KINDS.map(([k, label]) => (
            <label key={k} className={radioRow}>
              <input type="radio" value={k} {...form.register('request')} />
              {label}
            </label>
          ))}
        </fieldset>
        {kind === 'deposit' && (
          <Field label={`Deposit (${facts.currency})`} error={errors.deposit?.message}>
            {(a) => <input {...a} {...form.register('deposit')} inputMode="decimal" className={fieldInput} />}
          </Field>
        )}
        {appointmentId ? (
          <p className={css({ mb: '4' })}>
            For {params.get('no') ? `appointment ${appointmentNo(Number(params.get('no')))}` : 'this appointment'}
            {params.get('for') ? ` (${params.get('for')})` : ''}.{' '}
            <button type="button" className={linkButton} onClick={() => setParams({})}>
              Ask for a new appointment instead
            </button>
            {errors.appointment_id && <FormAlert>{errors.appointment_id.message}</FormAlert>}
          </p>
        ) : (
          <>
            <Field label="Client’s mobile" error={errors.phone?.message}>
              {(a) => <input {...a} {...form.register('phone')} type="tel" autoComplete="off" className={fieldInput} />}
            </Field>
            <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, columnGap: '3' })}>
              <Field label="First name" error={errors.first_name?.message}>
                {(a) => <input {...a} {...form.register('first_name')} autoComplete="off" className={fieldInput} />}
              </Field>
              <Field label="Last name" error={errors.last_name?.message}>
                {(a) => <input {...a} {...form.register('last_name')} autoComplete="off" className={fieldInput} />}
              </Field>
            </div>
            <NewAppointment
              salonId={salonId}
              choice={{ serviceId, stylistId, start }}
              onChoice={choose}
              errors={{ service: errors.service_id?.message, start: errors.start?.message }}
              timezone={facts.timezone}
            />
          </>
        )}
        {failure && <FormAlert>{failure}</FormAlert>}
        {done && (
          <p role="status" className={css({ mb: '3', fontWeight: '600' })}>
            {done}
          </p>
        )}
        <button type="submit" className={primaryButton} disabled={isSubmitting}>
          {isSubmitting ? 'Sending…' : 'Send request'}
        </button>
      </form>
    </section>
  );
}
