import { AppError } from '../errors';
import type { StoredImage } from '../db/media';
import {
  ACCEPTED_IMAGE_TYPES as ACCEPTED,
  IMAGE_LIMITS,
  IMAGE_TYPES,
  imageTooLargeMessage,
  isImageType,
  MAX_IMAGE_SIDE as MAX_SIDE,
  NOT_AN_IMAGE_MESSAGE,
  type ImageSlot,
  type ImageType,
} from '../../shared/images';
import { sniffImage } from './image-type';

export { IMAGE_LIMITS, type ImageSlot };

/** The declared type of an upload, checked before its body is read. */
export function declaredImageType(contentType: string | undefined): ImageType {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (!isImageType(type)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Send the image's bytes with Content-Type ${ACCEPTED}`);
  }
  return type;
}

/**
 * Checks an uploaded image (its real type by its bytes, its size) and stores it in the MEDIA
 * bucket under the SHA-256 of its bytes, so its address never changes while it exists and
 * browsers may keep it for a year.
 */
export async function storeImage(bucket: R2Bucket, slot: ImageSlot, declared: ImageType, bytes: Uint8Array): Promise<StoredImage> {
  if (bytes.length === 0) throw new AppError('BAD_REQUEST', 'The image is empty: send its bytes as the request body');
  if (bytes.length > IMAGE_LIMITS[slot]) throw tooLarge(slot);
  const found = sniffImage(bytes);
  if (!found) throw new AppError('UNSUPPORTED_MEDIA_TYPE', NOT_AN_IMAGE_MESSAGE);
  if (found.type !== declared) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      `The file is ${found.type} but was sent as ${declared}: send it with Content-Type ${found.type}`,
    );
  }
  if (found.width > MAX_SIDE || found.height > MAX_SIDE) {
    throw new AppError('BAD_REQUEST', `The image is ${found.width}×${found.height} pixels: at most ${MAX_SIDE} pixels a side`);
  }
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  const hash = [...digest.slice(0, 16)].map((b) => b.toString(16).padStart(2, '0')).join('');
  const key = `${hash}.${IMAGE_TYPES[found.type]}`;
  if (!(await bucket.head(key))) await bucket.put(key, bytes, { httpMetadata: { contentType: found.type } });
  return { key, width: found.width, height: found.height };
}

export const tooLarge = (slot: ImageSlot): AppError => new AppError('PAYLOAD_TOO_LARGE', imageTooLargeMessage(slot));
