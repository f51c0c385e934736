import { useState } from 'react';
import { useNavigate } from 'react-router';
import { css } from '../../../styled-system/css';
import { MSG_PATCH_TIME_SELECTED, MSG_PICK_A_DAY } from '../../../shared/availability-messages';
import { CallFailed, Loading } from '../../components/CallFailed';
import { PageTitle } from '../../components/PageTitle';
import { StickyNext } from '../../components/StickyNext';
import { useSalon } from '../../lib/salon-context';
import { dateOf, salonToday } from '../../lib/salon-time';
import { useApi } from '../../lib/useApi';
import { fetchPatchSlots, fetchPatchWeekly, choosePatchTime, useBooking } from '../booking';
import { DaySlider, SlotList } from '../time';

/** 'Select a time for your patch test': a 5-minute test at least 48 hours before the appointment. */
export function PatchTimeSelection() {
  const { salon } = useSalon();
  const b = useBooking();
  const navigate = useNavigate();
  const today = salonToday(salon.timezone);
  const patchServices = b.selectedServices.filter((s) => s.has_patch_test).map((s) => s.id);
  const [date, setDate] = useState<string | null>(b.selectedPatchTime ? dateOf(b.selectedPatchTime) : null);
  const weekly = useApi(`${salon.id}:${patchServices.join(',')}`, (signal) => fetchPatchWeekly(salon.id, patchServices, today, signal));
  const slots = useApi(date ? `${salon.id}:${date}` : null, (signal) => fetchPatchSlots(salon.id, date!, signal));
  const times = slots.data ? Object.keys(slots.data.data) : [];

  return (
    <>
      <PageTitle>Select a time for your patch test</PageTitle>
      {weekly.status === 'loading' && <Loading what="patch test availability" />}
      {weekly.status === 'error' && <CallFailed message={weekly.error.message} onRetry={weekly.retry} />}
      {weekly.data && (
        <>
          <DaySlider
            today={today}
            availability={weekly.data.availability}
            minDate={weekly.data.first_available_date}
            maxDate={weekly.data.last_bookable_date}
            selected={date}
            onSelect={setDate}
          />
          {weekly.data.message && (
            <p role="alert" className={css({ fontWeight: '600' })}>
              {weekly.data.message}
            </p>
          )}
          {!date && !weekly.data.message && <p className={css({ my: '3', color: 'textMuted' })}>{MSG_PICK_A_DAY}</p>}
        </>
      )}
      {date && slots.status === 'loading' && <Loading what="times" />}
      {date && slots.status === 'error' && <CallFailed message={slots.error.message} onRetry={slots.retry} />}
      {date &&
        slots.data &&
        (times.length ? (
          <SlotList
            date={date}
            timezone={salon.timezone}
            times={times}
            selected={b.selectedPatchTime}
            onSelect={(t) => choosePatchTime(t, slots.data!.data[t]!)}
          />
        ) : (
          <p role="status">{slots.data.message}</p>
        ))}
      {b.selectedPatchTime && (
        <p role="status" className={css({ mt: '3', fontWeight: '600' })}>
          {MSG_PATCH_TIME_SELECTED}
        </p>
      )}
      <StickyNext disabled={!b.selectedPatchTime} onNext={() => navigate('/timeselect')} />
    </>
  );
}
