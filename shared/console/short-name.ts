import * as z from '../zod';

/** A salon's short name: the {name} of /s/{name} (issue 31). */
const SHORT_NAME = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;

/**
 * Words that name the product's own paths or could pass for it: never a salon's short name.
 * Checked on both sides; the Worker also refuses a name that another salon has or had in the
 * last 90 days (it still redirects there).
 */
export const RESERVED_SHORT_NAMES = new Set([
  'admin',
  'api',
  'app',
  'assets',
  'auth',
  'book',
  'booking',
  'bookwell',
  'confirm',
  'console',
  'end',
  'group',
  'help',
  'history',
  'invite',
  'login',
  'logout',
  'media',
  'new',
  'null',
  'opt-out',
  'privacy',
  'robots',
  's',
  'salon',
  'search',
  'security',
  'settings',
  'signup',
  'staff',
  'support',
  'terms',
  'time',
  'undefined',
  'verify',
  'www',
]);

export const MSG_SHORT_NAME_FORMAT = 'Use 1 to 40 lower-case letters, digits or dashes, not starting or ending with a dash';
export const MSG_SHORT_NAME_RESERVED = 'That word is kept for the booking site itself: choose another';

export const shortNameSchema = z.strictObject({
  short_name: z
    .string(MSG_SHORT_NAME_FORMAT)
    .trim()
    .toLowerCase()
    .regex(SHORT_NAME, MSG_SHORT_NAME_FORMAT)
    .refine((n) => !RESERVED_SHORT_NAMES.has(n), MSG_SHORT_NAME_RESERVED),
});
export type ShortNameInput = z.input<typeof shortNameSchema>;

/** GET /api/console/salons/{id}/short-name. */
export interface ShortNameView {
  short_name: string | null;
  /** names this salon had that still redirect here, until when */
  previous: { short_name: string; redirects_until: string }[];
}

/** GET .../short-name/check?name=: whether the salon could take the name now, and why not. */
export interface ShortNameCheck {
  short_name: string;
  available: boolean;
  reason: string | null;
}

/** How long an old short name keeps redirecting to the salon that gave it up. */
export const OLD_NAME_REDIRECT_DAYS = 90;

/** How many of its old short names a salon keeps redirecting (the latest; older ones are free at once). */
export const OLD_NAMES_KEPT = 3;

/** How many times a salon may change its short name on one (UTC) day. */
export const RENAMES_A_DAY = 5;

export const MSG_RENAMES_A_DAY = `You can change the short name ${RENAMES_A_DAY} times a day: try again tomorrow.`;
