/**
 * A row's id as text: a positive whole number of 1 to 16 digits. Each database makes ids from a
 * range of its own (worker/db/ids.ts): the first 1 to 2^40 - 1, DB_k up to k * 2^40 - 1, so the
 * ids of a salon in a second database have 13 digits or more, all exact JavaScript numbers.
 */
export const ID_DIGITS = '[1-9]\\d{0,15}';
const ROW_ID = new RegExp(`^${ID_DIGITS}$`);

/** The id a text names, or null when it is not a row's id (not digits, or past 2^53 - 1). */
export function rowIdOf(text: string | null | undefined): number | null {
  if (text === null || text === undefined || !ROW_ID.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : null;
}

/** A random id that travels in URLs and headers (hold ids, invite codes): 16 to 64 URL-safe characters. */
export const URL_SAFE_ID = /^[A-Za-z0-9_-]{16,64}$/;

/** A code the product minted for one salon's row: the salon's id and a dot first (worker/crypto.ts salonToken), or none as minted before. */
export const SALON_CODE = new RegExp(`^(?:${ID_DIGITS}\\.)?[A-Za-z0-9_-]{16,64}$`);
