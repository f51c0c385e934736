import { queryOptions } from '@tanstack/react-query';
import { photoTagOf, type ConsolePhoto, type ConsolePhotos } from '../../../shared/console/photos';
import { answer, ApiError, salon, salonCalls } from '../lib/api';

/** A refused change of an image: its words, and the images as they are now when someone changed this one meanwhile (412). */
export class ConsolePhotosError extends Error {
  constructor(
    message: string,
    readonly current: ConsolePhotos | null,
  ) {
    super(message);
  }
}

/** GET /api/console/salons/{id}/photos: the logo, the cover and the stylists' photos, each with its tag. */
export const photosQuery = (salonId: number) =>
  queryOptions({
    queryKey: ['console', salonId, 'photos'],
    queryFn: () => answer(salonCalls.photos.$get({ param: salon(salonId) })),
    refetchOnWindowFocus: false,
  });

/** The images after a change: none only when the salon itself is gone. */
function found(photos: ConsolePhotos | null): ConsolePhotos {
  if (!photos) throw new ApiError('Salon not found', 404);
  return photos;
}

/** PUT (a file) or DELETE (null) one image, from the image it started from: a 412 carries the images as they are now. */
export async function changePhoto(salonId: number, path: string, from: ConsolePhoto | null, file: File | null): Promise<ConsolePhotos> {
  try {
    // a stylist's photo ('stylists/4'), or the logo or the cover; the file's own bytes with its own type
    const stylistId = /^stylists\/(\d+)$/.exec(path)?.[1];
    const headers = { 'If-Match': `"${photoTagOf(from)}"`, ...(file ? { 'Content-Type': file.type } : {}) };
    const body = { headers, init: { body: file } };
    if (stylistId) {
      const photo = { param: { ...salon(salonId), stylistId } };
      const call = salonCalls.photos.stylists[':stylistId'];
      return found(await answer(file ? call.$put(photo, body) : call.$delete(photo, { headers })));
    }
    const photo = { param: { ...salon(salonId), slot: path as 'logo' | 'cover' } };
    const call = salonCalls.photos[':slot{(?:logo|cover)}'];
    return found(await answer(file ? call.$put(photo, body) : call.$delete(photo, { headers })));
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    const current = e.status === 412 ? ((e.body as { current?: ConsolePhotos }).current ?? null) : null;
    // a refusal of the file names its field (logo, cover, photo): its words go under the file's field
    throw new ConsolePhotosError(Object.values(e.fieldErrors)[0] ?? e.message, current);
  }
}
