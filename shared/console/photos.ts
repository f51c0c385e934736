/** One of the salon's images as the console shows it; `tag` names it in If-Match ('none' for an empty place). */
export interface ConsolePhoto {
  url: string;
  width: number;
  height: number;
  tag: string;
}

/** GET /api/console/salons/{id}/photos, and the answer of every change of one. */
export interface ConsolePhotos {
  logo: ConsolePhoto | null;
  cover: ConsolePhoto | null;
  stylists: { id: number; name: string; photo: ConsolePhoto | null }[];
}

/** The If-Match of a place with no image yet. */
export const NO_PHOTO_TAG = 'none';
export const photoTagOf = (photo: ConsolePhoto | null) => photo?.tag ?? NO_PHOTO_TAG;

/** The history names of image changes (beside the settings' names). */
export const PHOTO_FIELDS = ['logo', 'cover', 'stylist_photo'] as const;
export type PhotoField = (typeof PHOTO_FIELDS)[number];
export const PHOTO_LABELS: Record<PhotoField, string> = { logo: 'Logo', cover: 'Cover', stylist_photo: 'Stylist’s photo' };

/** A stylist's photo in History: whose, and its address (null: none). */
export interface StylistPhotoValue {
  stylist: string;
  url: string | null;
}
