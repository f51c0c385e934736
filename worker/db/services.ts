import { toMajor } from '../../shared/money';
import type { Category } from '../../shared/types';

interface ServiceRow {
  category_id: number;
  category_name: string;
  id: number;
  name: string;
  description: string;
  variable_pricing: number;
  has_patch_test: number;
  show: number;
  min_price: number;
  max_price: number;
  min_duration: number;
  max_duration: number;
  max_processing: number;
}

/**
 * A salon's bookable services grouped by category, in the salon's order. Prices and durations
 * are the range over the active stylists who perform each service; a service nobody performs
 * cannot be booked and is left out.
 */
export async function servicesByCategory(db: D1Database, salonId: number): Promise<Category[]> {
  const { results } = await db
    .prepare(
      `SELECT c.id AS category_id, c.name AS category_name, s.id, s.name, s.description,
              s.variable_pricing, s.has_patch_test, s.show,
              MIN(ss.price) AS min_price, MAX(ss.price) AS max_price,
              MIN(ss.duration) AS min_duration, MAX(ss.duration) AS max_duration,
              MAX(ss.processing) AS max_processing
         FROM services s
         JOIN service_categories c ON c.id = s.category_id
         JOIN stylist_services ss ON ss.service_id = s.id
         JOIN stylists st ON st.id = ss.stylist_id AND st.active = 1
        WHERE s.salon_id = ?
        GROUP BY s.id
        ORDER BY c.position, c.id, s.position, s.id`,
    )
    .bind(salonId)
    .all<ServiceRow>();
  const categories: Category[] = [];
  for (const r of results) {
    let cat = categories.at(-1);
    if (!cat || cat.id !== r.category_id) {
      cat = { id: r.category_id, name: r.category_name, services: [] };
      categories.push(cat);
    }
    cat.services.push({
      id: r.id,
      name: r.name,
      description: r.description,
      min_price: toMajor(r.min_price),
      max_price: toMajor(r.max_price),
      variable_pricing: !!r.variable_pricing,
      min_duration: r.min_duration,
      max_duration: r.max_duration,
      has_processing_time: r.max_processing > 0,
      has_patch_test: !!r.has_patch_test,
      show: !!r.show,
    });
  }
  return categories;
}

/** The salon's services that need a patch test, by id. */
export async function patchTestServiceIds(db: D1Database, salonId: number): Promise<number[]> {
  const { results } = await db
    .prepare('SELECT id FROM services WHERE salon_id = ? AND has_patch_test = 1 ORDER BY id')
    .bind(salonId)
    .all<{ id: number }>();
  return results.map((r) => r.id);
}

/** The finishing services a salon recommends after `serviceId`. */
export async function recommendedAfter(db: D1Database, salonId: number, serviceId: number): Promise<number[]> {
  const { results } = await db
    .prepare(
      `SELECT r.recommended_service_id AS id FROM service_recommendations r
         JOIN services s ON s.id = r.service_id WHERE s.salon_id = ? AND r.service_id = ?`,
    )
    .bind(salonId, serviceId)
    .all<{ id: number }>();
  return results.map((r) => r.id);
}

/**
 * The services clients can book online without a patch test at the group's visible locations,
 * each location's in its own order (its first is the picker's default), with whether it books online.
 */
export async function groupBookableServices(db: D1Database, groupId: number) {
  const { results } = await db
    .prepare(
      `SELECT s.salon_id, s.id, s.name, sa.online_booking
         FROM services s
         JOIN salons sa ON sa.id = s.salon_id AND sa.group_id = ? AND sa.picker_hidden = 0
         JOIN service_categories c ON c.id = s.category_id
        WHERE s.show = 1 AND s.has_patch_test = 0
          AND EXISTS (SELECT 1 FROM stylist_services ss JOIN stylists st ON st.id = ss.stylist_id AND st.active = 1 WHERE ss.service_id = s.id)
        ORDER BY s.salon_id, c.position, c.id, s.position, s.id`,
    )
    .bind(groupId)
    .all<{ salon_id: number; id: number; name: string; online_booking: number }>();
  return results;
}
