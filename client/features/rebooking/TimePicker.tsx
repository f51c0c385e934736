import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { css } from '../../../styled-system/css';
import { REBOOKING_TEXTS, type RebookingAppointment, type RebookingClient } from '../../../shared/rebooking';
import { CallFailed, Loading } from '../../components/CallFailed';
import { PageTitle } from '../../components/PageTitle';
import { outlineButton } from '../../components/styles';
import { salonToday } from '../../lib/salon-time';
import { askedThisVisit } from '../../lib/query-client';
import { availabilityQuery } from './api';
import { DayTimes } from './DayTimes';
import { stylistsOf } from './format';
import { useRebooking } from './store';
import { canGoEarlier, dayKey, earlierStart, isLimited, laterStart, windowDays, windowStart } from './window';

const moveButton = `${outlineButton} ${css({ _disabled: { opacity: 0.5, cursor: 'not-allowed' } })}`;

/** What /confirm/{appointmentId} is given: the chosen start and the past appointment. */
export interface ChosenTime {
  time: string;
  appointment: RebookingAppointment;
}

/** /time/{appointmentId}: the 3-day time picker (docs/booking/accounts-and-money.md §4 Older rebooking, §9). */
export function TimePicker() {
  const { appointmentId = '' } = useParams();
  const { client, appointment } = useRebooking();
  if (!client || !appointment || String(appointment.id) !== appointmentId) return <Navigate to="/salon" replace />;
  return <Picker client={client as RebookingClient} appointment={appointment as RebookingAppointment} />;
}

function Picker({ client, appointment }: { client: RebookingClient; appointment: RebookingAppointment }) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const timeZone = client.salon.timezone;
  const today = salonToday(timeZone);
  // The window's first day is in the address, so that coming back from confirm shows the same days.
  const start = windowStart(params.get('from'), today);
  const days = windowDays(start);
  const availability = useQuery(availabilityQuery(appointment.id, appointment.salon_id, days[0]!, days.at(-1)!));
  const free = askedThisVisit(availability);
  const timesOf = (date: string) => free?.[dayKey(date)] ?? [];
  const limited = !!free && days.some((d) => isLimited(timesOf(d)));
  const later = useRef<HTMLButtonElement>(null);
  const moveTo = (from: string) => setParams({ from }, { replace: true });
  const goEarlier = () => {
    const from = earlierStart(start, today);
    moveTo(from);
    // At today EARLIER turns off: the focus goes on to LATER rather than being lost.
    if (!canGoEarlier(from, today)) later.current?.focus();
  };
  // The history entry keeps a plain copy (the render snapshot is a proxy, which history cannot store).
  const choose = (time: string) =>
    navigate(`/confirm/${appointment.id}`, {
      state: { time, appointment: JSON.parse(JSON.stringify(appointment)) as RebookingAppointment } satisfies ChosenTime,
    });

  return (
    <>
      <PageTitle>Choose a time</PageTitle>
      <p className={css({ mb: '1' })}>
        {appointment.procedures.map((p) => p.service.name).join(', ')} with {stylistsOf(appointment.procedures).join(' and ')}
      </p>
      <p className={css({ fontSize: 'sm', color: 'textMuted', mb: '3' })}>Times are in {timeZone} time</p>
      <div className={css({ display: 'flex', justifyContent: 'space-between', gap: '2', mb: '3' })}>
        <button type="button" className={moveButton} disabled={!canGoEarlier(start, today)} onClick={goEarlier}>
          <span aria-hidden="true">‹&nbsp;</span>EARLIER
        </button>
        <button ref={later} type="button" className={moveButton} onClick={() => moveTo(laterStart(start))}>
          LATER<span aria-hidden="true">&nbsp;›</span>
        </button>
      </div>
      {/* A polite live region, there before its text, so that the toast is announced once per window. */}
      <div role="status" aria-live="polite">
        {limited && (
          <p className={css({ bg: 'text', color: 'bg', rounded: 'md', px: '3', py: '2', mb: '3', fontWeight: '600', fontSize: 'sm' })}>
            {REBOOKING_TEXTS.limited}
          </p>
        )}
      </div>
      {!free && !availability.isError && <Loading what="times" />}
      {!free && availability.isError && (
        <CallFailed message={REBOOKING_TEXTS.availabilityFailed} onRetry={() => void availability.refetch()} />
      )}
      {free && (
        <div className={css({ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: { base: '1.5', sm: '4' }, pb: '6' })}>
          {days.map((d) => (
            <DayTimes key={d} date={d} times={timesOf(d)} timeZone={timeZone} onChoose={choose} />
          ))}
        </div>
      )}
    </>
  );
}
