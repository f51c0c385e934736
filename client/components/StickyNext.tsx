import { createContext, useContext, useLayoutEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { css } from '../../styled-system/css';
import { primaryLook } from './styles';

/**
 * Where a journey screen's NEXT goes from 1024 px: the booking summary beside the screen. `slot` is
 * null until the summary is on the page (so the server's HTML has no NEXT there); a screen outside
 * the journey has no context and keeps its bar at every width.
 */
export const NextSlot = createContext<{ slot: HTMLElement | null } | null>(null);

interface Props {
  disabled: boolean;
  onNext: () => void;
  label?: string;
  /** beside NEXT: a summary of the step (a total, the chosen time) */
  children?: ReactNode;
  /** above the NEXT row (the chosen services) */
  above?: ReactNode;
  /** names the bar as a region for screen readers */
  ariaLabel?: string;
}

/**
 * The bar above the bottom navigation that holds NEXT (and a summary of the step). Beside the
 * booking summary (1024 px and wider) the bar is hidden by CSS and NEXT shows in the summary
 * instead: one NEXT in the accessibility tree at any width.
 */
export function StickyNext({ disabled, onNext, label = 'NEXT', children, above, ariaLabel }: Props) {
  const aside = useContext(NextSlot);
  const bar = useRef<HTMLElement>(null);
  useKeptClearForFocus(bar);
  const button = (
    <button type="button" className={nextButton} disabled={disabled} onClick={onNext}>
      {label}
    </button>
  );
  return (
    <>
      {/* At the foot of the screen even when the list above is short (the main column is a flex
          column as tall as the screen), and never closer than 16 px to the content. Order 2: after
          the layout's footer (order 1), so the bar sits right on the navigation. */}
      <div aria-hidden="true" className={`${css({ mt: 'auto', h: '4', flexShrink: 0, order: 2 })} ${aside ? wideHidden : ''}`} />
      <section
        ref={bar}
        aria-label={ariaLabel}
        className={`${css({
          position: 'sticky',
          order: 2,
          bottom: { base: '56px', md: '0' }, // above the phone's bottom navigation (Panda needs literal values)
          bg: 'surface',
          borderTop: '1px solid {colors.border}',
          px: '3',
          py: '1.5',
          zIndex: 10,
          boxShadow: '0 -4px 12px rgba(0,0,0,0.08)',
        })} ${aside ? wideHidden : ''}`}
      >
        {above}
        <div className={css({ display: 'flex', alignItems: 'center', gap: '3' })}>
          <div className={css({ flex: '1', minW: 0 })}>{children}</div>
          {button}
        </div>
      </section>
      {aside?.slot && createPortal(button, aside.slot)}
    </>
  );
}

const wideHidden = css({ lg: { display: 'none' } });
/** 44 px high in the bar (the bar and the navigation together stay within 120 px, issue 35) */
const nextButton = css(primaryLook, { minW: '28', minH: '11' });

/**
 * Focus is never hidden under the bar (WCAG 2.4.11): the page's scroll padding at the bottom is
 * the bar's height plus what it sits on (the phone's navigation), kept up to date as the bar
 * grows (chosen services above NEXT) and removed with it, so a control focused from the keyboard
 * scrolls into the part of the screen the bar leaves free.
 */
function useKeptClearForFocus(bar: React.RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const el = bar.current;
    if (!el) return;
    const root = document.documentElement;
    const keepClear = () => {
      const shown = el.offsetParent !== null;
      const covered = shown ? el.offsetHeight + (parseFloat(getComputedStyle(el).bottom) || 0) + 8 : 0;
      root.style.scrollPaddingBottom = covered ? `${covered}px` : '';
    };
    keepClear();
    const observer = new ResizeObserver(keepClear);
    observer.observe(el);
    addEventListener('resize', keepClear);
    return () => {
      observer.disconnect();
      removeEventListener('resize', keepClear);
      root.style.scrollPaddingBottom = '';
    };
  }, [bar]);
}
