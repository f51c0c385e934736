import { describe, expect, it } from 'vitest';
import type { GroupPickerSettings } from '../../shared/console/group-picker';
import type { Group, GroupNextTimes } from '../../shared/types';
import { bootstrapOf, call } from './helpers';
import { consoleCall, STAFF, staffLogin } from './console-helpers';

const groupOwner = await staffLogin(STAFF.groupOwner);
const pickerCall = (init: RequestInit = {}, token = groupOwner.access_token, salon = 1) =>
  consoleCall(`/api/console/salons/${salon}/group-picker`, token, init);
const settings = async () => (await (await pickerCall()).json()) as GroupPickerSettings;
const save = (s: GroupPickerSettings, body: Partial<GroupPickerSettings> = {}) =>
  pickerCall({
    method: 'PUT',
    headers: { 'If-Match': String(s.version) },
    body: JSON.stringify({
      heading: body.heading ?? s.heading,
      text: body.text ?? s.text,
      locations: (body.locations ?? s.locations).map(({ id, hidden, latitude, longitude }) => ({ id, hidden, latitude, longitude })),
    }),
  });
const group = async () => (await (await call('/api/book-online/group/1/')).json()) as Group;

describe("the group owner's picker", () => {
  it('answers each location with its address, map link, hours and position', async () => {
    const g = await group();
    expect(g.salons.map((s) => s.name)).toEqual(['Willow & Co Islington', 'Willow & Co Shoreditch']);
    expect(g.salons[0]).toMatchObject({
      address: expect.stringContaining('London'),
      map_link: expect.stringContaining('google.com/maps'),
      timezone: 'Europe/London',
      latitude: 51.5362,
      longitude: -0.1033,
    });
    expect(g.salons[0]!.opening_hours).toHaveLength(7);
  });

  it('orders, hides and words the picker; a stale save is 412; only the group owner may', async () => {
    const s = await settings();
    expect(s.locations.map((l) => l.id)).toEqual([1, 2]);
    const res = await save(s, { heading: 'Pick your Willow', text: 'Both open late on Thursdays.', locations: [...s.locations].reverse() });
    expect(res.status).toBe(200);
    let g = await group();
    expect(g).toMatchObject({ heading: 'Pick your Willow', text: 'Both open late on Thursdays.' });
    expect(g.salons.map((x) => x.id)).toEqual([2, 1]);
    const page = bootstrapOf(await (await call('/group/1/')).text());
    expect(page.page === 'group' && page.group.salons.map((x) => x.id)).toEqual([2, 1]);

    expect((await save(s)).status).toBe(412);
    const now = await settings();
    const hidden = await save(now, { locations: now.locations.map((l) => ({ ...l, hidden: l.id === 2 })) });
    expect(hidden.status).toBe(200);
    expect((await group()).salons.map((x) => x.id)).toEqual([1]);
    const none = await save(await settings(), { locations: now.locations.map((l) => ({ ...l, hidden: true })) });
    expect(none.status).toBe(400);

    const back = await settings();
    expect(
      (
        await save(back, {
          heading: '',
          text: '',
          locations: [...back.locations].sort((a, b) => a.id - b.id).map((l) => ({ ...l, hidden: false })),
        })
      ).status,
    ).toBe(200);
    g = await group();
    expect(g.salons.map((x) => x.id)).toEqual([1, 2]);

    const owner3 = await staffLogin(STAFF.owner3);
    expect((await pickerCall({}, owner3.access_token, 3)).status).toBe(403);
    expect((await pickerCall({}, owner3.access_token, 1)).status).toBe(404);
  });

  it("answers every location's next time in one call, for the campaign's service or each one's first", async () => {
    const res = await call('/api/book-online/group/1/next-times/');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const first = (await res.json()) as GroupNextTimes;
    expect(first.salons.map((s) => [s.id, s.service?.name])).toEqual([
      [1, 'Ladies Cut & Blow Dry'],
      [2, 'Restyle'],
    ]);
    for (const s of first.salons) expect(s.next).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00[+-]\d{2}:\d{2}$/);
    const named = (await (await call('/api/book-online/group/1/next-times/?service=blow%20dry')).json()) as GroupNextTimes;
    expect(named.salons.map((s) => s.service?.name)).toEqual(['Blow Dry', 'Restyle']);
    expect((await call('/api/book-online/group/x/next-times/')).status).toBe(400);
    expect((await call('/api/book-online/group/999/next-times/')).status).toBe(404);
    expect((await call(`/api/book-online/group/1/next-times/?service=${'a'.repeat(101)}`)).status).toBe(400);
  });
});
