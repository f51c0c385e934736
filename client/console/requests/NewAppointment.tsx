import { useQuery } from '@tanstack/react-query';
import { Field } from '../../components/Field';
import { ServiceOptions } from '../ui/ServiceOptions';
import { selectInput } from '../../components/form-styles';
import { useState } from 'react';
import { css } from '../../../styled-system/css';
import { fieldInput } from '../../components/form-styles';
import { salonTime } from '../lib/salon-facts';
import { publicServicesQuery, publicStylistsQuery, publicTimesQuery } from '../lib/booking-calls';

export interface AppointmentChoice {
  serviceId: number | null;
  stylistId: number | null;
  /** the offered start, as the engine gave it (ISO with offset) */
  start: string | null;
}

const wide = css({ w: 'full' });

/** The salon's day (YYYY-MM-DD) tomorrow, where a new appointment's search starts. */
function tomorrowIn(timezone: string) {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + 86_400_000),
  );
  return parts;
}

/** A new appointment for the request: a service, who does it, a day and a time the engine offers then. */
export function NewAppointment(p: {
  salonId: number;
  choice: AppointmentChoice;
  onChoice: (c: AppointmentChoice) => void;
  /** the form's words on the service and on the time */
  errors: { service?: string; start?: string };
  timezone: string;
}) {
  const { salonId, choice, onChoice } = p;
  const [date, setDate] = useState(() => tomorrowIn(p.timezone));
  const services = useQuery(publicServicesQuery(salonId));
  const stylists = useQuery({ ...publicStylistsQuery(salonId, choice.serviceId ?? 0), enabled: choice.serviceId !== null });
  const times = useQuery({
    ...publicTimesQuery(salonId, date, [{ service_id: choice.serviceId ?? 0, stylist_id: choice.stylistId ?? 0 }]),
    enabled: choice.serviceId !== null && choice.stylistId !== null && /^\d{4}-\d{2}-\d{2}$/.test(date),
  });
  const starts = Object.keys(times.data?.data ?? {});
  return (
    <>
      <Field label="Service" error={p.errors.service}>
        {(a) => (
          <select
            {...a}
            className={`${selectInput} ${wide}`}
            value={choice.serviceId ?? ''}
            onChange={(e) => onChoice({ serviceId: Number(e.target.value) || null, stylistId: null, start: null })}
          >
            <ServiceOptions categories={services.data} />
          </select>
        )}
      </Field>
      <Field label="With">
        {(a) => (
          <select
            {...a}
            className={`${selectInput} ${wide}`}
            value={choice.stylistId ?? ''}
            disabled={!choice.serviceId}
            onChange={(e) => onChoice({ ...choice, stylistId: Number(e.target.value) || null, start: null })}
          >
            <option value="">Choose who</option>
            {stylists.data?.[0]?.stylists.map((s) => (
              <option key={s.stylist_id} value={s.stylist_id}>
                {s.stylist_name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, columnGap: '3' })}>
        <Field label="Day">
          {(a) => (
            <input
              {...a}
              type="date"
              value={date}
              onChange={(e) => {
                setDate(e.target.value);
                onChoice({ ...choice, start: null });
              }}
              className={fieldInput}
            />
          )}
        </Field>
        <Field
          label="Time"
          hint={choice.stylistId && times.isSuccess && starts.length === 0 ? 'No free time that day: try another' : undefined}
          error={p.errors.start}
        >
          {(a) => (
            <select
              {...a}
              className={`${selectInput} ${wide}`}
              value={choice.start ?? ''}
              disabled={starts.length === 0}
              onChange={(e) => onChoice({ ...choice, start: e.target.value || null })}
            >
              <option value="">{times.isFetching ? 'Finding times…' : 'Choose a time'}</option>
              {starts.map((s) => (
                <option key={s} value={s}>
                  {salonTime(s, p.timezone).split(', ').at(-1)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
    </>
  );
}
