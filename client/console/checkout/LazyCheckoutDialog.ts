import { lazyPart } from '../lib/lazy-part';

/**
 * The checkout dialog, loaded when a checkout is opened: its form, payment methods and
 * react-hook-form stay out of the console's first load (scripts/bundle.mjs, 150 KB gzip).
 */
export const LazyCheckoutDialog = lazyPart(() => import('./CheckoutDialog').then((m) => m.CheckoutDialog));
