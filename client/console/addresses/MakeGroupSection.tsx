import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { css } from '../../../styled-system/css';
import { newGroupSchema } from '../../../shared/console/groups';
import type { StaffSalon } from '../../../shared/console/roles';
import * as z from '../../../shared/zod';
import { Field } from '../../components/Field';
import { fieldInput } from '../../components/form-styles';
import { primaryButton } from '../../components/styles';
import { sectionBox, sectionTitle } from '../ui/looks';
import { checkbox, FormAlert } from '../ui/Field';
import { useFormMutation } from '../lib/form-mutation';
import { reloadMe } from '../lib/session';
import { makeGroup } from './api';

/** The form's values: the name, and the other salons ticked (this one is always in the group). */
const groupForm = (here: number) =>
  z
    .object({ name: z.string(), others: z.array(z.string()) })
    .transform((v) => ({ name: v.name, salon_ids: [here, ...v.others.map(Number)] }))
    .pipe(newGroupSchema);
type GroupValues = { name: string; others: string[] };

/**
 * Making a group (issue 49, docs/get-started.md "Making a group"): an owner of several salons
 * makes this one and others of theirs one group; its picker at /group/{id}/ lists them, and the
 * section becomes the group's locations (the owner's salons read again).
 */
export function MakeGroupSection({ salon, mine }: { salon: StaffSalon; mine: readonly StaffSalon[] }) {
  const others = mine.filter((s) => s.id !== salon.id);
  const schema = groupForm(salon.id);
  const form = useForm<GroupValues, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { name: '', others: [] },
  });
  const { errors, isSubmitting } = form.formState;
  // a message on the list of salons comes from the call's rule on salon_ids
  const listError = (errors as { salon_ids?: { message?: string } }).salon_ids?.message ?? errors.others?.message;

  const { submit, failure } = useFormMutation(form, {
    mutationFn: async (body) => {
      await makeGroup(salon.id, body);
      await reloadMe();
    },
    fieldOf: (f) => (f === 'name' ? 'name' : f === 'salon_ids' ? 'others' : null),
  });

  return (
    <section aria-labelledby="make-group" className={sectionBox}>
      <h2 id="make-group" className={sectionTitle}>
        Make a group of your salons
      </h2>
      <p className={css({ mb: '3', maxW: '65ch' })}>
        Your salons in one group share a page where clients choose a location, and you own every salon of the group. A salon belongs to one
        group.
      </p>
      <form onSubmit={submit} noValidate>
        <Field label="Group name" hint="Clients see it on the page where they choose a location" error={errors.name?.message}>
          {(a) => <input {...a} {...form.register('name')} autoComplete="organization" className={fieldInput} />}
        </Field>
        <fieldset className={css({ border: 'none', p: '0', mb: '4' })} aria-describedby={listError ? 'make-group-error' : undefined}>
          <legend className={css({ fontWeight: '600', mb: '1' })}>Salons in the group</legend>
          <p className={css({ py: '1' })}>{salon.name} (this salon)</p>
          {others.map((s) => (
            <label key={s.id} className={css({ display: 'flex', gap: '2', alignItems: 'center', py: '1' })}>
              <input type="checkbox" value={String(s.id)} {...form.register('others')} className={checkbox} />
              {s.name}
            </label>
          ))}
          {listError && (
            <p id="make-group-error" className={css({ color: 'danger', fontSize: 'sm' })}>
              {listError}
            </p>
          )}
        </fieldset>
        {failure && <FormAlert>{failure}</FormAlert>}
        <button type="submit" className={primaryButton} disabled={isSubmitting}>
          {isSubmitting ? 'Making the group…' : 'Make the group'}
        </button>
      </form>
    </section>
  );
}
