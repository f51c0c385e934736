import { newId } from './ids';

/**
 * What the new salon's checklist on Today reads (migration 0039, docs/get-started.md): whether the
 * salon shows it, and the facts each item is ticked from, in one query of the salon's own rows.
 */
export interface SetupFacts {
  /** 1 while the salon shows the checklist */
  shown: number;
  charges_enabled: number;
  /** services on the menu that a stylist performs */
  services: number;
  /** the salon's opening hours (JSON: seven lists of {open, close}) */
  opening_hours: string | null;
  /** stylists with working hours */
  stylists_with_hours: number;
  has_picture: number;
  has_address: number;
  /** people on the team, the invited included */
  team: number;
  /** appointments ever made, not cancelled */
  bookings: number;
}

export const setupFactsOf = (db: D1Database, salonId: number) =>
  db
    .prepare(
      `SELECT s.setup_checklist AS shown, s.stripe_charges_enabled AS charges_enabled, s.opening_hours,
         (SELECT count(*) FROM services v WHERE v.salon_id = s.id AND v.archived_at IS NULL
            AND EXISTS (SELECT 1 FROM stylist_services ss WHERE ss.service_id = v.id)) AS services,
         (SELECT count(DISTINCT h.stylist_id) FROM stylist_hours h JOIN stylists st ON st.id = h.stylist_id WHERE st.salon_id = s.id) AS stylists_with_hours,
         (s.logo IS NOT NULL OR s.cover IS NOT NULL) AS has_picture,
         (s.short_slug IS NOT NULL OR s.custom_domain IS NOT NULL) AS has_address,
         (SELECT count(*) FROM staff_roles r WHERE r.salon_id = s.id) AS team,
         (SELECT count(*) FROM appointments a WHERE a.salon_id = s.id AND a.status <> 'cancelled') AS bookings
       FROM salons s WHERE s.id = ?`,
    )
    .bind(salonId)
    .first<SetupFacts>();

/**
 * Hides the checklist, with its History entry, in one batch: the entry is written only when this
 * call hides it. True when it did (false: it was hidden already).
 */
export async function dismissSetupChecklist(db: D1Database, salonId: number, who: string, now: number): Promise<boolean> {
  const [, update] = await db.batch([
    db
      .prepare(
        `INSERT INTO settings_history (id, salon_id, version, at, who, field, old_value, new_value)
         SELECT ${newId('settings_history')}, s.id, s.settings_version, ?2, ?3, 'setup_checklist', '"shown"', '"dismissed"'
           FROM salons s WHERE s.id = ?1 AND s.setup_checklist = 1`,
      )
      .bind(salonId, now, who),
    db.prepare('UPDATE salons SET setup_checklist = 0 WHERE id = ? AND setup_checklist = 1').bind(salonId),
  ]);
  return update!.meta.changes === 1;
}
