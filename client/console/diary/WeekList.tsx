import { css } from '../../../styled-system/css';
import type { DiaryWeek } from '../../../shared/console/diary';
import { clock, longDay, STATUS_LOOK } from '../lib/format';

/** Seven days as a list: each day's appointments in time order, each a button that opens it. */
export function WeekList({ week, onOpen }: { week: DiaryWeek; onOpen: (id: number) => void }) {
  const stylist = (id: number) => week.stylists.find((s) => s.id === id)?.name ?? 'a stylist who left';
  return (
    <div>
      {week.days.map((d) => (
        <section key={d.date} aria-labelledby={`week-${d.date}`} className={css({ mb: '4' })}>
          <h3 id={`week-${d.date}`} className={css({ fontWeight: '700', mb: '1' })}>
            {longDay(d.date)}
          </h3>
          {d.appointments.length === 0 ? (
            <p className={css({ color: 'textMuted', fontSize: 'sm' })}>No appointments</p>
          ) : (
            <ul className={css({ listStyle: 'none', m: '0', p: '0', display: 'grid', gap: '1' })}>
              {d.appointments.map((a) => {
                const look = STATUS_LOOK[a.status];
                return (
                  <li key={a.id}>
                    <button
                      type="button"
                      onClick={() => onOpen(a.id)}
                      style={{ borderLeftColor: look.colour }}
                      className={css({
                        w: 'full',
                        textAlign: 'left',
                        display: 'flex',
                        flexWrap: 'wrap',
                        gap: '1 3',
                        bg: 'bg',
                        color: 'text',
                        border: '1px solid {colors.border}',
                        borderLeftWidth: '4px',
                        rounded: 'md',
                        px: '3',
                        py: '2',
                        cursor: 'pointer',
                        _focusVisible: { outline: '2px solid {colors.focus}', outlineOffset: '2px' },
                      })}
                    >
                      <span className={css({ fontWeight: '700', minW: '24' })}>
                        {clock(a.start, week.timezone)}–{clock(a.end, week.timezone)}
                      </span>
                      <span className={css({ flex: '1', minW: '40' })}>
                        {a.client?.name || 'No client'} · {a.services.map((s) => `${s.name} with ${stylist(s.stylist_id)}`).join(', ')}
                      </span>
                      <span className={css({ fontWeight: '600' })} style={{ color: look.colour }}>
                        {look.label}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}
