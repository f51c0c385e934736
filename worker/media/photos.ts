import { NO_PHOTO_TAG, type ConsolePhoto, type PhotoField, type ConsolePhotos, type StylistPhotoValue } from '../../shared/console/photos';
import { imagesOf, mediaUrl, setImageIfStatement, holdsImage, storedKeyOf, type ImagePlace, type StoredImage } from '../db/media';
import { historyStatementIf, type SettingChange } from '../db/settings-history';

/** A stored image (JSON {key, width, height}) as the console shows it: its address, size and If-Match tag. */
export function consolePhotoOf(stored: string | null): ConsolePhoto | null {
  if (!stored) return null;
  const { key, width, height } = JSON.parse(stored) as StoredImage;
  return { url: mediaUrl(key), width, height, tag: key };
}

/** The salon's logo, cover and its stylists' photos for the console; null for no such salon. */
export async function photosOf(db: D1Database, salonId: number): Promise<ConsolePhotos | null> {
  const images = await imagesOf(db, salonId);
  if (!images) return null;
  return {
    logo: consolePhotoOf(images.logo),
    cover: consolePhotoOf(images.cover),
    stylists: images.stylists.filter((s) => s.active).map((s) => ({ id: s.id, name: s.name, photo: consolePhotoOf(s.photo) })),
  };
}

export type ImageChangeOutcome = 'changed' | 'stale' | 'no-such-stylist';

/**
 * Sets (or with null removes) the image of a place, with its History row in the same batch.
 * With `expectedTag` (the console's If-Match), only if the place still holds that image: someone
 * who replaced it meanwhile is never overwritten silently ('stale'). Without it (the admin API),
 * the change goes on top of whatever is there.
 */
export async function changeImage(
  db: D1Database,
  place: ImagePlace,
  image: StoredImage | null,
  who: string,
  expectedTag?: string,
): Promise<ImageChangeOutcome> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const images = await imagesOf(db, place.salonId);
    const stylist = 'stylistId' in place ? images?.stylists.find((s) => s.id === place.stylistId) : undefined;
    if (!images || ('stylistId' in place && !stylist)) return 'no-such-stylist';
    const stored = 'slot' in place ? images[place.slot] : stylist!.photo;
    const currentKey = storedKeyOf(stored);
    if (expectedTag !== undefined && expectedTag !== (currentKey ?? NO_PHOTO_TAG)) return 'stale';
    if ((image?.key ?? null) === currentKey) return 'changed';
    const url = (key: string | null) => (key ? mediaUrl(key) : null);
    const change: SettingChange<PhotoField> =
      'slot' in place
        ? { field: place.slot, old: url(currentKey), new: url(image?.key ?? null) }
        : {
            field: 'stylist_photo',
            old: { stylist: stylist!.name, url: url(currentKey) } satisfies StylistPhotoValue,
            new: { stylist: stylist!.name, url: url(image?.key ?? null) } satisfies StylistPhotoValue,
          };
    const h = { salonId: place.salonId, version: images.settings_version, who };
    const [, set] = await db.batch([
      historyStatementIf(db, h, change, Date.now(), holdsImage(place, currentKey)),
      setImageIfStatement(db, place, image, currentKey),
    ]);
    if (set!.meta.changes > 0) return 'changed';
    if (expectedTag !== undefined) return 'stale';
    // the admin API has no precondition: someone changed it between the read and the write, so go on top of theirs
  }
  return 'stale';
}
