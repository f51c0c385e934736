import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { css } from '../../../styled-system/css';
import { addDays, isCalendarDate } from '../../../shared/dates';
import { CallFailed, Loading } from '../../components/CallFailed';
import { fieldInput } from '../../components/form-styles';
import { outlineButton, primaryButton } from '../../components/styles';
import { useCurrentSalon } from '../lib/current-salon';
import { screenTitle } from '../ui/looks';
import { dayQuery, diaryChanged, weekQuery } from './api';
import { AppointmentDialog } from './AppointmentDialog';
import { DayView } from './DayView';
import { ABSENCE_EVENT, type Block } from '../../../shared/console/time-off';
import { LazyBlockDialog as BlockDialog } from '../time-off';
import { DeskBooking } from './DeskBooking';
import { clock, longDay, today } from '../lib/format';
import { connectSalonChannel } from '../lib/live';
import { DIARY_EVENT, type DiaryStylist } from '../../../shared/console/diary';
import { WeekList } from './WeekList';

/** The chosen view's button: filled, as the primary buttons are. */
const pressed = css({ _pressed: { bg: 'primary', color: 'onPrimary', borderColor: 'primary' } });

/**
 * Diary: the day with a column per stylist, or the week as a list; live (the salon's private
 * channel invalidates what it shows within a second of a client booking, cancelling, moving or
 * paying); an appointment opens with its client, history, money and messages; a booking taken at
 * the desk starts here. The date and view are in the address, so a reload keeps them.
 */
export function Diary() {
  const salon = useCurrentSalon();
  const queries = useQueryClient();
  const [params, setParams] = useSearchParams();
  const date = isCalendarDate(params.get('date') ?? '') ? params.get('date')! : today();
  const view = params.get('view') === 'week' ? 'week' : 'day';
  const [opened, setOpened] = useState<number | null>(null);
  const [booking, setBooking] = useState(false);
  const [notice, setNotice] = useState('');
  const [blocking, setBlocking] = useState<{ stylist: DiaryStylist; block?: Block; range?: { start: string; end: string } } | null>(null);
  const canRunDesk = salon.role === 'owner' || salon.role === 'manager';
  const day = useQuery({ ...dayQuery(salon.id, date), enabled: true });
  const week = useQuery({ ...weekQuery(salon.id, date), enabled: view === 'week' });
  useEffect(
    () => connectSalonChannel(salon.id, () => void diaryChanged(queries, salon.id), [DIARY_EVENT, ABSENCE_EVENT]),
    [salon.id, queries],
  );
  const go = (next: { date?: string; view?: string }) =>
    setParams((p) => {
      const n = new URLSearchParams(p);
      if (next.date) n.set('date', next.date);
      if (next.view) n.set('view', next.view);
      return n;
    });
  const tz = day.data?.timezone ?? week.data?.timezone ?? 'UTC';
  const currency = day.data?.currency ?? week.data?.currency ?? 'GBP';
  return (
    <>
      <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: '2 4', mb: '3' })}>
        <h1 className={screenTitle} style={{ marginBottom: 0 }}>
          Diary
        </h1>
        <p className={css({ fontWeight: '600' })} aria-live="polite">
          {view === 'day' ? longDay(date) : `Week from ${longDay(date)}`}
        </p>
      </div>
      <div
        role="toolbar"
        aria-label="Diary controls"
        className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center', mb: '3' })}
      >
        <button type="button" className={outlineButton} onClick={() => go({ date: addDays(date, view === 'week' ? -7 : -1) })}>
          {view === 'week' ? 'Previous week' : 'Previous day'}
        </button>
        <button type="button" className={outlineButton} onClick={() => go({ date: today() })}>
          Today
        </button>
        <button type="button" className={outlineButton} onClick={() => go({ date: addDays(date, view === 'week' ? 7 : 1) })}>
          {view === 'week' ? 'Next week' : 'Next day'}
        </button>
        <label className={css({ display: 'flex', alignItems: 'center', gap: '1' })}>
          <span className={css({ srOnly: true })}>Go to date</span>
          <input
            type="date"
            className={fieldInput}
            style={{ width: 'auto' }}
            value={date}
            onChange={(e) => isCalendarDate(e.target.value) && go({ date: e.target.value })}
          />
        </label>
        <div role="group" aria-label="View" className={css({ display: 'flex', gap: '1' })}>
          {(['day', 'week'] as const).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              className={`${outlineButton} ${pressed}`}
              onClick={() => go({ view: v })}
            >
              {v === 'day' ? 'Day' : 'Week'}
            </button>
          ))}
        </div>
        {canRunDesk && (
          <button type="button" className={primaryButton} disabled={!day.data} onClick={() => setBooking(true)}>
            New booking
          </button>
        )}
      </div>
      {notice && (
        <p role="status" className={css({ mb: '3', p: '2', bg: 'bg', rounded: 'md', border: '1px solid {colors.border}' })}>
          {notice}
        </p>
      )}
      {view === 'day' ? (
        day.isPending ? (
          <Loading what="the day" />
        ) : day.isError ? (
          <CallFailed message={day.error.message} onRetry={() => void day.refetch()} />
        ) : (
          <DayView
            day={day.data}
            onOpen={setOpened}
            // everyone: a stylist sees, and blocks time in, their own column only
            blocking={{
              onChoose: (stylist, range) => setBlocking({ stylist, range }),
              onOpenBlock: (stylist, block) => setBlocking({ stylist, block }),
            }}
          />
        )
      ) : week.isPending ? (
        <Loading what="the week" />
      ) : week.isError ? (
        <CallFailed message={week.error.message} onRetry={() => void week.refetch()} />
      ) : (
        <WeekList week={week.data} onOpen={setOpened} />
      )}
      {opened !== null && (
        <AppointmentDialog
          salonId={salon.id}
          id={opened}
          timezone={tz}
          currency={currency}
          canRunDesk={canRunDesk}
          onClose={() => setOpened(null)}
        />
      )}
      {blocking && (
        <BlockDialog
          salonId={salon.id}
          date={date}
          timezone={tz}
          stylist={blocking.stylist}
          block={blocking.block}
          range={blocking.range}
          onClose={(done) => {
            setBlocking(null);
            if (done) setNotice(done);
          }}
        />
      )}
      {booking && day.data && (
        <DeskBooking
          salonId={salon.id}
          date={date}
          timezone={tz}
          stylists={day.data.stylists}
          onClose={(booked) => {
            setBooking(false);
            if (booked)
              setNotice(
                `Booked ${booked.client?.name ?? ''} at ${clock(booked.start, tz)}${booked.outside_opening_hours ? ', outside the salon’s opening hours' : ''}. They have been texted.`,
              );
          }}
        />
      )}
    </>
  );
}
