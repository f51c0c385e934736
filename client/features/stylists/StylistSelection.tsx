import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../lib/api';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { CallFailed, Loading } from '../../components/CallFailed';
import { PageTitle } from '../../components/PageTitle';
import { StickyNext } from '../../components/StickyNext';
import { useSalon } from '../../lib/salon-context';
import { timeLabel } from '../../lib/salon-time';
import { askedThisVisit } from '../../lib/query-client';
import { fetchStylistsAt, assignStylist, booking, toChoice, useBooking, useSearchKey } from '../journey';
import { stylistsAtQuery } from './api';
import { StaffChoice } from './StaffChoice';

/**
 * Staff selection once a time is chosen: for each service, the staff free then, or 'I don't
 * mind' (the salon's first free stylist, shown with how many are free). NEXT checks that the
 * chosen combination still fits and takes each service's start time from the answer.
 */
export function StylistSelection() {
  const { salon } = useSalon();
  const b = useBooking();
  const navigate = useNavigate();
  const key = useSearchKey();
  const time = b.selectedAppointmentTime;
  // What the client chose before the time (a stylist or 'I don't mind') is already picked here.
  const [picked, setPicked] = useState<Record<number, number | null>>(() => ({ ...b.staffPreference }));
  const [failure, setFailure] = useState<string | null>(null);
  const at = useQuery(stylistsAtQuery(key, time));
  const free = askedThisVisit(at);
  if (!time) return <Navigate to="/timeselect" replace />;
  const services = b.selectedServices;
  const allChosen = services.every((s) => picked[s.id] !== undefined);

  const next = async () => {
    setFailure(null);
    try {
      const ids = services.map((s) => picked[s.id] ?? null);
      const fit = await fetchStylistsAt({ ...key, stylists: ids }, time);
      for (const s of fit.services) {
        const service = booking.selectedServices.find((x) => x.id === s.service_id);
        if (!service) continue;
        const any = picked[s.service_id] === null;
        assignStylist({ ...toChoice(service, s.assigned, s.start_time), favourite_or_any: any ? 'any' : 'favourite' });
      }
      navigate('/summary');
    } catch (e) {
      setFailure(
        e instanceof ApiError && e.status === 409
          ? 'These staff members cannot all take this time together. Please choose again, or pick another time.'
          : e instanceof Error
            ? e.message
            : String(e),
      );
    }
  };

  return (
    <>
      <PageTitle>Choose your staff</PageTitle>
      {!free && !at.isError && <Loading what="staff" />}
      {!free && at.isError && <CallFailed message={at.error.message} onRetry={() => void at.refetch()} />}
      {free &&
        free.services.map((s) => {
          const service = services.find((x) => x.id === s.service_id);
          if (!service) return null;
          return (
            <StaffChoice
              key={service.id}
              service={service}
              options={s.available}
              chosen={picked[service.id]}
              anyNote={`${s.available.length} available at ${timeLabel(s.start_time, salon.timezone)}`}
              onChoose={(o) => setPicked({ ...picked, [service.id]: o?.stylist_id ?? null })}
            />
          );
        })}
      {failure && <CallFailed message={failure} onRetry={next} />}
      <StickyNext disabled={!allChosen} onNext={next} />
    </>
  );
}
