import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import {
  useFieldArray,
  useForm,
  useWatch,
  type Control,
  type FieldErrors,
  type Path,
  type UseFormRegister,
  type UseFormSetValue,
} from 'react-hook-form';
import { css } from '../../../styled-system/css';
import type { DeskAppointment, DiaryStylist, SeriesOccurrence } from '../../../shared/console/diary';
import type { Category } from '../../../shared/types';
import { Field } from '../../components/Field';
import { fieldInput, selectInput } from '../../components/form-styles';
import { Modal } from '../../components/Modal';
import { phoneSearchOf } from '../../components/phone-number';
import { linkButton, outlineButton, primaryButton } from '../../components/styles';
import { ServiceOptions } from '../ui/ServiceOptions';
import { checkbox, FormAlert } from '../ui/Field';
import { useSalonFacts } from '../lib/salon-facts';
import { publicServicesQuery, publicStylistsQuery, publicTimesQuery } from '../lib/booking-calls';
import { useFormMutation } from '../lib/form-mutation';
import { bookAtDesk, clientSearchQuery, diaryChanged, previewAtDesk } from './api';
import { ClientSearch } from './ClientSearch';
import { deskBody, deskDefaults, deskFormSchema, emptyProcedure, formFieldOf, type DeskForm } from './desk-form';
import { clock, dateIn, shortDay } from '../lib/format';

const row = css({ display: 'flex', flexWrap: 'wrap', columnGap: '3', alignItems: 'flex-end' });
const half = css({ flex: '1 1 10rem', mb: '3' });
const small = css({ flex: '0 1 7rem', mb: '3' });
const check = css({ display: 'flex', gap: '2', alignItems: 'center', mb: '3' });
/** The main action stays on screen however long the form (a 390 px phone): the dialog scrolls under it. */
const footer = css({
  position: 'sticky',
  bottom: '-4',
  mx: '-4',
  px: '4',
  py: '3',
  bg: 'surface',
  borderTop: '1px solid',
  borderColor: 'border',
  display: 'flex',
  gap: '2',
  flexWrap: 'wrap',
  alignItems: 'center',
});
const MODES = [
  { walkIn: false, label: 'Booking' },
  { walkIn: true, label: 'Walk-in now' },
] as const;

/** What the diary says after a booking (the first appointment of a series). */
export type Booked = Pick<DeskAppointment, 'client' | 'start'> & { outside_opening_hours?: boolean };

/**
 * A booking taken at the desk (by phone or in person): a client found by name or phone, or a new
 * one; one or several services, each with its stylist (only those who do it), one after another
 * with the processing time between as the engine books them; a time the salon offers online, or
 * (managers and owners) any time the stylists are free; repeated every N weeks, its clashes
 * listed before saving with the choice to skip them; or a walk-in, now, with a name only.
 * react-hook-form over the shared schema (desk-form.ts), then the server (409 when just taken).
 * `initial`: a slot chosen in the diary (its stylist for the first service, its time).
 */
export function DeskBooking(p: {
  salonId: number;
  date: string;
  timezone: string;
  stylists: DiaryStylist[];
  initial?: { stylistId?: number; time?: string };
  onClose: (booked?: Booked) => void;
}) {
  const queries = useQueryClient();
  const [search, setSearch] = useState('');
  // phones as staff type them, in the salon's country ('07700 900123')
  const { country } = useSalonFacts(p.salonId);
  const schema = useMemo(() => deskFormSchema(p.date, p.timezone, country), [p.date, p.timezone, country]);
  const form = useForm<DeskForm>({ resolver: zodResolver(schema), defaultValues: deskDefaults(p.initial ?? {}, p.timezone) });
  const { register, control, setValue, formState } = form;
  const errors = formState.errors;
  const services = useFieldArray({ control, name: 'procedures' });
  const v = useWatch({ control }) as DeskForm;
  const [clashes, setClashes] = useState<SeriesOccurrence[] | null>(null);
  const found = useQuery(clientSearchQuery(p.salonId, phoneSearchOf(search, country)));
  const catalogue = useQuery(publicServicesQuery(p.salonId));
  const chosen = v.procedures.filter((x) => x.service_id && x.stylist_id);
  const allChosen = chosen.length === v.procedures.length;
  const times = useQuery({
    ...publicTimesQuery(
      p.salonId,
      p.date,
      chosen.map((x) => Number(x.service_id)),
      chosen.map((x) => Number(x.stylist_id)),
    ),
    enabled: allChosen && !v.any_time && !v.walk_in,
  });
  const offeredTimes = Object.keys(times.data?.data ?? {});

  // a refused call's field errors land on the fields they name (formFieldOf), the rest in the notice
  const [booking, setBooking] = useState(false);
  const { submit, failure } = useFormMutation(form, {
    mutationFn: async (values: DeskForm): Promise<{ clashes: SeriesOccurrence[] } | { booked: Booked }> => {
      const body = deskBody(values, p.date, p.timezone, country, clashes !== null);
      if (values.repeat.on && !values.walk_in && clashes === null) {
        // the series' dates are checked first: a clash is shown, and booked only if skipped
        const { occurrences } = await previewAtDesk(p.salonId, body);
        if (occurrences.some((o) => o.clash !== null)) return { clashes: occurrences };
      }
      setBooking(true);
      try {
        const booked = await bookAtDesk(p.salonId, body);
        return {
          booked: 'series_id' in booked && 'skipped' in booked ? { ...booked.appointments[0]!, outside_opening_hours: false } : booked,
        };
      } finally {
        setBooking(false);
      }
    },
    onSuccess: (answer) => {
      if ('clashes' in answer) return setClashes(answer.clashes);
      void diaryChanged(queries, p.salonId);
      p.onClose(answer.booked);
    },
    fieldOf: (path, values) => formFieldOf(path, values) as Path<DeskForm>,
  });
  const changed = () => {
    if (clashes) setClashes(null);
  };
  const clashCount = clashes?.filter((o) => o.clash !== null).length ?? 0;
  const freeCount = (clashes?.length ?? 0) - clashCount;

  return (
    <Modal title={v.walk_in ? 'Walk-in' : 'New booking'} onClose={() => p.onClose()}>
      <form onSubmit={(e) => void submit(e)} onChange={changed} noValidate>
        <div role="radiogroup" aria-label="Kind of booking" className={css({ display: 'flex', gap: '2', mb: '3' })}>
          {MODES.map((m) => (
            <label key={m.label} className={check}>
              <input
                type="radio"
                name="walk_in"
                checked={v.walk_in === m.walkIn}
                onChange={() => setValue('walk_in', m.walkIn)}
                className={checkbox}
              />
              {m.label}
            </label>
          ))}
        </div>
        <fieldset className={css({ border: 'none', p: '0', m: '0' })}>
          <legend className={css({ fontWeight: '700', mb: '2' })}>Client</legend>
          <ClientSearch
            search={search}
            onSearch={setSearch}
            found={found.data}
            error={errors.client?.id?.message}
            isChosen={(c) => (c.id ? v.client.id === c.id : !v.client.id && v.client.phone === c.phone)}
            onChoose={(c) => {
              // one taken down at the desk before: booked again by name and phone
              setValue('client', { id: c.id ?? '', name: c.id ? '' : c.name, phone: c.id ? '' : c.phone });
              form.clearErrors('client');
            }}
          />
          {v.client.id && (
            <button type="button" className={`${outlineButton} ${css({ mb: '3' })}`} onClick={() => setValue('client.id', '')}>
              A new client instead
            </button>
          )}
          {found.data?.length === 0 && (
            <p className={css({ fontSize: 'sm', color: 'textMuted', mb: '2' })}>No client found: enter a new one below.</p>
          )}
          {!v.client.id && (
            <div className={row}>
              <Field label="New client’s name" error={errors.client?.name?.message} className={half}>
                {(a) => <input {...a} {...register('client.name')} className={fieldInput} autoComplete="off" />}
              </Field>
              <Field
                label={v.walk_in ? 'New client’s mobile (if they give it)' : 'New client’s mobile'}
                hint="As they give it; a number from abroad starts with + and its country code"
                // under the field, so the name's and the mobile's boxes line up side by side
                hintBelow
                error={errors.client?.phone?.message}
                className={half}
              >
                {(a) => <input {...a} {...register('client.phone')} type="tel" className={fieldInput} autoComplete="off" />}
              </Field>
            </div>
          )}
        </fieldset>

        <fieldset className={css({ border: 'none', p: '0', m: '0' })}>
          <legend className={css({ fontWeight: '700', mb: '2' })}>
            {services.fields.length > 1 ? 'Services, one after another' : 'Service'}
          </legend>
          {services.fields.map((f, i) => (
            <ProcedureRow
              key={f.id}
              index={i}
              salonId={p.salonId}
              categories={catalogue.data}
              stylists={p.stylists}
              control={control}
              register={register}
              setValue={setValue}
              errors={errors}
              onRemove={i > 0 ? () => services.remove(i) : undefined}
            />
          ))}
          {services.fields.length < 10 && (
            <button type="button" className={`${linkButton} ${css({ mb: '3' })}`} onClick={() => services.append(emptyProcedure)}>
              Add another service
            </button>
          )}
        </fieldset>

        {v.walk_in ? (
          <p className={css({ mb: '3', fontSize: 'sm', color: 'textMuted' })}>
            Starts now ({clock(new Date().toISOString(), p.timezone)}), with the stylists chosen, whenever they are free.
          </p>
        ) : (
          <>
            <label className={check}>
              <input type="checkbox" {...register('any_time')} className={checkbox} />
              Any time the stylists are free (not only the times offered online)
            </label>
            {v.any_time ? (
              <Field label="Time" error={errors.free_time?.message}>
                {(a) => <input {...a} {...register('free_time')} type="time" step={300} className={fieldInput} />}
              </Field>
            ) : (
              <Field
                label="Time"
                hint={
                  !allChosen
                    ? 'Choose the services and who does them to see the times offered'
                    : times.data && offeredTimes.length === 0
                      ? 'No time is offered online that day for these: choose someone else, or any time they are free'
                      : undefined
                }
                error={errors.start_time?.message}
              >
                {(a) => (
                  <select {...a} {...register('start_time')} className={selectInput}>
                    <option value="">
                      {times.isFetching
                        ? 'Finding times…'
                        : times.data && offeredTimes.length === 0
                          ? 'No times offered that day'
                          : 'Choose a time'}
                    </option>
                    {offeredTimes.map((t) => (
                      <option key={t} value={t}>
                        {clock(t, p.timezone)}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            )}
            <label className={check}>
              <input type="checkbox" {...register('repeat.on')} className={checkbox} />
              Repeat
            </label>
            {v.repeat.on && <RepeatFields register={register} errors={errors} ends={v.repeat.ends} />}
          </>
        )}

        {clashes && (
          <section aria-label="Dates of the series" className={css({ mb: '3' })}>
            <p role="status" className={css({ fontWeight: '600', mb: '1' })}>
              {clashCount} of the {clashes.length} dates {clashCount === 1 ? 'is' : 'are'} not free.
            </p>
            <ul className={css({ listStyle: 'none', p: '0', display: 'grid', gap: '1', fontSize: 'sm' })}>
              {clashes.map((o) => (
                <li key={o.start} className={css({ color: o.clash ? 'danger' : 'text' })}>
                  {shortDay(dateIn(o.start, p.timezone))} {clock(o.start, p.timezone)}: {o.clash ?? 'free'}
                </li>
              ))}
            </ul>
          </section>
        )}
        {failure && <FormAlert>{failure}</FormAlert>}
        <div data-dialog-actions className={footer}>
          <button type="submit" className={primaryButton} disabled={formState.isSubmitting}>
            {booking
              ? 'Booking…'
              : clashes
                ? `Skip ${clashCount === 1 ? 'it' : 'them'} and book ${freeCount}`
                : v.walk_in
                  ? 'Book the walk-in'
                  : 'Book'}
          </button>
          <button type="button" className={outlineButton} onClick={() => p.onClose()}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** One service of the booking and its stylist: only those who do it are offered. */
function ProcedureRow(p: {
  index: number;
  salonId: number;
  categories: Category[] | undefined;
  stylists: DiaryStylist[];
  control: Control<DeskForm>;
  register: UseFormRegister<DeskForm>;
  setValue: UseFormSetValue<DeskForm>;
  errors: FieldErrors<DeskForm>;
  onRemove?: () => void;
}) {
  const i = p.index;
  const service = useWatch({ control: p.control, name: `procedures.${i}.service_id` });
  const stylist = useWatch({ control: p.control, name: `procedures.${i}.stylist_id` });
  // who does the chosen service (the diary's stylists of the day, in its order)
  const doers = useQuery({
    ...publicStylistsQuery(p.salonId, Number(service)),
    enabled: !!service,
  });
  const doing = new Set(doers.data?.[0]?.stylists.map((s) => String(s.stylist_id)) ?? []);
  const offered = service ? p.stylists.filter((s) => doing.has(String(s.id))) : [];
  // the one who does it when only one does; a stylist chosen (or given by the diary) who does not, dropped
  const offeredIds = offered.map((s) => String(s.id)).join(',');
  const { setValue } = p;
  useEffect(() => {
    if (!doers.isSuccess || !service || offeredIds.split(',').includes(stylist)) return;
    const ids = offeredIds ? offeredIds.split(',') : [];
    setValue(`procedures.${i}.stylist_id`, ids.length === 1 ? ids[0]! : '');
  }, [doers.isSuccess, service, offeredIds, stylist, i, setValue]);
  // before a service is chosen, the stylist the diary gave is shown as chosen
  const shown = service ? offered : p.stylists.filter((s) => String(s.id) === stylist);
  const n = i === 0 ? '' : ` ${i + 1}`;
  const err = p.errors.procedures?.[i];
  return (
    <div className={row}>
      <Field
        label={`Service${n}`}
        error={err?.service_id?.message ?? (i === 0 ? p.errors.procedures?.message : undefined)}
        className={half}
      >
        {(a) => (
          <select {...a} {...p.register(`procedures.${i}.service_id`)} className={selectInput}>
            <ServiceOptions categories={p.categories} />
          </select>
        )}
      </Field>
      <Field
        label={`Stylist${n}`}
        hint={
          !service
            ? 'Choose a service to see who does it'
            : doers.isSuccess && offered.length === 0
              ? 'No stylist here does this service'
              : undefined
        }
        error={err?.stylist_id?.message}
        className={half}
      >
        {(a) => (
          <select
            {...a}
            {...p.register(`procedures.${i}.stylist_id`)}
            // shown from the form's value: a stylist given by the diary before its options are known
            value={stylist}
            className={selectInput}
            disabled={shown.length === 0}
          >
            <option value="">{doers.isFetching ? 'Finding who does it…' : 'Choose who does it'}</option>
            {shown.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      {p.onRemove && (
        <button type="button" className={`${linkButton} ${css({ mb: '3' })}`} onClick={p.onRemove}>
          Remove service{n}
        </button>
      )}
    </div>
  );
}

/** Every N weeks, for a number of appointments or until a date. */
function RepeatFields(p: { register: UseFormRegister<DeskForm>; errors: FieldErrors<DeskForm>; ends: 'count' | 'until' }) {
  const e = p.errors.repeat;
  return (
    <div className={row}>
      <Field label="Every (weeks)" error={e?.every_weeks?.message} className={small}>
        {(a) => (
          <input {...a} {...p.register('repeat.every_weeks')} type="number" min={1} max={52} inputMode="numeric" className={fieldInput} />
        )}
      </Field>
      <Field label="Ends" className={small}>
        {(a) => (
          <select {...a} {...p.register('repeat.ends')} className={selectInput}>
            <option value="count">After</option>
            <option value="until">On a date</option>
          </select>
        )}
      </Field>
      {p.ends === 'count' ? (
        <Field label="Appointments" error={e?.count?.message} className={small}>
          {(a) => (
            <input {...a} {...p.register('repeat.count')} type="number" min={2} max={26} inputMode="numeric" className={fieldInput} />
          )}
        </Field>
      ) : (
        <Field label="Last date" error={e?.until?.message} className={half}>
          {(a) => <input {...a} {...p.register('repeat.until')} type="date" className={fieldInput} />}
        </Field>
      )}
    </div>
  );
}
