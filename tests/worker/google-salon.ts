import { emptyDiaries } from './helpers';
import { dbOf } from './salon-db';

/**
 * Demo salon 2 as the Google tests book it (docs/google-booking.md): no Google bookings yet, its
 * Restyle (11) without a patch test, online booking on, no card asked, clients may cancel up to 24
 * hours ahead, and every diary empty. `patchTestOn` lists services that need a patch test.
 */
export async function salon2ForGoogle({ patchTestOn = [] as number[] } = {}) {
  const two = await dbOf(2);
  await two.batch([
    two.prepare('DELETE FROM google_bookings'),
    two.prepare('UPDATE services SET has_patch_test = 0 WHERE id = 11'),
    ...patchTestOn.map((id) => two.prepare('UPDATE services SET has_patch_test = 1 WHERE id = ?').bind(id)),
    two.prepare(
      'UPDATE salons SET online_booking = 1, needs_card = 0, allow_self_cancellation = 1, cancellation_window_hours = 24 WHERE id = 2',
    ),
  ]);
  await emptyDiaries();
}
