import { queryOptions } from '@tanstack/react-query';
import { photoTagOf, type ConsolePhoto, type ConsolePhotos } from '../../../shared/console/photos';
import { ApiError, staffCall } from '../lib/api';

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
    queryFn: () => staffCall<ConsolePhotos>(`salons/${salonId}/photos`),
    refetchOnWindowFocus: false,
  });

/** PUT (a file) or DELETE (null) one image, from the image it started from: a 412 carries the images as they are now. */
export async function changePhoto(salonId: number, path: string, from: ConsolePhoto | null, file: File | null): Promise<ConsolePhotos> {
  try {
    return await staffCall<ConsolePhotos>(`salons/${salonId}/photos/${path}`, {
      method: file ? 'PUT' : 'DELETE',
      headers: { 'If-Match': `"${photoTagOf(from)}"` },
      body: file ?? undefined,
    });
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    const current = e.status === 412 ? ((e.body as { current?: ConsolePhotos }).current ?? null) : null;
    // a refusal of the file names its field (logo, cover, photo): its words go under the file's field
    throw new ConsolePhotosError(Object.values(e.fieldErrors)[0] ?? e.message, current);
  }
}
