import { Hono, type Context } from 'hono';
import * as z from 'zod';
import { CAN } from '../../../shared/console/roles';
import type { ImagePlace } from '../../db/media';
import type { AppEnv } from '../../env';
import { errorBody } from '../../error-answer';
import { AppError } from '../../errors';
import { changeImage, photosOf } from '../../media/photos';
import { idParam, validate } from '../../validate';
import { imageBodyLimit, uploadedImage } from '../image-upload';
import { changedScopes, SCOPES, staffRoute } from '../policy';
import { staffOf } from '../staff-access';

const slotParam = z.object({ salonId: idParam('Salon id'), slot: z.enum(['logo', 'cover'], 'must be logo or cover') });
const stylistParam = z.object({ salonId: idParam('Salon id'), stylistId: idParam('Stylist id') });

/** The image a change started from: If-Match: "<tag>" of the GET's answer, or none for an empty place. */
function expectedTag(c: Context<AppEnv>): string {
  const header = c.req.header('If-Match');
  if (!header) throw new AppError('PRECONDITION_REQUIRED', 'Send the image the change started from (If-Match: its tag, or none)');
  const m = /^"?([0-9a-f]{32}\.(?:png|jpg|webp)|none)"?$/.exec(header.trim());
  if (!m) throw new AppError('BAD_REQUEST', 'If-Match must be the image’s tag from GET …/photos, or none');
  return m[1]!;
}

const requireIfMatch = async (c: Context<AppEnv>, next: () => Promise<void>) => {
  expectedTag(c);
  await next();
};

const MSG_STALE = 'Someone else changed this image since you opened the page. Here it is now: choose yours again to replace it.';

/** Makes the change; answers every image as it is now (412 with them when someone changed this one meanwhile). */
async function change(c: Context<AppEnv>, place: ImagePlace, upload: (() => ReturnType<typeof uploadedImage>) | null) {
  const staff = staffOf(c);
  const from = expectedTag(c);
  const image = upload && (await upload());
  const outcome = await changeImage(c.env.DB, place, image, staff.email, from);
  if (outcome === 'no-such-stylist') throw new AppError('NOT_FOUND', 'This salon has no such stylist');
  c.header('Cache-Control', 'private, no-store');
  const current = await photosOf(c.env.DB, staff.salonId);
  if (outcome === 'stale')
    return c.json({ ...errorBody(c, 'PRECONDITION_FAILED', MSG_STALE), error: 'STALE_VERSION', message: MSG_STALE, current }, 412);
  changedScopes(c, [SCOPES.salon(staff.salonId)]);
  return c.json(current);
}

/**
 * /api/console/salons/{id}/photos (owners and managers): the logo, the cover and the stylists'
 * photos. PUT an image's raw bytes (PNG, JPEG or WebP, with its real Content-Type; the rules of
 * shared/images.ts, as the admin API) or DELETE it, with If-Match: the tag of the image the
 * change started from ("none" for an empty place). Each change is in History and on the next
 * page load; a refusal names its field (logo, cover, photo).
 */
export const consolePhotos = new Hono<AppEnv>()
  .get('/console/salons/:salonId/photos', staffRoute(CAN.editSettings), async (c) => {
    const photos = await photosOf(c.env.DB, staffOf(c).salonId);
    if (!photos) throw new AppError('NOT_FOUND', 'Salon not found');
    c.header('Cache-Control', 'private, no-store');
    return c.json(photos);
  })
  .put(
    '/console/salons/:salonId/photos/:slot{(?:logo|cover)}',
    staffRoute(CAN.editSettings),
    validate('param', slotParam),
    requireIfMatch,
    imageBodyLimit(
      (c) => (c.req.param('slot') === 'cover' ? 'cover' : 'logo'),
      (c) => c.req.param('slot') ?? 'logo',
    ),
    async (c) => {
      const { slot } = c.req.valid('param');
      return change(c, { salonId: staffOf(c).salonId, slot }, () => uploadedImage(c, slot, slot));
    },
  )
  .delete(
    '/console/salons/:salonId/photos/:slot{(?:logo|cover)}',
    staffRoute(CAN.editSettings),
    validate('param', slotParam),
    requireIfMatch,
    (c) => change(c, { salonId: staffOf(c).salonId, slot: c.req.valid('param').slot }, null),
  )
  .put(
    '/console/salons/:salonId/photos/stylists/:stylistId',
    staffRoute(CAN.editSettings),
    validate('param', stylistParam),
    requireIfMatch,
    imageBodyLimit(
      () => 'photo',
      () => 'photo',
    ),
    async (c) =>
      change(c, { salonId: staffOf(c).salonId, stylistId: c.req.valid('param').stylistId }, () => uploadedImage(c, 'photo', 'photo')),
  )
  .delete(
    '/console/salons/:salonId/photos/stylists/:stylistId',
    staffRoute(CAN.editSettings),
    validate('param', stylistParam),
    requireIfMatch,
    (c) => change(c, { salonId: staffOf(c).salonId, stylistId: c.req.valid('param').stylistId }, null),
  );
