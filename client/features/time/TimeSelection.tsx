import { useQueries, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { css } from '../../../styled-system/css';
import { MSG_EXCEEDS_MAX_DAYS, MSG_PICK_A_DAY, exceedsMaxDaysMessage } from '../../../shared/availability-messages';
import type { DayAvailability } from '../../../shared/availability';
import { nextStepAfterTime } from '../../../shared/booking-flow';
import { CallFailed, Loading } from '../../components/CallFailed';
import { PageTitle } from '../../components/PageTitle';
import { StickyNext } from '../../components/StickyNext';
import { outlineButton } from '../../components/styles';
import { useSalon } from '../../lib/salon-context';
import { fullDate, salonToday, timeLabel } from '../../lib/salon-time';
import { askedThisVisit } from '../../lib/query-client';
import { fetchStylistsAt, toChoice, useSearchKey } from '../journey';
import { daySlotsQuery, waitlistOptionQuery, weeklyQuery } from './api';
import { assignStylist, booking, chooseDate, choosePatch, chooseTime, joinWaitList, patchTestRequired, useBooking } from '../journey';
import { PatchPopup } from '../patch';
import { DaySlider, nextBookableDay } from '../../components/DaySlider';
import { SlotList } from '../../components/SlotList';

/** 'Select a time for your appointment': the day slider, the day's times, the waitlist. */
export function TimeSelection() {
  const { salon } = useSalon();
  const b = useBooking();
  const navigate = useNavigate();
  const key = useSearchKey();
  const keyText = JSON.stringify(key);
  const today = salonToday(salon.timezone);
  const askPatch = patchTestRequired(b.selectedServices) && b.patchChoice === null;
  // The weeks the slider asked for beyond the first, for this search only.
  const [later, setLater] = useState<{ search: string; weeks: string[] }>({ search: keyText, weeks: [] });
  const laterWeeks = later.search === keyText ? later.weeks : [];
  const [resolving, setResolving] = useState<string | null>(null);

  const weekly = useQuery(weeklyQuery(key, today, !askPatch));
  const more = useQueries({
    queries: laterWeeks.map((from) => weeklyQuery(key, from)),
    combine: (weeks) => Object.assign({}, ...weeks.map((w) => w.data?.availability)) as Record<string, boolean>,
  });
  const waitlistOption = useQuery(waitlistOptionQuery(salon.id, key.services, salon.has_waitlist));
  const week: DayAvailability | undefined = askedThisVisit(weekly);
  const minDate = week ? ([week.first_available_date, week.earliest_date].filter(Boolean).sort().at(-1) ?? null) : null;
  // The screen opens on the first day with times (not today when today has none).
  const openingDay = week && !week.message ? nextBookableDay(week.availability, null, minDate, week.last_bookable_date) : null;
  const date = b.selectedDate ?? openingDay;
  const slots = useQuery(daySlotsQuery(key, askPatch ? null : date));
  const dayTimes = askedThisVisit(slots);

  if (patchTestRequired(b.selectedServices) && b.patchChoice === 'needed' && !b.selectedPatchTime) {
    return <Navigate to="/patchtimeselect" replace />;
  }

  const exceeds = week?.message === MSG_EXCEEDS_MAX_DAYS;
  const times = dayTimes ? Object.keys(dayTimes.data) : [];
  const canWaitlist = !!waitlistOption.data?.show_waitlist && !b.isWaitList;
  const chosenStylist = b.selectedServices.map((s) => b.selectedStylists[s.id]).find((c) => c?.stylist_id != null);

  /** A time is chosen: resolve who does each service, then on to staff selection or the summary. */
  const next = async () => {
    const time = b.selectedAppointmentTime!;
    setResolving(null);
    try {
      const at = await fetchStylistsAt(key, time);
      // One stylist: nothing to choose, so the stylist is assigned here (§4 Flow 3).
      if (salon.ncob_stylists_count <= 1) {
        for (const s of at.services) {
          const service = booking.selectedServices.find((x) => x.id === s.service_id);
          if (service) assignStylist(toChoice(service, s.assigned, s.start_time));
        }
      }
      navigate(nextStepAfterTime(salon.ncob_stylists_count));
    } catch (e) {
      setResolving(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <>
      <PageTitle>Select a time for your appointment</PageTitle>
      {askPatch && (
        <PatchPopup
          onDone={(choice) => {
            choosePatch(choice);
            if (choice === 'needed') navigate('/patchtimeselect');
          }}
          onCancel={() => navigate(-1)}
        />
      )}
      {b.isWaitList && (
        <div role="status" className={css({ bg: 'surfaceMuted', rounded: 'md', p: '3', mb: '3' })}>
          <p className={css({ fontWeight: '600' })}>You are joining the waitlist.</p>
          <p className={css({ fontSize: 'sm' })}>Choose the day and time you would like; the salon will contact you if it becomes free.</p>
          <button type="button" className={`${outlineButton} ${css({ mt: '2' })}`} onClick={() => joinWaitList(false)}>
            Back to available times
          </button>
        </div>
      )}
      {!week && !askPatch && !weekly.isError && <Loading what="availability" />}
      {!week && weekly.isError && <CallFailed message={weekly.error.message} onRetry={() => void weekly.refetch()} />}
      {week && (
        <>
          <DaySlider
            today={today}
            availability={{ ...week.availability, ...more }}
            minDate={minDate}
            maxDate={week.last_bookable_date}
            selected={date}
            onSelect={chooseDate}
            lockNext={exceeds}
            offerNextAvailable={!exceeds && !week.message}
            selectedEmpty={!!date && !!dayTimes && times.length === 0}
            onNeedMore={(from) => setLater({ search: keyText, weeks: [...laterWeeks, from] })}
          />
          {exceeds ? (
            <div role="alert" className={css({ my: '3' })}>
              <p className={css({ fontWeight: '600' })}>{week.slot_message}</p>
              <p>{exceedsMaxDaysMessage(chosenStylist?.stylist_name || salon.name, week.max_days, fullDate(week.last_bookable_date))}.</p>
              <p>
                Please choose another staff member, try again tomorrow or call the salon on{' '}
                <a href={`tel:${salon.phone.replace(/[^\d+]/g, '')}`}>{salon.phone}</a>.
              </p>
            </div>
          ) : week.message ? (
            <p role="alert" className={css({ my: '3', fontWeight: '600' })}>
              {week.message}
            </p>
          ) : !date ? (
            <p className={css({ my: '3', color: 'textMuted' })}>{MSG_PICK_A_DAY}</p>
          ) : null}
        </>
      )}
      {date && !dayTimes && !slots.isError && <Loading what="times" />}
      {date && !dayTimes && slots.isError && <CallFailed message={slots.error.message} onRetry={() => void slots.refetch()} />}
      {date &&
        dayTimes &&
        (times.length > 0 ? (
          <SlotList
            date={date}
            timezone={salon.timezone}
            times={times}
            selected={b.selectedAppointmentTime}
            onSelect={(t) => {
              if (!b.selectedDate) chooseDate(date); // the opening day becomes the chosen one
              chooseTime(t);
            }}
          />
        ) : (
          <p role="status" className={css({ my: '3' })}>
            {dayTimes.message}
          </p>
        ))}
      {/* Shown once the day's times are in place, so that it never jumps down under a finger. */}
      {canWaitlist && (week || weekly.isError) && (!date || dayTimes || slots.isError) && (
        <button
          type="button"
          className={`${outlineButton} ${css({ mt: '4', alignSelf: 'flex-start' })}`}
          onClick={() => joinWaitList(true)}
        >
          ADD ME TO WAITLIST
        </button>
      )}
      {resolving && <CallFailed message={resolving} onRetry={next} />}
      <StickyNext disabled={!b.selectedAppointmentTime} onNext={next}>
        {b.selectedAppointmentTime && date && (
          <p aria-live="polite" className={css({ fontWeight: '600', fontSize: 'sm' })}>
            {fullDate(date)}, {timeLabel(b.selectedAppointmentTime, salon.timezone)}
          </p>
        )}
      </StickyNext>
    </>
  );
}
