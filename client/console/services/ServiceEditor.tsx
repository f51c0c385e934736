import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Path } from 'react-hook-form';
import { css } from '../../../styled-system/css';
import type { MenuCategory, MenuService } from '../../../shared/console/menu';
import { Field } from '../../components/Field';
import { fieldInput, selectInput } from '../../components/form-styles';
import { linkButton, primaryButton } from '../../components/styles';
import { sectionBox, sectionTitle } from '../ui/looks';
import { checkbox, CheckField, FormAlert } from '../ui/Field';
import { useFormMutation } from '../lib/form-mutation';
import { PairTerms } from '../ui/PairTerms';
import { addService, changeService } from './api';
import { bodyOf, formFieldOf, formOf, serviceFormSchema, type ServiceForm } from './form';

/** Adding or changing a service: its words, category, how it is offered, its finishing services and who performs it. */
export function ServiceEditor(p: {
  salonId: number;
  service: MenuService | null;
  categoryId: number;
  categories: MenuCategory[];
  services: MenuService[];
  stylists: { id: number; name: string }[];
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const form = useForm<ServiceForm>({
    resolver: zodResolver(serviceFormSchema),
    defaultValues: formOf(p.service, p.categoryId, p.stylists),
  });
  const { errors, isSubmitting } = form.formState;
  const rows = form.watch('stylists');
  const { submit, failure } = useFormMutation(form, {
    mutationFn: (v) => (p.service ? changeService(p.salonId, p.service, bodyOf(v).body) : addService(p.salonId, bodyOf(v).body)),
    onSuccess: (saved) => p.onDone(p.service ? `${saved.name} is saved.` : `${saved.name} is added.`),
    // the call names a stylist by the row it sent; the form's row may be another
    fieldOf: (f, v) => formFieldOf(f, bodyOf(v).rowOf) as Path<ServiceForm>,
  });
  const title = p.service ? `Change ${p.service.name}` : 'Add a service';
  return (
    <section aria-labelledby="service-editor" className={sectionBox}>
      <h2 id="service-editor" className={sectionTitle}>
        {title}
      </h2>
      <form onSubmit={submit} noValidate className={css({ maxW: '640px' })}>
        <Field label="Name" error={errors.name?.message}>
          {(a) => <input {...a} {...form.register('name')} autoComplete="off" className={fieldInput} />}
        </Field>
        <Field label="Category" error={errors.category_id?.message}>
          {(a) => (
            <select
              {...a}
              {...form.register('category_id')}
              defaultValue={form.getValues('category_id')}
              className={`${selectInput} ${css({ w: 'full' })}`}
            >
              {p.categories.map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Description" hint="Clients read it on the booking page." error={errors.description?.message}>
          {(a) => <textarea {...a} {...form.register('description')} rows={3} className={fieldInput} />}
        </Field>
        <CheckField label="Shown online" hint="Clients can book it on the booking page." error={errors.online?.message}>
          {(a) => <input {...a} type="checkbox" {...form.register('online')} className={checkbox} />}
        </CheckField>
        <CheckField label="Needs a patch test" error={errors.patch_test?.message}>
          {(a) => <input {...a} type="checkbox" {...form.register('patch_test')} className={checkbox} />}
        </CheckField>
        <CheckField label="“From” price" hint="The final price depends on the client’s hair." error={errors.variable_price?.message}>
          {(a) => <input {...a} type="checkbox" {...form.register('variable_price')} className={checkbox} />}
        </CheckField>

        <fieldset className={css({ mb: '4' })}>
          <legend className={css({ fontWeight: '600', mb: '2' })}>Who performs it</legend>
          {rows.map((r, i) => (
            <PairTerms
              key={r.stylist_id}
              name={r.name}
              performs={r.performs}
              field={(term) => form.register(`stylists.${i}.${term}`)}
              errors={errors.stylists?.[i]}
            />
          ))}
          {rows.length === 0 && <p>The salon has no stylists yet.</p>}
        </fieldset>

        <fieldset className={css({ mb: '4' })}>
          <legend className={css({ fontWeight: '600', mb: '2' })}>Finishing services suggested after it</legend>
          {p.services
            .filter((s) => s.id !== p.service?.id)
            .map((s) => (
              <label key={s.id} className={css({ display: 'flex', gap: '2', mb: '1' })}>
                <input type="checkbox" value={String(s.id)} {...form.register('recommended')} className={checkbox} />
                {s.name}
              </label>
            ))}
          {errors.recommended?.message && <p className={css({ color: 'danger', fontSize: 'sm' })}>{errors.recommended.message}</p>}
        </fieldset>

        {failure && <FormAlert>{failure}</FormAlert>}
        <div className={css({ display: 'flex', gap: '4', alignItems: 'center' })}>
          <button type="submit" className={primaryButton} disabled={isSubmitting}>
            {isSubmitting ? 'Saving…' : p.service ? 'Save the service' : 'Add the service'}
          </button>
          <button type="button" className={linkButton} onClick={p.onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
