import { beforeAll, describe, expect, it } from 'vitest';
import type { StaleSettings, VersionedSettings } from '../../shared/console/settings';
import type { HistoryEntry } from '../../shared/console/history';
import { bootstrapOf, call, patchSalon, themeOf } from './helpers';
import { consoleCall, readSettings, saveSettings, STAFF, staffLogin } from './console-helpers';
import { MSG_NAME_CONTROL } from '../../shared/typed-name';

let owner: string;
let manager: string;

beforeAll(async () => {
  owner = (await staffLogin(STAFF.groupOwner)).access_token;
  manager = (await staffLogin(STAFF.manager3)).access_token;
});

const read = (salon: number, token = owner) => readSettings(salon, token);
const save = (salon: number, version: number | null, body: unknown, token = owner) => saveSettings(salon, version, body, token);

describe('the booking page settings in the console', () => {
  it('answers the settings as the console edits them, with their version', async () => {
    const { version, settings } = await read(1);
    expect(version).toBeGreaterThanOrEqual(1);
    expect(settings).toMatchObject({
      theme_mode: 'slick',
      online_booking: true,
      needs_card: true,
      deposit: { type: 'percentage', percent: 20 },
      voucher_amounts: [2500, 5000, 10000],
      voucher_custom: { min: 1000, max: 50000 },
      opening_hours: null,
    });
  });

  it('a save shows on a client’s very next page load: the theme, and online booking off with its message', async () => {
    expect(themeOf(await (await call('/salon/2')).text())).toBe('dark');
    const { version } = await read(2);
    const res = await save(2, version, {
      theme_mode: 'neutral',
      online_booking: false,
      online_booking_off_message: 'Closed for refurbishment until March.',
    });
    expect(res.status).toBe(200);
    const saved = (await res.json()) as VersionedSettings;
    expect(saved.version).toBe(version + 1);
    expect(saved.settings).toMatchObject({ theme_mode: 'neutral', online_booking: false });
    const html = await (await call('/salon/2')).text();
    expect(themeOf(html)).toBe('neutral');
    const boot = bootstrapOf(html);
    expect(boot.page === 'salon' && boot.salon.online_booking_off_message).toBe('Closed for refurbishment until March.');
    expect(boot.page === 'salon' && boot.salon.online_booking).toBe(false);
  });

  it('a typed deposit is stored as the booking flow reads it: a fixed amount in minor units', async () => {
    const { version } = await read(1);
    const res = await save(1, version, { deposit: { type: 'fixed', amount: 1550 } });
    expect(res.status).toBe(200);
    const salon = (await (await call('/api/book-online/salon/1/')).json()) as { ncob_deposit_settings: string };
    expect(JSON.parse(salon.ncob_deposit_settings)).toEqual({ type: 'fixed', amount: 15.5 });
    expect((await read(1)).settings.deposit).toEqual({ type: 'fixed', amount: 1550 });
  });

  it('a stale save answers 412 with the settings now and which ones changed since; nothing is overwritten', async () => {
    const start = await read(3, manager);
    expect((await save(3, start.version, { ncob_welcome_message: 'Walk-ins welcome' }, manager)).status).toBe(200);
    const res = await save(3, start.version, { ncob_welcome_message: 'Book ahead please', theme_mode: 'dark' }, manager);
    expect(res.status).toBe(412);
    const body = (await res.json()) as StaleSettings;
    expect(body.error).toBe('STALE_VERSION');
    expect(body.message).toMatch(/Someone else saved these settings/);
    expect(body.changed).toEqual(['ncob_welcome_message']);
    expect(body.current.version).toBe(start.version + 1);
    expect(body.current.settings.ncob_welcome_message).toBe('Walk-ins welcome');
    expect(body.current.settings.theme_mode).toBe('neutral');
  });

  it('an admin-key change makes a new version too, so a console save from before it is stale', async () => {
    const start = await read(3, manager);
    expect((await patchSalon(3, { phone: '(718) 555-0199' })).status).toBe(200);
    const res = await save(3, start.version, { phone: '(718) 555-0100' }, manager);
    expect(res.status).toBe(412);
    expect(((await res.json()) as StaleSettings).changed).toEqual(['phone']);
  });

  it.each([
    [{ theme_mode: 'pink' }, 'theme_mode', 'Choose a theme: neutral, dark or slick'],
    [{ deposit: { type: 'percentage', percent: 120 } }, 'deposit.percent', 'A deposit percentage must be between 1 and 100'],
    [{ colour: 'red' }, 'colour', 'Unknown setting: colour'],
    [{ max_anonymous_holds: -1 }, 'max_anonymous_holds', 'Times held for clients not logged in must be at least 0'],
    [
      { vouchers_on_sale: true, voucher_amounts: [], voucher_custom: null },
      'vouchers_on_sale',
      'To sell gift vouchers, offer at least one amount or a custom range',
    ],
  ])('refuses %j with 400 naming the setting', async (body, field, message) => {
    const { version } = await read(1);
    const res = await save(1, version, body);
    expect(res.status).toBe(400);
    const answer = (await res.json()) as { field: string; errors: Record<string, string> };
    expect(answer.field).toBe(field);
    expect(answer.errors[field]).toBe(message);
    expect((await read(1)).version).toBe(version);
  });

  it('needs the version it started from: 428 without If-Match, 400 when it is not a version', async () => {
    expect((await save(1, null, { theme_mode: 'dark' })).status).toBe(428);
    const res = await consoleCall('/api/console/salons/1/settings', owner, {
      method: 'PATCH',
      headers: { 'If-Match': 'abc' },
      body: '{"theme_mode":"dark"}',
    });
    expect(res.status).toBe(400);
  });

  it('History lists every change: who, when, the old and the new value', async () => {
    const { version } = await read(3, manager);
    await save(3, version, { cancellation_window_hours: 48, has_waitlist: true }, manager);
    const history = (await (await consoleCall('/api/console/salons/3/history', manager)).json()) as HistoryEntry[];
    const latest = history.filter((h) => h.version === version + 1);
    expect(latest.map(({ at: _at, ...rest }) => rest).sort((a, b) => a.field.localeCompare(b.field))).toEqual([
      { who: 'manager@brooklyn-barber.test', field: 'cancellation_window_hours', old: 24, new: 48, version: version + 1 },
      { who: 'manager@brooklyn-barber.test', field: 'has_waitlist', old: false, new: true, version: version + 1 },
    ]);
    expect(Date.parse(latest[0]!.at)).toBeGreaterThan(Date.now() - 60_000);
    expect(history.some((h) => h.who === 'admin key' && h.field === 'phone')).toBe(true);
  });
});

describe('API keys', () => {
  it('an owner creates a named key, shown once; it opens the admin API, its use is recorded; revoked, it stops', async () => {
    const created = await consoleCall('/api/console/salons/1/keys', owner, {
      method: 'POST',
      body: JSON.stringify({ name: 'Website sync' }),
    });
    expect(created.status).toBe(201);
    const key = (await created.json()) as { id: number; key: string; name: string; last_used_at: string | null };
    expect(key).toMatchObject({ name: 'Website sync', last_used_at: null });
    expect(key.key).toMatch(/^bwk_[\w-]{43}$/);
    const listed = (await (await consoleCall('/api/console/salons/1/keys', owner)).json()) as Record<string, unknown>[];
    expect(listed.find((k) => k.id === key.id)).not.toHaveProperty('key');
    expect(JSON.stringify(listed)).not.toContain(key.key);

    expect((await patchSalon(1, { phone: '020 7946 0019' }, key.key)).status).toBe(200);
    expect((await patchSalon(2, { phone: '020 7946 0019' }, key.key)).status).toBe(401);
    const used = (await (await consoleCall('/api/console/salons/1/keys', owner)).json()) as { id: number; last_used_at: string | null }[];
    expect(used.find((k) => k.id === key.id)!.last_used_at).not.toBeNull();

    expect((await consoleCall(`/api/console/salons/1/keys/${key.id}`, owner, { method: 'DELETE' })).status).toBe(204);
    expect((await patchSalon(1, { phone: '020 7946 0018' }, key.key)).status).toBe(401);
    // The demo admin key keeps working.
    expect((await patchSalon(1, { phone: '020 7946 0018' })).status).toBe(200);
  });

  it('refuses a key name with NUL, a line break, U+202E or another control character, and makes no key (issue 55)', async () => {
    const before = ((await (await consoleCall('/api/console/salons/1/keys', owner)).json()) as unknown[]).length;
    for (const name of ['Sync\u0000', 'Web\nsync', '\u202Ecnys', 'Sync\u0085', 'a\u2066b', 'tab\there', 'del\u007f'] as const) {
      const res = await consoleCall('/api/console/salons/1/keys', owner, { method: 'POST', body: JSON.stringify({ name }) });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ field: 'name', errors: { name: MSG_NAME_CONTROL } });
    }
    expect(((await (await consoleCall('/api/console/salons/1/keys', owner)).json()) as unknown[]).length).toBe(before);
    // letters of any script, accents and punctuation are names
    const fine = await consoleCall('/api/console/salons/1/keys', owner, {
      method: 'POST',
      body: JSON.stringify({ name: 'Café – «sync» ١٢' }),
    });
    expect(fine.status).toBe(201);
    // the salon's name, by the admin API too
    const salon = await patchSalon(1, { name: 'Willow\u202E & Co' });
    expect(salon.status).toBe(400);
    expect(await salon.json()).toMatchObject({ field: 'name' });
  });

  it('refuses a key without a name, naming the field', async () => {
    const res = await consoleCall('/api/console/salons/1/keys', owner, { method: 'POST', body: JSON.stringify({ name: ' ' }) });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ field: 'name' });
  });
});
