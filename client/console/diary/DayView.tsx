import { useEffect, useId, useRef, useState } from 'react';
import { css } from '../../../styled-system/css';
import type { DiaryAppointment, DiaryDay, DiaryStylist } from '../../../shared/console/diary';
import { outlineButton } from '../../components/styles';
import { BlockItem, TimeOffBand } from './Bands';
import { lookOf, type ColourBy } from './colours';
import { clock, dateIn, STATUS_LOOK } from '../lib/format';
import { useNow } from './now';
import { PX, Slots, type Blocking, type OnBook } from './Slots';
import { AppointmentChips, StatusChip } from '../ui/StatusChip';

export type { Blocking } from './Slots';

export const HOUR = 3_600_000;
export const MINUTE = 60_000;
/** a drag moves in 5-minute steps (the engine's grid); the keyboard in 15 */
const DRAG_STEP = 5 * MINUTE;
const KEY_STEP = 15 * MINUTE;
/** a finger held this long on an appointment picks it up (a shorter touch scrolls or opens it) */
const LONG_PRESS_MS = 350;
/** a swipe this far sideways, and mostly sideways, goes to the next column or day */
const SWIPE_PX = 60;

/** An appointment left in time off, a block or outside its stylist's hours (docs/console/time-off.md). */
const stranded = (a: DiaryAppointment) => a.stranded === true;

/**
 * A column of the diary: a stylist on a day. The day shows a column per stylist, the week seven
 * per stylist (docs/console/desk.md "The diary's screen"); both are drawn, booked into and moved
 * in by the one grid below.
 */
export interface DiaryColumn {
  key: string;
  stylist: DiaryStylist;
  /** the day it is in: its blocks, time off and timezone */
  day: DiaryDay;
  /** the instant its top stands for (ms) */
  from: number;
  /** its heading: the stylist's name in the day, the day's in the week */
  heading: string;
}

/** Where an appointment's part (its services in one column) is being put: a column and times. */
export interface MoveTo {
  fromStylistId: number;
  stylistId: number;
  /** the part's new start and end (ms) */
  start: number;
  end: number;
  /** its length changed (the end dragged, or Shift with an arrow) */
  resized: boolean;
}

/** Moves an appointment's part: null once saved, or the reason it was refused (it snaps back). */
export type OnMove = (a: DiaryAppointment, to: MoveTo) => Promise<string | null>;

interface Moving extends MoveTo {
  a: DiaryAppointment;
  /** the column it was picked up in, and the one it would go to */
  fromColumn: string;
  column: string;
  /** the part as it is */
  was: { start: number; end: number };
  by: 'pointer' | 'keys';
  saving: boolean;
}

/** One stylist's part of an appointment: their services, from the first start to the last end. */
function partOf(a: DiaryAppointment, stylistId: number) {
  const mine = a.services.filter((s) => s.stylist_id === stylistId);
  if (mine.length === 0) return null;
  return { start: Math.min(...mine.map((s) => Date.parse(s.start))), end: Math.max(...mine.map((s) => Date.parse(s.end))), services: mine };
}

const span = (start: number, end: number, tz: string) =>
  `${clock(new Date(start).toISOString(), tz)}–${clock(new Date(end).toISOString(), tz)}`;
const snap = (ms: number, step: number) => Math.round(ms / step) * step;

/** What the diary's hands can do here, in words (a screen reader hears it with each column's times). */
export function DiaryHint(p: { id: string; book: boolean; block: boolean; move: boolean; across: 'stylist' | 'day'; narrow?: boolean }) {
  return (
    <details className={css({ fontSize: 'sm', color: 'textMuted', mb: '2', '@media print': { display: 'none' } })}>
      <summary className={css({ cursor: 'pointer', fontWeight: '600', w: 'fit-content' })}>How to book, block and move</summary>
      <p id={p.id} className={css({ mt: '1' })}>
        {p.book ? 'Click or tap a time to book it or block it; drag down a column to block a stretch. ' : ''}
        {p.block && !p.book ? 'To block time, drag down your column or tap a time. ' : ''}
        {p.move
          ? `Drag an appointment to move it${p.across === 'day' ? ' to another day or time' : ''} (on a touch screen, hold it first), or its bottom edge to lengthen it. With the keyboard: tab to an appointment and press M, then the arrows (left and right for the ${p.across}, Shift with up and down for the length) and Enter. `
          : ''}
        {p.block ? 'Tab to a column’s times and use the arrow keys (Shift and an arrow to choose a stretch), then Enter.' : ''}
        {p.narrow ? ' Swipe sideways, or use the buttons, for the next stylist or day.' : ''}
      </p>
    </details>
  );
}

/**
 * The day: a column per stylist (their working hours light, breaks and the rest shaded, time off
 * and blocks drawn), appointments as blocks at their times, each a button that opens it, and a line
 * for now. An empty time clicked offers a booking there or a block; an appointment dragged (a
 * finger: held first) moves to another time or column, its bottom edge lengthens it; M on a
 * focused appointment does the same from the keyboard, each step said aloud. A refused move snaps
 * back with its reason. On a phone (`narrow`) one column at a time, swiped or stepped through with
 * buttons, into the next or previous day past the ends. Every column is a labelled list for screen
 * readers.
 */
export function DayView(p: {
  day: DiaryDay;
  onOpen: (id: number) => void;
  blocking?: Blocking;
  onBook?: OnBook;
  onMove?: OnMove;
  colourBy?: ColourBy;
  narrow?: boolean;
  /** the column a phone shows (a stylist's id), and the steps to another column or day */
  column?: number | null;
  onColumn?: (stylistId: number) => void;
  onDay?: (step: 1 | -1, column: 'first' | 'last') => void;
}) {
  const { day } = p;
  const hintId = useId();
  if (day.stylists.length === 0)
    return <p>No column of the diary is yours yet. Ask an owner or a manager to link you to your column in Team.</p>;
  const from = Math.floor(Date.parse(day.opens) / HOUR) * HOUR;
  const to = Math.ceil(Date.parse(day.closes) / HOUR) * HOUR;
  const columns: DiaryColumn[] = day.stylists.map((s) => ({ key: `${day.date}-${s.id}`, stylist: s, day, from, heading: s.name }));
  const index = Math.max(
    0,
    day.stylists.findIndex((s) => s.id === p.column),
  );
  const shown = p.narrow ? columns.slice(index, index + 1) : columns;
  const booked = day.appointments.some((a) => a.status !== 'cancelled');
  const step = (d: 1 | -1) => {
    const next = day.stylists[index + d];
    if (next) p.onColumn?.(next.id);
    else p.onDay?.(d, d === 1 ? 'first' : 'last');
  };

  return (
    <>
      <DiaryHint id={hintId} book={!!p.onBook} block={!!p.blocking} move={!!p.onMove} across="stylist" narrow={p.narrow} />
      {!booked && <p className={emptyNote}>Nothing booked on this day{p.onBook ? ': click or tap a time in a column to book it.' : '.'}</p>}
      {p.narrow && (
        <div
          className={css({ display: 'flex', gap: '2', alignItems: 'center', justifyContent: 'space-between', mb: '2' })}
          role="group"
          aria-label="Columns"
        >
          <button type="button" className={outlineButton} onClick={() => step(-1)}>
            ‹ {day.stylists[index - 1]?.name ?? 'Previous day'}
          </button>
          <span className={css({ fontSize: 'sm', color: 'textMuted' })}>
            {index + 1} of {day.stylists.length}
          </span>
          <button type="button" className={outlineButton} onClick={() => step(1)}>
            {day.stylists[index + 1]?.name ?? 'Next day'} ›
          </button>
        </div>
      )}
      <DiaryGrid
        columns={columns}
        shown={shown}
        length={to - from}
        label={`Appointments by stylist, ${shown.length} ${shown.length === 1 ? 'column' : 'columns'}${p.narrow ? ` of ${day.stylists.length}` : ''}`}
        across="stylist"
        minWidth={180}
        hintId={hintId}
        onOpen={p.onOpen}
        blocking={p.blocking}
        onBook={p.onBook}
        onMove={p.onMove}
        colourBy={p.colourBy}
        onSwipe={p.narrow ? step : undefined}
      />
    </>
  );
}

/** A calm line saying a day or week is empty, and what to do. */
export const emptyNote = css({ fontSize: 'sm', color: 'textMuted', mb: '2' });

/**
 * The diary's grid: columns side by side on one time axis (a stylist's day, or a day of a
 * stylist's week), their hours, breaks, time off, blocks and appointments, the line for now, and
 * the moves: an appointment dragged (a finger: held first) to another time or column, its bottom
 * edge dragged to lengthen it, or M and the arrows from the keyboard, each step said aloud. Moving
 * to another day keeps the wall-clock time. `shown`: the columns drawn (a phone's one), while the
 * keyboard still steps through all of them.
 */
export function DiaryGrid(p: {
  columns: DiaryColumn[];
  shown?: DiaryColumn[];
  /** the length of time every column draws (ms) */
  length: number;
  label: string;
  /** what the left and right arrows step through */
  across: 'stylist' | 'day';
  minWidth: number;
  hintId: string;
  onOpen: (id: number) => void;
  blocking?: Blocking;
  onBook?: OnBook;
  onMove?: OnMove;
  colourBy?: ColourBy;
  /** a phone's sideways swipe (one column shown) */
  onSwipe?: (step: 1 | -1) => void;
}) {
  const { columns } = p;
  const shown = p.shown ?? columns;
  const tz = columns[0]!.day.timezone;
  const now = useNow();
  const height = (p.length / MINUTE) * PX;
  const first = shown[0]!;
  const hours = Array.from({ length: Math.round(p.length / HOUR) }, (_, i) => i * HOUR);
  const [moving, setMoving] = useState<Moving | null>(null);
  const [said, setSaid] = useState('');
  const [refused, setRefused] = useState('');
  /** an appointment moved from the keyboard keeps the focus in its new column */
  const [refocus, setRefocus] = useState<{ id: number; column: string } | null>(null);
  const bodies = useRef(new Map<string, HTMLDivElement>());
  const swipe = useRef<{ x: number; y: number } | null>(null);
  const dragging = useRef(false);
  const nowIn = (c: DiaryColumn) => dateIn(now, tz) === c.day.date && now >= c.from && now < c.from + p.length;
  const nowColumn = shown.find(nowIn);
  const nameOf = (id: number) => columns.find((c) => c.stylist.id === id)?.stylist.name ?? 'another stylist';
  const columnOf = (key: string) => columns.find((c) => c.key === key)!;

  const where = (m: Moving) =>
    `${p.across === 'day' ? `${columnOf(m.column).heading}, ` : ''}${span(m.start, m.end, tz)} with ${nameOf(m.stylistId)}`;
  const commit = async (m: Moving) => {
    const same = m.start === m.was.start && m.end === m.was.end && m.stylistId === m.fromStylistId;
    if (same || !p.onMove) {
      setMoving(null);
      setSaid(same ? 'Left where it was' : '');
      return;
    }
    setMoving({ ...m, saving: true });
    setSaid(`Moving to ${where(m)}…`);
    const reason = await p.onMove(m.a, m);
    setMoving(null);
    if (reason) {
      setRefused(`Not moved: ${reason}`);
      setSaid(`Not moved, it is back at ${span(m.was.start, m.was.end, tz)}: ${reason}`);
    } else {
      setRefused('');
      setSaid(`Moved ${m.a.client?.name || 'the appointment'} to ${where(m)}`);
      if (m.by === 'keys') setRefocus({ id: m.a.id, column: m.column });
    }
  };
  const pickUp = (a: DiaryAppointment, col: DiaryColumn, by: Moving['by']): Moving => {
    const part = partOf(a, col.stylist.id)!;
    return {
      a,
      fromStylistId: col.stylist.id,
      stylistId: col.stylist.id,
      fromColumn: col.key,
      column: col.key,
      start: part.start,
      end: part.end,
      was: { start: part.start, end: part.end },
      resized: false,
      by,
      saving: false,
    };
  };
  /** the same part put in another column: another stylist, or the same wall-clock time on another day */
  const into = (m: Moving, col: DiaryColumn): Moving => {
    const shift = col.from - columnOf(m.column).from;
    return { ...m, column: col.key, stylistId: col.stylist.id, start: m.start + shift, end: m.end + shift };
  };

  /** A press on an appointment (or its bottom edge): a drag once it travels (a finger: once held). */
  const press = (e: React.PointerEvent, a: DiaryAppointment, col: DiaryColumn, kind: 'move' | 'resize') => {
    if (!p.onMove || e.button !== 0 || moving?.saving) return;
    const part = partOf(a, col.stylist.id)!;
    const target = e.currentTarget as HTMLElement;
    const grab = ((e.clientY - bodies.current.get(col.key)!.getBoundingClientRect().top) / PX) * MINUTE + col.from - part.start;
    const start = { x: e.clientX, y: e.clientY };
    let started = false;
    let current: Moving | null = null;
    const begin = () => {
      started = true;
      dragging.current = true;
      current = pickUp(a, col, 'pointer');
      setMoving(current);
    };
    const timer = e.pointerType === 'touch' ? setTimeout(begin, LONG_PRESS_MS) : null;
    const onMove = (ev: PointerEvent) => {
      if (!started) {
        const far = Math.hypot(ev.clientX - start.x, ev.clientY - start.y);
        if (e.pointerType === 'touch') {
          // a finger that moves before it is held scrolls the diary
          if (far > 8) stop();
          return;
        }
        if (far < 4) return;
        begin();
      }
      current = placed(current!, ev.clientX, ev.clientY);
      setMoving(current);
    };
    const placed = (m: Moving, x: number, y: number): Moving => {
      let key = m.column;
      if (kind === 'move')
        for (const [k, el] of bodies.current) {
          const r = el.getBoundingClientRect();
          if (x >= r.left && x < r.right) key = k;
        }
      const c = columnOf(key);
      const at = c.from + ((y - bodies.current.get(key)!.getBoundingClientRect().top) / PX) * MINUTE;
      if (kind === 'resize') {
        const end = Math.max(m.start + DRAG_STEP, snap(at, DRAG_STEP));
        return { ...m, end, resized: end - m.start !== m.was.end - m.was.start };
      }
      const s = snap(at - grab, DRAG_STEP);
      return { ...m, column: key, stylistId: c.stylist.id, start: s, end: s + (m.was.end - m.was.start) };
    };
    // while a finger drags, the page must not scroll under it
    const still = (ev: TouchEvent) => started && ev.cancelable && ev.preventDefault();
    const stop = () => {
      if (timer) clearTimeout(timer);
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
      window.removeEventListener('pointercancel', onCancel);
      window.removeEventListener('touchmove', still);
      setTimeout(() => (dragging.current = false), 0);
    };
    const onUp = () => {
      stop();
      if (started && current) void commit(current);
    };
    const onCancel = () => {
      stop();
      if (started) setMoving(null);
    };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
    window.addEventListener('pointercancel', onCancel);
    window.addEventListener('touchmove', still, { passive: false });
    if (e.pointerType !== 'touch') target.setPointerCapture?.(e.pointerId);
  };

  /** M picks a focused appointment up; then the arrows, Shift with them, Enter and Escape. */
  const keys = (e: React.KeyboardEvent, a: DiaryAppointment, col: DiaryColumn) => {
    if (!p.onMove || moving?.saving) return;
    const mine = moving?.a.id === a.id && moving.by === 'keys' ? moving : null;
    if (!mine) {
      if (e.key !== 'm' && e.key !== 'M') return;
      e.preventDefault();
      const m = pickUp(a, col, 'keys');
      setMoving(m);
      setSaid(
        `Moving ${a.client?.name || 'the appointment'}, ${where(m)}. Up and down arrows change the time, left and right the ${p.across}, Shift with up and down the length. Enter to save, Escape to leave it where it was.`,
      );
      return;
    }
    let next: Moving = mine;
    const index = columns.findIndex((c) => c.key === mine.column);
    if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
      const d = e.key === 'ArrowUp' ? -KEY_STEP : KEY_STEP;
      if (e.shiftKey) {
        const end = Math.max(mine.start + KEY_STEP, mine.end + d);
        next = { ...mine, end, resized: end - mine.start !== mine.was.end - mine.was.start };
      } else next = { ...mine, start: mine.start + d, end: mine.end + d };
    } else if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      const other = columns[index + (e.key === 'ArrowLeft' ? -1 : 1)];
      if (other) next = into(mine, other);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      void commit(mine);
      return;
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      setMoving(null);
      setSaid(`Left where it was, ${span(mine.was.start, mine.was.end, tz)}`);
      return;
    } else return;
    e.preventDefault();
    setMoving(next);
    setSaid(where(next));
  };

  return (
    <>
      <p aria-live="polite" data-testid="diary-said" className={css({ srOnly: true })}>
        {said}
      </p>
      {refused && (
        <p
          role="alert"
          className={css({
            mb: '2',
            p: '2',
            rounded: 'md',
            border: '1px solid {colors.danger}',
            color: 'danger',
            bg: 'bg',
            display: 'flex',
            gap: '2',
            alignItems: 'baseline',
            flexWrap: 'wrap',
          })}
        >
          <span className={css({ flex: '1' })}>{refused}</span>
          <button type="button" className={outlineButton} onClick={() => setRefused('')}>
            Dismiss
          </button>
        </p>
      )}
      <div
        role="region"
        aria-label={p.label}
        tabIndex={0}
        onPointerDown={(e) => {
          if (p.onSwipe && e.pointerType === 'touch') swipe.current = { x: e.clientX, y: e.clientY };
        }}
        onPointerUp={(e) => {
          const s = swipe.current;
          swipe.current = null;
          if (!s || dragging.current) return;
          const dx = e.clientX - s.x;
          if (Math.abs(dx) > SWIPE_PX && Math.abs(dx) > 2 * Math.abs(e.clientY - s.y)) p.onSwipe?.(dx < 0 ? 1 : -1);
        }}
        className={css({
          overflowX: 'auto',
          border: '1px solid {colors.border}',
          rounded: 'lg',
          bg: 'bg',
          scrollSnapType: 'x proximity',
          // a column snaps beside the time axis, not under it
          scrollPaddingLeft: '12',
          _focusVisible: { outline: '2px solid {colors.focus}', outlineOffset: '2px' },
          '@media print': { overflow: 'visible', border: 'none' },
        })}
        style={p.onSwipe ? { touchAction: 'pan-y' } : undefined}
      >
        <div className={css({ display: 'flex', minW: 'min-content', '@media print': { minW: '0' } })}>
          <div
            className={css({
              position: 'sticky',
              left: '0',
              zIndex: '2',
              bg: 'bg',
              w: '12',
              flexShrink: 0,
              borderRight: '1px solid {colors.border}',
            })}
          >
            <div className={css({ h: '16' })} />
            <div style={{ height }} className={css({ position: 'relative' })} aria-hidden>
              {hours.map((h) => (
                <span
                  key={h}
                  style={{ top: (h / MINUTE) * PX }}
                  className={css({
                    position: 'absolute',
                    right: '1.5',
                    fontSize: 'xs',
                    color: 'textMuted',
                    fontVariantNumeric: 'tabular-nums',
                    lineHeight: '1',
                    // each hour's label at the top of its row, just under its line (as the columns' lines are drawn)
                    mt: '1',
                  })}
                >
                  {clock(new Date(first.from + h).toISOString(), tz)}
                </span>
              ))}
              {nowColumn && (
                <span
                  data-testid="now-label"
                  style={{ top: ((now - nowColumn.from) / MINUTE) * PX }}
                  className={css({
                    position: 'absolute',
                    right: '0.5',
                    zIndex: '1',
                    fontSize: 'xs',
                    fontWeight: '700',
                    color: 'onPrimary',
                    bg: 'danger',
                    px: '0.5',
                    rounded: 'sm',
                    transform: 'translateY(-50%)',
                  })}
                >
                  {clock(new Date(now).toISOString(), tz)}
                </span>
              )}
            </div>
          </div>
          {shown.map((c) => (
            <Column
              key={c.key}
              col={c}
              length={p.length}
              height={height}
              minWidth={p.minWidth}
              onOpen={(id) => !dragging.current && p.onOpen(id)}
              blocking={p.blocking}
              onBook={p.onBook}
              hintId={p.hintId}
              slotsLabel={p.across === 'day' ? `${c.stylist.name}’s column on ${c.heading}` : undefined}
              brief={p.across === 'day'}
              colourBy={p.colourBy ?? 'status'}
              now={nowIn(c) ? now : null}
              moving={moving}
              movable={!!p.onMove}
              ghostHere={
                moving !== null &&
                (moving.column === c.key || (!!p.shown && p.shown.length < columns.length && moving.fromColumn === c.key))
              }
              nameOf={nameOf}
              body={(el) => {
                if (el) bodies.current.set(c.key, el);
                else bodies.current.delete(c.key);
              }}
              onPress={press}
              onKeys={keys}
              refocus={refocus?.column === c.key ? refocus.id : null}
              onRefocused={() => setRefocus(null)}
              onLeave={(a) => {
                if (moving?.a.id === a.id && moving.by === 'keys' && !moving.saving) {
                  setMoving(null);
                  setSaid('Left where it was');
                }
              }}
            />
          ))}
        </div>
      </div>
      <KeepInView id={moving?.by === 'keys' ? `ghost-${moving.a.id}` : null} />
    </>
  );
}

/** Scrolls the keyboard's ghost into view as it moves. */
function KeepInView({ id }: { id: string | null }) {
  useEffect(() => {
    if (id) document.getElementById(id)?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  });
  return null;
}

function Column(p: {
  col: DiaryColumn;
  length: number;
  height: number;
  minWidth: number;
  onOpen: (id: number) => void;
  blocking?: Blocking;
  onBook?: OnBook;
  hintId: string;
  slotsLabel?: string;
  /** a narrow column (the week's): its blocks show the start only (the end is said, and drawn) */
  brief?: boolean;
  colourBy: ColourBy;
  now: number | null;
  moving: Moving | null;
  movable: boolean;
  ghostHere: boolean;
  nameOf: (id: number) => string;
  body: (el: HTMLDivElement | null) => void;
  onPress: (e: React.PointerEvent, a: DiaryAppointment, col: DiaryColumn, kind: 'move' | 'resize') => void;
  onKeys: (e: React.KeyboardEvent, a: DiaryAppointment, col: DiaryColumn) => void;
  onLeave: (a: DiaryAppointment) => void;
  refocus: number | null;
  onRefocused: () => void;
}) {
  const { col, moving } = p;
  const { stylist, day, from } = col;
  const to = from + p.length;
  const blocks = (day.blocks ?? []).filter((b) => b.stylist_id === stylist.id);
  const timeOff = (day.time_off ?? []).filter((t) => t.stylist_id === stylist.id && t.status !== 'declined');
  // approved time off over the whole of the day the diary draws: the heading says so instead of the hours
  const allDayOff = timeOff.some((t) => t.status === 'approved' && Date.parse(t.start) <= from && Date.parse(t.end) >= to);
  const top = (ms: number) => ((ms - from) / MINUTE) * PX;
  const headingId = `diary-col-${col.key}`;
  const hours = stylist.hours.map((h) => `${clock(h.start, day.timezone)}–${clock(h.end, day.timezone)}`).join(', ');
  const parts = day.appointments.flatMap((a) => {
    const part = a.status === 'cancelled' ? null : partOf(a, stylist.id);
    return part ? [{ a, ...part }] : [];
  });
  return (
    <section
      aria-labelledby={headingId}
      style={{ ['--col-min' as string]: `${p.minWidth}px` }}
      className={css({
        flex: '1 0 var(--col-min)',
        minW: 'var(--col-min)',
        scrollSnapAlign: 'start',
        borderRight: '1px solid {colors.border}',
        _last: { borderRight: 'none' },
        '@media print': { flex: '1 1 0', minW: '0', breakInside: 'avoid' },
      })}
    >
      <div
        className={css({
          h: '16',
          px: '2',
          py: '1.5',
          position: 'sticky',
          top: '0',
          bg: 'bg',
          borderBottom: '1px solid {colors.border}',
        })}
      >
        <h3 id={headingId} className={css({ fontWeight: '700', fontSize: 'sm', lineClamp: '1' })}>
          {col.heading}
        </h3>
        <p className={css({ fontSize: 'xs', color: 'textMuted', lineClamp: '2', lineHeight: '1.3' })}>
          {allDayOff ? 'Time off' : hours ? `Works ${hours}` : 'Not working'}
        </p>
      </div>
      <div ref={p.body} style={{ height: p.height }} className={css({ position: 'relative', bg: 'surfaceMuted' })}>
        {stylist.hours.map((h) => (
          <div
            key={h.start}
            aria-hidden
            data-testid="working-hours"
            style={{ top: top(Date.parse(h.start)), height: top(Date.parse(h.end)) - top(Date.parse(h.start)) }}
            className={css({ position: 'absolute', insetX: '0', bg: 'bg' })}
          />
        ))}
        <HourLines count={Math.round(p.length / HOUR)} />
        {timeOff.map((t) => (
          <TimeOffBand key={t.id} t={t} top={top} from={from} to={to} timezone={day.timezone} />
        ))}
        {p.blocking && (
          <Slots
            stylist={stylist}
            day={day}
            from={from}
            to={to}
            blocking={p.blocking}
            onBook={p.onBook}
            hintId={p.hintId}
            idBase={`slots-${col.key}`}
            label={p.slotsLabel}
            dayLabel={p.slotsLabel ? col.heading : undefined}
          />
        )}
        <ul className={css({ listStyle: 'none', m: '0', p: '0' })}>
          {blocks.map((b) => (
            <BlockItem
              key={`b${b.id}`}
              b={b}
              top={top}
              timezone={day.timezone}
              onOpen={p.blocking && (() => p.blocking!.onOpenBlock(stylist, b))}
            />
          ))}
          {parts.map(({ a, start, end, services }) => (
            <li key={a.id}>
              <AppointmentBlock
                a={a}
                services={services}
                when={span(start, end, day.timezone)}
                brief={p.brief}
                colourBy={p.colourBy}
                style={{ top: top(start) + 1, height: Math.max(top(end) - top(start) - 2, 22) }}
                lifted={moving?.a.id === a.id && moving.fromColumn === col.key}
                refocus={p.refocus === a.id ? p.onRefocused : undefined}
                onClick={() => p.onOpen(a.id)}
                {...(p.movable
                  ? {
                      onPointerDown: (e: React.PointerEvent) => p.onPress(e, a, col, 'move'),
                      onKeyDown: (e: React.KeyboardEvent) => p.onKeys(e, a, col),
                      onBlur: () => p.onLeave(a),
                    }
                  : {})}
              />
              {p.movable && (
                // the bottom edge: dragged, it lengthens or shortens the appointment (the keyboard: M, then Shift with the arrows)
                <div
                  aria-hidden
                  data-testid={`resize-${a.id}`}
                  onPointerDown={(e) => {
                    e.stopPropagation();
                    p.onPress(e, a, col, 'resize');
                  }}
                  style={{ top: top(end) - 6 }}
                  className={css({
                    position: 'absolute',
                    insetX: '3',
                    h: '2',
                    cursor: 'ns-resize',
                    zIndex: '1',
                    touchAction: 'none',
                    _hover: { bg: 'color-mix(in srgb, var(--colors-focus) 40%, transparent)' },
                    '@media print': { display: 'none' },
                  })}
                />
              )}
            </li>
          ))}
        </ul>
        {p.ghostHere && moving && <Ghost m={moving} top={top} timezone={day.timezone} here={stylist.id} nameOf={p.nameOf} />}
        {p.now !== null && (
          <div
            aria-hidden
            data-testid="now-line"
            style={{ top: top(p.now) }}
            className={css({
              position: 'absolute',
              insetX: '0',
              h: '0',
              borderTop: '2px solid {colors.danger}',
              zIndex: '2',
              pointerEvents: 'none',
              '@media print': { display: 'none' },
            })}
          />
        )}
      </div>
    </section>
  );
}

/** Faint lines at each hour (and dotted at each half), drawn under everything, so a time reads across the columns. */
function HourLines({ count }: { count: number }) {
  const hourPx = 60 * PX;
  return (
    <div
      aria-hidden
      style={{
        backgroundImage: `repeating-linear-gradient(to bottom, color-mix(in srgb, var(--colors-border) 55%, transparent) 0 1px, transparent 1px ${hourPx / 2}px, color-mix(in srgb, var(--colors-border) 22%, transparent) ${hourPx / 2}px ${hourPx / 2 + 1}px, transparent ${hourPx / 2 + 1}px ${hourPx}px)`,
        height: count * hourPx,
      }}
      className={css({ position: 'absolute', insetX: '0', top: '0', pointerEvents: 'none' })}
    />
  );
}

/**
 * An appointment's block in a column, the day's and the week's alike: the client, then the time
 * and services, the category when coloured by it, and its state as a chip in words (the colour
 * is never the only sign). What it shows is its name too, in its order (WCAG 2.5.3).
 */
function AppointmentBlock(p: {
  a: DiaryAppointment;
  services: DiaryAppointment['services'];
  when: string;
  /** the start only on the block (a narrow column), the end said last */
  brief?: boolean;
  colourBy: ColourBy;
  style: React.CSSProperties;
  lifted: boolean;
  refocus?: () => void;
  onClick: () => void;
  onPointerDown?: (e: React.PointerEvent) => void;
  onKeyDown?: (e: React.KeyboardEvent) => void;
  onBlur?: () => void;
}) {
  const { a } = p;
  const status = STATUS_LOOK[a.status];
  const look = lookOf(a, p.services, p.colourBy);
  const who = a.client?.name || 'No client';
  const what = p.services.map((s) => s.name).join(', ');
  const mark = a.no_show ? 'No-show' : a.arrived ? 'Arrived' : null;
  const shown = p.brief ? p.when.split('–')[0]! : p.when;
  return (
    <button
      type="button"
      ref={
        p.refocus
          ? (el) => {
              el?.focus();
              if (el) p.refocus!();
            }
          : undefined
      }
      onClick={p.onClick}
      onPointerDown={p.onPointerDown}
      onKeyDown={p.onKeyDown}
      onBlur={p.onBlur}
      onContextMenu={p.onPointerDown ? (e) => e.preventDefault() : undefined}
      aria-keyshortcuts={p.onKeyDown ? 'M' : undefined}
      // what the block shows, in its order (WCAG 2.5.3), with commas for a screen reader
      aria-label={`${who}, ${shown}, ${what}${look.category ? `, ${look.category}` : ''}, ${status.label}${mark ? `, ${mark}` : ''}${stranded(a) ? ', Needs moving: in time off or blocked time' : ''}${p.brief ? `, until ${p.when.split('–')[1]}` : ''}`}
      style={{
        ...p.style,
        borderLeftColor: look.colour,
        background: `color-mix(in srgb, ${look.colour} 7%, var(--colors-bg))`,
        opacity: p.lifted ? 0.45 : undefined,
        ...(stranded(a) ? { outline: '2px dashed var(--colors-danger)', outlineOffset: '-2px' } : {}),
      }}
      className={css({
        position: 'absolute',
        insetX: '1',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'flex-start',
        gap: '0',
        // the lines keep their height and the block cuts off the last ones: a 30-minute block shows
        // the client, the time and the services; a longer one the state's chip too
        '& > *': { flexShrink: 0, maxW: 'full' },
        textAlign: 'left',
        overflow: 'hidden',
        color: 'text',
        border: '1px solid {colors.border}',
        borderLeftWidth: '4px',
        rounded: 'md',
        px: '1.5',
        py: '0.5',
        fontSize: 'xs',
        lineHeight: '1.25',
        cursor: 'pointer',
        userSelect: 'none',
        WebkitTouchCallout: 'none',
        _hover: { borderColor: 'textMuted' },
        _focusVisible: { outline: '2px solid {colors.focus}', outlineOffset: '1px', zIndex: '1' },
        '@media print': { breakInside: 'avoid' },
      })}
    >
      {/* a space between the lines, so their words stay apart in the text (as in the name) */}
      <span className={css({ fontWeight: '700', lineClamp: '1', fontSize: 'sm', lineHeight: '1.2' })}>{who}</span>{' '}
      <span className={css({ lineClamp: '1' })}>
        <span className={css({ fontVariantNumeric: 'tabular-nums' })}>{shown}</span> · {what}
      </span>{' '}
      {look.category && (
        <>
          <span className={css({ fontWeight: '600', lineClamp: '1' })} style={{ color: look.colour }}>
            {look.category}
          </span>{' '}
        </>
      )}
      <span className={css({ display: 'flex', flexWrap: 'wrap', gap: '1', mt: '0.5' })}>
        <AppointmentChips a={a} />
        {stranded(a) && (
          <>
            {' '}
            <StatusChip label="⚠ Needs moving" colour="var(--colors-danger)" />
          </>
        )}
      </span>
    </button>
  );
}

/** Where the appointment being moved would go: framed, with its times (and its stylist, when another). */
function Ghost(p: { m: Moving; top: (ms: number) => number; timezone: string; here: number; nameOf: (id: number) => string }) {
  const { m } = p;
  return (
    <div
      id={`ghost-${m.a.id}`}
      aria-hidden
      data-testid="move-ghost"
      style={{ top: p.top(m.start) + 1, height: Math.max(p.top(m.end) - p.top(m.start) - 2, 22) }}
      className={css({
        position: 'absolute',
        insetX: '1',
        zIndex: '2',
        pointerEvents: 'none',
        border: '2px dashed {colors.focus}',
        rounded: 'md',
        bg: 'color-mix(in srgb, var(--colors-focus) 15%, var(--colors-bg))',
        px: '1.5',
        py: '0.5',
        fontSize: 'xs',
        fontWeight: '700',
        color: 'text',
      })}
    >
      {span(m.start, m.end, p.timezone)}
      {m.stylistId !== p.here ? ` → ${p.nameOf(m.stylistId)}` : ''}
      {m.saving ? ' · Saving…' : ''}
    </div>
  );
}
