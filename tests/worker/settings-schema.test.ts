import { beforeAll, describe, expect, it } from 'vitest';
import type { VersionedSettings } from '../../shared/console/settings';
import type { HistoryEntry } from '../../shared/console/history';
import { call, patchSalon } from './helpers';
import { consoleCall, readSettings, saveSettings, STAFF, staffLogin } from './console-helpers';

// One schema per salon setting (shared/admin-settings.ts built from shared/console/settings.ts):
// the same wrong value gets the same message from the admin API and from the console's save.

let manager: string;
beforeAll(async () => {
  manager = (await staffLogin(STAFF.manager3)).access_token;
});

const week = (monday: unknown) => ({
  sunday: [],
  monday,
  tuesday: [],
  wednesday: [],
  thursday: [],
  friday: [],
  saturday: [],
});

describe('one schema per salon setting: the admin API and the console say the same', () => {
  it.each<[string, Record<string, unknown>, Record<string, unknown>, string]>([
    // the same name and shape on both
    ['a theme', { theme_mode: 'purple' }, { theme_mode: 'purple' }, 'theme_mode'],
    ['minutes an offer waits', { waitlist_offer_minutes: 2 }, { waitlist_offer_minutes: 2 }, 'waitlist_offer_minutes'],
    ['a name with a line break', { name: 'Two\nlines' }, { name: 'Two\nlines' }, 'name'],
    [
      'a closing time',
      { opening_hours: week([{ open: '09:00', close: '25:00' }]) },
      { opening_hours: week([{ open: '09:00', close: '25:00' }]) },
      'opening_hours.monday.0.close',
    ],
    [
      'an opening that closes before it opens',
      { opening_hours: week([{ open: '12:00', close: '10:00' }]) },
      { opening_hours: week([{ open: '12:00', close: '10:00' }]) },
      'opening_hours.monday.0',
    ],
    // another shape, mapped to the console's rule
    ['a deposit percentage', { deposit: { type: 'percentage', value: 150 } }, { deposit: { type: 'percentage', percent: 150 } }, 'deposit'],
    ['a fixed deposit', { deposit: { type: 'fixed', amount: 10001 } }, { deposit: { type: 'fixed', amount: 1_000_100 } }, 'deposit'],
    ['a voucher amount', { voucher_amounts: [0.5] }, { voucher_amounts: [50] }, 'voucher_amounts.0'],
    ['a repeated voucher amount', { voucher_amounts: [25, 25] }, { voucher_amounts: [2500, 2500] }, 'voucher_amounts'],
    [
      'a custom range upside down',
      { voucher_custom_min: 50, voucher_custom_max: 20 },
      { voucher_custom: { min: 5000, max: 2000 } },
      'voucher_custom_max',
    ],
    [
      'vouchers on sale with nothing to sell',
      { vouchers_on_sale: true, voucher_amounts: [], voucher_custom_min: null, voucher_custom_max: null },
      { vouchers_on_sale: true, voucher_amounts: [], voucher_custom: null },
      'vouchers_on_sale',
    ],
  ])('%s', async (_what, admin, console, adminField) => {
    const byKey = await patchSalon(3, admin);
    expect(byKey.status).toBe(400);
    const keyAnswer = (await byKey.json()) as { detail: string; field: string };
    expect(keyAnswer.field).toBe(adminField);
    const { version } = await readSettings(3, manager);
    const inConsole = await saveSettings(3, version, console, manager);
    expect(inConsole.status).toBe(400);
    const consoleAnswer = (await inConsole.json()) as { detail: string; errors: Record<string, string> };
    // the console's one field message (errors, by the console's names) is the admin API's detail
    expect(Object.values(consoleAnswer.errors)).toEqual([keyAnswer.detail]);
  });
});

describe('waitlist_offer_minutes in the admin API (docs/waitlist-offers.md)', () => {
  it('is changed with the key, answered by GET, shown in the console and in History as the admin key’s', async () => {
    const res = await patchSalon(3, { waitlist_offer_minutes: 45 });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ waitlist_offer_minutes: 45 });
    const read = await call('/admin/salons/3', { headers: { Authorization: 'Bearer demo-admin-3' } });
    expect(await read.json()).toMatchObject({ waitlist_offer_minutes: 45 });
    expect(((await readSettings(3, manager)) as VersionedSettings).settings.waitlist_offer_minutes).toBe(45);
    const history = (await (await consoleCall('/api/console/salons/3/history', manager)).json()) as HistoryEntry[];
    expect(history.some((h) => h.who === 'admin key' && h.field === 'waitlist_offer_minutes' && h.new === 45)).toBe(true);
    expect((await patchSalon(3, { waitlist_offer_minutes: 15 })).status).toBe(200);
  });
});
