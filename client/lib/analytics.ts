import { subscribe } from 'valtio/vanilla';
import { adviseReload, consent } from './consent';

/**
 * Analytics of a salon's pages (docs/booking/accounts-and-money.md §4, §9): the salon's Facebook pixel,
 * only after 'Accept all cookies' and only when the salon has a pixel id. Until then nothing is
 * loaded and no request goes to an analytics host; the pixel's code is a chunk of its own.
 */
type Pixel = typeof import('./facebook-pixel');
let pixel: Promise<Pixel> | null = null;

const allowed = (pixelId: string | null): pixelId is string => pixelId !== null && consent.choice === 'all';

function withPixel(pixelId: string | null, use: (p: Pixel, id: string) => void) {
  if (!allowed(pixelId)) return;
  pixel ??= import('./facebook-pixel');
  void pixel.then((p) => {
    // The choice may have changed while the chunk loaded.
    if (!allowed(pixelId)) return;
    p.start(pixelId);
    use(p, pixelId);
  });
}

/** A PageView of the screen now shown (called on each route change). */
export function trackPageView(pixelId: string | null) {
  withPixel(pixelId, (p) => p.track('PageView'));
}

const bookingsTracked = new Set<number>();

/** The booking is confirmed: one Schedule event per appointment, with its value. */
export function trackBooking(pixelId: string | null, appointmentId: number, value: number, currency: string) {
  if (!allowed(pixelId) || bookingsTracked.has(appointmentId)) return;
  bookingsTracked.add(appointmentId);
  withPixel(pixelId, (p) => p.track('Schedule', { value, currency }));
}

// From 'all' to 'essential': the pixel stops at once, and a reload is advised if its script had run.
subscribe(consent, () => {
  if (consent.choice === 'all' || !pixel) return;
  void pixel.then((p) => {
    if (p.stop()) adviseReload();
  });
});
