import { lazyPart } from '../lib/lazy-part';

/**
 * The Booking page's look and logo as Set up shows them, loaded when shown: a place that uses the
 * settings' public entry for its calls or words (History, Stylists) does not load the settings' screens.
 */
export const LazyAppearance = lazyPart(() => import('./Sections').then((m) => m.Appearance));
export const LazyLogoPhoto = lazyPart(() => import('./Photos').then((m) => m.LogoPhoto));
