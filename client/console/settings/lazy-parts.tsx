import { lazy, Suspense, type ComponentProps } from 'react';

const AppearancePart = lazy(() => import('./Sections').then((m) => ({ default: m.Appearance })));
const LogoPart = lazy(() => import('./Photos').then((m) => ({ default: m.LogoPhoto })));

/**
 * The Booking page's look and logo as Set up shows them, loaded when shown: a place that uses the
 * settings' public entry for its calls or words (History, Stylists) does not load the settings' screens.
 */
export function LazyAppearance(p: ComponentProps<typeof AppearancePart>) {
  return (
    <Suspense fallback={null}>
      <AppearancePart {...p} />
    </Suspense>
  );
}

export function LazyLogoPhoto(p: ComponentProps<typeof LogoPart>) {
  return (
    <Suspense fallback={null}>
      <LogoPart {...p} />
    </Suspense>
  );
}
