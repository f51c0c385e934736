/**
 * Which rows of each table are one salon's (`?1` = the salon's id): what a move copies, counts
 * and removes (db/move-salon.ts, scripts/move-salon.mjs). Every table of the schema is named
 * here, in GLOBAL_TABLES or in DATABASE_TABLES; tests/worker/salon-rows.test.ts fails when a migration adds a table
 * that is in neither.
 *
 * Parents come before children, so copies insert in this order and removals run in reverse.
 */
export interface SalonTable {
  table: string;
  /** an SQL condition on the table's rows (no alias) that selects the salon's */
  rows: string;
  /**
   * 'own': the salon's alone, moved (copied, verified, removed from the source);
   * 'shared': rows other salons of the source may also use (their group, clients, staff): copied
   * where missing and left in the source.
   */
  kind: 'own' | 'shared';
  /** the order rows are read in, page by page (default rowid; a WITHOUT ROWID table names its key) */
  order?: string;
  /**
   * a shared row the target already has must be the same thing: these columns must match (a
   * staff member's id there naming another person fails the move instead of granting them a role)
   */
  same?: string[];
}

const BY_SALON = 'salon_id = ?1';
const OF_STYLISTS = 'stylist_id IN (SELECT id FROM stylists WHERE salon_id = ?1)';
const GROUP = '(SELECT group_id FROM salons WHERE id = ?1)';

export const SALON_TABLES: readonly SalonTable[] = [
  { table: 'salon_groups', rows: `id = ${GROUP}`, kind: 'shared', same: ['id', 'name'] },
  {
    table: 'clients',
    rows: `id IN (SELECT client_id FROM appointments WHERE salon_id = ?1 UNION SELECT client_id FROM invites WHERE salon_id = ?1
             UNION SELECT client_id FROM client_notes WHERE salon_id = ?1 UNION SELECT client_id FROM rebooking_links WHERE salon_id = ?1)`,
    kind: 'shared',
    same: ['id'],
  },
  {
    table: 'staff',
    rows: `id IN (SELECT staff_id FROM staff_roles WHERE salon_id = ?1 OR group_id = ${GROUP}
             UNION SELECT created_by FROM api_keys WHERE salon_id = ?1 UNION SELECT staff_id FROM voucher_redemptions WHERE salon_id = ?1
             UNION SELECT staff_id FROM client_notes WHERE salon_id = ?1)`,
    kind: 'shared',
    same: ['id', 'sub'],
  },
  { table: 'salons', rows: 'id = ?1', kind: 'own' },
  { table: 'service_categories', rows: BY_SALON, kind: 'own' },
  { table: 'services', rows: BY_SALON, kind: 'own' },
  { table: 'service_recommendations', rows: 'service_id IN (SELECT id FROM services WHERE salon_id = ?1)', kind: 'own' },
  { table: 'stylists', rows: BY_SALON, kind: 'own' },
  { table: 'stylist_services', rows: OF_STYLISTS, kind: 'own' },
  { table: 'stylist_hours', rows: OF_STYLISTS, kind: 'own' },
  { table: 'stylist_extra_days', rows: OF_STYLISTS, kind: 'own' },
  { table: 'staff_roles', rows: BY_SALON, kind: 'own' },
  // a group owner's role reaches every location of the group: each location's database keeps it
  { table: 'staff_roles', rows: `group_id = ${GROUP}`, kind: 'shared', same: ['staff_id', 'group_id', 'role'] },
  // the staff's Web Push subscriptions (docs/console/notifications.md): each database that has the
  // staff member keeps them, so the salon's notices go on after a move
  {
    table: 'push_subscriptions',
    rows: `staff_id IN (SELECT staff_id FROM staff_roles WHERE salon_id = ?1 OR group_id = ${GROUP})`,
    kind: 'shared',
    same: ['endpoint'],
  },
  { table: 'holds', rows: BY_SALON, kind: 'own' },
  { table: 'appointment_series', rows: BY_SALON, kind: 'own' },
  { table: 'appointments', rows: BY_SALON, kind: 'own' },
  { table: 'appointment_procedures', rows: BY_SALON, kind: 'own' },
  { table: 'stylist_blocks', rows: OF_STYLISTS, kind: 'own' },
  { table: 'time_off', rows: BY_SALON, kind: 'own' },
  { table: 'blocked_times', rows: BY_SALON, kind: 'own' },
  { table: 'invites', rows: BY_SALON, kind: 'own' },
  { table: 'marketing_opt_outs', rows: BY_SALON, kind: 'own' },
  { table: 'voucher_purchases', rows: BY_SALON, kind: 'own' },
  { table: 'vouchers', rows: BY_SALON, kind: 'own' },
  { table: 'voucher_sends', rows: 'voucher_id IN (SELECT id FROM vouchers WHERE salon_id = ?1)', kind: 'own' },
  { table: 'voucher_redemptions', rows: BY_SALON, kind: 'own' },
  { table: 'no_show_fees', rows: BY_SALON, kind: 'own' },
  { table: 'rebooking_links', rows: BY_SALON, kind: 'own' },
  { table: 'rebooking_tokens', rows: BY_SALON, kind: 'own' },
  { table: 'rebooking_clients', rows: BY_SALON, kind: 'own' },
  { table: 'settings_history', rows: BY_SALON, kind: 'own' },
  { table: 'api_keys', rows: BY_SALON, kind: 'own' },
  { table: 'client_notes', rows: BY_SALON, kind: 'own' },
  { table: 'imports', rows: BY_SALON, kind: 'own' },
  {
    table: 'import_items',
    rows: 'import_id IN (SELECT id FROM imports WHERE salon_id = ?1)',
    kind: 'own',
    order: 'import_id, entity, entity_key',
  },
  { table: 'salon_clients', rows: BY_SALON, kind: 'own', order: 'salon_id, key' },
  { table: 'reminders', rows: BY_SALON, kind: 'own', order: 'appointment_id, start_at, kind' },
  { table: 'message_deliveries', rows: BY_SALON, kind: 'own' },
  { table: 'custom_domains', rows: BY_SALON, kind: 'own' },
  { table: 'short_name_history', rows: BY_SALON, kind: 'own' },
  { table: 'text_opt_outs', rows: BY_SALON, kind: 'own', order: 'salon_id, phone' },
  { table: 'text_threads', rows: BY_SALON, kind: 'own' },
  { table: 'text_messages', rows: BY_SALON, kind: 'own' },
  { table: 'waitlist_offers', rows: BY_SALON, kind: 'own', order: 'token_sha256' },
  { table: 'google_bookings', rows: BY_SALON, kind: 'own' },
  // the desk's checkout (migration 0044): parents before children
  { table: 'sales', rows: BY_SALON, kind: 'own' },
  { table: 'sale_lines', rows: BY_SALON, kind: 'own' },
  { table: 'sale_payments', rows: BY_SALON, kind: 'own' },
  { table: 'refunds', rows: BY_SALON, kind: 'own' },
  { table: 'refund_lines', rows: BY_SALON, kind: 'own' },
  { table: 'refund_payments', rows: BY_SALON, kind: 'own' },
  { table: 'terminal_locations', rows: BY_SALON, kind: 'own' },
  { table: 'terminal_readers', rows: BY_SALON, kind: 'own' },
  // the texts' idempotency records, named by what they were about (messaging/outbox.ts keys)
  {
    table: 'sent_messages',
    rows: `key IN (SELECT 'verify-' || id FROM appointments WHERE salon_id = ?1
             UNION SELECT 'rebooking-link-' || substr(urlhash_sha256, 1, 24) FROM rebooking_links WHERE salon_id = ?1)
           OR EXISTS (SELECT 1 FROM invites i WHERE i.salon_id = ?1 AND key GLOB 'invite-' || i.id || '-*')
           OR EXISTS (SELECT 1 FROM reminders r WHERE r.salon_id = ?1 AND key GLOB 'reminder-' || r.appointment_id || '-*')
           OR EXISTS (SELECT 1 FROM appointments a WHERE a.salon_id = ?1 AND key GLOB 'appt-' || a.id || '-*')`,
    kind: 'own',
  },
  // the reports' roll-ups (migration 0051) last: the rows they sum are copied first, while the target
  // has no report_rollup_salons row and its triggers write nothing, then the roll-ups as they were,
  // then the row that turns the triggers on (and removed first from the source)
  { table: 'report_days', rows: BY_SALON, kind: 'own', order: 'salon_id, day, kind, stylist_id, service_id, name' },
  { table: 'report_rollup_salons', rows: BY_SALON, kind: 'own' },
];

/**
 * Tables that are not any one salon's, kept only in the first database (DB): the directory, the
 * index of a client's salons, the settings versions the edge's cache keys carry, a client's saved
 * card (one per client, whichever salon asks), the salon of each email sent for a salon outside
 * DB (Resend's webhooks name only its id), the name index (which salon holds each domain and
 * short name), the staff index (which salons and groups each person of the staff pool is on), and
 * the texts' routes (which salon texted each number last) and incoming texts by Twilio's sid,
 * and the salons each Google user booked at (docs/google-booking.md).
 */
export const GLOBAL_TABLES = [
  'salon_placements',
  'client_salons',
  'cache_versions',
  'client_cards',
  'email_salons',
  'salon_names',
  'staff_salons',
  'text_routes',
  'inbound_texts',
  'google_users',
] as const;

/**
 * Tables every database keeps of itself, never moved: its migrations and the range its ids are
 * made from, with the floors a departing salon leaves (db/ids.ts).
 */
export const DATABASE_TABLES = ['d1_migrations', 'id_range', 'id_floors'] as const;
