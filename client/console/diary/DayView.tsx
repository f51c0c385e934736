import { css } from '../../../styled-system/css';
import type { DiaryAppointment, DiaryDay, DiaryStylist } from '../../../shared/console/diary';
import { clock, STATUS_LOOK } from './format';

const HOUR = 3_600_000;
/** pixels a minute: an hour is 80 px, a 15-minute service 20 px */
const PX = 80 / 60;

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
export function DayView({ day, onOpen }: { day: DiaryDay; onOpen: (id: number) => void }) {
  const from = Math.floor(Date.parse(day.opens) / HOUR) * HOUR;
  const to = Math.ceil(Date.parse(day.closes) / HOUR) * HOUR;
  const height = ((to - from) / 60_000) * PX;
  const hours = Array.from({ length: Math.round((to - from) / HOUR) }, (_, i) => from + i * HOUR);
  const live = day.appointments.filter((a) => a.status !== 'cancelled');
  if (day.stylists.length === 0)
    return <p>No column of the diary is yours yet. Ask an owner or a manager to link you to your column in Team.</p>;
  return (
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
          <Column key={s.id} stylist={s} day={day} from={from} height={height} appointments={live} onOpen={onOpen} />
        ))}
      </div>
    </div>
  );
}

function Column(p: {
  stylist: DiaryStylist;
  day: DiaryDay;
  from: number;
  height: number;
  appointments: DiaryAppointment[];
  onOpen: (id: number) => void;
}) {
  const { stylist, day, from } = p;
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
        <p className={css({ fontSize: 'xs', color: 'textMuted' })}>{hours ? `Works ${hours}` : 'Not working'}</p>
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
        <ul className={css({ listStyle: 'none', m: '0', p: '0' })}>
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
                  aria-label={`${who}, ${when}, ${services.map((s) => s.name).join(', ')}, ${look.label}${a.no_show ? ', No-show' : a.arrived ? ', Arrived' : ''}`}
                  style={{ top: top(start) + 1, height: Math.max(top(end) - top(start) - 2, 22), borderLeftColor: look.colour }}
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
                </button>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
