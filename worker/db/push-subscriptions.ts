import type { PushKind } from '../../shared/console/push';

/** A staff member's Web Push subscription (migration 0052): where to send, with the browser's keys. */
export interface PushSubscriptionRow {
  /** its rowid: what a push sent to it is recorded by */
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

const kindsText = (kinds: readonly PushKind[]) => `,${kinds.join(',')},`;

/**
 * Keeps a subscription for a staff member: one row per endpoint, so the same endpoint again
 * replaces its keys and kinds (and its owner: whoever signed in on that browser last).
 */
export const savePushSubscription = (
  db: D1Database,
  s: { staffId: number; endpoint: string; p256dh: string; auth: string; kinds: readonly PushKind[]; now: number },
) =>
  db
    .prepare(
      `INSERT INTO push_subscriptions (staff_id, endpoint, p256dh, auth, kinds, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)
       ON CONFLICT (endpoint) DO UPDATE SET staff_id = excluded.staff_id, p256dh = excluded.p256dh, auth = excluded.auth,
         kinds = excluded.kinds, updated_at = excluded.updated_at`,
    )
    .bind(s.staffId, s.endpoint, s.p256dh, s.auth, kindsText(s.kinds), s.now)
    .run();

/** Stops a staff member's subscription; false when they had none at that endpoint. */
export async function deletePushSubscription(db: D1Database, staffId: number, endpoint: string): Promise<boolean> {
  const r = await db.prepare('DELETE FROM push_subscriptions WHERE staff_id = ? AND endpoint = ?').bind(staffId, endpoint).run();
  return r.meta.changes > 0;
}

/** The push service said the subscription is gone (404, 410): it is removed, whoever's it was. */
export const forgetPushSubscription = (db: D1Database, endpoint: string) =>
  db.prepare('DELETE FROM push_subscriptions WHERE endpoint = ?').bind(endpoint).run();

/**
 * The subscriptions that should hear of a notice of `kind` at a salon: the salon's owners and
 * managers (its group's owners too), and its stylists only when the notice is about their own
 * column (`stylistIds`: the columns of the appointment; none for a salon-wide notice).
 */
export async function pushRecipients(
  db: D1Database,
  q: { salonId: number; kind: PushKind; stylistIds: readonly number[] },
): Promise<PushSubscriptionRow[]> {
  const { results } = await db
    .prepare(
      `SELECT p.rowid AS id, p.endpoint, p.p256dh, p.auth FROM push_subscriptions p
        WHERE instr(p.kinds, ?2) > 0 AND p.staff_id IN (
          SELECT r.staff_id FROM staff_roles r
           WHERE r.salon_id = ?1 AND (r.role IN ('owner', 'manager') OR r.stylist_id IN (SELECT value FROM json_each(?3)))
          UNION
          SELECT r.staff_id FROM staff_roles r JOIN salons s ON s.group_id = r.group_id WHERE s.id = ?1)
        ORDER BY p.rowid`,
    )
    .bind(q.salonId, `,${q.kind},`, JSON.stringify(q.stylistIds))
    .all<PushSubscriptionRow>();
  return results;
}

/** What a notice about an appointment may say (docs/console/notifications.md): a first name, the services, the time and columns. */
export interface AppointmentNotice {
  start_at: number;
  timezone: string;
  client_name: string | null;
  services: string | null;
  /** its columns, comma-separated */
  stylist_ids: string | null;
}

export const appointmentNotice = (db: D1Database, salonId: number, appointmentId: number) =>
  db
    .prepare(
      `SELECT a.start_at, s.timezone, COALESCE(NULLIF(c.first_name, ''), a.client_name) AS client_name,
         (SELECT group_concat(sv.name, ', ') FROM appointment_procedures p JOIN services sv ON sv.id = p.service_id WHERE p.appointment_id = a.id) AS services,
         (SELECT group_concat(DISTINCT p.stylist_id) FROM appointment_procedures p WHERE p.appointment_id = a.id) AS stylist_ids
         FROM appointments a JOIN salons s ON s.id = a.salon_id LEFT JOIN clients c ON c.id = a.client_id
        WHERE a.id = ?2 AND a.salon_id = ?1`,
    )
    .bind(salonId, appointmentId)
    .first<AppointmentNotice>();
