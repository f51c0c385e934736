import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useFieldArray, useForm } from 'react-hook-form';
import { css } from '../../../styled-system/css';
import {
  DEFAULT_PICKER_HEADING,
  groupPickerSchema,
  type GroupPickerSave,
  type GroupPickerSettings,
} from '../../../shared/console/group-picker';
import { CallFailed, Loading } from '../../components/CallFailed';
import { Field } from '../../components/Field';
import { fieldInput } from '../../components/form-styles';
import { outlineButton, primaryButton } from '../../components/styles';
import { sectionBox, sectionTitle } from '../ui/looks';
import { checkbox, CheckField, FormAlert } from '../ui/Field';
import { ApiError } from '../lib/api';
import { useFormMutation } from '../lib/form-mutation';
import { groupPickerQuery, saveGroupPicker } from './api';

const formOf = (s: GroupPickerSettings): GroupPickerSave => ({
  heading: s.heading,
  text: s.text,
  locations: s.locations.map(({ id, hidden, latitude, longitude }) => ({ id, hidden, latitude, longitude })),
});
const numberOrNull = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

/** The group owner's picker (/group/{id}/): its heading and text, the locations' order, hidden ones, where each is. */
export function GroupPickerSection({ salonId, groupId }: { salonId: number; groupId: number }) {
  const q = useQuery(groupPickerQuery(salonId));
  return (
    <section aria-labelledby="group-picker" className={sectionBox}>
      <h2 id="group-picker" className={sectionTitle}>
        Your group’s locations
      </h2>
      <p className={css({ mb: '3', maxW: '65ch' })}>
        Clients choose a location at{' '}
        <a href={`/group/${groupId}/`} className={css({ fontWeight: '600' })}>
          {location.host}/group/{groupId}/
        </a>
        . Each shows its address, today’s hours and its next free time.
      </p>
      {q.isPending ? (
        <Loading what="your locations" />
      ) : q.isError ? (
        <CallFailed message={q.error.message} onRetry={() => void q.refetch()} />
      ) : (
        <PickerForm key={q.data.version} salonId={salonId} settings={q.data} />
      )}
    </section>
  );
}

function PickerForm({ salonId, settings }: { salonId: number; settings: GroupPickerSettings }) {
  const queries = useQueryClient();
  const names = new Map(settings.locations.map((l) => [l.id, l.name]));
  const form = useForm<GroupPickerSave>({ resolver: zodResolver(groupPickerSchema), defaultValues: formOf(settings) });
  const list = useFieldArray({ control: form.control, name: 'locations', keyName: 'key' });
  const errors = form.formState.errors;
  const { submit, failure: notice } = useFormMutation(form, {
    mutationFn: (v) => saveGroupPicker(salonId, settings.version, v),
    onSuccess: (saved) => queries.setQueryData(groupPickerQuery(salonId).queryKey, saved),
    // another save came first: its message, and the picker read again
    onError: (e) => {
      if (e instanceof ApiError && e.status === 412) void queries.invalidateQueries({ queryKey: groupPickerQuery(salonId).queryKey });
    },
  });
  return (
    <form onSubmit={submit} noValidate className={css({ maxW: '640px' })}>
      <Field label="Heading" hint={`Empty: “${DEFAULT_PICKER_HEADING}”`} error={errors.heading?.message}>
        {(a) => <input {...a} {...form.register('heading')} className={fieldInput} />}
      </Field>
      <Field label="Text under the heading" hint="Optional, up to 400 characters" error={errors.text?.message}>
        {(a) => <textarea {...a} {...form.register('text')} rows={3} className={fieldInput} />}
      </Field>
      <ol
        aria-label="Locations in the picker’s order"
        className={css({ listStyle: 'none', display: 'flex', flexDirection: 'column', gap: '3', mb: '3' })}
      >
        {list.fields.map((f, i) => {
          const name = names.get(f.id) ?? `Location ${f.id}`;
          return (
            <li key={f.key} className={css({ border: '1px solid {colors.border}', rounded: 'md', p: '3' })}>
              <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', mb: '2' })}>
                <strong className={css({ flex: '1' })}>
                  {i + 1}. {name}
                </strong>
                <button
                  type="button"
                  className={outlineButton}
                  disabled={i === 0}
                  onClick={() => list.move(i, i - 1)}
                  aria-label={`Move ${name} up`}
                >
                  Up
                </button>
                <button
                  type="button"
                  className={outlineButton}
                  disabled={i === list.fields.length - 1}
                  onClick={() => list.move(i, i + 1)}
                  aria-label={`Move ${name} down`}
                >
                  Down
                </button>
              </div>
              <CheckField label={`Hide ${name} from the picker`}>
                {(a) => <input type="checkbox" {...a} {...form.register(`locations.${i}.hidden`)} className={checkbox} />}
              </CheckField>
              <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '2' })}>
                {(['latitude', 'longitude'] as const).map((axis) => (
                  <Field
                    key={axis}
                    label={`${axis === 'latitude' ? 'Latitude' : 'Longitude'} of ${name}`}
                    error={errors.locations?.[i]?.[axis]?.message}
                  >
                    {(a) => (
                      <input
                        {...a}
                        {...form.register(`locations.${i}.${axis}`, { setValueAs: numberOrNull })}
                        inputMode="decimal"
                        className={fieldInput}
                      />
                    )}
                  </Field>
                ))}
              </div>
            </li>
          );
        })}
      </ol>
      {errors.locations?.root?.message || errors.locations?.message ? (
        <FormAlert>{errors.locations?.root?.message ?? errors.locations?.message}</FormAlert>
      ) : null}
      {notice && <FormAlert>{notice}</FormAlert>}
      <button type="submit" className={primaryButton} disabled={form.formState.isSubmitting}>
        Save locations
      </button>
    </form>
  );
}
