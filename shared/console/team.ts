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

/** A stylist column of the diary (table stylists), or none: whose diary column a stylist on the team is. */
export const stylistColumnId = z
  .number('Choose one of the salon’s stylist columns')
  .int('Choose one of the salon’s stylist columns')
  .positive('Choose one of the salon’s stylist columns')
  .nullable();

const unknownField = {
  error: (i: { code: string; keys?: string[] }) => (i.code === 'unrecognized_keys' ? `Unknown field: ${i.keys?.join(', ')}` : undefined),
};

/**
 * POST /api/console/salons/{id}/staff: invite someone (Cognito emails them a temporary password);
 * a stylist may be linked at once to their column of the diary (`stylist_id`, docs/console/desk.md "A stylist's column").
 */
export const staffInviteSchema = z
  .strictObject({ email: staffEmail, name: staffName, role: staffRole, stylist_id: stylistColumnId.optional() }, unknownField)
  .refine((i) => i.stylist_id == null || i.role === 'stylist', {
    path: ['stylist_id'],
    message: 'Only a stylist has a column of the diary: choose the role Stylist, or no column',
  });
export type StaffInvite = z.input<typeof staffInviteSchema>;

/** PUT /api/console/salons/{id}/staff/{staffId}/column: links a stylist on the team to a column (null: none). */
export const staffColumnSchema = z.strictObject({ stylist_id: stylistColumnId }, unknownField);

/** GET /api/console/salons/{id}/stylist-columns: each stylist column of the salon and the team member whose it is. */
export interface StylistColumn {
  id: number;
  name: string;
  /** the staff member linked to it (staff_roles.stylist_id), or null: nobody's yet */
  staff_id: number | null;
}
