import * as z from './zod';

/** How a brand colour is written: `#` and six hex digits, in either case (stored in lower case). */
export const BRAND_COLOUR_FORMAT = /^#[0-9a-fA-F]{6}$/;
export const BRAND_COLOUR_MESSAGE = 'Enter the brand colour as # and 6 hex digits, such as #0f6b63';

/**
 * A salon's brand colour (the console and the admin API alike): `#rrggbb`, kept in lower case, or
 * null for the theme's own colours. Only the format is refused: a colour too light or too dark
 * for a theme is adjusted where it is shown (themes/brand.ts), and the answer says how.
 */
export const brandColour = (message = BRAND_COLOUR_MESSAGE) =>
  z
    .string({ error: () => message })
    .regex(BRAND_COLOUR_FORMAT, message)
    .toLowerCase()
    .nullable();
export const brandColourSetting = brandColour();
