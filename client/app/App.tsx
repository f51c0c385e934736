import type { Bootstrap } from '../../shared/types';
import type { GroupPicker as GroupPickerScreen } from '../features/group/GroupPicker';
import { ErrorBoundary } from './ErrorBoundary';
import { lazy, Suspense, type ComponentProps, type ComponentType } from 'react';
import { NotFound } from './NotFound';
import { SalonArea } from './SalonArea';
import { CookieBanner } from '../components/CookieBanner';
import { pageColumn } from '../components/styles';
import { HydrationDone } from '../lib/hydration';
import { lazyWithServerData } from './server-data';

const LinkPages = lazyWithServerData(() => import('../features/verification/LinkPages').then((m) => m.LinkPages));
// The older rebooking flow is a chunk of its own; its paths are the only ones that load it.
const RebookingArea = lazyWithServerData(() => import('./RebookingArea').then((m) => m.RebookingArea));
const REBOOKING_PATHS = /^\/(?:auth\/|salon\/?$|history\/|time\/|confirm\/|end\/?$)/;
// The group picker is a page of its own: in the browser it loads with that page, never with a
// salon's booking page. The server render passes it in already loaded (entry-server.tsx); in the
// browser, React keeps the server's HTML of its Suspense boundary until the chunk is there, then hydrates it.
const LazyGroupPicker = lazy(() => import('../features/group/GroupPicker').then((m) => ({ default: m.GroupPicker })));

/**
 * Which page the edge served decides the app: a salon's booking area, a group picker, or other.
 * `location` and `GroupPicker` (the picker, loaded) are given only by the edge's server render of the first screen.
 */
export function App({
  boot,
  location,
  GroupPicker = LazyGroupPicker,
}: {
  boot: Bootstrap;
  location?: string;
  GroupPicker?: ComponentType<ComponentProps<typeof GroupPickerScreen>>;
}) {
  switch (boot.page) {
    case 'salon':
      return (
        <SalonArea
          data={{ salon: boot.salon, services: boot.services, today: boot.today, renderedAt: boot.rendered_at }}
          basePath={boot.basePath}
          realtime={boot.realtime}
          location={location}
          preview={boot.preview === true}
        />
      );
    case 'group':
      return (
        <ErrorBoundary>
          <PlatformCookieBanner />
          {/* the page's query: the server render's location, or the browser's (the same page) */}
          <Suspense fallback={null}>
            <GroupPicker
              group={boot.group}
              search={location === undefined ? window.location.search : new URL(location, 'https://x').search}
            />
            <HydrationDone />
          </Suspense>
        </ErrorBoundary>
      );
    case 'not-found':
      return <NotFound what={boot.what} />;
    default:
      // The rebooking flow shows the cookie banner below its own header.
      return REBOOKING_PATHS.test(window.location.pathname) ? (
        <ErrorBoundary>
          <Suspense fallback={null}>
            <RebookingArea />
          </Suspense>
        </ErrorBoundary>
      ) : (
        <ErrorBoundary>
          <PlatformCookieBanner />
          <Suspense fallback={null}>
            <LinkPages salon={boot.page === 'landing' ? boot.salon : undefined} />
          </Suspense>
        </ErrorBoundary>
      );
  }
}

/** The cookie banner of the platform's own pages (no salon yet: the salons run the analytics). */
function PlatformCookieBanner() {
  return (
    <div className={pageColumn}>
      <CookieBanner who="the salon you book with" />
    </div>
  );
}
