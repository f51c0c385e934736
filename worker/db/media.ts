/**
 * The salon's images (migration 0015): a logo and a cover per salon, a photo per stylist, each
 * stored as JSON {key, width, height} where key names the bytes in the MEDIA bucket.
 */
export interface StoredImage {
  key: string;
  width: number;
  height: number;
}

/** Where the edge serves a stored image (worker/edge/media.ts). */
export const mediaUrl = (key: string) => `/media/${key}`;

export type SalonImageSlot = 'logo' | 'cover';

/** The URL of a stored image (JSON {key, ...}), or null. */
export const storedImageUrl = (stored: string | null): string | null => (stored ? mediaUrl((JSON.parse(stored) as StoredImage).key) : null);

/** A place for an image: the salon's logo or cover, or one of its stylists' photo. */
export type ImagePlace = { salonId: number; slot: SalonImageSlot } | { salonId: number; stylistId: number };

/** The salon's logo and cover and its stylists' photos (those no longer working too) as stored, with its settings version; null for no such salon. */
export async function imagesOf(db: D1Database, salonId: number) {
  const [salon, stylists] = await db.batch([
    db.prepare('SELECT logo, cover, settings_version FROM salons WHERE id = ?').bind(salonId),
    db.prepare('SELECT id, name, photo, active FROM stylists WHERE salon_id = ? ORDER BY position, id').bind(salonId),
  ]);
  const row = (salon!.results as { logo: string | null; cover: string | null; settings_version: number }[])[0];
  if (!row) return null;
  return { ...row, stylists: stylists!.results as { id: number; name: string; photo: string | null; active: number }[] };
}

/** The key of a stored image (JSON {key, ...}), or null. */
export const storedKeyOf = (stored: string | null): string | null => (stored ? (JSON.parse(stored) as StoredImage).key : null);

/** Where a place's image is stored, and the condition "it holds the image `key` (null: none)". */
function placeHolding(place: ImagePlace, key: string | null) {
  return 'slot' in place
    ? {
        table: 'salons',
        column: place.slot === 'logo' ? 'logo' : 'cover',
        where: `id = ? AND json_extract(${place.slot === 'logo' ? 'logo' : 'cover'}, '$.key') IS ?`,
        params: [place.salonId, key],
      }
    : {
        table: 'stylists',
        column: 'photo',
        where: "id = ? AND salon_id = ? AND json_extract(photo, '$.key') IS ?",
        params: [place.stylistId, place.salonId, key],
      };
}

/**
 * "The place still holds the image `key` (null: none)" as an SQL condition on its parameters: a
 * change and its History row are written only under it, so two people replacing one image never
 * overwrite each other silently.
 */
export function holdsImage(place: ImagePlace, key: string | null): { sql: string; params: unknown[] } {
  const p = placeHolding(place, key);
  return { sql: `EXISTS (SELECT 1 FROM ${p.table} WHERE ${p.where})`, params: p.params };
}

/** Sets (or with null removes) the image of a place if it still holds `expectedKey`. */
export function setImageIfStatement(db: D1Database, place: ImagePlace, image: StoredImage | null, expectedKey: string | null) {
  const p = placeHolding(place, expectedKey);
  return db.prepare(`UPDATE ${p.table} SET ${p.column} = ? WHERE ${p.where}`).bind(image ? JSON.stringify(image) : null, ...p.params);
}
