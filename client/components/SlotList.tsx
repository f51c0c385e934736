import { useRef, useState, type KeyboardEvent } from 'react';
import { css } from '../../styled-system/css';
import { longDate, timeLabel } from '../lib/salon-time';
import { rovingTarget } from './roving';

interface Props {
  date: string;
  timezone: string;
  /** local ISO times with offset */
  times: string[];
  selected: string | null;
  onSelect: (time: string) => void;
}

/**
 * The times of the chosen day, as a group of toggles named for a screen reader on their own. The
 * group is one Tab stop (the time last focused, else the chosen one, else the first) and the arrow
 * keys move between times (up and down by a row, Home and End), so a chosen time is a Tab or two
 * from NEXT however many times the day has.
 */
export function SlotList({ date, timezone, times, selected, onSelect }: Props) {
  const grid = useRef<HTMLDivElement>(null);
  const [focused, setFocused] = useState<string | null>(null);
  const stop = [focused, selected].find((t) => t !== null && times.includes(t)) ?? times[0];
  const onKey = (e: KeyboardEvent, index: number) => {
    const el = grid.current;
    if (!el) return;
    const columns = getComputedStyle(el).gridTemplateColumns.split(' ').filter(Boolean).length || 1;
    const next = rovingTarget(e.key, index, times.length, columns);
    if (next === null) return;
    e.preventDefault();
    el.querySelectorAll('button')[next]?.focus();
  };
  return (
    <div>
      <p className={css({ fontSize: 'sm', color: 'textMuted', mb: '2' })}>Times below are in {timezone} timezone</p>
      <div
        ref={grid}
        role="group"
        aria-label={`Times on ${longDate(date)}`}
        className={css({
          display: 'grid',
          // three to a row on a phone; from 768 px wider, so that '10:45 am' keeps room on both sides
          gridTemplateColumns: { base: 'repeat(auto-fill, minmax(88px, 1fr))', md: 'repeat(auto-fill, minmax(104px, 1fr))' },
          gap: '2',
        })}
      >
        {times.map((t, i) => {
          const label = timeLabel(t, timezone);
          const on = selected === t;
          return (
            <button
              key={t}
              type="button"
              tabIndex={t === stop ? 0 : -1}
              aria-pressed={on}
              aria-label={`${label}, ${longDate(date)}`}
              onClick={() => onSelect(t)}
              onFocus={() => setFocused(t)}
              onKeyDown={(e) => onKey(e, i)}
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
