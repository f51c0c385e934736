import { lazyPart } from '../lib/lazy-part';

/**
 * The dialog that blocks time in the diary, loaded when it is opened: its form and react-hook-form
 * stay out of the chunks of the places that use time off's public entry (Today's first load:
 * scripts/bundle.mjs, 150 KB gzip).
 */
export const LazyBlockDialog = lazyPart(() => import('./BlockDialog').then((m) => m.BlockDialog));
