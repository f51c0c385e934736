import * as z from './zod';

/**
 * A name a person typed (an API key's, a team member's, a client's at the desk, the salon's):
 * trimmed, not empty, not too long, and free of characters nobody means to type that change
 * what others see: the C0 controls (NUL, tab, line breaks…), DEL, the C1 controls, and the bidi
 * controls that reorder the text around them (U+061C, U+200E/F, U+202A–E such as U+202E
 * RIGHT-TO-LEFT OVERRIDE, U+2066–9). Both sides check with it, so the form's message is the call's.
 */

/**
 * The characters refused: controls (`\p{Cc}`: U+0000–001F, U+007F–009F) and bidi controls (the
 * edge refuses them in paths too).
 */
export const CONTROL_CHARACTERS = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

export const MSG_NAME_CONTROL = 'Use letters, digits, spaces and punctuation only: no line breaks, tabs or invisible control characters';

/** `empty` when nothing was typed, `tooLong` past `max` characters. */
export const typedName = (o: { max: number; empty: string; tooLong: string }) =>
  z
    .string(o.empty)
    .trim()
    .min(1, o.empty)
    .max(o.max, o.tooLong)
    .refine((s) => !CONTROL_CHARACTERS.test(s), MSG_NAME_CONTROL);
