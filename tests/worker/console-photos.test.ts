import { beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../shared/console/history';
import type { ConsolePhotos } from '../../shared/console/photos';
import type { SalonDetails } from '../../shared/types';
import { consoleCall, STAFF, staffLogin } from './console-helpers';
import { bootstrapOf, call } from './helpers';
import { jpeg, png, webp } from './image-bytes';

let manager: string;
beforeAll(async () => {
  manager = (await staffLogin(STAFF.manager3)).access_token;
});

const photos = async (salon = 3) => (await (await consoleCall(`/api/console/salons/${salon}/photos`, manager)).json()) as ConsolePhotos;
const put = (path: string, type: string, bytes: Uint8Array, ifMatch: string | null) =>
  consoleCall(`/api/console/salons/3/photos/${path}`, manager, {
    method: 'PUT',
    headers: { 'Content-Type': type, ...(ifMatch === null ? {} : { 'If-Match': `"${ifMatch}"` }) },
    body: bytes,
  });
const remove = (path: string, ifMatch: string) =>
  consoleCall(`/api/console/salons/3/photos/${path}`, manager, { method: 'DELETE', headers: { 'If-Match': ifMatch } });
const page = async () => (bootstrapOf(await (await call('/salon/3')).text()) as { salon: SalonDetails }).salon;
const history = async () => (await (await consoleCall('/api/console/salons/3/history', manager)).json()) as HistoryEntry[];
const refusal = async (res: Response) => ({ status: res.status, ...((await res.json()) as { detail: string; field?: string }) });

describe('photos in the console (issue 28)', () => {
  it('lists the logo, the cover and each working stylist’s photo, each with the tag a change names', async () => {
    const p = await photos();
    expect(p.logo).toMatchObject({ url: expect.stringMatching(/^\/media\/[0-9a-f]{32}\.webp$/), tag: expect.stringMatching(/\.webp$/) });
    expect(p.cover).not.toBeNull();
    expect(p.stylists).toEqual([{ id: 6, name: 'Marco Diaz', photo: null }]);
  });

  it('a new logo shows on a client’s very next page load and in History; a change from an older tag is a 412', async () => {
    const before = await photos();
    const res = await put('logo', 'image/png', png(300, 120), before.logo!.tag);
    expect(res.status).toBe(200);
    const after = (await res.json()) as ConsolePhotos;
    expect(after.logo).toMatchObject({ url: expect.stringMatching(/\.png$/), width: 300, height: 120 });
    expect((await page()).logo?.url).toBe(after.logo!.url);
    expect((await history())[0]).toMatchObject({ who: STAFF.manager3.email, field: 'logo', old: before.logo!.url, new: after.logo!.url });

    // someone still looking at the old logo replaces it: refused, with the images as they are now
    const stale = await put('logo', 'image/webp', webp(64, 64), before.logo!.tag);
    expect(stale.status).toBe(412);
    expect(((await stale.json()) as { current: ConsolePhotos }).current.logo?.url).toBe(after.logo!.url);
    expect((await page()).logo?.url).toBe(after.logo!.url);
  });

  it('removes the cover and sets and removes a stylist’s photo, each in History', async () => {
    const p = await photos();
    const gone = await remove('cover', p.cover!.tag);
    expect(gone.status).toBe(200);
    expect(((await gone.json()) as ConsolePhotos).cover).toBeNull();
    expect((await page()).cover).toBeNull();

    const set = await put('stylists/6', 'image/jpeg', jpeg(200, 200), 'none');
    expect(set.status).toBe(200);
    const photo = ((await set.json()) as ConsolePhotos).stylists[0]!.photo!;
    expect(photo).toMatchObject({ width: 200, height: 200 });
    expect((await remove('stylists/6', photo.tag)).status).toBe(200);
    const [unset, added, cover] = await history();
    expect(unset).toMatchObject({
      field: 'stylist_photo',
      old: { stylist: 'Marco Diaz', url: photo.url },
      new: { stylist: 'Marco Diaz', url: null },
    });
    expect(added).toMatchObject({ field: 'stylist_photo', new: { stylist: 'Marco Diaz', url: photo.url } });
    expect(cover).toMatchObject({ field: 'cover', old: p.cover!.url, new: null });
  });

  it.each([
    ['a GIF as the logo', 'logo', 'image/gif', png(10, 10), 415, 'logo', /image\/png, image\/jpeg, image\/webp/],
    ['text sent as a PNG cover', 'cover', 'image/png', new TextEncoder().encode('<html></html>'), 415, 'cover', /not a PNG, JPEG or WebP/],
    ['a logo over 2 MB', 'logo', 'image/png', png(10, 10, 2 * 1024 * 1024 + 1), 413, 'logo', /logo must be at most 2 MB/],
    ['a JPEG sent as a WebP photo', 'stylists/6', 'image/webp', jpeg(10, 10), 415, 'photo', /is image\/jpeg but was sent as image\/webp/],
  ])('refuses %s naming the field, with the admin API’s rules', async (_name, path, type, bytes, status, field, detail) => {
    const tag = path === 'stylists/6' ? 'none' : ((await photos())[path as 'logo' | 'cover']?.tag ?? 'none');
    const r = await refusal(await put(path, type, bytes, tag));
    expect(r).toMatchObject({ status, field });
    expect(r.detail).toMatch(detail);
  });

  it('needs the image it started from (428 without If-Match, 400 for a malformed one); another salon’s stylist is 404', async () => {
    expect((await put('logo', 'image/png', png(10, 10), null)).status).toBe(428);
    expect((await put('logo', 'image/png', png(10, 10), 'latest')).status).toBe(400);
    expect((await put('stylists/1', 'image/png', png(10, 10), 'none')).status).toBe(404);
    expect((await remove('stylists/999', 'none')).status).toBe(404);
  });

  it('an admin-key upload is in History too, as the admin key', async () => {
    const res = await call('/admin/salons/3/stylists/6/photo', {
      method: 'PUT',
      headers: { Authorization: 'Bearer demo-admin-3', 'Content-Type': 'image/png' },
      body: png(40, 40),
    });
    expect(res.status).toBe(200);
    expect((await history())[0]).toMatchObject({ who: 'admin key', field: 'stylist_photo', new: { stylist: 'Marco Diaz' } });
  });
});
