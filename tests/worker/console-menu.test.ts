import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../shared/console/history';
import type { MenuCategory, MenuService } from '../../shared/console/menu';
import type { Category } from '../../shared/types';
import { consoleCall, STAFF, staffLogin } from './console-helpers';
import { call, standIn } from './helpers';

/** The Services place's calls (issue 48): categories and services from the console. */
let owner: string;
let manager: string;
let stylist: string;
let owner3: string;
/** each salon's owner */
const ownerOf = (salon: number) => (salon === 3 ? owner3 : owner);

beforeAll(async () => {
  owner = (await staffLogin(STAFF.groupOwner)).access_token;
  manager = (await staffLogin(STAFF.manager3)).access_token;
  stylist = (await staffLogin(STAFF.stylist1)).access_token;
  owner3 = (await staffLogin(STAFF.owner3)).access_token;
});

const menu = (salon: number, path: string, token: string, init: RequestInit = {}) =>
  consoleCall(`/api/console/salons/${salon}/${path}`, token, init);
const send = (salon: number, path: string, method: string, body: unknown, token = ownerOf(salon), version?: number | string) =>
  menu(salon, path, token, {
    method,
    headers: version === undefined ? {} : { 'If-Match': `"${version}"` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const services = async (salon: number, token = ownerOf(salon)) => (await (await menu(salon, 'services', token)).json()) as MenuService[];
const categories = async (salon: number, token = ownerOf(salon)) =>
  (await (await menu(salon, 'categories', token)).json()) as MenuCategory[];
const catalogue = async (salon: number) => (await (await call(`/api/book-online/services/${salon}/`)).json()) as Category[];
const history = async (salon: number) => (await (await menu(salon, 'history', ownerOf(salon))).json()) as HistoryEntry[];

describe('categories', () => {
  it('adds one at the end, renames and moves it with If-Match, and each change is in History', async () => {
    const created = await send(3, 'categories', 'POST', { name: '  Beards  ' }, manager);
    expect(created.status).toBe(201);
    const cat = (await created.json()) as MenuCategory;
    expect(cat).toMatchObject({ name: 'Beards', position: 2, version: 1, services: 0 });
    expect(created.headers.get('ETag')).toBe('"1"');

    const renamed = await send(3, `categories/${cat.id}`, 'PATCH', { name: 'Beard care', position: 1 }, manager, 1);
    expect(renamed.status).toBe(200);
    expect(renamed.headers.get('ETag')).toBe('"2"');
    expect((await categories(3)).map((c) => c.name)).toEqual(['Beard care', 'Barbering']);
    const entries = (await history(3)).filter((h) => h.field === 'menu_category').map((h) => [h.old, h.new]);
    expect(entries).toEqual(
      expect.arrayContaining([
        [null, 'Beards'],
        ['Beards', 'Beard care'],
        ['Beard care: place 2', 'Beard care: place 1'],
      ]),
    );
  });

  it('a change needs If-Match: 428 without, 412 with the category as it is now when stale', async () => {
    const cat = (await (await send(3, 'categories', 'POST', { name: 'Kids' })).json()) as MenuCategory;
    const none = await send(3, `categories/${cat.id}`, 'PATCH', { name: 'Children' });
    expect(none.status).toBe(428);
    expect((await send(3, `categories/${cat.id}`, 'DELETE', undefined)).status).toBe(428);
    expect((await send(3, `categories/${cat.id}`, 'PATCH', { name: 'Children' }, owner3, 1)).status).toBe(200);
    const stale = await send(3, `categories/${cat.id}`, 'PATCH', { name: 'Young ones' }, owner3, 1);
    expect(stale.status).toBe(412);
    expect(await stale.json()).toMatchObject({ error: 'STALE_VERSION', current: { id: cat.id, name: 'Children', version: 2 } });
    expect((await send(3, `categories/${cat.id}`, 'DELETE', undefined, owner3, 1)).status).toBe(412);
    expect((await send(3, `categories/${cat.id}`, 'DELETE', undefined, owner3, 2)).status).toBe(204);
    expect((await categories(3)).some((c) => c.id === cat.id)).toBe(false);
  });

  it('bad input is a 400 naming the field; another salon’s category is a 404', async () => {
    const bad = await send(3, 'categories', 'POST', { name: '' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ errors: { name: 'Name the category' } });
    const unknown = await send(3, 'categories', 'POST', { name: 'X', colour: 'red' });
    expect(await unknown.json()).toMatchObject({ errors: { colour: 'Unknown field: colour' } });
    // category 1 is salon 1's
    expect((await send(3, 'categories/1', 'PATCH', { name: 'Mine' }, owner3, 1)).status).toBe(404);
    expect((await send(1, 'categories/6', 'DELETE', undefined, owner, 1)).status).toBe(404);
  });

  it('removes a category only when it is empty (409 while it holds services)', async () => {
    const res = await send(1, 'categories/4', 'DELETE', undefined, owner, 1);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { detail: string }).detail).toMatch(/Finishing still has services/);
  });
});

describe('services', () => {
  it('an owner adds a service: the console lists it with its stylists and the booking page’s next load shows it', async () => {
    const before = await catalogue(1);
    expect(before.flatMap((c) => c.services).some((s) => s.name === 'Curly Cut')).toBe(false);
    const res = await send(1, 'services', 'POST', {
      name: 'Curly Cut',
      category_id: 1,
      description: 'Cut dry, curl by curl.',
      variable_price: true,
      recommended: [8],
      stylists: [
        { stylist_id: 1, price: 7000, duration: 75, processing: 0 },
        { stylist_id: 3, price: 5500, duration: 90, processing: 0 },
      ],
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as MenuService;
    expect(res.headers.get('ETag')).toBe('"1"');
    expect(created).toMatchObject({ category_id: 1, online: true, patch_test: false, variable_price: true, position: 4, recommended: [8] });
    expect(created.stylists.map((s) => s.stylist_id)).toEqual([1, 3]);
    const shown = (await catalogue(1)).find((c) => c.id === 1)!.services.find((s) => s.name === 'Curly Cut');
    expect(shown).toMatchObject({ min_price: 55, max_price: 70, variable_pricing: true, min_duration: 75, max_duration: 90 });
    expect((await history(1))[0]).toMatchObject({
      field: 'menu_service',
      old: null,
      new: expect.stringMatching(/^Curly Cut \(Cut & Style; online; from £55\.00, 2 stylists\)$/),
    });
  });

  it('a change shows on the booking page’s next load; a stale one is 412 with the service as it is now', async () => {
    const [first] = (await services(1)).filter((s) => s.name === 'Fringe Trim');
    const res = await send(
      1,
      `services/${first!.id}`,
      'PATCH',
      { name: 'Fringe Tidy', stylists: [{ stylist_id: 4, price: 900, duration: 15, processing: 0 }] },
      owner,
      first!.version,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('ETag')).toBe(`"${first!.version + 1}"`);
    const shown = (await catalogue(1)).flatMap((c) => c.services).find((s) => s.id === first!.id);
    expect(shown).toMatchObject({ name: 'Fringe Tidy', min_price: 9, max_price: 9 });
    const stale = await send(1, `services/${first!.id}`, 'PATCH', { name: 'Fringe' }, owner, first!.version);
    expect(stale.status).toBe(412);
    expect(await stale.json()).toMatchObject({ error: 'STALE_VERSION', current: { name: 'Fringe Tidy', version: first!.version + 1 } });
    expect((await send(1, `services/${first!.id}`, 'PATCH', { name: 'Fringe' })).status).toBe(428);
  });

  it('hidden from online booking at once when online is turned off', async () => {
    const s = (await services(1)).find((x) => x.name === 'Toner Refresh')!;
    expect((await send(1, `services/${s.id}`, 'PATCH', { online: false }, owner, s.version)).status).toBe(200);
    expect((await catalogue(1)).flatMap((c) => c.services).find((x) => x.id === s.id)?.show).toBe(false);
  });

  it('bad input and references that are not the salon’s are 400 naming the field', async () => {
    const bad = await send(1, 'services', 'POST', {
      name: '',
      category_id: 1,
      stylists: [{ stylist_id: 1, price: -1, duration: 2, processing: 0 }],
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: Record<string, string> }).errors).toEqual({
      name: 'Name the service',
      'stylists.0.price': 'A price cannot be below 0',
      'stylists.0.duration': 'It takes at least 5 minutes',
    });
    // category 6, stylist 6 and service 12 are salon 3's
    const foreign = await send(1, 'services', 'POST', {
      name: 'X',
      category_id: 6,
      recommended: [12],
      stylists: [{ stylist_id: 6, price: 1, duration: 10, processing: 0 }],
    });
    expect(foreign.status).toBe(400);
    expect(((await foreign.json()) as { errors: Record<string, string> }).errors).toEqual({
      category_id: 'Choose one of the salon’s categories',
      'stylists.0.stylist_id': 'Choose one of the salon’s stylists',
      'recommended.0': 'Choose finishing services from the salon’s menu',
    });
    expect((await menu(1, 'services/12', owner)).status).toBe(404);
    expect((await send(1, 'services/12', 'DELETE', undefined, owner, 1)).status).toBe(404);
  });

  it('moves a service within its category', async () => {
    const colour = (await services(1)).filter((s) => s.category_id === 2);
    const last = colour.at(-1)!;
    expect((await send(1, `services/${last.id}`, 'PATCH', { position: 1 }, owner, last.version)).status).toBe(200);
    const after = (await services(1)).filter((s) => s.category_id === 2);
    expect(after.map((s) => s.id)).toEqual([last.id, ...colour.slice(0, -1).map((s) => s.id)]);
    expect(after.map((s) => s.position)).toEqual(after.map((_, i) => i + 1));
    const catalogueOrder = (await catalogue(1)).find((c) => c.id === 2)!.services.map((s) => s.id);
    expect(catalogueOrder[0]).toBe(last.id);
  });

  it('a service with appointments is archived: its appointments keep its name and price; it leaves the booking page at once', async () => {
    // the demo client's upcoming 'demo-upcoming-deposit' appointment at salon 1 names a service
    const named = await env.DB.prepare(
      `SELECT p.service_id, p.price, p.appointment_id FROM appointment_procedures p JOIN appointments a ON a.id = p.appointment_id
        WHERE a.salon_id = 1 AND p.service_id IS NOT NULL ORDER BY p.id LIMIT 1`,
    ).first<{ service_id: number; price: number; appointment_id: number }>();
    const s = (await services(1)).find((x) => x.id === named!.service_id)!;
    const res = await send(1, `services/${s.id}`, 'DELETE', undefined, owner, s.version);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: s.id, outcome: 'archived' });
    expect((await catalogue(1)).flatMap((c) => c.services).some((x) => x.id === s.id)).toBe(false);
    expect((await services(1)).some((x) => x.id === s.id)).toBe(false);
    const archived = (await (await menu(1, `services/${s.id}`, owner)).json()) as MenuService;
    expect(archived).toMatchObject({ name: s.name, archived_at: expect.any(String) });
    // the diary still shows the appointment with the service's name and its own price
    const appt = await menu(1, `appointments/${named!.appointment_id}`, owner);
    expect(appt.status).toBe(200);
    const text = await appt.text();
    expect(text).toContain(s.name);
    const procedure = await env.DB.prepare('SELECT price FROM appointment_procedures WHERE appointment_id = ? AND service_id = ?')
      .bind(named!.appointment_id, s.id)
      .first<{ price: number }>();
    expect(procedure?.price).toBe(named!.price);
    expect((await send(1, `services/${s.id}`, 'PATCH', { name: 'Again' }, owner, archived.version)).status).toBe(409);
  });

  it('a service no appointment ever named is deleted outright; then its empty category can go', async () => {
    const cat = (await (await send(1, 'categories', 'POST', { name: 'Seasonal' })).json()) as MenuCategory;
    const s = (await (await send(1, 'services', 'POST', { name: 'Festive Glitter', category_id: cat.id })).json()) as MenuService;
    expect((await send(1, `categories/${cat.id}`, 'DELETE', undefined, owner, cat.version)).status).toBe(409);
    const res = await send(1, `services/${s.id}`, 'DELETE', undefined, owner, s.version);
    expect(await res.json()).toEqual({ id: s.id, outcome: 'deleted' });
    expect((await menu(1, `services/${s.id}`, owner)).status).toBe(404);
    expect((await send(1, `categories/${cat.id}`, 'DELETE', undefined, owner, cat.version)).status).toBe(204);
  });

  it('a stylist reads only the services they perform, with their own price', async () => {
    // the demo stylist works in Chloe Price's column (stylist 3)
    const mine = await services(1, stylist);
    expect(mine.length).toBeGreaterThan(0);
    for (const s of mine) expect(s.stylists.map((o) => o.stylist_id)).toEqual([3]);
    expect(mine.find((s) => s.name === 'Gents Cut')?.stylists).toEqual([{ stylist_id: 3, price: 2800, duration: 30, processing: 0 }]);
    // Full Head Tint is Amelia's and Ben's
    expect(mine.some((s) => s.id === 4)).toBe(false);
    expect((await menu(1, 'services/4', stylist)).status).toBe(404);
    expect((await menu(1, 'services/2', stylist)).status).toBe(200);
    expect((await send(1, 'services', 'POST', { name: 'X', category_id: 1 }, stylist)).status).toBe(403);
  });
});

describe('changes at the same moment', () => {
  it('two saves from the same version: one wins, the other is 412 (10 rounds)', async () => {
    const tally = { won: 0, stale: 0 };
    for (let round = 0; round < 10; round++) {
      const s = (await services(3)).find((x) => x.id === 12)!;
      const answers = await Promise.all(
        ['A', 'B'].map((who) => send(3, 'services/12', 'PATCH', { description: `${who} ${round}` }, owner3, s.version)),
      );
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 412]);
      tally.won += 1;
      tally.stale += 1;
      expect((await services(3)).find((x) => x.id === 12)!.version).toBe(s.version + 1);
    }
    expect(tally).toEqual({ won: 10, stale: 10 });
    // each save is in History, in the salon's currency, naming what its words leave out
    const saves = (await history(3)).filter((h) => h.field === 'menu_service');
    expect(saves).toHaveLength(10);
    expect(saves[0]).toMatchObject({
      old: 'Skin Fade (Barbering; online; $35.00, 1 stylist)',
      new: 'Skin Fade (Barbering; online; $35.00, 1 stylist): description changed',
    });
  });

  it('a category removed while a service is added to it: never a removed category with a live service (10 rounds)', async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < 10; round++) {
      const cat = (await (await send(3, 'categories', 'POST', { name: `Pop-up ${round}` })).json()) as MenuCategory;
      const [removed, added] = await Promise.all([
        send(3, `categories/${cat.id}`, 'DELETE', undefined, owner3, cat.version),
        send(3, 'services', 'POST', { name: `Trim ${round}`, category_id: cat.id }),
      ]);
      outcomes.push(`${removed.status}/${added.status}`);
      const live = await env.DB.prepare(
        `SELECT COUNT(*) AS n FROM services s LEFT JOIN service_categories c ON c.id = s.category_id
          WHERE s.archived_at IS NULL AND (c.id IS NULL OR c.archived_at IS NOT NULL)`,
      ).first<{ n: number }>();
      expect(live?.n).toBe(0);
      // one of the two: removed and the service refused, or the service added and the removal refused
      expect(['204/400', '409/201']).toContain(`${removed.status}/${added.status}`);
    }
    expect(outcomes).toHaveLength(10);
  });
});

describe('the salon’s open consoles', () => {
  it('hear of a change on the salon’s channel: a menu event with ids only', async () => {
    const ws = (await standIn(`/app/${env.PUSHER_KEY}?protocol=7&client=js&version=8.6.0`, { headers: { Upgrade: 'websocket' } }))
      .webSocket!;
    const frames: { event: string; channel?: string; data?: unknown }[] = [];
    ws.addEventListener('message', (e) => frames.push(JSON.parse(String(e.data)) as (typeof frames)[number]));
    ws.accept();
    const next = async () => {
      for (let i = 0; i < 300 && frames.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
      return frames.shift()!;
    };
    try {
      const socketId = (JSON.parse((await next()).data as string) as { socket_id: string }).socket_id;
      const auth = await menu(3, 'realtime/auth', manager, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ socket_id: socketId, channel_name: 'private-salon-3' }).toString(),
      });
      ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'private-salon-3', ...((await auth.json()) as object) } }));
      expect((await next()).event).toBe('pusher_internal:subscription_succeeded');
      const cat = (await (await send(3, 'categories', 'POST', { name: 'Live' }, manager)).json()) as MenuCategory;
      expect(await next()).toEqual({ event: 'menu', channel: 'private-salon-3', data: JSON.stringify({ change: 'category', id: cat.id }) });
    } finally {
      ws.close(1000, 'done');
    }
  });
});
