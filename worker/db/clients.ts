import { indexClientSalonsIn } from './spanning';

/** A client the API has seen with a verified phone (clients table). */
export interface ClientRow {
  id: string;
  phone: string;
  first_name: string;
  name: string;
}

export const clientById = (db: D1Database, id: string) =>
  db.prepare('SELECT id, phone, first_name, name FROM clients WHERE id = ?').bind(id).first<ClientRow>();

/** The known client with this verified phone (the most recently seen, should two share it). */
export const clientByPhone = (db: D1Database, phone: string) =>
  db
    .prepare('SELECT id, phone, first_name, name FROM clients WHERE phone = ? ORDER BY updated_at DESC LIMIT 1')
    .bind(phone)
    .first<ClientRow>();

/** Where a known client (this verified phone) can be told something: its email, if it gave one. */
export const clientContactByPhone = (db: D1Database, phone: string) =>
  db
    .prepare('SELECT phone, email FROM clients WHERE phone = ? ORDER BY updated_at DESC LIMIT 1')
    .bind(phone)
    .first<{ phone: string; email: string | null }>();

/**
 * Records a verified client (or its newly verified phone) and, in the same batch, claims the
 * invites sent to that phone before it had an account (client_id NULL → this client) and their
 * appointments, and the bookings the salon took at the desk for that phone. Running it again
 * changes nothing.
 */
export async function rememberClient(
  db: D1Database,
  c: { id: string; phone: string; firstName: string; name: string; email: string | null; now: number },
) {
  await db.batch([
    db
      .prepare(
        `INSERT INTO clients (id, phone, first_name, name, email, updated_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET phone = excluded.phone, first_name = excluded.first_name, name = excluded.name,
           email = excluded.email, updated_at = excluded.updated_at
           WHERE clients.phone <> excluded.phone OR clients.email IS NOT excluded.email`,
      )
      .bind(c.id, c.phone, c.firstName, c.name, c.email, c.now),
    db
      .prepare(
        `UPDATE appointments SET client_id = ?1
          WHERE client_id IS NULL AND id IN (SELECT appointment_id FROM invites WHERE client_id IS NULL AND client_phone = ?2)`,
      )
      .bind(c.id, c.phone),
    db.prepare('UPDATE appointments SET client_id = ?1 WHERE client_id IS NULL AND client_phone = ?2').bind(c.id, c.phone),
    db
      .prepare('UPDATE invites SET client_id = ?1, updated_at = ?3 WHERE client_id IS NULL AND client_phone = ?2')
      .bind(c.id, c.phone, c.now),
  ]);
  // the bookings it claimed: their salons join the client's in the index
  await indexClientSalonsIn(db, c.id);
}

/** A client whose phone is no longer verified (changed, not yet confirmed): nothing more reaches it by phone until it is. */
export const forgetClient = (db: D1Database, id: string) => db.prepare('DELETE FROM clients WHERE id = ?').bind(id).run();
