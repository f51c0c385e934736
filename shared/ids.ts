/** A random id that travels in URLs and headers (hold ids, invite codes): 16 to 64 URL-safe characters. */
export const URL_SAFE_ID = /^[A-Za-z0-9_-]{16,64}$/;
