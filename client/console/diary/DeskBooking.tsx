import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { salonTimeToIso } from '../../../shared/console/salon-time';
import { Field } from '../../components/Field';
import { ServiceOptions } from '../ui/ServiceOptions';
import { selectInput } from '../../components/form-styles';
import { useState } from 'react';
import { css } from '../../../styled-system/css';
import type { DaySlots, ServiceStylists } from '../../../shared/availability';
import { deskBookingSchema, type DeskAppointment, type DeskBooking as Booking, type DiaryStylist } from '../../../shared/console/diary';
import type { Category } from '../../../shared/types';
import { Modal } from '../../components/Modal';
import { fieldInput } from '../../components/form-styles';
import { outlineButton, primaryButton } from '../../components/styles';
import { phoneSearchOf, toE164 } from '../../components/phone-number';
import { useSalonFacts } from '../lib/salon-facts';
import { ConsoleCallError } from '../lib/api';
import { bookAtDesk, clientSearchQuery, diaryChanged } from './api';
import { ClientSearch } from './ClientSearch';
import { clock } from '../lib/format';

const publicCall = async <T,>(path: string): Promise<T> => {
  const res = await fetch(`/api/${path}`, { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error('This could not be loaded just now. Try again in a moment.');
  return (await res.json()) as T;
};

/**
 * A booking taken at the desk (by phone or in person): a client found by name or phone, or a new
 * one; a service and stylist; a time the salon offers online, or (managers and owners) any time
 * the stylist is free. Checked with the shared schema, then by the server (409 when the time was
 * just taken); the client is texted.
 */
export function DeskBooking(p: {
  salonId: number;
  date: string;
  timezone: string;
  stylists: DiaryStylist[];
  onClose: (booked?: DeskAppointment) => void;
}) {
  const queries = useQueryClient();
  const [search, setSearch] = useState('');
  const [clientId, setClientId] = useState('');
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [service, setService] = useState('');
  const [stylist, setStylist] = useState('');
  const [time, setTime] = useState('');
  const [anyTime, setAnyTime] = useState(false);
  const [freeTime, setFreeTime] = useState('10:00');
  const [errors, setErrors] = useState<Record<string, string>>({});
  // phones as staff type them, in the salon's country ('07700 900123')
  const { country } = useSalonFacts(p.salonId);
  const found = useQuery(clientSearchQuery(p.salonId, phoneSearchOf(search, country)));
  const services = useQuery({
    queryKey: ['public', 'services', p.salonId],
    queryFn: () => publicCall<Category[]>(`book-online/services/${p.salonId}/`),
  });
  // who does the chosen service: only they are offered (the diary's stylists of the day, in its order)
  const doers = useQuery({
    queryKey: ['public', 'stylists', p.salonId, service],
    queryFn: () => publicCall<ServiceStylists[]>(`book-online/services/stylists/${p.salonId}/${service}/`),
    enabled: !!service,
  });
  const doing = new Set(doers.data?.[0]?.stylists.map((s) => String(s.stylist_id)) ?? []);
  const offered = service ? p.stylists.filter((s) => doing.has(String(s.id))) : [];
  const chosenStylist = offered.some((s) => String(s.id) === stylist) ? stylist : offered.length === 1 ? String(offered[0]!.id) : '';
  const stylistName = offered.find((s) => String(s.id) === chosenStylist)?.name;
  const times = useQuery({
    queryKey: ['public', 'times', p.salonId, p.date, service, chosenStylist],
    queryFn: () =>
      publicCall<DaySlots>(`book-online/new/availability/appointment/${p.salonId}/${p.date}/${service}/${chosenStylist}/null/`),
    enabled: !!service && !!chosenStylist && !anyTime,
  });
  const book = useMutation({
    mutationFn: (b: Booking) => bookAtDesk(p.salonId, b),
    onSuccess: (booked) => {
      void diaryChanged(queries, p.salonId);
      p.onClose(booked);
    },
    onError: (e) => setErrors(e instanceof ConsoleCallError ? { ...e.fieldErrors, form: e.message } : { form: e.message }),
  });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const start = anyTime ? salonTimeToIso(`${p.date}T${freeTime}`, p.timezone) : time;
    const body: Booking = {
      client: clientId ? { id: clientId } : { name, phone: toE164(phone, country) ?? phone },
      start_time: start,
      procedures: [{ service_id: Number(service), stylist_id: Number(chosenStylist) }],
      ...(anyTime ? { any_time: true } : {}),
    };
    const checked = deskBookingSchema.safeParse(body);
    if (!checked.success) {
      const next: Record<string, string> = {};
      for (const i of checked.error.issues) next[i.path.map(String).join('.') || 'form'] ??= i.message;
      setErrors(next);
      return;
    }
    setErrors({});
    book.mutate(body);
  };
  const clientError = errors['client'] ?? errors['client.id'];
  return (
    <Modal title="New booking" onClose={() => p.onClose()}>
      <form onSubmit={submit} noValidate>
        <fieldset className={css({ border: 'none', p: '0', m: '0' })}>
          <legend className={css({ fontWeight: '700', mb: '2' })}>Client</legend>
          <ClientSearch
            search={search}
            onSearch={setSearch}
            found={found.data}
            error={clientError}
            isChosen={(c) => (c.id ? clientId === c.id : !clientId && phone === c.phone)}
            onChoose={(c) => {
              // one taken down at the desk before: booked again by name and phone
              setClientId(c.id ?? '');
              if (!c.id) {
                setName(c.name);
                setPhone(c.phone);
              }
            }}
          />
          {clientId && (
            <button type="button" className={`${outlineButton} ${css({ mb: '3' })}`} onClick={() => setClientId('')}>
              A new client instead
            </button>
          )}
          {found.data?.length === 0 && (
            <p className={css({ fontSize: 'sm', color: 'textMuted', mb: '2' })}>No client found: enter a new one below.</p>
          )}
          {!clientId && (
            <>
              <Field label="New client’s name" error={errors['client.name']}>
                {(a) => <input {...a} className={fieldInput} value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" />}
              </Field>
              <Field
                label="New client’s mobile"
                hint="As they give it; a number from abroad starts with + and its country code"
                error={errors['client.phone']}
              >
                {(a) => (
                  <input
                    {...a}
                    type="tel"
                    className={fieldInput}
                    value={phone}
                    onChange={(e) => setPhone(e.target.value)}
                    autoComplete="off"
                  />
                )}
              </Field>
            </>
          )}
        </fieldset>
        <Field label="Service" error={errors['procedures'] ?? errors['procedures.0.service_id']}>
          {(a) => (
            <select
              {...a}
              className={selectInput}
              value={service}
              onChange={(e) => {
                setService(e.target.value);
                setTime('');
              }}
            >
              <ServiceOptions categories={services.data} />
            </select>
          )}
        </Field>
        <Field
          label="Stylist"
          hint={
            !service
              ? 'Choose a service to see who does it'
              : doers.isSuccess && offered.length === 0
                ? 'No stylist here does this service'
                : undefined
          }
          error={errors['procedures.0.stylist_id'] ?? errors['stylists']}
        >
          {(a) => (
            <select
              {...a}
              className={selectInput}
              value={chosenStylist}
              disabled={offered.length === 0}
              onChange={(e) => {
                setStylist(e.target.value);
                setTime('');
              }}
            >
              <option value="">{doers.isFetching ? 'Finding who does it…' : 'Choose who does it'}</option>
              {offered.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <label className={css({ display: 'flex', gap: '2', alignItems: 'center', mb: '3' })}>
          <input type="checkbox" checked={anyTime} onChange={(e) => setAnyTime(e.target.checked)} />
          Any time the stylist is free (not only the times offered online)
        </label>
        {anyTime ? (
          <Field label="Time" error={errors['start_time']}>
            {(a) => (
              <input {...a} type="time" step={300} className={fieldInput} value={freeTime} onChange={(e) => setFreeTime(e.target.value)} />
            )}
          </Field>
        ) : (
          <Field
            label="Time"
            hint={
              !service || !chosenStylist
                ? 'Choose a service and who does it to see the times offered'
                : times.data && Object.keys(times.data.data).length === 0
                  ? `${stylistName ?? 'They'} has no time offered online that day: choose someone else, or any time they are free`
                  : undefined
            }
            error={errors['start_time']}
          >
            {(a) => (
              <select {...a} className={selectInput} value={time} onChange={(e) => setTime(e.target.value)}>
                <option value="">
                  {times.isFetching
                    ? 'Finding times…'
                    : times.data && Object.keys(times.data.data).length === 0
                      ? 'No times offered that day'
                      : 'Choose a time'}
                </option>
                {Object.keys(times.data?.data ?? {}).map((t) => (
                  <option key={t} value={t}>
                    {clock(t, p.timezone)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        {errors['form'] && (
          <p role="alert" className={css({ color: 'danger', mb: '2' })}>
            {errors['form']}
          </p>
        )}
        <div data-dialog-actions className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
          <button type="submit" className={primaryButton} disabled={book.isPending}>
            {book.isPending ? 'Booking…' : 'Book'}
          </button>
          <button type="button" className={outlineButton} onClick={() => p.onClose()}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}
