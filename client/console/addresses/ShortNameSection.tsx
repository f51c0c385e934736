import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { css } from '../../../styled-system/css';
import { shortNameSchema, type ShortNameInput } from '../../../shared/console/short-name';
import { CallFailed, Loading } from '../../components/CallFailed';
import { Field } from '../../components/Field';
import { fieldInput } from '../../components/form-styles';
import { primaryButton } from '../../components/styles';
import { sectionBox, sectionTitle } from '../ui/looks';
import { FormAlert } from '../ui/Field';
import { useFormMutation } from '../lib/form-mutation';
import { saveShortName, shortNameCheckQuery, shortNameQuery } from './api';
import { dateOf } from './dates';

/** The value after it has stopped changing for `ms` (what is asked of the server as the owner types). */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

/** The short name: /s/{name}, checked as it is typed; an old name redirects for 90 days. */
export function ShortNameSection({ salonId }: { salonId: number }) {
  const q = useQuery(shortNameQuery(salonId));
  return (
    <section aria-labelledby="short-name" className={sectionBox}>
      <h2 id="short-name" className={sectionTitle}>
        Short link
      </h2>
      {q.isPending ? (
        <Loading what="your short link" />
      ) : q.isError ? (
        <CallFailed message={q.error.message} onRetry={() => void q.refetch()} />
      ) : (
        <>
          <p className={css({ mb: '2' })}>
            {q.data.short_name ? (
              <>
                Clients book at{' '}
                <a href={`/s/${q.data.short_name}`} className={css({ fontWeight: '600' })}>
                  {location.host}/s/{q.data.short_name}
                </a>
              </>
            ) : (
              'No short link yet.'
            )}
          </p>
          {q.data.previous.length > 0 && (
            <ul aria-label="Old short links still redirecting" className={css({ mb: '3', color: 'textMuted', fontSize: 'sm' })}>
              {q.data.previous.map((p) => (
                <li key={p.short_name}>
                  /s/{p.short_name} still leads here until {dateOf(p.redirects_until)}
                </li>
              ))}
            </ul>
          )}
          <ShortNameForm salonId={salonId} current={q.data.short_name ?? ''} />
        </>
      )}
    </section>
  );
}

function ShortNameForm({ salonId, current }: { salonId: number; current: string }) {
  const queries = useQueryClient();
  const [saved, setSaved] = useState(false);
  const form = useForm<ShortNameInput>({
    resolver: zodResolver(shortNameSchema),
    defaultValues: { short_name: current },
    mode: 'onChange',
  });
  const typed = useWatch({ control: form.control, name: 'short_name' }).trim().toLowerCase();
  const settled = useSettled(typed, 350);
  const formatError = form.formState.errors.short_name?.message;
  const check = useQuery(shortNameCheckQuery(salonId, !formatError && settled !== current ? settled : ''));
  const availability =
    typed !== settled || typed === current || formatError ? null : check.data?.short_name === settled ? check.data : null;
  const { submit, failure } = useFormMutation(form, {
    mutationFn: (v) => {
      setSaved(false);
      return saveShortName(salonId, v.short_name);
    },
    onSuccess: (answer) => {
      queries.setQueryData(shortNameQuery(salonId).queryKey, answer);
      setSaved(true);
    },
  });
  const error = formatError ?? (availability && !availability.available ? (availability.reason ?? undefined) : undefined);
  return (
    <form onSubmit={submit} noValidate className={css({ maxW: '480px' })}>
      <Field
        label="Short name"
        hint={availability?.available ? `/s/${availability.short_name} is free` : 'Letters, digits and dashes, such as willow-islington'}
        error={error}
      >
        {(a) => (
          <div className={css({ display: 'flex', alignItems: 'center', gap: '1' })}>
            <span aria-hidden="true">/s/</span>
            <input {...a} {...form.register('short_name')} autoComplete="off" spellCheck={false} className={fieldInput} />
          </div>
        )}
      </Field>
      {failure && <FormAlert>{failure}</FormAlert>}
      {saved && (
        <p role="status" className={css({ mb: '3' })}>
          Saved. The old link keeps leading here for 90 days.
        </p>
      )}
      <button type="submit" className={primaryButton} disabled={form.formState.isSubmitting || typed === current || !!error}>
        Save short name
      </button>
    </form>
  );
}
