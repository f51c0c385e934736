/** A random id that travels in URLs and headers (hold ids, invite codes): 16 to 64 URL-safe characters. */
export const URL_SAFE_ID = /^[A-Za-z0-9_-]{16,64}$/;

/** A code the product minted for one salon's row: the salon's id and a dot first (worker/crypto.ts salonToken), or none as minted before. */
export const SALON_CODE = /^(?:[1-9]\d{0,8}\.)?[A-Za-z0-9_-]{16,64}$/;
