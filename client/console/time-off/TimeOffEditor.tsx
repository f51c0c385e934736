import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { css } from '../../../styled-system/css';
import { TIME_OFF_REASON_LABELS, TIME_OFF_REASONS, type StrandedAppointment } from '../../../shared/console/time-off';
import { Field } from '../../components/Field';
import { fieldInput, selectInput } from '../../components/form-styles';
import { primaryButton } from '../../components/styles';
import { sectionBox, sectionTitle } from '../ui/looks';
import { checkbox, FormAlert } from '../ui/Field';
import { today } from '../lib/format';
import { ApiError } from '../lib/api';
import { putServerErrors } from '../lib/form-mutation';
import { addTimeOff, strandedBy, timeChanged } from './api';
import { whenOf } from './format';
import { formFieldOf, timeOffBody, timeOffFormSchema, type TimeOffForm } from './forms';
import { StrandedConfirm } from './Stranded';

const half = css({ flex: '1 1 10rem', mb: '4' });
const row = css({ display: 'flex', flexWrap: 'wrap', columnGap: '3' });
const choice = css({ display: 'flex', gap: '2', alignItems: 'center', minH: '10' });

/**
 * Adding time off (owners and managers: for any stylist, approved at once) or asking for it (a
 * stylist, for their own column: it waits for an owner or manager). Whole days or part of one
 * day, a reason and a note. Over booked appointments it shows them and asks before saving.
 */
export function TimeOffEditor(p: {
  salonId: number;
  timezone: string;
  /** the stylists it may be for: one (a stylist's own column) or the salon's */
  stylists: { id: number; name: string }[];
  asking: boolean;
  onDone: (message: string) => void;
}) {
  const queries = useQueryClient();
  const schema = useMemo(() => timeOffFormSchema(p.timezone), [p.timezone]);
  const [failure, setFailure] = useState<string | null>(null);
  const [stranded, setStranded] = useState<{ appointments: StrandedAppointment[]; v: TimeOffForm } | null>(null);
  const [busy, setBusy] = useState(false);
  const only = p.stylists.length === 1 ? p.stylists[0] : undefined;
  const blank: TimeOffForm = {
    stylist_id: only ? String(only.id) : '',
    kind: 'days',
    from: today(),
    to: today(),
    start_time: '',
    end_time: '',
    reason: 'holiday',
    note: '',
  };
  const form = useForm<TimeOffForm>({ resolver: zodResolver(schema), defaultValues: blank });
  const { errors, isSubmitting } = form.formState;
  const kind = form.watch('kind');

  const save = async (v: TimeOffForm, confirm: boolean) => {
    setFailure(null);
    const body = timeOffBody(v, p.timezone);
    try {
      await addTimeOff(p.salonId, { ...body, ...(confirm ? { confirm } : {}) });
      void timeChanged(queries, p.salonId);
      setStranded(null);
      const who = p.stylists.find((s) => s.id === body.stylist_id)?.name ?? '';
      const when = whenOf(body, p.timezone);
      p.onDone(
        p.asking ? `Asked for time off: ${when}. An owner or manager will approve or decline it.` : `Time off added: ${who}, ${when}.`,
      );
      form.reset({ ...blank, stylist_id: v.stylist_id });
    } catch (e) {
      const appointments = strandedBy(e);
      if (appointments) return setStranded({ appointments, v });
      setStranded(null);
      if (!(e instanceof ApiError)) throw e;
      setFailure(putServerErrors(form, e, (f) => formFieldOf(f, v.kind)));
    }
  };
  const title = p.asking ? 'Ask for time off' : 'Add time off';
  return (
    <section aria-labelledby="time-off-editor" className={sectionBox}>
      <h2 id="time-off-editor" className={sectionTitle}>
        {title}
      </h2>
      {stranded ? (
        <StrandedConfirm
          appointments={stranded.appointments}
          timezone={p.timezone}
          confirm={p.asking ? 'Ask anyway' : 'Add it anyway'}
          busy={busy}
          onConfirm={async () => {
            setBusy(true);
            await save(stranded.v, true);
            setBusy(false);
          }}
          onBack={() => setStranded(null)}
        />
      ) : (
        <form onSubmit={form.handleSubmit((v) => save(v, false))} noValidate className={css({ maxW: '640px' })}>
          {only ? (
            p.asking ? null : (
              <p className={css({ mb: '3' })}>For {only.name}</p>
            )
          ) : (
            <Field label="Stylist" error={errors.stylist_id?.message}>
              {(a) => (
                <select {...a} {...form.register('stylist_id')} className={`${selectInput} ${css({ w: 'full' })}`}>
                  <option value="">Choose a stylist</option>
                  {p.stylists.map((s) => (
                    <option key={s.id} value={String(s.id)}>
                      {s.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          )}
          <fieldset className={css({ mb: '3' })}>
            <legend className={css({ fontWeight: '600', mb: '1' })}>How long</legend>
            <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '1 5' })}>
              <label className={choice}>
                <input type="radio" value="days" {...form.register('kind')} className={checkbox} /> Whole days
              </label>
              <label className={choice}>
                <input type="radio" value="hours" {...form.register('kind')} className={checkbox} /> Part of a day
              </label>
            </div>
          </fieldset>
          {kind === 'days' ? (
            <div className={row}>
              <Field label="First day" error={errors.from?.message} className={half}>
                {(a) => <input {...a} type="date" {...form.register('from')} className={fieldInput} />}
              </Field>
              <Field label="Last day" error={errors.to?.message} className={half}>
                {(a) => <input {...a} type="date" {...form.register('to')} className={fieldInput} />}
              </Field>
            </div>
          ) : (
            <div className={row}>
              <Field label="Day" error={errors.from?.message} className={half}>
                {(a) => <input {...a} type="date" {...form.register('from')} className={fieldInput} />}
              </Field>
              <Field label="From" error={errors.start_time?.message} className={half}>
                {(a) => <input {...a} type="time" step={300} {...form.register('start_time')} className={fieldInput} />}
              </Field>
              <Field label="Until" error={errors.end_time?.message} className={half}>
                {(a) => <input {...a} type="time" step={300} {...form.register('end_time')} className={fieldInput} />}
              </Field>
            </div>
          )}
          <Field label="Reason" error={errors.reason?.message}>
            {(a) => (
              <select {...a} {...form.register('reason')} className={`${selectInput} ${css({ w: 'full' })}`}>
                {TIME_OFF_REASONS.map((r) => (
                  <option key={r} value={r}>
                    {TIME_OFF_REASON_LABELS[r]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Note (optional)" error={errors.note?.message}>
            {(a) => <textarea {...a} {...form.register('note')} rows={2} className={fieldInput} />}
          </Field>
          {failure && <FormAlert>{failure}</FormAlert>}
          <button type="submit" className={primaryButton} disabled={isSubmitting}>
            {isSubmitting ? 'Saving…' : p.asking ? 'Ask for the time off' : 'Add the time off'}
          </button>
        </form>
      )}
    </section>
  );
}
