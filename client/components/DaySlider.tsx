import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { css } from '../../styled-system/css';
import { addDays, daysBetween } from '../../shared/dates';
import { linkButton, outlineButton } from './styles';
import { useMediaQuery } from '../lib/useMediaQuery';
import { dayOfMonth, longDate, monthLabel, monthRangeLabel, weekdayShort } from '../lib/salon-time';

/** docs/booking/journey.md §9: 181 days at first, 15 more at a time, 6 months in the dropdown, arrows lock 2 s. */
export const SLIDER_DAYS = 181;
const MORE_DAYS = 15;
const MONTHS = 6;
const ARROW_LOCK_MS = 2000;

export interface DaySliderProps {
  today: string;
  /** day → bookable (days missing from it are not bookable) */
  availability: Readonly<Record<string, boolean>>;
  /** days before this are disabled (the first available date, or after the patch test) */
  minDate: string | null;
  /** days after this are disabled (check_ncob_availability_until) */
  maxDate: string;
  selected: string | null;
  onSelect: (date: string) => void;
  /** the next arrow is disabled ('Exceeds Maximum days') */
  lockNext?: boolean;
  /** the slider wants days beyond what it has: load availability from this date on */
  onNeedMore?: (from: string) => void;
  /** offer 'Next available' when no day on show is bookable, or when `selectedEmpty` */
  offerNextAvailable?: boolean;
  /** the chosen day turned out to have no times */
  selectedEmpty?: boolean;
}

/** The first bookable day after `after` (or from `minDate` on when `after` is null). */
export function nextBookableDay(
  availability: Readonly<Record<string, boolean>>,
  after: string | null,
  minDate: string | null,
  maxDate: string,
): string | null {
  const from = after ?? '';
  return (
    Object.keys(availability)
      .sort()
      .find((d) => availability[d] === true && d > from && d >= (minDate ?? '') && d <= maxDate) ?? null
  );
}

/** How many days one step shows: 7, 5 under 480 px, 3 under 320 px. */
function useDaysPerStep(): number {
  const under320 = useMediaQuery('(max-width: 319.98px)');
  const under480 = useMediaQuery('(max-width: 479.98px)');
  return under320 ? 3 : under480 ? 5 : 7;
}

export function DaySlider(p: DaySliderProps) {
  const perStep = useDaysPerStep();
  const [count, setCount] = useState(SLIDER_DAYS);
  const [start, setStart] = useState(() => Math.max(0, daysBetween(p.today, p.selected ?? p.minDate ?? p.today)));
  const [locked, setLocked] = useState(false);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const [announced, setAnnounced] = useState('');
  const buttons = useRef(new Map<number, HTMLButtonElement>());

  // Bring the first bookable day (or the chosen one) into view when it becomes known.
  const anchor = p.selected ?? p.minDate;
  useEffect(() => {
    if (anchor)
      setStart((s) => {
        const i = daysBetween(p.today, anchor);
        return i >= s && i < s + perStep ? s : Math.max(0, i);
      });
  }, [anchor, p.today, perStep]);

  useEffect(() => {
    if (focusIndex !== null) buttons.current.get(focusIndex)?.focus();
  }, [focusIndex]);

  const lastIndex = daysBetween(p.today, p.maxDate);
  const maxCount = Math.max(SLIDER_DAYS, lastIndex + 1);
  const moveTo = (index: number) => {
    const i = Math.max(0, Math.min(index, maxCount - perStep));
    if (i + perStep > count) {
      const more = Math.min(maxCount, count + MORE_DAYS * Math.ceil((i + perStep - count) / MORE_DAYS));
      p.onNeedMore?.(addDays(p.today, count));
      setCount(more);
    }
    setStart(i);
  };
  const arrow = (dir: 1 | -1) => {
    moveTo(start + dir * perStep);
    setLocked(true);
    window.setTimeout(() => setLocked(false), ARROW_LOCK_MS);
  };

  const disabledReason = (date: string): string | null => {
    if (date > p.maxDate) return 'no availability';
    if (p.minDate && date < p.minDate) return 'no availability';
    if (p.availability[date] !== true) return 'no availability';
    return null;
  };

  const onKey = (e: KeyboardEvent, index: number) => {
    const delta = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    e.preventDefault();
    const next = Math.max(0, Math.min(index + delta, maxCount - 1));
    if (next < start || next >= start + perStep) moveTo(delta > 0 ? next - perStep + 1 : next);
    setFocusIndex(next);
  };

  const months = Array.from({ length: MONTHS }, (_, i) => {
    const d = new Date(`${p.today.slice(0, 7)}-01T00:00:00Z`);
    d.setUTCMonth(d.getUTCMonth() + i);
    return d.toISOString().slice(0, 10);
  });
  const days = Array.from({ length: perStep }, (_, k) => start + k).filter((i) => i < maxCount);
  // The dropdown names the month of the days on show; days across two months name both.
  const firstDay = addDays(p.today, start);
  const lastDay = addDays(p.today, days.at(-1) ?? start);
  const shown = months.find((m) => m.slice(0, 7) === firstDay.slice(0, 7) && m.slice(0, 7) === lastDay.slice(0, 7));
  const shownLabel = monthRangeLabel(firstDay, lastDay);
  // 'Next available': after the chosen day when it has no times, else after the days on show.
  const noneOnShow = days.every((i) => disabledReason(addDays(p.today, i)) !== null);
  const nextDay =
    p.offerNextAvailable && (p.selectedEmpty || noneOnShow)
      ? nextBookableDay(p.availability, p.selectedEmpty ? p.selected : addDays(p.today, start), p.minDate, p.maxDate)
      : null;
  const toNextAvailable = (date: string) => {
    moveTo(daysBetween(p.today, date));
    p.onSelect(date);
    setAnnounced(`Showing ${longDate(date)}, the next day with times`);
  };
  // One day on show takes Tab (roving tabindex): the focused one while it is on show, else the first.
  const tabStop = focusIndex !== null && days.includes(focusIndex) ? focusIndex : days[0];

  return (
    <div className={css({ my: '3' })}>
      <div className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2', mb: '2' })}>
        <select
          aria-label="Month"
          value={shown ?? ''}
          onChange={(e) => {
            const first = e.target.value < p.today ? p.today : e.target.value;
            moveTo(daysBetween(p.today, first));
          }}
          className={css({
            // never wider than the row leaves it: the arrows stay on screen whatever the label
            minW: '0',
            flex: '0 1 auto',
            textOverflow: 'ellipsis',
            minH: '10',
            px: '2',
            rounded: 'md',
            border: '1px solid',
            borderColor: 'border',
            bg: 'bg',
            color: 'text',
            fontWeight: '600',
            // 'Dec 2026 – Jan 2027' whole beside the arrows on a 320 px phone
            fontSize: { base: 'sm', sm: 'md' },
          })}
        >
          {!shown && (
            <option value="" hidden>
              {shownLabel}
            </option>
          )}
          {months.map((m) => (
            <option key={m} value={m}>
              {monthLabel(m)}
            </option>
          ))}
        </select>
        <div className={css({ display: 'flex', gap: '2', flexShrink: '0' })}>
          <button
            type="button"
            className={arrowButton}
            aria-label="Earlier days"
            disabled={locked || start === 0}
            onClick={() => arrow(-1)}
          >
            ‹
          </button>
          <button
            type="button"
            className={arrowButton}
            aria-label="Later days"
            disabled={locked || !!p.lockNext || start + perStep >= maxCount}
            onClick={() => arrow(1)}
          >
            ›
          </button>
        </div>
      </div>
      <div
        role="group"
        aria-label="Choose a day"
        className={css({ display: 'grid', gap: '1' })}
        style={{ gridTemplateColumns: `repeat(${perStep}, minmax(0, 1fr))` }}
      >
        {days.map((i) => {
          const date = addDays(p.today, i);
          const reason = disabledReason(date);
          const selected = p.selected === date;
          return (
            <button
              key={date}
              ref={(el) => {
                if (el) buttons.current.set(i, el);
                else buttons.current.delete(i);
              }}
              type="button"
              tabIndex={tabStop === i ? 0 : -1}
              aria-pressed={selected}
              aria-disabled={reason !== null}
              // The name starts with what the circle shows (WCAG 2.5.3), then the full date.
              aria-label={`${weekdayShort(date)} ${dayOfMonth(date)} ${reason ? 'No availability' : 'Availability'}, ${longDate(date)}`}
              onKeyDown={(e) => onKey(e, i)}
              onFocus={() => setFocusIndex(i)}
              onClick={() => reason === null && p.onSelect(date)}
              className={css({
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                gap: '1',
                py: '2',
                bg: 'transparent',
                border: 'none',
                color: 'text',
                cursor: 'pointer',
                rounded: 'md',
                '&[aria-disabled=true]': { cursor: 'not-allowed', color: 'textMuted' },
              })}
            >
              {/* The spaces between the parts (invisible in the flex column) keep its text 'Mon 23 Availability'. */}
              <span className={css({ fontSize: 'xs', fontWeight: '600' })}>{weekdayShort(date)}</span>{' '}
              <span
                className={css({
                  w: '10',
                  h: '10',
                  rounded: 'full',
                  display: 'grid',
                  placeItems: 'center',
                  fontWeight: '700',
                  border: '2px solid',
                  borderColor: selected ? 'primary' : reason ? 'transparent' : 'border',
                  bg: selected ? 'primary' : 'transparent',
                  color: selected ? 'onPrimary' : 'inherit',
                  textDecoration: reason ? 'line-through' : 'none',
                })}
              >
                {dayOfMonth(date)}
              </span>{' '}
              <span
                aria-hidden="true"
                className={css({ fontSize: '10px', lineHeight: '1.1', textAlign: 'center', overflowWrap: 'break-word' })}
              >
                {reason ? 'No availability' : 'Availability'}
              </span>
            </button>
          );
        })}
      </div>
      {nextDay && (
        <button type="button" className={`${outlineButton} ${css({ mt: '3' })}`} onClick={() => toNextAvailable(nextDay)}>
          Next available
        </button>
      )}
      {p.offerNextAvailable && (
        <p role="status" className={css({ srOnly: true })}>
          {announced}
        </p>
      )}
      {!nextDay && p.selected && !days.includes(daysBetween(p.today, p.selected)) && (
        <button type="button" className={linkButton} onClick={() => moveTo(daysBetween(p.today, p.selected!))}>
          Show {longDate(p.selected)}
        </button>
      )}
    </div>
  );
}

const arrowButton = css({
  w: '10',
  h: '10',
  rounded: 'full',
  border: '1px solid',
  borderColor: 'border',
  bg: 'surface',
  color: 'text',
  fontSize: 'xl',
  cursor: 'pointer',
  _disabled: { opacity: 0.5, cursor: 'not-allowed' },
});
