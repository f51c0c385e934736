import type { Context, Next } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { StoredImage } from '../db/media';
import type { AppEnv } from '../env';
import { AppError } from '../errors';
import { declaredImageType, IMAGE_LIMITS, storeImage, tooLarge, type ImageSlot } from '../media/store';

/** The refusal named after the field it is about (the console puts it under that field). */
const about = (e: unknown, field: string | undefined) =>
  field && e instanceof AppError && !e.field ? new AppError(e.code, e.message, field) : e;

/** Refuses a body over the slot's limit before reading it all (Content-Length, or while streaming). */
export const imageBodyLimit =
  (slot: (c: Context<AppEnv>) => ImageSlot, field?: (c: Context<AppEnv>) => string) => async (c: Context<AppEnv>, next: Next) => {
    const s = slot(c);
    return bodyLimit({ maxSize: IMAGE_LIMITS[s], onError: () => Promise.reject(about(tooLarge(s), field?.(c))) })(c, next);
  };

/** Reads, checks (shared/images.ts) and stores the request's image: the raw bytes with their real Content-Type. */
export async function uploadedImage(c: Context<AppEnv>, slot: ImageSlot, field?: string): Promise<StoredImage> {
  try {
    const declared = declaredImageType(c.req.header('Content-Type'));
    return await storeImage(c.env.MEDIA, slot, declared, new Uint8Array(await c.req.arrayBuffer()));
  } catch (e) {
    throw about(e, field);
  }
}
