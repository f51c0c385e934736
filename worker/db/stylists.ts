/** Whether the stylist performs patch tests at the salon (does a service that needs one). */
export async function doesPatchTests(db: D1Database, salonId: number, stylistId: number): Promise<boolean> {
  const row = await db
    .prepare(
      'SELECT 1 AS ok FROM stylist_services ss JOIN services s ON s.id = ss.service_id WHERE s.salon_id = ? AND s.has_patch_test = 1 AND ss.stylist_id = ? LIMIT 1',
    )
    .bind(salonId, stylistId)
    .first();
  return row !== null;
}

/** What each active stylist of the salon charges for each service (minor units). */
export async function pricesAt(db: D1Database, salonId: number): Promise<{ service_id: number; stylist_id: number; price: number }[]> {
  const { results } = await db
    .prepare(
      'SELECT ss.service_id, ss.stylist_id, ss.price FROM stylist_services ss JOIN stylists st ON st.id = ss.stylist_id WHERE st.salon_id = ? AND st.active = 1',
    )
    .bind(salonId)
    .all<{ service_id: number; stylist_id: number; price: number }>();
  return results;
}
