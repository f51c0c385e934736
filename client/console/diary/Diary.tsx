import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { css } from '../../../styled-system/css';
import { addDays, isCalendarDate } from '../../../shared/dates';
import { CallFailed, Loading } from '../../components/CallFailed';
import { fieldInput } from '../../components/form-styles';
import { primaryButton, smallOutlineButton } from '../../components/styles';
import { useCurrentSalon } from '../lib/current-salon';
import { screenTitle } from '../ui/looks';
import { dayQuery, diaryChanged, moveInDiary, weekQuery } from './api';
import { AppointmentDialog } from './AppointmentDialog';
import { DayView, type Blocking, type OnMove } from './DayView';
import type { OnBook } from './Slots';
import { ABSENCE_EVENT, type Block } from '../../../shared/console/time-off';
import { LazyBlockDialog as BlockDialog } from '../time-off';
import { DeskBooking } from './DeskBooking';
import { clock, dateIn, longDay, today } from '../lib/format';
import { connectSalonChannel } from '../lib/live';
import { DIARY_EVENT, type DeskMove, type DiaryStylist } from '../../../shared/console/diary';
import { ApiError } from '../lib/api';
import { COLOUR_BY_KEY, categoriesOf, categoryColour, type ColourBy } from './colours';
import { useNarrow } from './now';
import { WeekGrid } from './WeekGrid';

/** A choice of two or three (the view, the colours): joined buttons, the chosen one filled as the primary buttons are. */
const segments = css({ display: 'inline-flex', p: '0.5', gap: '0.5', border: '1px solid {colors.border}', rounded: 'full' });
const segment = css({
  bg: 'transparent',
  color: 'text',
  border: 'none',
  rounded: 'full',
  px: '3',
  minH: '8',
  fontSize: 'xs',
  fontWeight: '600',
  letterSpacing: '0.02em',
  cursor: 'pointer',
  _hover: { bg: 'surfaceMuted' },
  _pressed: { bg: 'primary', color: 'onPrimary', _hover: { bg: 'primary' } },
  _focusVisible: { outline: '2px solid {colors.focus}', outlineOffset: '1px' },
});

/**
 * Diary: the day with a column per stylist, or the week as seven columns; live (the salon's
 * private channel invalidates what it shows within a second of a client booking, cancelling,
 * moving or paying); an appointment opens with its client, history, money and messages, and is
 * dragged to move it; a booking taken at the desk starts here or from an empty time. The date,
 * view, colours and the column a phone shows are in the address, so a reload keeps them
 * (the colours also in this browser's storage). docs/console/desk.md "The diary's screen".
 */
export function Diary() {
  const salon = useCurrentSalon();
  const queries = useQueryClient();
  const [params, setParams] = useSearchParams();
  const date = isCalendarDate(params.get('date') ?? '') ? params.get('date')! : today();
  const view = params.get('view') === 'week' ? 'week' : 'day';
  const narrow = useNarrow();
  const colourBy: ColourBy =
    params.get('colour') === 'category' || (!params.get('colour') && storedColour() === 'category') ? 'category' : 'status';
  const column = Number(params.get('stylist')) || null;
  const weekStylist = params.get('week_stylist') === 'all' ? 'all' : Number(params.get('week_stylist')) || null;
  const [opened, setOpened] = useState<number | null>(null);
  /** a desk booking open (from an empty time: its stylist, time and day) */
  const [booking, setBooking] = useState<false | { stylistId?: number; time?: string; date?: string }>(false);
  const [notice, setNotice] = useState('');
  const [blocking, setBlocking] = useState<{
    stylist: DiaryStylist;
    date: string;
    block?: Block;
    range?: { start: string; end: string };
  } | null>(null);
  const canRunDesk = salon.role === 'owner' || salon.role === 'manager';
  const day = useQuery({ ...dayQuery(salon.id, date), enabled: true });
  const week = useQuery({ ...weekQuery(salon.id, date), enabled: view === 'week' });
  useEffect(
    () => connectSalonChannel(salon.id, () => void diaryChanged(queries, salon.id), [DIARY_EVENT, ABSENCE_EVENT]),
    [salon.id, queries],
  );
  const go = (next: { date?: string; view?: string; colour?: ColourBy; stylist?: number; week_stylist?: number | 'all' }) =>
    setParams((p) => {
      const n = new URLSearchParams(p);
      for (const [k, v] of Object.entries(next)) if (v !== undefined) n.set(k, String(v));
      return n;
    });
  const move: OnMove = async (a, to) => {
    const partStart = Math.min(...a.services.filter((s) => s.stylist_id === to.fromStylistId).map((s) => Date.parse(s.start)));
    const body: DeskMove = {
      // every time of the appointment shifts with the part dragged
      start_time: new Date(Date.parse(a.start) + to.start - partStart).toISOString(),
      ...(to.stylistId !== to.fromStylistId ? { stylist_id: to.stylistId } : {}),
      ...(new Set(a.services.map((s) => s.stylist_id)).size > 1 ? { from_stylist_id: to.fromStylistId } : {}),
      ...(to.resized ? { end_time: new Date(to.end).toISOString(), from_stylist_id: to.fromStylistId } : {}),
    };
    try {
      await moveInDiary(salon.id, a.id, body);
      await diaryChanged(queries, salon.id);
      return null;
    } catch (e) {
      return e instanceof ApiError || e instanceof Error ? e.message : 'It could not be moved just now.';
    }
  };
  const tz = day.data?.timezone ?? week.data?.timezone ?? 'UTC';
  const currency = day.data?.currency ?? week.data?.currency ?? 'GBP';
  // the day's and the week's columns open, book, block and move alike (a block or a booking on the day of its time)
  const columnsDo: { onOpen: (id: number) => void; blocking: Blocking; onBook?: OnBook; onMove?: OnMove; colourBy: ColourBy } = {
    onOpen: setOpened,
    // everyone: a stylist sees, and blocks time in, their own column only
    blocking: {
      onChoose: (stylist, range) => setBlocking({ stylist, range, date: dateIn(range.start, tz) }),
      onOpenBlock: (stylist, block) => setBlocking({ stylist, block, date: dateIn(block.start, tz) }),
    },
    onBook: canRunDesk ? (stylist, time) => setBooking({ stylistId: stylist.id, time, date: dateIn(time, tz) }) : undefined,
    onMove: canRunDesk ? move : undefined,
    colourBy,
  };
  const bookingDate = (booking && booking.date) || date;
  const bookingStylists = week.data?.days.find((d) => d.date === bookingDate)?.stylists ?? day.data?.stylists;
  return (
    <>
      {/* the day printed: the columns only (docs/console/desk.md "The diary's screen") */}
      <style>{PRINT}</style>
      <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2 4', mb: '3' })}>
        <h1 className={screenTitle} style={{ marginBottom: 0 }}>
          Diary
        </h1>
        <p
          // on a phone the day goes under the title and New booking, on a line of its own
          className={css({ fontWeight: '600', color: 'textMuted', order: { base: 1, md: 0 }, w: { base: 'full', md: 'auto' } })}
          aria-live="polite"
        >
          {view === 'day' ? longDay(date) : `Week from ${longDay(date)}`}
        </p>
        {canRunDesk && (
          <button
            type="button"
            className={`${primaryButton} ${css({ ml: 'auto', '@media print': { display: 'none' } })}`}
            disabled={!day.data}
            onClick={() => setBooking({})}
          >
            New booking
          </button>
        )}
      </div>
      <div
        role="toolbar"
        aria-label="Diary controls"
        className={css({
          display: 'flex',
          flexWrap: 'wrap',
          gap: '2 3',
          alignItems: 'center',
          mb: '3',
          '@media print': { display: 'none' },
        })}
      >
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '1', alignItems: 'center' })}>
          <button type="button" className={smallOutlineButton} onClick={() => go({ date: addDays(date, view === 'week' ? -7 : -1) })}>
            {view === 'week' ? 'Previous week' : 'Previous day'}
          </button>
          <button type="button" className={smallOutlineButton} onClick={() => go({ date: today() })}>
            Today
          </button>
          <button type="button" className={smallOutlineButton} onClick={() => go({ date: addDays(date, view === 'week' ? 7 : 1) })}>
            {view === 'week' ? 'Next week' : 'Next day'}
          </button>
        </div>
        <label className={css({ display: 'flex', alignItems: 'center' })}>
          <span className={css({ srOnly: true })}>Go to date</span>
          <input
            type="date"
            className={`${fieldInput} ${css({ minH: '9', h: '9', py: '1', fontSize: 'sm' })}`}
            style={{ width: 'auto' }}
            value={date}
            onChange={(e) => isCalendarDate(e.target.value) && go({ date: e.target.value })}
          />
        </label>
        <div role="group" aria-label="View" className={segments}>
          {(['day', 'week'] as const).map((v) => (
            <button key={v} type="button" aria-pressed={view === v} className={segment} onClick={() => go({ view: v })}>
              {v === 'day' ? 'Day' : 'Week'}
            </button>
          ))}
        </div>
        <div role="group" aria-label="Colour by" className={css({ display: 'flex', gap: '2', alignItems: 'center' })}>
          <span className={css({ fontSize: 'sm', color: 'textMuted' })} aria-hidden>
            Colour by
          </span>
          <div className={segments}>
            {(['status', 'category'] as const).map((c) => (
              <button
                key={c}
                type="button"
                aria-pressed={colourBy === c}
                className={segment}
                onClick={() => {
                  storeColour(c);
                  go({ colour: c });
                }}
              >
                {c === 'status' ? 'Status' : 'Service category'}
              </button>
            ))}
          </div>
        </div>
        {/* not on a phone (a wrapper, so the button's own display does not win over it) */}
        <span className={css({ display: { base: 'none', md: 'contents' } })}>
          <button type="button" className={smallOutlineButton} onClick={() => window.print()}>
            Print
          </button>
        </span>
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
          <>
            {colourBy === 'category' && <CategoryKey day={day.data} />}
            <DayView
              day={day.data}
              {...columnsDo}
              narrow={narrow}
              column={column ?? day.data.stylists[0]?.id ?? null}
              onColumn={(id) => go({ stylist: id })}
              onDay={(step, at) =>
                // the first column of the next day, or the last of the day before (its columns are read on arrival)
                setParams((p) => {
                  const n = new URLSearchParams(p);
                  n.set('date', addDays(date, step));
                  const ids = day.data.stylists.map((s) => s.id);
                  const edge = at === 'first' ? ids[0] : ids.at(-1);
                  if (edge !== undefined) n.set('stylist', String(edge));
                  return n;
                })
              }
            />
          </>
        )
      ) : week.isPending ? (
        <Loading what="the week" />
      ) : week.isError ? (
        <CallFailed message={week.error.message} onRetry={() => void week.refetch()} />
      ) : (
        <>
          {colourBy === 'category' && <CategoryKey day={{ appointments: week.data.days.flatMap((d) => d.appointments) }} />}
          <WeekGrid
            week={week.data}
            {...columnsDo}
            stylist={weekStylist ?? (narrow || week.data.stylists.length === 1 ? (week.data.stylists[0]?.id ?? 'all') : 'all')}
            onStylist={(s) => go({ week_stylist: s })}
          />
        </>
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
          date={blocking.date}
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
      {booking && bookingStylists && (
        <DeskBooking
          salonId={salon.id}
          date={bookingDate}
          timezone={tz}
          stylists={bookingStylists}
          initial={booking}
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

/** Printing the diary: the console's header and navigation, the controls and the hints left out. */
const PRINT = `@media print {
  @page { size: landscape; margin: 10mm; }
  body header, body nav, [role="toolbar"], a[href="#console-main"] { display: none !important; }
  #console-main { padding: 0 !important; max-width: none !important; }
  body { print-color-adjust: exact; -webkit-print-color-adjust: exact; }
}`;

function storedColour(): string | null {
  try {
    return localStorage.getItem(COLOUR_BY_KEY);
  } catch {
    return null;
  }
}
function storeColour(c: ColourBy) {
  try {
    localStorage.setItem(COLOUR_BY_KEY, c);
  } catch {
    // private browsing: the address keeps it
  }
}

/** What each category's colour means, in words beside a swatch (the colour is never the only sign). */
function CategoryKey({ day }: { day: { appointments: Parameters<typeof categoriesOf>[0] } }) {
  const categories = categoriesOf(day.appointments);
  if (categories.length === 0) return null;
  return (
    <ul
      aria-label="Colours of the service categories"
      className={css({ display: 'flex', flexWrap: 'wrap', gap: '1 3', listStyle: 'none', p: '0', mb: '2', fontSize: 'sm' })}
    >
      {categories.map((c) => (
        <li key={c.id} className={css({ display: 'flex', alignItems: 'center', gap: '1' })}>
          <span aria-hidden style={{ background: categoryColour(c.id) }} className={css({ w: '3', h: '3', rounded: 'sm' })} />
          {c.name}
        </li>
      ))}
    </ul>
  );
}
