import { css } from '../../styled-system/css';
import { longDate, timeLabel } from '../lib/salon-time';

interface Props {
  date: string;
  timezone: string;
  /** local ISO times with offset */
  times: string[];
  selected: string | null;
  onSelect: (time: string) => void;
}

/** The times of the chosen day, as a group of toggles named for a screen reader on their own. */
export function SlotList({ date, timezone, times, selected, onSelect }: Props) {
  return (
    <div>
      <p className={css({ fontSize: 'sm', color: 'textMuted', mb: '2' })}>Times below are in {timezone} timezone</p>
      <div
        role="group"
        aria-label={`Times on ${longDate(date)}`}
        className={css({
          display: 'grid',
          // three to a row on a phone; from 768 px wider, so that '10:45 am' keeps room on both sides
          gridTemplateColumns: { base: 'repeat(auto-fill, minmax(88px, 1fr))', md: 'repeat(auto-fill, minmax(104px, 1fr))' },
          gap: '2',
        })}
      >
        {times.map((t) => {
          const label = timeLabel(t, timezone);
          const on = selected === t;
          return (
            <button
              key={t}
              type="button"
              aria-pressed={on}
              aria-label={`${label}, ${longDate(date)}`}
              onClick={() => onSelect(t)}
              className={css({
                minH: '11',
                rounded: 'md',
                border: '1px solid',
                borderColor: on ? 'primary' : 'border',
                bg: on ? 'primary' : 'surface',
                color: on ? 'onPrimary' : 'text',
                fontWeight: '600',
                cursor: 'pointer',
              })}
            >
              {label}
            </button>
          );
        })}
      </div>
    </div>
  );
}
