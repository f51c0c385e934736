import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { css } from '../../../styled-system/css';
import { MSG_PICK_A_DAY } from '../../../shared/availability-messages';
import { CallFailed, Loading } from '../../components/CallFailed';
import { PageTitle } from '../../components/PageTitle';
import { StickyNext } from '../../components/StickyNext';
import { CallError } from '../../lib/api';
import { useSalon } from '../../lib/salon-context';
import { dateIn, fullDate, salonToday, timeLabel } from '../../lib/salon-time';
import { useApi } from '../../lib/useApi';
import { useAuth } from '../auth';
import { fetchDaySlots, fetchWeekly, type SearchKey } from '../booking';
import { DaySlider, SlotList } from '../time';
import { fetchAppointment, moveAppointment } from './api';
import { whenOf } from './format';
import type { Appointment } from './types';

/** The day slider and times for the same services and staff as the appointment. */
function Times({ a }: { a: Appointment }) {
  const { salon } = useSalon();
  const { user } = useAuth();
  const navigate = useNavigate();
  const key: SearchKey = {
    salonId: salon.id,
    services: a.procedures.map((p) => p.service.id),
    stylists: a.procedures.map((p) => p.stylist.id),
    patchTime: null,
    waitlist: false,
  };
  const keyText = JSON.stringify(key);
  const today = salonToday(salon.timezone);
  const [date, setDate] = useState<string | null>(null);
  const [time, setTime] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const weekly = useApi(keyText, (signal) => fetchWeekly(key, today, signal));
  const slots = useApi(date ? `${keyText}|${date}` : null, (signal) => fetchDaySlots(key, date!, signal));
  const week = weekly.data;
  const minDate = week ? ([week.first_available_date, week.earliest_date].filter(Boolean).sort().at(-1) ?? null) : null;
  const times = slots.data ? Object.keys(slots.data.data) : [];

  const move = async () => {
    if (!time || !user) return;
    setBusy(true);
    setFailure(null);
    try {
      const moved = await moveAppointment(salon.id, a.id, user.username, time);
      const when = whenOf(moved, salon.timezone);
      navigate(`/${salon.id}/appointment/${a.id}`, {
        replace: true,
        state: { notice: `Your appointment is now on ${when.date}, ${when.time}.` },
      });
    } catch (e) {
      setFailure(
        e instanceof CallError && e.code === 'SLOT_TAKEN'
          ? 'That time is no longer available. Please choose another time.'
          : e instanceof Error
            ? e.message
            : String(e),
      );
      setBusy(false);
    }
  };

  return (
    <>
      {weekly.status === 'loading' && <Loading what="availability" />}
      {weekly.status === 'error' && <CallFailed message={weekly.error.message} onRetry={weekly.retry} />}
      {week && (
        <DaySlider
          today={today}
          availability={week.availability}
          minDate={minDate}
          maxDate={week.last_bookable_date}
          selected={date}
          onSelect={(d) => {
            setDate(d);
            setTime(null);
          }}
        />
      )}
      {week && !date && <p className={css({ my: '3', color: 'textMuted' })}>{week.message ?? MSG_PICK_A_DAY}</p>}
      {date && slots.status === 'loading' && <Loading what="times" />}
      {date && slots.status === 'error' && <CallFailed message={slots.error.message} onRetry={slots.retry} />}
      {date &&
        slots.data &&
        (times.length > 0 ? (
          <SlotList date={date} timezone={salon.timezone} times={times} selected={time} onSelect={setTime} />
        ) : (
          <p role="status" className={css({ my: '3' })}>
            {slots.data.message}
          </p>
        ))}
      {failure && <CallFailed message={failure} onRetry={move} />}
      <StickyNext label="MOVE APPOINTMENT" disabled={!time || busy} onNext={move}>
        {time && (
          <p aria-live="polite" className={css({ fontWeight: '600', fontSize: 'sm' })}>
            {fullDate(dateIn(salon.timezone, new Date(time)))}, {timeLabel(time, salon.timezone)}
          </p>
        )}
      </StickyNext>
    </>
  );
}

/**
 * /{salonId}/appointment/{id}/time (beyond the spec): a new time for the same services and staff.
 * The move is one change on the server: the new time is taken and the old one let go together.
 */
export function ChangeTime() {
  const { appointmentId = '' } = useParams();
  const { salon } = useSalon();
  const id = /^[1-9]\d{0,9}$/.test(appointmentId) ? Number(appointmentId) : null;
  const loaded = useApi(id !== null ? `appointment|${salon.id}|${id}` : null, (signal) => fetchAppointment(salon.id, id!, signal));
  return (
    <>
      <PageTitle>Choose a new time</PageTitle>
      {loaded.status === 'loading' && <Loading what="your appointment" />}
      {loaded.status === 'error' && <CallFailed message={loaded.error.message} onRetry={loaded.retry} />}
      {loaded.status === 'ok' && (
        <>
          <p className={css({ mb: '2' })}>
            Now: {whenOf(loaded.data, salon.timezone).date}, {whenOf(loaded.data, salon.timezone).time}
          </p>
          <Times a={loaded.data} />
        </>
      )}
    </>
  );
}
