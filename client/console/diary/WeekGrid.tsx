import { css } from '../../../styled-system/css';
import type { DiaryAppointment, DiaryWeek } from '../../../shared/console/diary';
import { selectInput } from '../../components/form-styles';
import { lookOf, type ColourBy } from './colours';
import { clock, shortDay, STATUS_LOOK } from '../lib/format';
/** pixels a minute: denser than the day's (an hour is 56 px), so a stylist's week fits a screen */
const PX = 56 / 60;

/** Minutes from the salon's midnight of an instant ('10:30' → 630). */
const minuteOf = (iso: string, tz: string) => {
  const [h, m] = clock(iso, tz).split(':').map(Number);
  return h! * 60 + m!;
};

/** The week's grid runs from the earliest hour anything starts (9:00 at the latest) to the latest end (18:00 at the earliest). */
function rangeOf(week: DiaryWeek) {
  const all = week.days.flatMap((d) => d.appointments).filter((a) => a.status !== 'cancelled');
  const starts = all.map((a) => minuteOf(a.start, week.timezone));
  const ends = all.map((a) => {
    const m = minuteOf(a.end, week.timezone);
    return m === 0 ? 24 * 60 : m;
  });
  const from = Math.floor(Math.min(9 * 60, ...starts) / 60) * 60;
  const to = Math.ceil(Math.max(18 * 60, ...ends) / 60) * 60;
  return { from, to: Math.max(to, from + 60) };
}

/**
 * The week as seven columns, a day each, on one time axis: one stylist's (chosen above it), or
 * every stylist's stacked one under another. Each appointment a button that opens it, coloured
 * as the day is and saying its state in words.
 */
export function WeekGrid(p: {
  week: DiaryWeek;
  onOpen: (id: number) => void;
  stylist: number | 'all';
  onStylist: (s: number | 'all') => void;
  colourBy: ColourBy;
}) {
  const { week } = p;
  const range = rangeOf(week);
  const chosen = p.stylist === 'all' ? week.stylists : week.stylists.filter((s) => s.id === p.stylist);
  const shown = chosen.length ? chosen : week.stylists.slice(0, 1);
  return (
    <div>
      {week.stylists.length > 1 && (
        <label className={css({ display: 'flex', gap: '2', alignItems: 'center', mb: '3', '@media print': { display: 'none' } })}>
          <span className={css({ fontWeight: '600' })}>Stylist</span>
          <select
            className={selectInput}
            style={{ width: 'auto' }}
            value={String(p.stylist === 'all' ? 'all' : (shown[0]?.id ?? 'all'))}
            onChange={(e) => p.onStylist(e.target.value === 'all' ? 'all' : Number(e.target.value))}
          >
            <option value="all">All stylists, one under another</option>
            {week.stylists.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {shown.map((s) => (
        <StylistWeek key={s.id} week={week} stylist={s} range={range} onOpen={p.onOpen} colourBy={p.colourBy} />
      ))}
      {shown.length === 0 && <p>No stylist works here yet.</p>}
    </div>
  );
}

function StylistWeek(p: {
  week: DiaryWeek;
  stylist: { id: number; name: string };
  range: { from: number; to: number };
  onOpen: (id: number) => void;
  colourBy: ColourBy;
}) {
  const { week, stylist, range } = p;
  const height = (range.to - range.from) * PX;
  const hours = Array.from({ length: (range.to - range.from) / 60 }, (_, i) => range.from + i * 60);
  const headingId = `week-stylist-${stylist.id}`;
  return (
    <section aria-labelledby={headingId} className={css({ mb: '5' })}>
      <h2 id={headingId} className={css({ fontWeight: '700', fontSize: 'lg', mb: '2' })}>
        {stylist.name}
      </h2>
      <div
        role="region"
        aria-label={`${stylist.name}’s week, seven days`}
        tabIndex={0}
        className={css({
          overflowX: 'auto',
          border: '1px solid {colors.surfaceMuted}',
          rounded: 'lg',
          bg: 'bg',
          _focusVisible: { outline: '2px solid {colors.focus}', outlineOffset: '2px' },
        })}
      >
        <div className={css({ display: 'flex', minW: 'min-content' })}>
          <div aria-hidden className={css({ w: '12', flexShrink: 0, borderRight: '1px solid {colors.surfaceMuted}' })}>
            <div className={css({ h: '10' })} />
            <div style={{ height }} className={css({ position: 'relative' })}>
              {hours.map((h) => (
                <span
                  key={h}
                  style={{ top: (h - range.from) * PX }}
                  className={css({ position: 'absolute', right: '1', fontSize: 'xs', color: 'textMuted', transform: 'translateY(-50%)' })}
                >
                  {String(h / 60).padStart(2, '0')}:00
                </span>
              ))}
            </div>
          </div>
          {week.days.map((d) => (
            <DayColumn key={d.date} {...p} date={d.date} appointments={d.appointments} height={height} />
          ))}
        </div>
      </div>
    </section>
  );
}

function DayColumn(p: {
  week: DiaryWeek;
  date: string;
  appointments: DiaryAppointment[];
  stylist: { id: number; name: string };
  range: { from: number; to: number };
  height: number;
  onOpen: (id: number) => void;
  colourBy: ColourBy;
}) {
  const tz = p.week.timezone;
  const parts = p.appointments.flatMap((a) => {
    if (a.status === 'cancelled') return [];
    const mine = a.services.filter((s) => s.stylist_id === p.stylist.id);
    if (!mine.length) return [];
    const start = mine.reduce((x, s) => (s.start < x ? s.start : x), mine[0]!.start);
    const end = mine.reduce((x, s) => (s.end > x ? s.end : x), mine[0]!.end);
    return [{ a, mine, start, end }];
  });
  const headingId = `week-${p.stylist.id}-${p.date}`;
  return (
    <section
      aria-labelledby={headingId}
      className={css({ flex: '1 0 120px', minW: '120px', borderRight: '1px solid {colors.surfaceMuted}', '@media print': { minW: '0' } })}
    >
      <h3
        id={headingId}
        className={css({ h: '10', px: '2', py: '2', fontWeight: '700', fontSize: 'sm', borderBottom: '1px solid {colors.surfaceMuted}' })}
      >
        {shortDay(p.date)}
      </h3>
      <ul style={{ height: p.height }} className={css({ position: 'relative', listStyle: 'none', m: '0', p: '0' })}>
        {parts.length === 0 && <li className={css({ p: '2', fontSize: 'xs', color: 'textMuted' })}>No appointments</li>}
        {parts.map(({ a, mine, start, end }) => {
          const status = STATUS_LOOK[a.status];
          const look = lookOf(a, mine, p.colourBy);
          const startMin = minuteOf(start, tz);
          const endMin = Math.max(startMin + 5, minuteOf(end, tz) || 24 * 60);
          const when = `${clock(start, tz)}–${clock(end, tz)}`;
          const who = a.client?.name || 'No client';
          return (
            <li key={a.id}>
              <button
                type="button"
                onClick={() => p.onOpen(a.id)}
                aria-label={`${who}, ${when}, ${mine.map((s) => s.name).join(', ')}${look.category ? `, ${look.category}` : ''}, ${status.label}`}
                style={{
                  top: (startMin - p.range.from) * PX + 1,
                  height: Math.max((endMin - startMin) * PX - 2, 22),
                  borderLeftColor: look.colour,
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
                  px: '1',
                  py: '0.5',
                  fontSize: 'xs',
                  lineHeight: '1.3',
                  cursor: 'pointer',
                  _hover: { bg: 'bg' },
                  _focusVisible: { outline: '2px solid {colors.focus}', outlineOffset: '1px', zIndex: '1' },
                })}
              >
                <span className={css({ fontWeight: '700', display: 'block', lineClamp: '1' })}>{who}</span>{' '}
                <span className={css({ display: 'block', lineClamp: '1' })}>
                  {when} · {mine.map((s) => s.name).join(', ')}
                </span>{' '}
                {look.category && (
                  <>
                    <span className={css({ display: 'block', fontWeight: '600', lineClamp: '1' })} style={{ color: look.colour }}>
                      {look.category}
                    </span>{' '}
                  </>
                )}
                <span className={css({ display: 'block', fontWeight: '600', lineClamp: '1' })} style={{ color: status.colour }}>
                  {status.label}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
