import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useFieldArray, useForm, type Control, type Path, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { css } from '../../../styled-system/css';
import type { MenuService } from '../../../shared/console/menu';
import type { ConsoleStylist, StrandsAnswer } from '../../../shared/console/stylists';
import type { StaffMember } from '../../../shared/console/team';
import { Field } from '../../components/Field';
import { fieldInput, selectInput } from '../../components/form-styles';
import { linkButton, primaryButton, smallOutlineButton } from '../../components/styles';
import { ruledBox, sectionBox, sectionTitle } from '../ui/looks';
import { checkbox, CheckField, FormAlert } from '../ui/Field';
import { ApiError } from '../lib/api';
import { putServerErrors } from '../lib/form-mutation';
import { addStylist, changeStylist } from './api';
import { bodyOf, DAY_NAMES, formFieldOf, formOf, stylistFormSchema, WEEK_ORDER, type StylistForm } from './form';
import { StrandedList } from './StrandedList';
import { PairTerms } from '../ui/PairTerms';

const time = css({ w: '28' });
const rowLine = css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'flex-end' });

/** Adding or changing a stylist: who they are, their weekly hours with breaks, extra working days and the services they perform. */
export function StylistEditor(p: {
  salonId: number;
  stylist: ConsoleStylist | null;
  menu: MenuService[];
  team: StaffMember[];
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const [strands, setStrands] = useState<{ answer: StrandsAnswer; body: ReturnType<typeof bodyOf>['body'] } | null>(null);
  const form = useForm<StylistForm>({ resolver: zodResolver(stylistFormSchema), defaultValues: formOf(p.stylist, p.menu) });
  const { errors, isSubmitting } = form.formState;
  const extra = useFieldArray({ control: form.control, name: 'extra_days' });
  const week = form.watch('week');
  const services = form.watch('services');

  const save = async (body: ReturnType<typeof bodyOf>['body'], maps: Parameters<typeof formFieldOf>[1], confirm = false) => {
    setFailure(null);
    try {
      const saved = p.stylist
        ? await changeStylist(p.salonId, p.stylist, { ...body, ...(confirm ? { confirm } : {}) })
        : await addStylist(p.salonId, body);
      setStrands(null);
      p.onDone(p.stylist ? `${saved.name} is saved.` : `${saved.name} is added.`);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const answer = e.body as Partial<StrandsAnswer> | null;
      if (e.status === 409 && answer?.appointments) {
        setStrands({ answer: answer as StrandsAnswer, body });
        return;
      }
      setFailure(putServerErrors(form, e, (f) => formFieldOf(f, maps) as Path<StylistForm>));
    }
  };
  const submit = form.handleSubmit(async (v) => {
    const { body, ...maps } = bodyOf(v);
    await save(body, maps);
  });

  const title = p.stylist ? `Change ${p.stylist.name}` : 'Add a stylist';
  return (
    <section aria-labelledby="stylist-editor" className={sectionBox}>
      <h2 id="stylist-editor" className={sectionTitle}>
        {title}
      </h2>
      <form onSubmit={submit} noValidate className={css({ maxW: '720px' })}>
        <Field label="Name" error={errors.name?.message}>
          {(a) => <input {...a} {...form.register('name')} autoComplete="off" className={fieldInput} />}
        </Field>
        <Field label="Title" hint="Shown under their name on the booking page, such as Senior Stylist." error={errors.title?.message}>
          {(a) => <input {...a} {...form.register('title')} autoComplete="off" className={fieldInput} />}
        </Field>
        <Field
          label="Their sign-in"
          hint="Someone on the team with the stylist role, who then sees this column as their own."
          error={errors.staff_id?.message}
        >
          {(a) => (
            <select {...a} {...form.register('staff_id')} className={`${selectInput} ${css({ w: 'full' })}`}>
              <option value="">Nobody</option>
              {p.team.map((m) => (
                <option key={m.id} value={String(m.id)}>
                  {m.name} ({m.email})
                </option>
              ))}
            </select>
          )}
        </Field>

        <fieldset className={css({ mb: '4' })}>
          <legend className={css({ fontWeight: '600', mb: '2' })}>Weekly hours</legend>
          {WEEK_ORDER.map((weekday) => (
            <div key={weekday} className={ruledBox}>
              <CheckField label={`Works on ${DAY_NAMES[weekday]}`}>
                {(a) => <input {...a} type="checkbox" {...form.register(`week.${weekday}.works`)} className={checkbox} />}
              </CheckField>
              {week[weekday]!.works && (
                <DayFields
                  prefix={`week.${weekday}`}
                  label={DAY_NAMES[weekday]!}
                  control={form.control}
                  register={form.register}
                  errors={errors.week?.[weekday]}
                />
              )}
            </div>
          ))}
        </fieldset>

        <fieldset className={css({ mb: '4' })}>
          <legend className={css({ fontWeight: '600', mb: '2' })}>Extra working days</legend>
          <p className={css({ fontSize: 'sm', color: 'textMuted', mb: '2' })}>
            A date they work these hours, whether or not it is one of their days (it replaces that day’s hours).
          </p>
          {extra.fields.map((f, i) => (
            <div key={f.id} className={ruledBox}>
              <div className={rowLine}>
                <Field label={`Extra day ${i + 1}: date`} error={errors.extra_days?.[i]?.date?.message}>
                  {(a) => <input {...a} type="date" {...form.register(`extra_days.${i}.date`)} className={fieldInput} />}
                </Field>
                <button type="button" className={`${smallOutlineButton} ${css({ mb: '4' })}`} onClick={() => extra.remove(i)}>
                  Remove extra day {i + 1}
                </button>
              </div>
              <DayFields
                prefix={`extra_days.${i}`}
                label={`extra day ${i + 1}`}
                control={form.control}
                register={form.register}
                errors={errors.extra_days?.[i]}
              />
            </div>
          ))}
          <button type="button" className={linkButton} onClick={() => extra.append({ date: '', start: '09:00', end: '17:30', breaks: [] })}>
            Add an extra working day
          </button>
        </fieldset>

        <fieldset className={css({ mb: '4' })}>
          <legend className={css({ fontWeight: '600', mb: '2' })}>Services they perform</legend>
          {services.map((s, i) => (
            <PairTerms
              key={s.service_id}
              name={s.name}
              performs={s.performs}
              field={(term) => form.register(`services.${i}.${term}`)}
              errors={errors.services?.[i]}
            />
          ))}
          {services.length === 0 && <p>The salon has no services yet: add them in Services.</p>}
        </fieldset>

        {strands && (
          <StrandedList
            salonId={p.salonId}
            answer={strands.answer}
            confirmLabel="Keep them and save the hours"
            onConfirm={() => void save(strands.body, bodyOf(form.getValues()), true)}
            onCancel={() => setStrands(null)}
          />
        )}
        {failure && <FormAlert>{failure}</FormAlert>}
        <div className={css({ display: 'flex', gap: '4', alignItems: 'center', flexWrap: 'wrap' })}>
          <button type="submit" className={primaryButton} disabled={isSubmitting}>
            {isSubmitting ? 'Saving…' : p.stylist ? 'Save the stylist' : 'Add the stylist'}
          </button>
          <button type="button" className={linkButton} onClick={p.onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}

type DayPrefix = `week.${number}` | `extra_days.${number}`;
type DayErrors = FieldErrors<StylistForm['week'][number]> | undefined;

/** A day's start and end, and its breaks (added and removed a row at a time). */
function DayFields(p: {
  prefix: DayPrefix;
  label: string;
  control: Control<StylistForm>;
  register: UseFormRegister<StylistForm>;
  errors: DayErrors;
}) {
  const breaks = useFieldArray({ control: p.control, name: `${p.prefix}.breaks` });
  return (
    <>
      <div className={rowLine}>
        <Field label={`${p.label} from`} error={p.errors?.start?.message}>
          {(a) => <input {...a} type="time" {...p.register(`${p.prefix}.start`)} className={`${fieldInput} ${time}`} />}
        </Field>
        <Field label={`${p.label} until`} error={p.errors?.end?.message}>
          {(a) => <input {...a} type="time" {...p.register(`${p.prefix}.end`)} className={`${fieldInput} ${time}`} />}
        </Field>
      </div>
      {breaks.fields.map((f, j) => (
        <div key={f.id} className={rowLine}>
          <Field label={`${p.label} break ${j + 1} from`} error={p.errors?.breaks?.[j]?.start?.message}>
            {(a) => <input {...a} type="time" {...p.register(`${p.prefix}.breaks.${j}.start`)} className={`${fieldInput} ${time}`} />}
          </Field>
          <Field label={`${p.label} break ${j + 1} until`} error={p.errors?.breaks?.[j]?.end?.message}>
            {(a) => <input {...a} type="time" {...p.register(`${p.prefix}.breaks.${j}.end`)} className={`${fieldInput} ${time}`} />}
          </Field>
          <button type="button" className={`${smallOutlineButton} ${css({ mb: '4' })}`} onClick={() => breaks.remove(j)}>
            Remove {p.label} break {j + 1}
          </button>
        </div>
      ))}
      <button type="button" className={linkButton} onClick={() => breaks.append({ start: '13:00', end: '13:30' })}>
        Add a break on {p.label}
      </button>
    </>
  );
}
