import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { css } from '../../../styled-system/css';
import { MSG_PATCH_TIME_SELECTED, MSG_PICK_A_DAY } from '../../../shared/availability-messages';
import { CallFailed, Loading } from '../../components/CallFailed';
import { PageTitle } from '../../components/PageTitle';
import { StickyNext } from '../../components/StickyNext';
import { useSalon } from '../../lib/salon-context';
import { dateOf, salonToday } from '../../lib/salon-time';
import { askedThisVisit } from '../../lib/query-client';
import { choosePatchTime, useBooking } from '../journey';
import { patchSlotsQuery, patchWeeklyQuery } from './api';
import { DaySlider, nextBookableDay } from '../../components/DaySlider';
import { SlotList } from '../../components/SlotList';

/** 'Select a time for your patch test': a 5-minute test at least 48 hours before the appointment. */
export function PatchTimeSelection() {
  const { salon } = useSalon();
  const b = useBooking();
  const navigate = useNavigate();
  const today = salonToday(salon.timezone);
  const patchServices = b.selectedServices.filter((s) => s.has_patch_test).map((s) => s.id);
  const [chosenDate, setDate] = useState<string | null>(b.selectedPatchTime ? dateOf(b.selectedPatchTime) : null);
  const weekly = useQuery(patchWeeklyQuery(salon.id, patchServices, today));
  const week = askedThisVisit(weekly);
  // Like the appointment's time screen, it opens on the first day with times.
  const date =
    chosenDate ??
    (week && !week.message ? nextBookableDay(week.availability, null, week.first_available_date, week.last_bookable_date) : null);
  const slots = useQuery(patchSlotsQuery(salon.id, date));
  const day = askedThisVisit(slots);
  const times = day ? Object.keys(day.data) : [];

  return (
    <>
      <PageTitle>Select a time for your patch test</PageTitle>
      {!week && !weekly.isError && <Loading what="patch test availability" />}
      {!week && weekly.isError && <CallFailed message={weekly.error.message} onRetry={() => void weekly.refetch()} />}
      {week && (
        <>
          <DaySlider
            today={today}
            availability={week.availability}
            minDate={week.first_available_date}
            maxDate={week.last_bookable_date}
            selected={date}
            onSelect={setDate}
          />
          {week.message && (
            <p role="alert" className={css({ fontWeight: '600' })}>
              {week.message}
            </p>
          )}
          {!date && !week.message && <p className={css({ my: '3', color: 'textMuted' })}>{MSG_PICK_A_DAY}</p>}
        </>
      )}
      {date && !day && !slots.isError && <Loading what="times" />}
      {date && !day && slots.isError && <CallFailed message={slots.error.message} onRetry={() => void slots.refetch()} />}
      {date &&
        day &&
        (times.length ? (
          <SlotList
            date={date}
            timezone={salon.timezone}
            times={times}
            selected={b.selectedPatchTime}
            onSelect={(t) => choosePatchTime(t, day.data[t]!)}
          />
        ) : (
          <p role="status">{day.message}</p>
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
