import { dbOf } from './salon-db';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers';
import { consoleCall, STAFF, staffLogin } from './console-helpers';
import { png } from './image-bytes';

/**
 * Issue 55 item 9: a control character in a path (NUL, a line break, DEL, a C1 control, a bidi
 * override) is refused at the edge with 400 and changes nothing, on every kind of route: the
 * booking API, the admin API, the console, the webhooks and the pages. Before, a trailing %00
 * was dropped: `PUT /admin/salons/3/logo%00` changed the logo and
 * `DELETE /api/console/salons/3/keys/1%00` revoked key 1.
 */

const CONTROLS = ['%00', '%0a', '%0D', '%1f', '%7f', '%c2%85', '%e2%80%ae', '%E2%81%A6'];

let owner3: string;
beforeAll(async () => {
  owner3 = (await staffLogin(STAFF.owner3)).access_token;
});

const logoOf = async (salon: number) =>
  (await (await dbOf(salon)).prepare('SELECT logo FROM salons WHERE id = ?').bind(salon).first<{ logo: string | null }>())?.logo ?? null;

async function refused(res: Response) {
  expect(res.status).toBe(400);
  expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
  expect(await res.json()).toMatchObject({ code: 'BAD_REQUEST', detail: expect.stringMatching(/control character/) });
}

describe('a control character in a path', () => {
  it.each(CONTROLS)('PUT and DELETE /admin/salons/3/logo%s: 400, the logo unchanged', async (control) => {
    const before = await logoOf(3);
    const auth = { Authorization: 'Bearer demo-admin-3' };
    const path = `/admin/salons/3/logo${control}`;
    await refused(await call(path, { method: 'PUT', headers: { ...auth, 'Content-Type': 'image/png' }, body: png(9, 9) }));
    await refused(await call(path, { method: 'DELETE', headers: auth }));
    expect(await logoOf(3)).toBe(before);
  });

  it("DELETE /api/console/salons/3/keys/{id}%00 is 400 and the key stays; the key's own path revokes it", async () => {
    const created = await consoleCall('/api/console/salons/3/keys', owner3, {
      method: 'POST',
      body: JSON.stringify({ name: 'Till sync' }),
    });
    const { id } = (await created.json()) as { id: number };
    for (const control of CONTROLS)
      await refused(await consoleCall(`/api/console/salons/3/keys/${id}${control}`, owner3, { method: 'DELETE' }));
    const listed = (await (await consoleCall('/api/console/salons/3/keys', owner3)).json()) as { id: number }[];
    expect(listed.map((k) => k.id)).toContain(id);
    expect((await consoleCall(`/api/console/salons/3/keys/${id}`, owner3, { method: 'DELETE' })).status).toBe(204);
  });

  it.each([
    ['GET', '/api/book-online/salon/1/%00'],
    ['GET', '/api/book-online/new/availability/appointment/1/2027-02-10%0a/1/1/null/'],
    ['GET', '/api/console/salons/1%7f/settings'],
    ['POST', '/webhooks/stripe%00'],
    ['POST', '/webhooks/twilio/status%0d%0a'],
    ['GET', '/salon/1%e2%80%ae/'],
    ['GET', '/r/1.abc%00'],
    ['GET', '/assets/app%00.js'],
    ['GET', '/%c2%9b'],
  ])('%s %s: 400 JSON, before any route', async (method, path) => {
    await refused(await call(path, { method, ...(method === 'POST' ? { body: '{}' } : {}) }));
  });

  it('a %-escape that is not UTF-8 is 400 too (what it stands for cannot be checked)', async () => {
    for (const path of ['/salon/1%ff/', '/api/book-online/salon/1/%e2%80', '/admin/salons/3/logo%c0%80']) {
      const res = await call(path);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: 'BAD_REQUEST', detail: expect.stringMatching(/not UTF-8/) });
    }
  });

  it('a path with ordinary escapes still reaches its route', async () => {
    expect((await call('/api/book-online/salon/1/')).status).toBe(200);
    // an escaped space or a letter is not a control character: the route answers as it would
    expect((await call('/api/console/salons/1%20/settings')).status).not.toBe(400);
    expect((await call('/salon/%31/')).status).toBe(200);
  });
});
