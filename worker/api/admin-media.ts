import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { mediaUrl, setSalonImage, setStylistPhoto, type StoredImage } from '../db/media';
import type { AppEnv } from '../env';
import { AppError } from '../errors';
import { declaredImageType, IMAGE_LIMITS, storeImage, tooLarge, type ImageSlot } from '../media/store';
import { idParam, validate } from '../validate';
import { requireAdminKey } from './admin-key';
import { adminRoute, changedScopes, SCOPES } from './policy';

const salonParam = z.object({ id: idParam('Salon id'), slot: z.enum(['logo', 'cover'], 'must be logo or cover') });
const stylistParam = z.object({ id: idParam('Salon id'), stylistId: idParam('Stylist id') });

/** Refuses a body over the slot's limit before reading it all (Content-Length, or while streaming). */
const limitFor = (slot: (c: Context<AppEnv>) => ImageSlot) => async (c: Context<AppEnv>, next: () => Promise<void>) => {
  const s = slot(c);
  return bodyLimit({ maxSize: IMAGE_LIMITS[s], onError: () => Promise.reject(tooLarge(s)) })(c, next);
};

/** Reads, checks and stores the uploaded image of the request. */
async function upload(c: Context<AppEnv>, slot: ImageSlot): Promise<StoredImage> {
  const declared = declaredImageType(c.req.header('Content-Type'));
  return storeImage(c.env.MEDIA, slot, declared, new Uint8Array(await c.req.arrayBuffer()));
}

const answer = (image: StoredImage) => ({ url: mediaUrl(image.key), width: image.width, height: image.height });

/**
 * The salon's images, with its admin key (as PATCH /admin/salons/{id}): PUT the raw bytes of a
 * PNG, JPEG or WebP (Content-Type as the file really is) to set the logo, the cover or a
 * stylist's photo; DELETE to remove it. Each change names the salon's cache scope (changedScopes).
 */
export const adminMedia = new Hono<AppEnv>()
  .put(
    '/admin/salons/:id/:slot{logo|cover}',
    adminRoute,
    validate('param', salonParam),
    requireAdminKey,
    limitFor((c) => (c.req.param('slot') === 'cover' ? 'cover' : 'logo')),
    async (c) => {
      const { id, slot } = c.req.valid('param');
      const image = await upload(c, slot);
      await setSalonImage(c.env.DB, id, slot, image);
      changedScopes(c, [SCOPES.salon(id)]);
      c.header('Cache-Control', 'no-store');
      return c.json(answer(image));
    },
  )
  .delete('/admin/salons/:id/:slot{logo|cover}', adminRoute, validate('param', salonParam), requireAdminKey, async (c) => {
    const { id, slot } = c.req.valid('param');
    await setSalonImage(c.env.DB, id, slot, null);
    changedScopes(c, [SCOPES.salon(id)]);
    return c.body(null, 204);
  })
  .put(
    '/admin/salons/:id/stylists/:stylistId/photo',
    adminRoute,
    validate('param', stylistParam),
    requireAdminKey,
    limitFor(() => 'photo'),
    async (c) => {
      const { id, stylistId } = c.req.valid('param');
      const image = await upload(c, 'photo');
      if (!(await setStylistPhoto(c.env.DB, id, stylistId, image))) throw new AppError('NOT_FOUND', 'This salon has no such stylist');
      changedScopes(c, [SCOPES.salon(id)]);
      c.header('Cache-Control', 'no-store');
      return c.json(answer(image));
    },
  )
  .delete('/admin/salons/:id/stylists/:stylistId/photo', adminRoute, validate('param', stylistParam), requireAdminKey, async (c) => {
    const { id, stylistId } = c.req.valid('param');
    if (!(await setStylistPhoto(c.env.DB, id, stylistId, null))) throw new AppError('NOT_FOUND', 'This salon has no such stylist');
    changedScopes(c, [SCOPES.salon(id)]);
    return c.body(null, 204);
  });
