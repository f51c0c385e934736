import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { css } from '../../styled-system/css';
import { NextSlot } from '../components/StickyNext';
import { useHydrated } from '../lib/hydration';

// The summary beside the journey (shown from 1024 px) loads beside the first screen, outside the
// first-load budget; a server-rendered page keeps its HTML until it hydrates.
const BookingAside = lazy(() => import('./BookingAside').then((m) => ({ default: m.BookingAside })));

interface Props {
  /** a journey screen of a salon that books online: the summary accompanies it */
  on: boolean;
  /** services can be removed from the summary (on the service screen) */
  removable: boolean;
  /** the journey's column */
  children: ReactNode;
}

/**
 * The journey beside the booking summary from 1024 px. Not in the server's render: the summary is
 * added once the app runs, and where it puts NEXT (`NextSlot`) is known only after that. Both are
 * this component's own state, so neither re-renders the screen in `children` (the layout's
 * elements, unchanged): only the NEXT bar, which reads the slot, follows.
 */
export function WithBookingSummary({ on, removable, children }: Props) {
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  const hydrated = useHydrated();
  const next = useMemo(() => (on ? { slot } : null), [on, slot]);
  return (
    <NextSlot.Provider value={next}>
      <div className={on ? besideSummary : undefined}>
        {children}
        {on && hydrated && (
          <Suspense fallback={null}>
            <BookingAside slotRef={setSlot} removable={removable} />
          </Suspense>
        )}
      </div>
    </NextSlot.Provider>
  );
}

/** From 1024 px: the journey and, beside it, the booking summary. */
export const besideSummary = css({
  lg: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) 22rem',
    gap: '10',
    alignItems: 'start',
    maxW: '1140px',
    mx: 'auto',
    px: '8',
  },
});
/** The journey's column beside the summary: the grid sets its width. */
export const journeyColumn = css({ lg: { maxW: 'none', mx: '0', px: '0' } });
