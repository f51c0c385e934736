import { useId, useRef, useState } from 'react';
import { css } from '../../../styled-system/css';
import type { DiaryAppointment, DiaryDay, DiaryStylist } from '../../../shared/console/diary';
import { TIME_OFF_REASON_LABELS, type Block, type TimeOff } from '../../../shared/console/time-off';
import { clock, STATUS_LOOK } from '../lib/format';

const HOUR = 3_600_000;
/** pixels a minute: an hour is 80 px, a 15-minute service 20 px */
const PX = 80 / 60;
/** the stretch the diary chooses in: 15 minutes */
const SLOT = 15 * 60_000;
/** a click or a tap without dragging chooses an hour */
const TAP_SLOTS = 4;

/** An appointment left in time off, a block or outside its stylist's hours (docs/console/time-off.md). */
const stranded = (a: DiaryAppointment) => a.stranded === true;

/** What the diary does with a chosen stretch and a block opened (owners and managers). */
export interface Blocking {
  onChoose: (stylist: DiaryStylist, range: { start: string; end: string }) => void;
  onOpenBlock: (stylist: DiaryStylist, block: Block) => void;
}

/** One stylist's part of an appointment: their services, from the first start to the last end. */
function partOf(a: DiaryAppointment, stylistId: number) {
  const mine = a.services.filter((s) => s.stylist_id === stylistId);
  if (mine.length === 0) return null;
  return { start: Math.min(...mine.map((s) => Date.parse(s.start))), end: Math.max(...mine.map((s) => Date.parse(s.end))), services: mine };
}

/**
 * The day: a column per stylist (their working hours light, the rest shaded), appointments as
 * blocks at their times, each a button that opens it. Narrow screens scroll the columns sideways
 * under a time axis that stays in place; every column is a labelled list for screen readers.
 */
export function DayView({ day, onOpen, blocking }: { day: DiaryDay; onOpen: (id: number) => void; blocking?: Blocking }) {
  const hintId = useId();
  const from = Math.floor(Date.parse(day.opens) / HOUR) * HOUR;
  const to = Math.ceil(Date.parse(day.closes) / HOUR) * HOUR;
  const height = ((to - from) / 60_000) * PX;
  const hours = Array.from({ length: Math.round((to - from) / HOUR) }, (_, i) => from + i * HOUR);
  const live = day.appointments.filter((a) => a.status !== 'cancelled');
  if (day.stylists.length === 0)
    return <p>No column of the diary is yours yet. Ask an owner or a manager to link you to your column in Team.</p>;
  return (
    <>
      {blocking && (
        <p id={hintId} className={css({ fontSize: 'sm', color: 'textMuted', mb: '2' })}>
          To block time, drag down a stylist’s column, tap or click a time, or tab to the column’s times and use the arrow keys (Shift and
          an arrow to choose a stretch), then Enter.
        </p>
      )}
      <div
        role="region"
        aria-label={`Appointments by stylist, ${day.stylists.length} ${day.stylists.length === 1 ? 'column' : 'columns'}`}
        tabIndex={0}
        className={css({
          overflowX: 'auto',
          border: '1px solid {colors.surfaceMuted}',
          rounded: 'lg',
          bg: 'bg',
          scrollSnapType: 'x proximity',
          // a column snaps beside the time axis, not under it
          scrollPaddingLeft: '12',
          _focusVisible: { outline: '2px solid {colors.focus}', outlineOffset: '2px' },
        })}
      >
        <div className={css({ display: 'flex', minW: 'min-content' })}>
          <div
            aria-hidden
            className={css({
              position: 'sticky',
              left: '0',
              zIndex: '2',
              bg: 'bg',
              w: '12',
              flexShrink: 0,
              borderRight: '1px solid {colors.surfaceMuted}',
            })}
          >
            <div className={css({ h: '16' })} />
            <div style={{ height }} className={css({ position: 'relative' })}>
              {hours.map((h) => (
                <span
                  key={h}
                  style={{ top: ((h - from) / 60_000) * PX }}
                  className={css({ position: 'absolute', right: '1', fontSize: 'xs', color: 'textMuted', transform: 'translateY(-50%)' })}
                >
                  {clock(new Date(h).toISOString(), day.timezone)}
                </span>
              ))}
            </div>
          </div>
          {day.stylists.map((s) => (
            <Column
              key={s.id}
              stylist={s}
              day={day}
              from={from}
              to={to}
              height={height}
              appointments={live}
              onOpen={onOpen}
              blocking={blocking}
              hintId={hintId}
            />
          ))}
        </div>
      </div>
    </>
  );
}

function Column(p: {
  stylist: DiaryStylist;
  day: DiaryDay;
  from: number;
  to: number;
  height: number;
  appointments: DiaryAppointment[];
  onOpen: (id: number) => void;
  blocking?: Blocking;
  hintId: string;
}) {
  const { stylist, day, from } = p;
  const blocks = (day.blocks ?? []).filter((b) => b.stylist_id === stylist.id);
  const timeOff = (day.time_off ?? []).filter((t) => t.stylist_id === stylist.id && t.status !== 'declined');
  // approved time off over the whole of the day the diary draws: the heading says so instead of the hours
  const allDayOff = timeOff.some((t) => t.status === 'approved' && Date.parse(t.start) <= from && Date.parse(t.end) >= p.to);
  const top = (ms: number) => ((ms - from) / 60_000) * PX;
  const headingId = `diary-col-${stylist.id}`;
  const hours = stylist.hours.map((h) => `${clock(h.start, day.timezone)}–${clock(h.end, day.timezone)}`).join(', ');
  const parts = p.appointments.flatMap((a) => {
    const part = partOf(a, stylist.id);
    return part ? [{ a, ...part }] : [];
  });
  return (
    <section
      aria-labelledby={headingId}
      className={css({ flex: '1 0 180px', minW: '180px', scrollSnapAlign: 'start', borderRight: '1px solid {colors.surfaceMuted}' })}
    >
      <div
        className={css({
          h: '16',
          px: '2',
          py: '1',
          position: 'sticky',
          top: '0',
          bg: 'bg',
          borderBottom: '1px solid {colors.surfaceMuted}',
        })}
      >
        <h3 id={headingId} className={css({ fontWeight: '700', fontSize: 'sm', lineClamp: '1' })}>
          {stylist.name}
        </h3>
        <p className={css({ fontSize: 'xs', color: 'textMuted', lineClamp: '2' })}>
          {allDayOff ? 'Time off' : hours ? `Works ${hours}` : 'Not working'}
        </p>
      </div>
      <div style={{ height: p.height }} className={css({ position: 'relative', bg: 'surfaceMuted' })}>
        {stylist.hours.map((h) => (
          <div
            key={h.start}
            aria-hidden
            style={{ top: top(Date.parse(h.start)), height: top(Date.parse(h.end)) - top(Date.parse(h.start)) }}
            className={css({ position: 'absolute', insetX: '0', bg: 'bg' })}
          />
        ))}
        {timeOff.map((t) => (
          <TimeOffBand key={t.id} t={t} top={top} from={from} to={p.to} timezone={day.timezone} />
        ))}
        {p.blocking && <Slots {...p} blocking={p.blocking} />}
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
          {parts.map(({ a, start, end, services }) => {
            const look = STATUS_LOOK[a.status];
            const when = `${clock(new Date(start).toISOString(), day.timezone)}–${clock(new Date(end).toISOString(), day.timezone)}`;
            const who = a.client?.name || 'No client';
            return (
              <li key={a.id}>
                <button
                  type="button"
                  onClick={() => p.onOpen(a.id)}
                  // what the block shows, in its order (WCAG 2.5.3), with commas for a screen reader
                  aria-label={`${who}, ${when}, ${services.map((s) => s.name).join(', ')}, ${look.label}${a.no_show ? ', No-show' : a.arrived ? ', Arrived' : ''}${stranded(a) ? ', Needs moving: in time off or blocked time' : ''}`}
                  style={{
                    top: top(start) + 1,
                    height: Math.max(top(end) - top(start) - 2, 22),
                    borderLeftColor: look.colour,
                    ...(stranded(a) ? { outline: '2px dashed var(--colors-danger)', outlineOffset: '-2px' } : {}),
                  }}
                  className={css({
                    position: 'absolute',
                    insetX: '1',
                    textAlign: 'left',
                    overflow: 'hidden',
                    bg: 'surface',
                    color: 'text',
                    border: '1px solid {colors.border}',
                    borderLeftWidth: '4px',
                    rounded: 'md',
                    px: '1.5',
                    py: '0.5',
                    fontSize: 'xs',
                    lineHeight: '1.3',
                    cursor: 'pointer',
                    _hover: { bg: 'bg' },
                    _focusVisible: { outline: '2px solid {colors.focus}', outlineOffset: '1px', zIndex: '1' },
                  })}
                >
                  {/* a space between the lines, so their words stay apart in the text (as in the name) */}
                  <span className={css({ fontWeight: '700', display: 'block', lineClamp: '1' })}>{who}</span>{' '}
                  <span className={css({ display: 'block', lineClamp: '1' })}>
                    {when} · {services.map((s) => s.name).join(', ')}
                  </span>{' '}
                  <span className={css({ display: 'block', fontWeight: '600' })} style={{ color: look.colour }}>
                    {look.label}
                    {a.no_show ? ' · No-show' : a.arrived ? ' · Arrived' : ''}
                  </span>
                  {stranded(a) && (
                    <>
                      {' '}
                      <span className={css({ display: 'block', fontWeight: '700', color: 'danger' })}>⚠ Needs moving</span>
                    </>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

/** Time off in a column: a shaded band saying so (asked for and not yet approved: a dashed edge, and the words). */
function TimeOffBand(p: { t: TimeOff; top: (ms: number) => number; from: number; to: number; timezone: string }) {
  const start = Math.max(Date.parse(p.t.start), p.from);
  const end = Math.min(Date.parse(p.t.end), p.to);
  if (end <= start) return null;
  const asked = p.t.status === 'requested';
  const allDay = start === p.from && end === p.to;
  return (
    <div
      style={{ top: p.top(start), height: p.top(end) - p.top(start) }}
      className={css({
        position: 'absolute',
        insetX: '0',
        px: '2',
        py: '1',
        fontSize: 'xs',
        fontWeight: '600',
        color: 'text',
        bg: 'surfaceMuted',
        backgroundImage: 'repeating-linear-gradient(135deg, transparent 0 8px, color-mix(in srgb, currentColor 10%, transparent) 8px 10px)',
        borderY: '2px solid',
        borderColor: 'textMuted',
        pointerEvents: 'none',
        overflow: 'hidden',
      })}
      data-asked={asked || undefined}
    >
      {asked ? 'Time off asked for' : 'Time off'} · {TIME_OFF_REASON_LABELS[p.t.reason] ?? p.t.reason}
      {!allDay && `, ${clock(new Date(start).toISOString(), p.timezone)}–${clock(new Date(end).toISOString(), p.timezone)}`}
    </div>
  );
}

const blockLook = css({
  position: 'absolute',
  insetX: '1',
  textAlign: 'left',
  overflow: 'hidden',
  color: 'text',
  bg: 'surfaceMuted',
  backgroundImage: 'repeating-linear-gradient(45deg, transparent 0 6px, color-mix(in srgb, currentColor 12%, transparent) 6px 8px)',
  border: '1px dashed',
  borderColor: 'textMuted',
  rounded: 'md',
  px: '1.5',
  py: '0.5',
  fontSize: 'xs',
  lineHeight: '1.3',
  _focusVisible: { outline: '2px solid {colors.focus}', outlineOffset: '1px', zIndex: '1' },
});

/** A block in a column: its time and reason; owners and managers open it to move or remove it. */
function BlockItem(p: { b: Block; top: (ms: number) => number; timezone: string; onOpen?: () => void }) {
  const when = `${clock(p.b.start, p.timezone)}–${clock(p.b.end, p.timezone)}`;
  const start = Date.parse(p.b.start);
  const style = { top: p.top(start) + 1, height: Math.max(p.top(Date.parse(p.b.end)) - p.top(start) - 2, 22) };
  const words = (
    <>
      <span className={css({ fontWeight: '700', display: 'block', lineClamp: '1' })}>Blocked · {p.b.reason}</span>{' '}
      <span className={css({ display: 'block' })}>{when}</span>
    </>
  );
  return (
    <li>
      {p.onOpen ? (
        <button
          type="button"
          // what the box shows, in its order (WCAG 2.5.3)
          aria-label={`Blocked, ${p.b.reason}, ${when}`}
          style={style}
          onClick={p.onOpen}
          className={`${blockLook} ${css({ cursor: 'pointer' })}`}
        >
          {words}
        </button>
      ) : (
        <div style={style} className={blockLook}>
          {words}
        </div>
      )}
    </li>
  );
}

/**
 * The column's times, to choose a stretch to block: a listbox of 15-minute times. Keyboard: the
 * arrows move (Page Up and Down an hour, Home and End), Shift with them chooses a stretch from where
 * it began, Enter or Space blocks what is chosen, Escape lets it go. Mouse or pen: drag down the
 * column; a click or a tap (a finger scrolls the diary, so it does not drag) chooses an hour.
 */
function Slots(p: { stylist: DiaryStylist; day: DiaryDay; from: number; to: number; blocking: Blocking; hintId: string }) {
  const { stylist, day, from } = p;
  const count = Math.round((p.to - from) / SLOT);
  const slotPx = (SLOT / 60_000) * PX;
  const firstWorking = stylist.hours[0] ? Math.max(0, Math.floor((Date.parse(stylist.hours[0].start) - from) / SLOT)) : 0;
  const [active, setActive] = useState<number | null>(null);
  const [anchor, setAnchor] = useState<number | null>(null);
  const [focused, setFocused] = useState(false);
  const drag = useRef<{ anchor: number; moved: boolean } | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const idBase = `slots-${stylist.id}`;
  const clamp = (i: number) => Math.min(count - 1, Math.max(0, i));
  const lo = active === null ? null : Math.min(active, anchor ?? active);
  const hi = active === null ? null : Math.max(active, anchor ?? active);
  const at = (i: number) => new Date(from + i * SLOT).toISOString();
  const choose = (a: number, b: number) => p.blocking.onChoose(stylist, { start: at(Math.min(a, b)), end: at(Math.max(a, b) + 1) });
  const move = (i: number, extend: boolean) => {
    const next = clamp(i);
    if (!extend) setAnchor(next);
    else if (anchor === null) setAnchor(active ?? next);
    setActive(next);
    document.getElementById(`${idBase}-${next}`)?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  };
  const indexAt = (clientY: number) => clamp(Math.floor((clientY - box.current!.getBoundingClientRect().top) / slotPx));

  const onKeyDown = (e: React.KeyboardEvent) => {
    const now = active ?? firstWorking;
    const step: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: 4, PageUp: -4 };
    if (Object.hasOwn(step, e.key)) move(now + step[e.key]!, e.shiftKey);
    else if (e.key === 'Home') move(0, e.shiftKey);
    else if (e.key === 'End') move(count - 1, e.shiftKey);
    else if (e.key === 'Enter' || e.key === ' ') choose(anchor ?? now, now);
    else if (e.key === 'Escape' && active !== null) {
      setAnchor(active);
    } else return;
    e.preventDefault();
    e.stopPropagation();
  };
  return (
    <>
      <div
        ref={box}
        role="listbox"
        aria-multiselectable="true"
        aria-label={`Times in ${stylist.name}’s column, to block`}
        aria-describedby={p.hintId}
        aria-activedescendant={active === null ? undefined : `${idBase}-${active}`}
        tabIndex={0}
        onFocus={() => {
          setFocused(true);
          if (active === null) move(firstWorking, false);
        }}
        onBlur={() => setFocused(false)}
        onKeyDown={onKeyDown}
        onPointerDown={(e) => {
          if (e.button !== 0) return;
          const i = indexAt(e.clientY);
          setActive(i);
          setAnchor(i);
          drag.current = { anchor: i, moved: false };
          // a mouse or pen drags a stretch; a finger is left to scroll the diary
          if (e.pointerType !== 'touch') e.currentTarget.setPointerCapture?.(e.pointerId);
        }}
        onPointerMove={(e) => {
          if (!drag.current || e.pointerType === 'touch') return;
          const i = indexAt(e.clientY);
          if (i !== drag.current.anchor) drag.current.moved = true;
          setActive(i);
        }}
        onPointerUp={(e) => {
          const d = drag.current;
          drag.current = null;
          if (!d) return;
          const i = e.pointerType === 'touch' || !d.moved ? clamp(d.anchor + TAP_SLOTS - 1) : indexAt(e.clientY);
          setActive(i);
          choose(d.anchor, i);
        }}
        onPointerCancel={() => (drag.current = null)}
        className={css({
          position: 'absolute',
          inset: '0',
          cursor: 'cell',
          userSelect: 'none',
          touchAction: 'pan-x pan-y',
          _focusVisible: { outline: '2px solid {colors.focus}', outlineOffset: '-2px' },
        })}
      >
        {Array.from({ length: count }, (_, i) => {
          const selected = lo !== null && hi !== null && i >= lo && i <= hi;
          return (
            <div
              key={i}
              id={`${idBase}-${i}`}
              role="option"
              aria-selected={selected}
              style={{ top: i * slotPx, height: slotPx }}
              className={css({
                position: 'absolute',
                insetX: '0',
                '&[aria-selected=true]': { bg: 'color-mix(in srgb, var(--colors-focus) 22%, transparent)' },
              })}
              data-active={i === active || undefined}
            >
              <span className={css({ srOnly: true })}>{clock(at(i), day.timezone)}</span>
            </div>
          );
        })}
      </div>
      {lo !== null && hi !== null && focused && (
        // the chosen stretch, framed, with its times (the options above say it to a screen reader)
        <div
          aria-hidden
          style={{ top: lo * slotPx, height: (hi - lo + 1) * slotPx }}
          className={css({
            position: 'absolute',
            insetX: '0',
            border: '2px solid {colors.focus}',
            rounded: 'sm',
            pointerEvents: 'none',
            zIndex: '1',
          })}
        >
          <span
            className={css({
              position: 'absolute',
              right: '1',
              top: '0',
              fontSize: 'xs',
              fontWeight: '700',
              color: 'text',
              bg: 'bg',
              px: '1',
              rounded: 'sm',
              lineHeight: '16px',
            })}
          >
            {clock(at(lo), day.timezone)}–{clock(at(hi + 1), day.timezone)}
          </span>
        </div>
      )}
    </>
  );
}
