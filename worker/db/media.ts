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

/** Sets (or with null removes) a salon's logo or cover. */
export async function setSalonImage(db: D1Database, salonId: number, slot: SalonImageSlot, image: StoredImage | null): Promise<void> {
  const column = slot === 'logo' ? 'logo' : 'cover';
  await db
    .prepare(`UPDATE salons SET ${column} = ? WHERE id = ?`)
    .bind(image ? JSON.stringify(image) : null, salonId)
    .run();
}

/** Sets (or removes) the photo of one of the salon's stylists; false when the salon has no such stylist. */
export async function setStylistPhoto(db: D1Database, salonId: number, stylistId: number, image: StoredImage | null): Promise<boolean> {
  const r = await db
    .prepare('UPDATE stylists SET photo = ? WHERE id = ? AND salon_id = ?')
    .bind(image ? JSON.stringify(image) : null, stylistId, salonId)
    .run();
  return r.meta.changes > 0;
}

/** The URL of a stored image (JSON {key, ...}), or null. */
export const storedImageUrl = (stored: string | null): string | null => (stored ? mediaUrl((JSON.parse(stored) as StoredImage).key) : null);
