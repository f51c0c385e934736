/**
 * The rules an uploaded image meets, wherever it is uploaded (the admin API, the console): which
 * types, how large for each place, how many pixels a side. The Worker checks the bytes
 * (worker/media/store.ts); the console checks a chosen file with the same rules before sending it.
 */
export const IMAGE_TYPES = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
} as const;
export type ImageType = keyof typeof IMAGE_TYPES;
export type ImageExtension = (typeof IMAGE_TYPES)[ImageType];

const MB = 1024 * 1024;
/** The largest image each place takes (bytes). */
export const IMAGE_LIMITS = { logo: 2 * MB, cover: 5 * MB, photo: 2 * MB } as const;
export type ImageSlot = keyof typeof IMAGE_LIMITS;
/** The largest side of an image, in pixels: bigger is no use on a booking page. */
export const MAX_IMAGE_SIDE = 8000;

export const ACCEPTED_IMAGE_TYPES = Object.keys(IMAGE_TYPES).join(', ');

export const isImageType = (type: string): type is ImageType => type in IMAGE_TYPES;

export const imageTooLargeMessage = (slot: ImageSlot) =>
  `The ${slot} must be at most ${IMAGE_LIMITS[slot] / MB} MB: make it smaller (a ${slot === 'cover' ? '1600' : '512'}-pixel WebP or JPEG is plenty)`;

export const NOT_AN_IMAGE_MESSAGE = `The file is not a PNG, JPEG or WebP image (accepted: ${ACCEPTED_IMAGE_TYPES})`;

/** What is wrong with a file chosen for `slot` by its type and size (its bytes are checked on upload), or null. */
export function imageFileProblem(slot: ImageSlot, file: { type: string; size: number }): string | null {
  if (!isImageType(file.type)) return 'Choose a PNG, JPEG or WebP image.';
  if (file.size === 0) return 'The file is empty: choose another.';
  if (file.size > IMAGE_LIMITS[slot]) return imageTooLargeMessage(slot);
  return null;
}
