import { useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { css } from '../../../styled-system/css';
import { rovingTarget } from '../../components/roving';
import { card } from '../../components/styles';
import type { Category } from '../../../shared/types';
import { toggleService, useBooking } from '../journey';
import { ServiceRow } from './ServiceRow';

interface Props {
  categories: Category[];
}

/**
 * Categories with their services and how many of them are selected. They start open, so the
 * first screen shows services and prices without a tap (issue 35); a tap closes one.
 */
export function CategoryList({ categories }: Props) {
  const { selectedServices } = useBooking();
  const [open, setOpen] = useState<Record<number, boolean | undefined>>({});
  const selectedIds = new Set(selectedServices.map((s) => s.id));
  const keys = useOneTabStop();
  return (
    <div {...keys} className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
      {categories.map((cat) => {
        const count = cat.services.filter((s) => selectedIds.has(s.id)).length;
        // open until the client closes it
        const expanded = open[cat.id] ?? true;
        const panelId = `category-${cat.id}`;
        return (
          <section key={cat.id} className={`${card} ${css({ overflow: 'hidden' })}`}>
            <h2>
              <button
                type="button"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen({ ...open, [cat.id]: !expanded })}
                className={css({
                  w: 'full',
                  display: 'flex',
                  alignItems: 'center',
                  gap: '2',
                  px: '3',
                  py: '1',
                  minH: '10',
                  bg: 'transparent',
                  border: 'none',
                  color: 'text',
                  fontSize: 'md',
                  fontWeight: '700',
                  textAlign: 'left',
                  cursor: 'pointer',
                })}
              >
                <span className={css({ flex: '1', overflowWrap: 'break-word' })}>{cat.name}</span>
                {count > 0 && (
                  <span
                    className={css({
                      fontSize: 'xs',
                      bg: 'primary',
                      color: 'onPrimary',
                      rounded: 'full',
                      px: '2',
                      py: '0.5',
                      whiteSpace: 'nowrap',
                    })}
                  >
                    {count} selected
                  </span>
                )}
                <span
                  aria-hidden="true"
                  className={css({ transition: 'transform 0.15s', transform: expanded ? 'rotate(180deg)' : 'none' })}
                >
                  ▾
                </span>
              </button>
            </h2>
            {expanded && (
              <ul id={panelId} aria-label={`${cat.name} services`} className={css({ listStyle: 'none' })}>
                {cat.services.map((s) => (
                  <ServiceRow key={s.id} service={s} selected={selectedIds.has(s.id)} onToggle={() => toggleService(s)} />
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}

/**
 * The whole list is one Tab stop (the control last focused in it, else the first category) and
 * the arrow keys move through its controls in order (categories, services, view more; Home, End),
 * so a chosen service is a Tab or two from NEXT however long the list is (issue 56). The controls
 * are the categories' and rows' own, so the stop is kept on the DOM after each render.
 */
function useOneTabStop() {
  const ref = useRef<HTMLDivElement>(null);
  const last = useRef<HTMLElement | null>(null);
  const controls = () => Array.from(ref.current?.querySelectorAll<HTMLElement>('button, input') ?? []);
  const keepStop = (all = controls()) => {
    const stop = last.current && all.includes(last.current) ? last.current : all[0];
    for (const el of all) el.tabIndex = el === stop ? 0 : -1;
  };
  useLayoutEffect(() => keepStop());
  const onFocus = (e: FocusEvent) => {
    if (!(e.target instanceof HTMLElement)) return;
    last.current = e.target;
    keepStop();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    // Left and Right stay with the controls (a text caret, nothing here today); Up, Down, Home, End move.
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight' || e.altKey || e.ctrlKey || e.metaKey) return;
    const all = controls();
    const index = all.indexOf(e.target as HTMLElement);
    const next = index < 0 ? null : rovingTarget(e.key, index, all.length);
    if (next === null) return;
    e.preventDefault();
    all[next]?.focus();
  };
  return { ref, onFocus, onKeyDown };
}
