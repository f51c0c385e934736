import type { GoogleMerchantRow } from './google-bookings';

/** A salon as Google's merchants feed describes it (docs/google-booking.md "Feeds"). */
export interface FeedMerchantRow extends GoogleMerchantRow {
  address_line_2: string;
  currency: string;
}

/** The salons that may be offered on Google (the rest of the rule is merchantEligible): online booking on, an address, no card. */
export async function feedMerchants(db: D1Database): Promise<FeedMerchantRow[]> {
  const { results } = await db
    .prepare(
      `SELECT id, name, phone, timezone, country_code, currency, online_booking, address_line_1, address_line_2, city, postcode, needs_card,
              ncob_deposit_settings, allow_self_cancellation, cancellation_window_hours, refund_deposit_outside_window, opening_hours
         FROM salons WHERE online_booking = 1 AND needs_card = 0 AND TRIM(address_line_1) <> '' ORDER BY id`,
    )
    .all<FeedMerchantRow>();
  return results;
}

/** One stylist's offer of a service Google may book (shown, current, no patch test), with their own price and length. */
export interface FeedOfferRow {
  salon_id: number;
  service_id: number;
  service_name: string;
  stylist_id: number;
  stylist_name: string;
  /** minor units of the salon's currency */
  price: number;
  /** minutes */
  duration: number;
}

/** The eligible services' offers of these salons, by salon, service and the stylists' order (100 salons a query). */
export async function feedOffers(db: D1Database, salonIds: number[]): Promise<FeedOfferRow[]> {
  const out: FeedOfferRow[] = [];
  for (let i = 0; i < salonIds.length; i += 90) {
    const ids = salonIds.slice(i, i + 90);
    const { results } = await db
      .prepare(
        `SELECT s.salon_id, s.id AS service_id, s.name AS service_name, st.id AS stylist_id, st.name AS stylist_name, ss.price, ss.duration
           FROM services s
           JOIN stylist_services ss ON ss.service_id = s.id
           JOIN stylists st ON st.id = ss.stylist_id AND st.active = 1 AND st.salon_id = s.salon_id
          WHERE s.salon_id IN (${ids.map(() => '?').join(',')}) AND s.show = 1 AND s.archived_at IS NULL AND s.has_patch_test = 0
          ORDER BY s.salon_id, s.id, st.position, st.id`,
      )
      .bind(...ids)
      .all<FeedOfferRow>();
    out.push(...results);
  }
  return out;
}

/** When an appointment of the salon starts now (a changed booking's day, for Google's availability). */
export const appointmentStart = async (db: D1Database, salonId: number, appointmentId: number) =>
  (
    await db
      .prepare('SELECT start_at FROM appointments WHERE salon_id = ? AND id = ?')
      .bind(salonId, appointmentId)
      .first<{ start_at: number }>()
  )?.start_at ?? null;
