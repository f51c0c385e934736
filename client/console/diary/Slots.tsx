import { useEffect, useRef, useState } from 'react';
import { css } from '../../../styled-system/css';
import type { DiaryDay, DiaryStylist } from '../../../shared/console/diary';
import type { Block } from '../../../shared/console/time-off';
import { outlineButton, primaryButton } from '../../components/styles';
import { clock } from '../lib/format';

/** pixels a minute: an hour is 80 px, a 15-minute service 20 px */
export const PX = 80 / 60;
/** the stretch the diary chooses in: 15 minutes */
export const SLOT = 15 * 60_000;
/** a click or a tap without dragging offers an hour to block */
const TAP_SLOTS = 4;
/** a finger that moved further than this swiped or scrolled: not a tap */
const TAP_PX = 10;

/** What the diary does with a chosen stretch and a block opened (everyone, in the columns they see). */
export interface Blocking {
  onChoose: (stylist: DiaryStylist, range: { start: string; end: string }) => void;
  onOpenBlock: (stylist: DiaryStylist, block: Block) => void;
}

/** A desk booking started from an empty time (owners and managers). */
export type OnBook = (stylist: DiaryStylist, start: string) => void;

/**
 * The column's times, to book or block: a listbox of 15-minute times. Keyboard: the arrows move
 * (Page Up and Down an hour, Home and End), Shift with them chooses a stretch from where it began;
 * Enter or Space offers a booking or a block at one time (a stretch: blocks it), Escape lets it
 * go. Mouse or pen: a click offers both, a drag down the column chooses a stretch to block; a tap
 * of a finger (a finger scrolls the diary, so it does not drag) offers both. Without `onBook` (a
 * stylist) a click blocks an hour at once, as before.
 */
export function Slots(p: {
  stylist: DiaryStylist;
  day: DiaryDay;
  from: number;
  to: number;
  blocking: Blocking;
  onBook?: OnBook;
  hintId: string;
  /** unique to the column (the week has a column per day of one stylist) */
  idBase: string;
  /** what the times are of, when more than the stylist's column ("Amelia Hart’s column on Fri 4 Dec") */
  label?: string;
  /** the column's day, said with a time offered (the week's) */
  dayLabel?: string;
}) {
  const { stylist, day, from, idBase } = p;
  const count = Math.round((p.to - from) / SLOT);
  const slotPx = (SLOT / 60_000) * PX;
  const firstWorking = stylist.hours[0] ? Math.max(0, Math.floor((Date.parse(stylist.hours[0].start) - from) / SLOT)) : 0;
  const [active, setActive] = useState<number | null>(null);
  const [anchor, setAnchor] = useState<number | null>(null);
  const [focused, setFocused] = useState(false);
  /** the time a click offers a booking or a block at, and the stretch a block would take */
  const [offer, setOffer] = useState<{ at: number; lo: number; hi: number } | null>(null);
  const drag = useRef<{ anchor: number; moved: boolean; x: number; y: number } | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const clamp = (i: number) => Math.min(count - 1, Math.max(0, i));
  const lo = active === null ? null : Math.min(active, anchor ?? active);
  const hi = active === null ? null : Math.max(active, anchor ?? active);
  const at = (i: number) => new Date(from + i * SLOT).toISOString();
  const choose = (a: number, b: number) => p.blocking.onChoose(stylist, { start: at(Math.min(a, b)), end: at(Math.max(a, b) + 1) });
  /** one time chosen: offer a booking or a block there (a stylist, who takes no bookings, blocks at once) */
  const offerAt = (i: number, stretch: [number, number]) => {
    if (p.onBook) setOffer({ at: i, lo: stretch[0], hi: stretch[1] });
    else choose(...stretch);
  };
  const move = (i: number, extend: boolean) => {
    const next = clamp(i);
    if (!extend) setAnchor(next);
    else if (anchor === null) setAnchor(active ?? next);
    setActive(next);
    document.getElementById(`${idBase}-${next}`)?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  };
  const indexAt = (clientY: number) => clamp(Math.floor((clientY - box.current!.getBoundingClientRect().top) / slotPx));
  const closeOffer = () => {
    setOffer(null);
    box.current?.focus();
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    const now = active ?? firstWorking;
    const step: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: 4, PageUp: -4 };
    if (Object.hasOwn(step, e.key)) move(now + step[e.key]!, e.shiftKey);
    else if (e.key === 'Home') move(0, e.shiftKey);
    else if (e.key === 'End') move(count - 1, e.shiftKey);
    else if (e.key === 'Enter' || e.key === ' ') {
      const start = anchor ?? now;
      if (start === now) offerAt(now, [now, now]);
      else choose(start, now);
    } else if (e.key === 'Escape' && active !== null) {
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
        aria-label={`Times in ${p.label ?? `${stylist.name}’s column`}, to ${p.onBook ? 'book or block' : 'block'}`}
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
          setOffer(null);
          drag.current = { anchor: i, moved: false, x: e.clientX, y: e.clientY };
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
          // a finger that travelled swiped between columns or days: not a tap
          if (e.pointerType === 'touch' && Math.hypot(e.clientX - d.x, e.clientY - d.y) > TAP_PX) return;
          if (e.pointerType === 'touch' || !d.moved) {
            const end = clamp(d.anchor + TAP_SLOTS - 1);
            setActive(d.anchor);
            offerAt(d.anchor, [d.anchor, end]);
            return;
          }
          const i = indexAt(e.clientY);
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
      {lo !== null && hi !== null && (focused || offer) && (
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
      {offer && p.onBook && (
        <Offer
          // under the time, or above it near the column's foot (the diary would scroll to show it)
          place={
            (offer.at + 1) * slotPx + 140 > count * slotPx ? { bottom: (count - offer.at) * slotPx } : { top: (offer.at + 1) * slotPx }
          }
          time={`${clock(at(offer.at), day.timezone)}${p.dayLabel ? ` on ${p.dayLabel}` : ''}`}
          block={`${clock(at(offer.lo), day.timezone)}–${clock(at(offer.hi + 1), day.timezone)}`}
          stylist={stylist.name}
          onBook={() => {
            setOffer(null);
            p.onBook!(stylist, at(offer.at));
          }}
          onBlock={() => {
            setOffer(null);
            choose(offer.lo, offer.hi);
          }}
          onClose={closeOffer}
        />
      )}
    </>
  );
}

/**
 * What a time clicked offers: a booking there with that stylist, or a block. A small popover under
 * the time; its first button takes the focus, Escape (or Close) gives it back to the column's times.
 */
function Offer(p: {
  place: { top: number } | { bottom: number };
  time: string;
  block: string;
  stylist: string;
  onBook: () => void;
  onBlock: () => void;
  onClose: () => void;
}) {
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), []);
  return (
    <div
      role="dialog"
      aria-label={`At ${p.time} with ${p.stylist}`}
      style={p.place}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.stopPropagation();
        p.onClose();
      }}
      className={css({
        position: 'absolute',
        insetX: '1',
        zIndex: '3',
        display: 'grid',
        gap: '1',
        p: '2',
        bg: 'bg',
        border: '1px solid {colors.border}',
        rounded: 'md',
        boxShadow: 'md',
        fontSize: 'sm',
      })}
    >
      <button ref={first} type="button" className={primaryButton} onClick={p.onBook}>
        New booking at {p.time} with {p.stylist}
      </button>
      <button type="button" className={outlineButton} onClick={p.onBlock}>
        Block time {p.block}
      </button>
      <button type="button" className={outlineButton} onClick={p.onClose}>
        Close
      </button>
    </div>
  );
}
