import { useId } from 'react';
import { css } from '../../../styled-system/css';
import { REBOOKING_TEXTS } from '../../../shared/rebooking';
import { dayOfMonth, longDate, timeLabel, weekdayShort } from '../../lib/salon-time';

const monthShort = (date: string) =>
  new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));

/** One day of the 3-day picker: its heading and its times as buttons, or 'No available times'. */
export function DayTimes({
  date,
  times,
  timeZone,
  onChoose,
}: {
  date: string;
  times: readonly string[];
  timeZone: string;
  onChoose: (t: string) => void;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={css({ minW: 0 })}>
      <h2
        id={headingId}
        aria-label={longDate(date)}
        className={css({
          textAlign: 'center',
          fontWeight: '700',
          fontSize: 'sm',
          lineHeight: '1.3',
          mb: '2',
          pb: '1',
          borderBottom: '2px solid {colors.primary}',
        })}
      >
        <span className={css({ display: 'block' })}>{weekdayShort(date)}</span>
        <span className={css({ display: 'block', fontWeight: '600' })}>
          {dayOfMonth(date)} {monthShort(date)}
        </span>
      </h2>
      {times.length === 0 ? (
        <p className={css({ textAlign: 'center', color: 'textMuted', fontSize: 'sm' })}>{REBOOKING_TEXTS.noTimes}</p>
      ) : (
        <ul className={css({ listStyle: 'none', display: 'flex', flexDirection: 'column', gap: '1.5' })}>
          {times.map((t) => {
            const label = timeLabel(t, timeZone);
            return (
              <li key={t}>
                <button
                  type="button"
                  aria-label={`${label}, ${longDate(date)}`}
                  onClick={() => onChoose(t)}
                  className={css({
                    w: 'full',
                    minH: '11',
                    px: '1',
                    rounded: 'md',
                    border: '1px solid',
                    borderColor: 'border',
                    bg: 'surface',
                    color: 'text',
                    fontWeight: '600',
                    fontSize: 'sm',
                    whiteSpace: 'nowrap',
                    cursor: 'pointer',
                    _hover: { borderColor: 'primary' },
                  })}
                >
                  {label}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
