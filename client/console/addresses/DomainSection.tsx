import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { css } from '../../../styled-system/css';
import { customDomainSchema, type CustomDomainInput, type CustomDomainView } from '../../../shared/console/domains';
import { CallFailed, Loading } from '../../components/CallFailed';
import { Field } from '../../components/Field';
import { fieldInput } from '../../components/form-styles';
import { outlineButton, primaryButton } from '../../components/styles';
import { sectionBox, sectionTitle } from '../ui/looks';
import { FormAlert } from '../ui/Field';
import { useFormMutation } from '../lib/form-mutation';
import { addDomain, checkDomainAgain, domainQuery, removeDomain } from './api';
import { DomainStatus } from './DomainStatus';

/** The salon's own domain: add one, see what to put in its DNS and where it is on the way to live. */
export function DomainSection({ salonId }: { salonId: number }) {
  const q = useQuery(domainQuery(salonId));
  return (
    <section aria-labelledby="own-domain" className={sectionBox}>
      <h2 id="own-domain" className={sectionTitle}>
        Your own domain
      </h2>
      {q.isPending ? (
        <Loading what="your domain" />
      ) : q.isError ? (
        <CallFailed message={q.error.message} onRetry={() => void q.refetch()} />
      ) : q.data ? (
        <DomainCard salonId={salonId} domain={q.data} />
      ) : (
        <AddDomain salonId={salonId} />
      )}
    </section>
  );
}

function AddDomain({ salonId }: { salonId: number }) {
  const queries = useQueryClient();
  const form = useForm<CustomDomainInput>({ resolver: zodResolver(customDomainSchema), defaultValues: { hostname: '' } });
  const { submit, failure } = useFormMutation(form, {
    mutationFn: (v) => addDomain(salonId, v.hostname),
    onSuccess: ({ domain }) => queries.setQueryData(domainQuery(salonId).queryKey, domain),
  });
  return (
    <form onSubmit={submit} noValidate className={css({ maxW: '480px' })}>
      <p className={css({ mb: '3' })}>Clients can book on a domain of yours, such as book.your-salon.co.uk, with its own certificate.</p>
      <Field
        label="Domain"
        hint="A subdomain of a domain you own, such as book.your-salon.co.uk"
        error={form.formState.errors.hostname?.message}
      >
        {(a) => (
          <input {...a} {...form.register('hostname')} autoComplete="off" spellCheck={false} inputMode="url" className={fieldInput} />
        )}
      </Field>
      {failure && <FormAlert>{failure}</FormAlert>}
      <button type="submit" className={primaryButton} disabled={form.formState.isSubmitting}>
        Add domain
      </button>
    </form>
  );
}

function DomainCard({ salonId, domain }: { salonId: number; domain: CustomDomainView }) {
  const queries = useQueryClient();
  const key = domainQuery(salonId).queryKey;
  const [confirming, setConfirming] = useState(false);
  const check = useMutation({
    mutationFn: () => checkDomainAgain(salonId),
    onSuccess: ({ domain: d }) => queries.setQueryData(key, d),
  });
  const remove = useMutation({
    mutationFn: () => removeDomain(salonId),
    onSuccess: () => queries.setQueryData(key, null),
  });
  const failure = check.error?.message ?? remove.error?.message;
  return (
    <div>
      <DomainStatus domain={domain} />
      {failure && <FormAlert>{failure}</FormAlert>}
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', mt: '3' })}>
        {domain.phase !== 'live' && !domain.managed_outside && (
          <button type="button" className={primaryButton} disabled={check.isPending} onClick={() => check.mutate()}>
            {check.isPending ? 'Checking…' : 'Check again'}
          </button>
        )}
        {!confirming ? (
          <button type="button" className={outlineButton} onClick={() => setConfirming(true)}>
            Remove
          </button>
        ) : (
          <div
            role="group"
            aria-label="Remove the domain"
            className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' })}
          >
            <span>Remove {domain.hostname}? Clients using it stop reaching you at once.</span>
            <button type="button" className={primaryButton} disabled={remove.isPending} onClick={() => remove.mutate()}>
              Yes, remove it
            </button>
            <button type="button" className={outlineButton} onClick={() => setConfirming(false)}>
              Keep it
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
