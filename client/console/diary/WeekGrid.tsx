import { useId } from 'react';
import { css } from '../../../styled-system/css';
import type { DiaryWeek } from '../../../shared/console/diary';
import { selectInput } from '../../components/form-styles';
import type { ColourBy } from './colours';
import { clock, shortDay } from '../lib/format';
import { DiaryGrid, DiaryHint, emptyNote, HOUR, MINUTE, type Blocking, type DiaryColumn, type OnMove } from './DayView';
import type { OnBook } from './Slots';

/** Minutes from the salon's midnight of an instant ('10:30' → 630). */
const minuteOf = (ms: number, tz: string) => {
  const [h, m] = clock(new Date(ms).toISOString(), tz).split(':').map(Number);
  return h! * 60 + m!;
};

/**
 * The week's one time axis: from the earliest hour any day opens to the latest it closes (each
 * day's `opens` and `closes` take in its hours and appointments; a day nobody works is 9 to 6),
 * and where that wall-clock hour falls on each day, so a time stands level across the columns.
 */
function weekRange(week: DiaryWeek) {
  const days = week.days.map((d) => {
    const opens = Math.floor(Date.parse(d.opens) / HOUR) * HOUR;
    const closes = Math.ceil(Date.parse(d.closes) / HOUR) * HOUR;
    const at = minuteOf(opens, week.timezone);
    return { opens, at, until: at + (closes - opens) / MINUTE };
  });
  const first = Math.min(...days.map((d) => d.at));
  const last = Math.max(first + 60, ...days.map((d) => d.until));
  return { length: (last - first) * MINUTE, fromOf: (i: number) => days[i]!.opens - (days[i]!.at - first) * MINUTE };
}

/**
 * The week as seven columns, a day each, on one time axis: one stylist's (chosen above it), or
 * every stylist's stacked one under another. Each day's column is the day's own (docs/console/desk.md
 * "The diary's screen"): the stylist's hours with breaks and the rest shaded, time off, blocks,
 * the line for now on today's, an empty time to book or block, and appointments dragged or moved
 * from the keyboard to another time or day.
 */
export function WeekGrid(p: {
  week: DiaryWeek;
  onOpen: (id: number) => void;
  stylist: number | 'all';
  onStylist: (s: number | 'all') => void;
  colourBy: ColourBy;
  blocking?: Blocking;
  onBook?: OnBook;
  onMove?: OnMove;
}) {
  const { week } = p;
  const hintId = useId();
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
      {shown.length > 0 && <DiaryHint id={hintId} book={!!p.onBook} block={!!p.blocking} move={!!p.onMove} across="day" />}
      {shown.map((s) => (
        <StylistWeek key={s.id} {...p} stylist={s} hintId={hintId} />
      ))}
      {shown.length === 0 && <p>No stylist works here yet.</p>}
    </div>
  );
}

function StylistWeek(p: {
  week: DiaryWeek;
  stylist: { id: number; name: string };
  hintId: string;
  onOpen: (id: number) => void;
  colourBy: ColourBy;
  blocking?: Blocking;
  onBook?: OnBook;
  onMove?: OnMove;
}) {
  const { week, stylist } = p;
  const range = weekRange(week);
  const columns: DiaryColumn[] = week.days.map((d, i) => ({
    key: `${d.date}-${stylist.id}`,
    // a stylist the day does not list (none of the salon's then) is drawn as not working
    stylist: d.stylists.find((s) => s.id === stylist.id) ?? { ...stylist, role: '', hours: [] },
    day: d,
    from: range.fromOf(i),
    heading: shortDay(d.date),
  }));
  const booked = week.days.some((d) =>
    d.appointments.some((a) => a.status !== 'cancelled' && a.services.some((s) => s.stylist_id === stylist.id)),
  );
  const headingId = `week-stylist-${stylist.id}`;
  return (
    <section aria-labelledby={headingId} className={css({ mb: '6' })}>
      <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: '1 3', mb: '2' })}>
        <h2 id={headingId} className={css({ fontWeight: '700', fontSize: 'lg' })}>
          {stylist.name}
        </h2>
        {!booked && (
          // one calm line for an empty week, not one in every column
          <p className={emptyNote} style={{ marginBottom: 0 }}>
            Nothing booked this week{p.onBook ? ': click or tap a time to book it.' : '.'}
          </p>
        )}
      </div>
      <DiaryGrid
        columns={columns}
        length={range.length}
        label={`${stylist.name}’s week, seven days`}
        across="day"
        minWidth={128}
        hintId={p.hintId}
        onOpen={p.onOpen}
        blocking={p.blocking}
        onBook={p.onBook}
        onMove={p.onMove}
        colourBy={p.colourBy}
      />
    </section>
  );
}
