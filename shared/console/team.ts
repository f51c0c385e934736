import * as z from '../zod';
import { typedName } from '../typed-name';
import { staffRole, type StaffRole } from './roles';

/** A member of a salon's team, as GET /api/console/salons/{id}/staff lists them. */
export interface StaffMember {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  /** invited: has not chosen a password yet (Cognito's FORCE_CHANGE_PASSWORD) */
  status: 'invited' | 'active';
  /** the role comes from owning the salon's group (changed at group level, not here) */
  via_group: boolean;
}

export const staffEmail = z
  .email('Enter an email address, such as sam@example.com')
  .max(254, 'An email address can be at most 254 characters')
  .transform((e) => e.toLowerCase());

export const staffName = typedName({ max: 120, empty: 'Enter their name', tooLong: 'A name can be at most 120 characters' });

/** POST /api/console/salons/{id}/staff: invite someone (Cognito emails them a temporary password). */
export const staffInviteSchema = z.strictObject(
  { email: staffEmail, name: staffName, role: staffRole },
  { error: (i) => (i.code === 'unrecognized_keys' ? `Unknown field: ${i.keys.join(', ')}` : undefined) },
);
export type StaffInvite = z.input<typeof staffInviteSchema>;
