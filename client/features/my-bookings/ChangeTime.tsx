import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { css } from '../../../styled-system/css';
import { MSG_PICK_A_DAY } from '../../../shared/availability-messages';
import { CallFailed, Loading } from '../../components/CallFailed';
import { PageTitle } from '../../components/PageTitle';
import { StickyNext } from '../../components/StickyNext';
import { useSalon } from '../../lib/salon-context';
import { dateIn, fullDate, salonToday, timeLabel } from '../../lib/salon-time';
import { askedThisVisit } from '../../lib/query-client';
import { useAuth } from '../auth';
import type { SearchKey } from '../journey';
import { DaySlider, nextBookableDay } from '../../components/DaySlider';
import { SlotList } from '../../components/SlotList';
import { daySlotsQuery, weeklyQuery } from '../time';
import { appointmentQuery, bookingKeys, moveAppointment } from './api';
import { whenOf } from './format';
import type { Appointment } from './types';
import { rowIdOf } from '../../../shared/ids';

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
  const today = salonToday(salon.timezone);
  // The salon's cancellation window holds for the new time too: changes online stop that many
  // hours before a start, so no time inside it is offered (the server refuses one the same way).
  const changesUntil = Date.now() + a.cancellation.window_hours * 3_600_000;
  const [chosenDate, setDate] = useState<string | null>(null);
  // the last day found to have no time after the window (its times all inside it): it opens after that
  const [passed, setPassed] = useState<string | null>(null);
  const [time, setTime] = useState<string | null>(null);
  const weekly = useQuery(weeklyQuery(key, today));
  const week = askedThisVisit(weekly);
  const minDate = week
    ? ([week.first_available_date, week.earliest_date, dateIn(salon.timezone, new Date(changesUntil))].filter(Boolean).sort().at(-1) ??
      null)
    : null;
  // Like the time screen, it opens on the first day with times: times the window allows (issue 56).
  const date = chosenDate ?? (week && !week.message ? nextBookableDay(week.availability, passed, minDate, week.last_bookable_date) : null);
  const slots = useQuery(daySlotsQuery(key, date));
  const day = askedThisVisit(slots);
  const times = day ? Object.keys(day.data).filter((t) => Date.parse(t) > changesUntil) : [];
  const opensOnNone = !chosenDate && date !== null && day !== undefined && times.length === 0 && Object.keys(day.data).length > 0;
  useEffect(() => {
    if (opensOnNone) setPassed(date);
  }, [opensOnNone, date]);
  const queryClient = useQueryClient();
  const moving = useMutation({
    mutationFn: (to: string) => moveAppointment(salon.id, a.id, user?.username ?? '', to),
    onSuccess: (moved) => {
      queryClient.setQueryData(bookingKeys.appointment(salon.id, moved.id), moved);
      void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
      const when = whenOf(moved, salon.timezone);
      navigate(`/${salon.id}/appointment/${a.id}`, {
        replace: true,
        state: { notice: `Your appointment is now on ${when.date}, ${when.time}.` },
      });
    },
  });
  const failure = !moving.isError
    ? null
    : moving.error.code === 'SLOT_TAKEN'
      ? 'That time is no longer available. Please choose another time.'
      : moving.error.message;
  // After a move the screen is left: the button stays pressed until then.
  const busy = moving.isPending || moving.isSuccess;

  const move = () => {
    if (time && user && !busy) moving.mutate(time);
  };

  return (
    <>
      {!week && !weekly.isError && <Loading what="availability" />}
      {!week && weekly.isError && <CallFailed message={weekly.error.message} onRetry={() => void weekly.refetch()} />}
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
      {date && (!day || opensOnNone) && !slots.isError && <Loading what="times" />}
      {date && !day && slots.isError && <CallFailed message={slots.error.message} onRetry={() => void slots.refetch()} />}
      {date &&
        day &&
        !opensOnNone &&
        (times.length > 0 ? (
          <SlotList date={date} timezone={salon.timezone} times={times} selected={time} onSelect={setTime} />
        ) : (
          <p role="status" className={css({ my: '3' })}>
            {day.message ?? `Online changes stop ${a.cancellation.window_hours} hours before a start: please choose a later day.`}
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
  const id = rowIdOf(appointmentId);
  const loaded = useQuery(appointmentQuery(salon.id, id));
  const a = loaded.data;
  return (
    <>
      <PageTitle>Choose a new time</PageTitle>
      {loaded.isPending && <Loading what="your appointment" />}
      {!a && loaded.isError && <CallFailed message={loaded.error.message} onRetry={() => void loaded.refetch()} />}
      {a && (
        <>
          <p className={css({ mb: '2' })}>
            Now: {whenOf(a, salon.timezone).date}, {whenOf(a, salon.timezone).time}
          </p>
          <Times a={a} />
        </>
      )}
    </>
  );
}
