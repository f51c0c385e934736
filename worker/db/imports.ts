import { newId } from './ids';

/**
 * Imports (issue 50; docs/console/imports.md): the import rows, what each wrote (import_items), and the
 * salon's imported clients (salon_clients). Every statement names the salon; every write of an
 * import's rows records itself in import_items in the same batch, so undo removes exactly those.
 */

export interface ImportRow {
  id: number;
  salon_id: number;
  source: string;
  kind: string;
  content_sha256: string;
  rows: number;
  done_rows: number;
  added: number;
  merged: number;
  refused: number;
  status: 'running' | 'done' | 'failed' | 'undone';
  created_by: string;
  created_at: number;
  progress_at: number | null;
  finished_at: number | null;
  undone_at: number | null;
}

export const importsOfSalon = (db: D1Database, salonId: number) =>
  db
    .prepare('SELECT * FROM imports WHERE salon_id = ? ORDER BY created_at DESC, id DESC LIMIT 50')
    .bind(salonId)
    .all<ImportRow>()
    .then((r) => r.results);

export const importOf = (db: D1Database, salonId: number, id: number) =>
  db.prepare('SELECT * FROM imports WHERE salon_id = ? AND id = ?').bind(salonId, id).first<ImportRow>();

/** The standing import of this file at the salon (running or done: not failed, not undone), if any. */
export const importOfFile = (db: D1Database, salonId: number, hash: string) =>
  db
    .prepare("SELECT * FROM imports WHERE salon_id = ? AND content_sha256 = ? AND status IN ('running', 'done')")
    .bind(salonId, hash)
    .first<ImportRow>();

/** A new import of this file; null when the salon already has a standing import of it (the index decides a race). */
export async function startImport(
  db: D1Database,
  i: { salonId: number; source: string; kind: string; hash: string; rows: number; refused: number; by: string; now: number },
): Promise<number | null> {
  const row = await db
    .prepare(
      `INSERT INTO imports (id, salon_id, source, kind, content_sha256, rows, refused, created_by, created_at, progress_at)
       VALUES (${newId('imports')}, ?, ?, ?, ?, ?, ?, ?, ?8, ?8) ON CONFLICT DO NOTHING RETURNING id`,
    )
    .bind(i.salonId, i.source, i.kind, i.hash, i.rows, i.refused, i.by, i.now)
    .first<{ id: number }>();
  return row?.id ?? null;
}

/** A batch's progress (and when it moved: a running import whose progress stands still is dead, `failStaleImports`). */
export const progressStatement = (db: D1Database, id: number, done: number, added: number, merged: number) =>
  db
    .prepare('UPDATE imports SET done_rows = ?, added = added + ?, merged = merged + ?, progress_at = ? WHERE id = ?')
    .bind(done, added, merged, Date.now(), id);

/** The import finished: done (unless it was marked failed meanwhile). */
export const finishImport = (db: D1Database, id: number, refused: number, now: number) =>
  db
    .prepare("UPDATE imports SET status = 'done', done_rows = rows, refused = ?, finished_at = ? WHERE id = ? AND status = 'running'")
    .bind(refused, now, id)
    .run();

/** The writing stopped on an error: the import is failed (what it wrote stays recorded, so undo removes it). */
export const failImport = (db: D1Database, id: number, now: number) =>
  db.prepare("UPDATE imports SET status = 'failed', finished_at = ? WHERE id = ? AND status = 'running'").bind(now, id).run();

/**
 * The running imports whose progress has not moved since `before` are failed: the Worker writing
 * them stopped part-way (deployed, evicted, out of time). Of one salon (its list), or of every
 * salon in the database (`null`: the cron). Answers how many.
 */
export async function failStaleImports(db: D1Database, salonId: number | null, before: number, now: number): Promise<number> {
  const stale =
    "UPDATE imports SET status = 'failed', finished_at = ?1 WHERE status = 'running' AND coalesce(progress_at, created_at) < ?2";
  const r = await (
    salonId === null ? db.prepare(stale).bind(now, before) : db.prepare(`${stale} AND salon_id = ?3`).bind(now, before, salonId)
  ).run();
  return r.meta.changes;
}

/** Records a row the import wrote (added), by its entity and key. */
export const itemStatement = (db: D1Database, importId: number, entity: string, key: string | number) =>
  db
    .prepare("INSERT INTO import_items (import_id, entity, entity_key, action) VALUES (?, ?, ?, 'added') ON CONFLICT DO NOTHING")
    .bind(importId, entity, String(key));

/** Records the stylist the statement before it added (appendStylistStatement: the salon's newest). */
export const lastStylistItem = (db: D1Database, importId: number, salonId: number) =>
  db
    .prepare(
      "INSERT INTO import_items (import_id, entity, entity_key, action) SELECT ?, 'stylist', max(id), 'added' FROM stylists WHERE salon_id = ?",
    )
    .bind(importId, salonId);

/** Records the voucher of this purchase session when the statement before it inserted it. */
export const voucherItem = (db: D1Database, importId: number, session: string) =>
  db
    .prepare(
      "INSERT INTO import_items (import_id, entity, entity_key, action) SELECT ?, 'voucher', id, 'added' FROM vouchers WHERE session_id = ? AND changes() > 0",
    )
    .bind(importId, session);

/** Records what a statement just before it in the batch wrote, when it wrote a row (changes() of that statement). */
export const itemIfWritten = (db: D1Database, importId: number, entity: string, key: string | number) =>
  db
    .prepare(
      "INSERT INTO import_items (import_id, entity, entity_key, action) SELECT ?, ?, ?, 'added' WHERE changes() > 0 ON CONFLICT DO NOTHING",
    )
    .bind(importId, entity, String(key));

// ---- clients ----

export interface SalonClientRow {
  key: string;
  phone: string | null;
  email: string | null;
  first_name: string;
  last_name: string;
  notes: string;
  birthday: string | null;
  landline: string | null;
  blocked: number;
  texts_ok: number;
}

/** The salon's imported clients and the phones it knows from bookings and requests (merge targets). */
export async function knownClients(db: D1Database, salonId: number) {
  const [own, phones] = await db.batch([
    db
      .prepare(
        'SELECT key, phone, email, first_name, last_name, notes, birthday, landline, blocked, texts_ok FROM salon_clients WHERE salon_id = ?',
      )
      .bind(salonId),
    db
      .prepare(
        `SELECT a.client_phone AS phone FROM appointments a WHERE a.salon_id = ?1 AND a.client_phone IS NOT NULL
         UNION SELECT c.phone FROM appointments a JOIN clients c ON c.id = a.client_id WHERE a.salon_id = ?1
         UNION SELECT i.client_phone FROM invites i WHERE i.salon_id = ?1`,
      )
      .bind(salonId),
  ]);
  return {
    own: own!.results as unknown as SalonClientRow[],
    phones: new Set((phones!.results as { phone: string }[]).map((r) => r.phone)),
  };
}

const CLIENT_COLUMNS = 'key, phone, email, first_name, last_name, notes, birthday, landline, blocked, texts_ok';

/** A new imported client (nothing when its key or email was taken meanwhile), and its item. */
export function insertClientStatements(db: D1Database, importId: number, salonId: number, c: SalonClientRow, now: number) {
  return [
    db
      .prepare(
        `INSERT INTO salon_clients (salon_id, ${CLIENT_COLUMNS}, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
      )
      .bind(salonId, c.key, c.phone, c.email, c.first_name, c.last_name, c.notes, c.birthday, c.landline, c.blocked, c.texts_ok, now),
    itemIfWritten(db, importId, 'client', c.key),
  ];
}

/**
 * Merges a row into the salon's client `key`: what it lacked is filled in, notes not already there
 * are added, blocked stays blocked and an opt-out stays. The fields as they were go to the item
 * first (the first merge of an import keeps them), in the same batch.
 */
export function mergeClientStatements(db: D1Database, importId: number, salonId: number, key: string, c: SalonClientRow) {
  return [
    db
      .prepare(
        `INSERT INTO import_items (import_id, entity, entity_key, action, before)
         SELECT ?1, 'client', key, 'merged', json_object('phone', phone, 'email', email, 'first_name', first_name, 'last_name', last_name,
                'notes', notes, 'birthday', birthday, 'landline', landline, 'blocked', blocked, 'texts_ok', texts_ok)
           FROM salon_clients WHERE salon_id = ?2 AND key = ?3
         ON CONFLICT DO NOTHING`,
      )
      .bind(importId, salonId, key),
    db
      .prepare(
        `UPDATE salon_clients SET
           phone = coalesce(phone, ?3), email = coalesce(email, ?4),
           first_name = CASE WHEN first_name = '' THEN ?5 ELSE first_name END,
           last_name = CASE WHEN last_name = '' THEN ?6 ELSE last_name END,
           notes = CASE WHEN ?7 = '' OR instr(notes, ?7) > 0 THEN notes WHEN notes = '' THEN ?7 ELSE substr(notes || char(10) || ?7, 1, 2000) END,
           birthday = coalesce(birthday, ?8), landline = coalesce(landline, ?9),
           blocked = max(blocked, ?10), texts_ok = min(texts_ok, ?11)
         WHERE salon_id = ?1 AND key = ?2`,
      )
      .bind(salonId, key, c.phone, c.email, c.first_name, c.last_name, c.notes, c.birthday, c.landline, c.blocked, c.texts_ok),
  ];
}

/**
 * A client who did not consent to marketing (`texts_ok` 0 in the file's row) is opted out of the
 * salon's texts as a STOP would (text_opt_outs, stamped with the import's time), by the phone the
 * client has after the statements before it; recorded when it was new, so undo removes it.
 */
export function optOutStatements(db: D1Database, importId: number, salonId: number, key: string, now: number) {
  return [
    db
      .prepare(
        `INSERT INTO text_opt_outs (salon_id, phone, opted_out_at)
         SELECT salon_id, phone, ?3 FROM salon_clients WHERE salon_id = ?1 AND key = ?2 AND phone IS NOT NULL ON CONFLICT DO NOTHING`,
      )
      .bind(salonId, key, now),
    db
      .prepare(
        `INSERT INTO import_items (import_id, entity, entity_key, action)
         SELECT ?1, 'opt_out', phone, 'added' FROM salon_clients WHERE salon_id = ?2 AND key = ?3 AND phone IS NOT NULL AND changes() > 0
         ON CONFLICT DO NOTHING`,
      )
      .bind(importId, salonId, key),
  ];
}

// ---- undo ----

export interface ItemRow {
  import_id: number;
  entity: string;
  entity_key: string;
  action: 'added' | 'merged';
  before: string | null;
}

/** Marks the import undone when it is the salon's, done or failed, and at most `since` old; false otherwise (one statement: one undo wins). */
export async function claimUndo(db: D1Database, salonId: number, id: number, since: number, now: number): Promise<boolean> {
  const r = await db
    .prepare(
      "UPDATE imports SET status = 'undone', undone_at = ? WHERE id = ? AND salon_id = ? AND status IN ('done', 'failed') AND created_at >= ?",
    )
    .bind(now, id, salonId, since)
    .run();
  return r.meta.changes > 0;
}

export const itemsOf = (db: D1Database, importId: number, entity: string) =>
  db
    .prepare('SELECT import_id, entity, entity_key, action, before FROM import_items WHERE import_id = ? AND entity = ?')
    .bind(importId, entity)
    .all<ItemRow>()
    .then((r) => r.results);

/** The statements that take one item back (its row removed, or its merged fields restored); each reports changes. */
export function undoStatements(db: D1Database, salonId: number, item: ItemRow, now: number): D1PreparedStatement[] {
  const key = item.entity_key;
  switch (item.entity) {
    case 'client': {
      if (item.action === 'added') return [db.prepare('DELETE FROM salon_clients WHERE salon_id = ? AND key = ?').bind(salonId, key)];
      const b = JSON.parse(item.before ?? '{}') as Record<string, unknown>;
      return [
        db
          .prepare(
            `UPDATE salon_clients SET phone = ?, email = ?, first_name = ?, last_name = ?, notes = ?, birthday = ?, landline = ?,
                    blocked = ?, texts_ok = ? WHERE salon_id = ? AND key = ?`,
          )
          .bind(b.phone, b.email, b.first_name, b.last_name, b.notes, b.birthday, b.landline, b.blocked, b.texts_ok, salonId, key),
      ];
    }
    case 'opt_out':
      // the opt-out the import made from the file's marketing consent, unless the client texted STOP since (db/texts.ts stamps it anew)
      return [
        db
          .prepare(
            'DELETE FROM text_opt_outs WHERE salon_id = ? AND phone = ? AND opted_out_at = (SELECT created_at FROM imports WHERE id = ?)',
          )
          .bind(salonId, key, item.import_id),
      ];
    case 'voucher':
      // a voucher redeemed since the import is the salon's now: it stays
      return [
        db
          .prepare(
            'DELETE FROM vouchers WHERE id = ? AND salon_id = ? AND NOT EXISTS (SELECT 1 FROM voucher_redemptions r WHERE r.voucher_id = vouchers.id)',
          )
          .bind(Number(key), salonId),
        db
          .prepare(
            // the import's purchases (import-{importId}-{code}) whose voucher is gone: this one's, and any whose code was taken
            "DELETE FROM voucher_purchases WHERE salon_id = ? AND session_id GLOB 'import-' || ? || '-*' AND NOT EXISTS (SELECT 1 FROM vouchers v WHERE v.session_id = voucher_purchases.session_id)",
          )
          .bind(salonId, String(item.import_id)),
      ];
    case 'appointment':
      return [
        db
          .prepare('DELETE FROM stylist_blocks WHERE appointment_id = (SELECT id FROM appointments WHERE id = ? AND salon_id = ?)')
          .bind(Number(key), salonId),
        db.prepare('UPDATE appointment_procedures SET occupies = 0 WHERE appointment_id = ? AND salon_id = ?').bind(Number(key), salonId),
        db
          .prepare("UPDATE appointments SET status = 'cancelled', cancelled_at = ? WHERE id = ? AND salon_id = ? AND status <> 'cancelled'")
          .bind(now, Number(key), salonId),
      ];
    case 'stylist':
      // a stylist's row stays (appointments and hours may name it): off the diary and the menu
      return [db.prepare('UPDATE stylists SET active = 0 WHERE id = ? AND salon_id = ?').bind(Number(key), salonId)];
    case 'service': {
      const id = Number(key);
      const named = 'EXISTS (SELECT 1 FROM appointment_procedures WHERE service_id = ?)';
      return [
        db
          .prepare(
            'DELETE FROM service_recommendations WHERE (service_id = ?1 OR recommended_service_id = ?1) AND ?1 IN (SELECT id FROM services WHERE salon_id = ?2)',
          )
          .bind(id, salonId),
        db
          .prepare('DELETE FROM stylist_services WHERE service_id = ?1 AND ?1 IN (SELECT id FROM services WHERE salon_id = ?2)')
          .bind(id, salonId),
        db
          .prepare(
            `UPDATE services SET archived_at = ?, show = 0, version = version + 1 WHERE id = ? AND salon_id = ? AND archived_at IS NULL AND ${named}`,
          )
          .bind(now, id, salonId, id),
        db.prepare(`DELETE FROM services WHERE id = ? AND salon_id = ? AND NOT ${named}`).bind(id, salonId, id),
      ];
    }
    case 'category':
      return [
        db
          .prepare(
            'DELETE FROM service_categories WHERE id = ?1 AND salon_id = ?2 AND NOT EXISTS (SELECT 1 FROM services WHERE category_id = ?1)',
          )
          .bind(Number(key), salonId),
      ];
    default:
      return [];
  }
}
