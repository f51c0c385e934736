import { z } from '../zod';

/**
 * A staff member's role at a salon (shared/CONSOLE.md). A group owner is an owner of every salon
 * of the group. Roles live in the product's database, not in Cognito groups: a role is per salon,
 * and a change (a removed manager) must count on the very next call, not at the next sign-in.
 */
export const STAFF_ROLES = ['owner', 'manager', 'stylist'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const staffRole = z.enum(STAFF_ROLES, { message: 'Choose a role: owner, manager or stylist' });

/** What each role may do in the console (shared/CONSOLE.md's table). */
export const CAN = {
  editSettings: ['owner', 'manager'],
  readHistory: ['owner', 'manager'],
  manageTeam: ['owner'],
  manageKeys: ['owner'],
  // part 2 (issue 29): the desk
  vouchers: ['owner', 'manager'],
  requests: ['owner', 'manager'],
  /** a stylist reads only the cards of clients with an appointment in their own column */
  readClients: ['owner', 'manager', 'stylist'],
  noteClients: ['owner', 'manager'],
} as const satisfies Record<string, readonly StaffRole[]>;

/** A salon the signed-in staff member works at, with their role there. */
export interface StaffSalon {
  id: number;
  name: string;
  role: StaffRole;
  /** the group the salon belongs to, when the role comes from owning the group */
  group_id: number | null;
}

/** GET /api/console/me and the sign-in answer's `me`: who is signed in and where they work. */
export interface StaffMe {
  email: string;
  name: string;
  salons: StaffSalon[];
}
