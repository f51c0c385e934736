import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { css } from '../../../styled-system/css';
import { apiKeyCreateSchema, type ApiKeyCreate, type ApiKeySummary, type CreatedApiKey } from '../../../shared/console/keys';
import { CallFailed, Loading } from '../../components/CallFailed';
import { fieldInput } from '../../components/form-styles';
import { primaryButton } from '../../components/styles';
import { useCurrentSalon } from '../lib/current-salon';
import { screenTitle, sectionBox, sectionTitle } from '../ui/looks';
import { ActionTable } from '../ui/ActionTable';
import { Field } from '../../components/Field';
import { FormAlert } from '../ui/Field';
import { useFormMutation } from '../lib/form-mutation';
import { whenOf } from '../lib/when';
import { createKey, keysKey, keysQuery, revokeKey } from './api';

/** API keys (owner): keys for automation, shown once when made, revoked at any time. */
export function ApiKeys() {
  const salon = useCurrentSalon();
  const q = useQuery(keysQuery(salon.id));
  return (
    <>
      <h1 className={screenTitle}>API keys</h1>
      <p className={css({ mb: '4', maxW: '65ch' })}>
        Keys let your own tools change {salon.name}’s settings through the salon admin API. Anyone with a key can do that, so keep them
        secret and revoke one you no longer use.
      </p>
      <NewKey salonId={salon.id} />
      <section aria-labelledby="keys-list" className={sectionBox}>
        <h2 id="keys-list" className={sectionTitle}>
          Your keys
        </h2>
        {q.isPending ? (
          <Loading what="your keys" />
        ) : q.isError ? (
          <CallFailed message={q.error.message} onRetry={() => void q.refetch()} />
        ) : q.data.length === 0 ? (
          <p>No keys yet.</p>
        ) : (
          <KeyList salonId={salon.id} keys={q.data} />
        )}
      </section>
    </>
  );
}

function KeyList({ salonId, keys }: { salonId: number; keys: ApiKeySummary[] }) {
  return (
    <ActionTable
      rows={keys}
      listKey={keysKey(salonId)}
      columns={[
        { header: 'Name', cell: (k) => k.name },
        { header: 'Starts with', cell: (k) => <code>{k.prefix}</code> },
        { header: 'Last used', cell: (k) => (k.last_used_at ? whenOf(k.last_used_at) : 'Never') },
      ]}
      action={{
        label: 'Revoke',
        nameOf: (k) => k.name,
        confirm: (k) => `Revoke “${k.name}”? Tools using it stop working at once.`,
        run: (k) => revokeKey(salonId, k),
      }}
    />
  );
}

function NewKey({ salonId }: { salonId: number }) {
  const queries = useQueryClient();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const form = useForm<ApiKeyCreate>({ resolver: zodResolver(apiKeyCreateSchema), defaultValues: { name: '' } });
  const { submit, failure } = useFormMutation(form, {
    mutationFn: (v) => createKey(salonId, v),
    onSuccess: (made) => {
      setCreated(made);
      form.reset({ name: '' });
      // in the list at once (without the key itself, which is shown only above), then as the server lists it
      const { key: _shownOnce, ...summary } = made;
      queries.setQueryData<ApiKeySummary[]>(keysKey(salonId), (keys) => [summary, ...(keys ?? []).filter((k) => k.id !== made.id)]);
      void queries.invalidateQueries({ queryKey: keysKey(salonId) });
    },
  });
  return (
    <section aria-labelledby="keys-new" className={sectionBox}>
      <h2 id="keys-new" className={sectionTitle}>
        Create a key
      </h2>
      {created && (
        <div role="status" className={css({ mb: '4', p: '3', bg: 'surface', rounded: 'md', border: '1px solid', borderColor: 'border' })}>
          <p className={css({ fontWeight: '600', mb: '1' })}>Your new key “{created.name}”. Copy it now: it is shown only this once.</p>
          <code aria-label="New API key" className={css({ display: 'block', wordBreak: 'break-all', fontSize: 'md', p: '2', bg: 'bg' })}>
            {created.key}
          </code>
        </div>
      )}
      <form onSubmit={submit} noValidate className={css({ maxW: '480px' })}>
        <Field label="Key name" hint="What it is for, such as “Website sync”" error={form.formState.errors.name?.message}>
          {(a) => <input {...a} {...form.register('name')} autoComplete="off" className={fieldInput} />}
        </Field>
        {failure && <FormAlert>{failure}</FormAlert>}
        <button type="submit" className={primaryButton} disabled={form.formState.isSubmitting}>
          Create key
        </button>
      </form>
    </section>
  );
}
