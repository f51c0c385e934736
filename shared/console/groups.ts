import * as z from '../zod';
import { typedName } from '../typed-name';

/**
 * POST /api/console/salons/{id}/group (issue 49, docs/get-started.md "Making a group"): an owner
 * of several salons makes them one group, whose picker at /group/{id}/ lists them. Every salon
 * named is one the caller owns (their own owner role, not a group's) and in no group yet; the
 * path's salon is among them.
 */
export const newGroupSchema = z.strictObject(
  {
    name: typedName({ max: 100, empty: "Enter the group's name", tooLong: "A group's name can be at most 100 characters" }),
    salon_ids: z
      .array(z.int('Choose the salons by their ids').positive('Choose the salons by their ids'), 'Choose the salons of the group')
      .min(2, 'Choose at least two salons for a group')
      .max(50, 'A group can be made of at most 50 salons at once')
      .refine((ids) => new Set(ids).size === ids.length, 'Choose each salon once'),
  },
  { error: (i) => (i.code === 'unrecognized_keys' ? `Unknown field: ${i.keys.join(', ')}` : undefined) },
);
export type NewGroup = z.output<typeof newGroupSchema>;

/** What the call answers (201): the group, and where its picker is. */
export interface CreatedGroup {
  id: number;
  name: string;
  salon_ids: number[];
  /** the group's picker page */
  picker: string;
}
