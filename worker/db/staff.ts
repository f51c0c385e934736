import type { StaffRole, StaffSalon } from '../../shared/console/roles';
import type { StaffMember } from '../../shared/console/team';
import { newId } from './ids';

/** A staff member (table staff): their staff-pool username (sub) and who they are. */
export interface StaffRow {
  id: number;
  sub: string;
  email: string;
  name: string;
  invited_at: number;
  joined_at: number | null;
}

const RANK: Record<StaffRole, number> = { owner: 3, manager: 2, stylist: 1 };
/** The stronger of two roles (a group owner who is also a salon's stylist is its owner). */
const stronger = (a: StaffRole, b: StaffRole) => (RANK[a] >= RANK[b] ? a : b);

export const staffBySub = (db: D1Database, sub: string) => db.prepare('SELECT * FROM staff WHERE sub = ?').bind(sub).first<StaffRow>();
export const staffByEmail = (db: D1Database, email: string) =>
  db.prepare('SELECT * FROM staff WHERE email = ?').bind(email).first<StaffRow>();

/**
 * A member seen signed in: from then on they are active, no longer invited, at every salon of this
 * database that has them (each salon's own status: a role given since shows invited until then).
 */
export const markJoined = (db: D1Database, id: number, now: number) =>
  db.batch([
    db.prepare('UPDATE staff SET joined_at = ?1 WHERE id = ?2 AND joined_at IS NULL').bind(now, id),
    db.prepare('UPDATE staff_roles SET joined_at = ?1 WHERE staff_id = ?2 AND joined_at IS NULL').bind(now, id),
  ]);

/** The salons a member works at, each with their strongest role there (a group owner owns every salon of the group). */
export async function salonsOfStaff(db: D1Database, staffId: number): Promise<StaffSalon[]> {
  const { results } = await db
    .prepare(
      `SELECT s.id, s.name, r.role, NULL AS group_id FROM staff_roles r JOIN salons s ON s.id = r.salon_id WHERE r.staff_id = ?1
       UNION ALL
       SELECT s.id, s.name, 'owner' AS role, r.group_id FROM staff_roles r JOIN salons s ON s.group_id = r.group_id WHERE r.staff_id = ?1`,
    )
    .bind(staffId)
    .all<StaffSalon>();
  const byId = new Map<number, StaffSalon>();
  for (const s of results) {
    const seen = byId.get(s.id);
    byId.set(s.id, seen ? { ...seen, role: stronger(seen.role, s.role), group_id: seen.group_id ?? s.group_id } : s);
  }
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}

/** A member's role at one salon, or null when they do not work there. */
export async function roleAt(db: D1Database, staffId: number, salonId: number): Promise<StaffRole | null> {
  const salons = await salonsOfStaff(db, staffId);
  return salons.find((s) => s.id === salonId)?.role ?? null;
}

/**
 * The team of a salon: its own members (by the name it invited them by, invited until they sign
 * in after it did) and the owners of its group.
 */
export async function teamOf(db: D1Database, salonId: number): Promise<StaffMember[]> {
  const { results } = await db
    .prepare(
      `SELECT st.id, st.email, coalesce(r.name, st.name) AS name, r.joined_at, r.role, 0 AS via_group
         FROM staff_roles r JOIN staff st ON st.id = r.staff_id WHERE r.salon_id = ?1
       UNION ALL
       SELECT st.id, st.email, st.name, r.joined_at, 'owner' AS role, 1 AS via_group
         FROM staff_roles r JOIN staff st ON st.id = r.staff_id JOIN salons s ON s.group_id = r.group_id WHERE s.id = ?1`,
    )
    .bind(salonId)
    .all<{ id: number; email: string; name: string; joined_at: number | null; role: StaffRole; via_group: number }>();
  const byId = new Map<number, StaffMember>();
  for (const r of results) {
    const member: StaffMember = {
      id: r.id,
      email: r.email,
      name: r.name,
      role: r.role,
      status: r.joined_at === null ? 'invited' : 'active',
      via_group: r.via_group === 1,
    };
    const seen = byId.get(r.id);
    byId.set(r.id, seen && RANK[seen.role] >= RANK[member.role] ? seen : member);
  }
  return [...byId.values()].sort((a, b) => RANK[b.role] - RANK[a.role] || a.name.localeCompare(b.name));
}

/**
 * Gives a member a role at a salon by the name the salon invited them by (a stylist perhaps
 * linked to their column: staff-columns.ts), making their row in
 * this database if it has none, or naming the pool user `sub` in the one it has (one batch):
 * false when they already have a role there.
 */
export async function joinTeam(
  db: D1Database,
  m: { sub: string; email: string; name: string; salonId: number; role: StaffRole; stylistId?: number | null },
  now: number,
): Promise<boolean> {
  const [, role] = await db.batch([
    db
      .prepare(
        `INSERT INTO staff (id, sub, email, name, invited_at) VALUES (${newId('staff')}, ?, ?, ?, ?)
         ON CONFLICT (email) DO UPDATE SET sub = excluded.sub WHERE sub <> excluded.sub`,
      )
      .bind(m.sub, m.email, m.name, now),
    db
      .prepare(
        `INSERT INTO staff_roles (staff_id, salon_id, role, name, created_at, stylist_id) SELECT id, ?, ?, ?, ?, ? FROM staff WHERE sub = ?
         ON CONFLICT (staff_id, salon_id) WHERE salon_id IS NOT NULL DO NOTHING`,
      )
      .bind(m.salonId, m.role, m.name, now, m.stylistId ?? null, m.sub),
  ]);
  return role!.meta.changes > 0;
}

/** A salon still has an owner other than `staffId` (its own, or its group's). */
const ANOTHER_OWNER = `EXISTS (SELECT 1 FROM staff_roles o WHERE o.salon_id = ?2 AND o.role = 'owner' AND o.staff_id <> ?1)
  OR EXISTS (SELECT 1 FROM staff_roles g JOIN salons s ON s.group_id = g.group_id WHERE s.id = ?2 AND g.staff_id <> ?1)`;

/**
 * Removes a member's own role at a salon, unless they are its last owner: the condition is in the
 * DELETE, so two owners removing each other at the same moment leave one (docs/console/README.md).
 * 'removed', 'last owner' (nothing removed), or 'gone' (they had no role there).
 */
export async function removeRole(db: D1Database, staffId: number, salonId: number): Promise<'removed' | 'last owner' | 'gone'> {
  const [removed, left] = await db.batch<{ n: number }>([
    db
      .prepare(`DELETE FROM staff_roles WHERE staff_id = ?1 AND salon_id = ?2 AND (role <> 'owner' OR ${ANOTHER_OWNER})`)
      .bind(staffId, salonId),
    db.prepare('SELECT count(*) AS n FROM staff_roles WHERE staff_id = ?1 AND salon_id = ?2').bind(staffId, salonId),
  ]);
  if (removed!.meta.changes > 0) return 'removed';
  return left!.results[0]!.n > 0 ? 'last owner' : 'gone';
}

/** Forgets a member's row here once no salon of this database has them (it may have again since). */
export const deleteStaffWithoutRoles = (db: D1Database, staffId: number) =>
  db.prepare('DELETE FROM staff WHERE id = ?1 AND NOT EXISTS (SELECT 1 FROM staff_roles WHERE staff_id = ?1)').bind(staffId).run();

/** The email addresses of a salon's owners (its own and its group's), for notices about the salon. */
export async function ownerEmailsOf(db: D1Database, salonId: number): Promise<string[]> {
  const { results } = await db
    .prepare(
      `SELECT st.email FROM staff_roles r JOIN staff st ON st.id = r.staff_id WHERE r.salon_id = ?1 AND r.role = 'owner'
       UNION
       SELECT st.email FROM staff_roles r JOIN staff st ON st.id = r.staff_id JOIN salons s ON s.group_id = r.group_id WHERE s.id = ?1`,
    )
    .bind(salonId)
    .all<{ email: string }>();
  return results.map((r) => r.email);
}
