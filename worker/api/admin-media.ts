import { Hono } from 'hono';
import * as z from 'zod';
import { mediaUrl, type ImagePlace, type StoredImage } from '../db/media';
import type { AppEnv } from '../env';
import { AppError } from '../errors';
import { changeImage } from '../media/photos';
import { idParam, validate } from '../validate';
import { imageBodyLimit, uploadedImage } from './image-upload';
import { adminRoute, changedScopes, SCOPES } from './policy';

const salonParam = z.object({ salonId: idParam('Salon id'), slot: z.enum(['logo', 'cover'], 'must be logo or cover') });
const stylistParam = z.object({ salonId: idParam('Salon id'), stylistId: idParam('Stylist id') });

const answer = (image: StoredImage) => ({ url: mediaUrl(image.key), width: image.width, height: image.height });

/** Sets or removes a place's image (History: 'admin key'); a stylist of another salon is 404. */
async function change(db: D1Database, place: ImagePlace, image: StoredImage | null) {
  if ((await changeImage(db, place, image, 'admin key')) === 'no-such-stylist')
    throw new AppError('NOT_FOUND', 'This salon has no such stylist');
}

/**
 * The salon's images, with its admin key (as PATCH /admin/salons/{id}): PUT the raw bytes of a
 * PNG, JPEG or WebP (Content-Type as the file really is) to set the logo, the cover or a
 * stylist's photo; DELETE to remove it. Each change names the salon's cache scope (changedScopes)
 * and is in History.
 */
// An alternation in a path is grouped, {(?:logo|cover)}: Hono's combined router took a bare
// {logo|cover} as 'logo…' or '…cover', so /logoX, /logo/x and /logos changed the logo (issue 33).
export const adminMedia = new Hono<AppEnv>()
  .put(
    '/admin/salons/:salonId/:slot{(?:logo|cover)}',
    adminRoute,
    validate('param', salonParam),
    imageBodyLimit((c) => (c.req.param('slot') === 'cover' ? 'cover' : 'logo')),
    async (c) => {
      const { salonId: id, slot } = c.req.valid('param');
      const image = await uploadedImage(c, slot);
      await change(c.env.DB, { salonId: id, slot }, image);
      changedScopes(c, [SCOPES.salon(id)]);
      c.header('Cache-Control', 'no-store');
      return c.json(answer(image));
    },
  )
  .delete('/admin/salons/:salonId/:slot{(?:logo|cover)}', adminRoute, validate('param', salonParam), async (c) => {
    const { salonId: id, slot } = c.req.valid('param');
    await change(c.env.DB, { salonId: id, slot }, null);
    changedScopes(c, [SCOPES.salon(id)]);
    return c.body(null, 204);
  })
  .put(
    '/admin/salons/:salonId/stylists/:stylistId/photo',
    adminRoute,
    validate('param', stylistParam),
    imageBodyLimit(() => 'photo'),
    async (c) => {
      const { salonId: id, stylistId } = c.req.valid('param');
      const image = await uploadedImage(c, 'photo');
      await change(c.env.DB, { salonId: id, stylistId }, image);
      changedScopes(c, [SCOPES.salon(id)]);
      c.header('Cache-Control', 'no-store');
      return c.json(answer(image));
    },
  )
  .delete('/admin/salons/:salonId/stylists/:stylistId/photo', adminRoute, validate('param', stylistParam), async (c) => {
    const { salonId: id, stylistId } = c.req.valid('param');
    await change(c.env.DB, { salonId: id, stylistId }, null);
    changedScopes(c, [SCOPES.salon(id)]);
    return c.body(null, 204);
  });
