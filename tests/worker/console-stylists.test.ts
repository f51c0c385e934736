import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DaySlots, ServiceStylists } from '../../shared/availability';
import type { HistoryEntry } from '../../shared/console/history';
import type { StylistColumn } from '../../shared/console/team';
import type { ConsoleStylist, NewStylist, StrandsAnswer } from '../../shared/console/stylists';
import type { Category } from '../../shared/types';
import { addDays, localDateOf, salonDays, wallClockToUtc } from '../../worker/availability/calendar';
import { futureProcedures, patchStylist, stylistOf } from '../../worker/db/stylists';
import { consoleCall, STAFF, staffLogin } from './console-helpers';
import { call } from './helpers';

/** The Stylists calls (issue 48): columns, their services, hours with breaks, extra days; 409 before stranding appointments. */
let owner: string;
let manager: string;
let stylist: string;
let owner3: string;

beforeAll(async () => {
  owner = (await staffLogin(STAFF.groupOwner)).access_token;
  manager = (await staffLogin(STAFF.manager3)).access_token;
  stylist = (await staffLogin(STAFF.stylist1)).access_token;
  owner3 = (await staffLogin(STAFF.owner3)).access_token;
});

const at = (salon: number, path: string, token: string, init: RequestInit = {}) =>
  consoleCall(`/api/console/salons/${salon}/${path}`, token, init);
const send = (salon: number, path: string, method: string, body: unknown, token: string, version?: number) =>
  at(salon, path, token, {
    method,
    headers: version === undefined ? {} : { 'If-Match': `"${version}"` },
    body: JSON.stringify(body),
  });
const list = async (salon: number, token: string) => (await (await at(salon, 'stylists', token)).json()) as ConsoleStylist[];
const history = async (salon: number) => (await (await at(salon, 'history', owner)).json()) as HistoryEntry[];
const errorsOf = async (res: Response) => ((await res.json()) as { errors: Record<string, string> }).errors;

const today = () => localDateOf(Date.now(), 'Europe/London');
/** The next date (after tomorrow) that falls on `weekday` (0 = Sunday) in London. */
function next(weekday: number, after = today()): string {
  let d = addDays(after, 2);
  while (new Date(`${d}T00:00:00Z`).getUTCDay() !== weekday) d = addDays(d, 1);
  return d;
}
const slotsOf = async (date: string, service: number, stylistId: number) => {
  const res = await call(`/api/book-online/new/availability/appointment/1/${date}/${service}/${stylistId}/null/`);
  expect(res.status).toBe(200);
  return Object.keys(((await res.json()) as DaySlots).data).map((k) => k.slice(11, 16));
};
const performers = async (service: number) =>
  ((await (await call(`/api/book-online/services/stylists/1/${service}/`)).json()) as ServiceStylists[])[0]!.stylists.map(
    (s) => s.stylist_name,
  );

/** An appointment (one part) in a stylist's column, from a local London time, `minutes` long. */
async function book(stylistId: number, localStart: string, minutes: number) {
  const start = Date.parse(localStart);
  const { meta } = await env.DB.prepare(
    "INSERT INTO appointments (salon_id, start_at, end_at, created_at, client_name) VALUES (1, ?, ?, 0, 'Robin Vale')",
  )
    .bind(start, start + minutes * 60_000)
    .run();
  await env.DB.prepare(
    'INSERT INTO appointment_procedures (appointment_id, salon_id, service_id, stylist_id, start_at, end_at) VALUES (?, 1, 2, ?, ?, ?)',
  )
    .bind(meta.last_row_id, stylistId, start, start + minutes * 60_000)
    .run();
  return meta.last_row_id;
}

// A Tuesday far enough ahead to be bookable
const TUESDAY = next(2);
const localUtc = (date: string, hhmm: string) =>
  new Date(wallClockToUtc(salonDays(date, 1, 'Europe/London')[0]!, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)))).toISOString();

const NEW_STYLIST: NewStylist = {
  name: 'Priya Shah',
  title: 'Stylist',
  services: [
    { service_id: 2, price: 2000, duration: 30, processing: 0 },
    { service_id: 3, price: 700, duration: 15, processing: 0 },
  ],
  hours: [
    {
      weekday: 2,
      start: '09:00',
      end: '17:00',
      breaks: [
        { start: '11:00', end: '11:30' },
        { start: '14:00', end: '15:00' },
      ],
    },
  ],
  extra_days: [{ date: next(0), start: '10:00', end: '13:00', breaks: [] }],
};

describe('reading', () => {
  it('lists the salon’s columns in order with services, hours (the migrated break) and ETag on each', async () => {
    const all = await list(1, owner);
    expect(all.slice(0, 4).map((s) => [s.name, s.position])).toEqual([
      ['Amelia Hart', 1],
      ['Ben Okafor', 2],
      ['Chloe Price', 3],
      ['Dan Reeves', 4],
    ]);
    const amelia = all[0]!;
    expect(amelia).toMatchObject({
      title: 'Creative Director',
      active: true,
      staff_id: null,
      photo: { url: expect.stringMatching(/^\/media\//) },
    });
    expect(amelia.hours.find((h) => h.weekday === 2)).toEqual({
      weekday: 2,
      start: '09:00',
      end: '17:30',
      breaks: [{ start: '13:00', end: '13:30' }],
    });
    expect(amelia.services).toContainEqual({ service_id: 2, price: 3500, duration: 30, processing: 0 });
    const one = await at(1, 'stylists/1', owner);
    expect(one.headers.get('ETag')).toBe(`"${amelia.version}"`);
  });

  it('a stylist reads only their own column; another column and another salon’s are 404', async () => {
    const mine = await list(1, stylist);
    expect(mine.map((s) => s.name)).toEqual(['Chloe Price']);
    expect(mine[0]!.staff_id).toBe(3);
    expect((await at(1, 'stylists/3', stylist)).status).toBe(200);
    expect((await at(1, 'stylists/1', stylist)).status).toBe(404);
    expect((await send(1, 'stylists/3', 'PATCH', { title: 'X' }, stylist, 1)).status).toBe(403);
    // stylist 6 is salon 3's
    expect((await at(1, 'stylists/6', owner)).status).toBe(404);
    expect((await send(3, 'stylists/1', 'PATCH', { title: 'X' }, owner3, 1)).status).toBe(404);
    expect((await at(3, 'stylists', manager)).status).toBe(200);
  });
});

describe('adding and changing', () => {
  let priya: ConsoleStylist;

  it('an owner adds a stylist with hours, breaks, an extra day and services: the booking page’s next load offers them', async () => {
    expect(await performers(2)).not.toContain('Priya Shah');
    const res = await send(1, 'stylists', 'POST', NEW_STYLIST, owner);
    expect(res.status).toBe(201);
    expect(res.headers.get('ETag')).toBe('"1"');
    priya = (await res.json()) as ConsoleStylist;
    expect(priya).toMatchObject({ name: 'Priya Shah', active: true, position: 5, version: 1, staff_id: null, photo: null });
    expect(priya.hours).toEqual(NEW_STYLIST.hours);
    expect(priya.extra_days).toEqual(NEW_STYLIST.extra_days);

    expect(await performers(2)).toContain('Priya Shah');
    // her Tuesday less both breaks (a 30-minute Blow Dry fits before 11:00, not across it)
    const tuesday = await slotsOf(TUESDAY, 2, priya.id);
    expect(tuesday[0]).toBe('09:00');
    expect(tuesday).toContain('10:30');
    expect(tuesday).not.toContain('10:45');
    expect(tuesday).not.toContain('11:00');
    expect(tuesday).toContain('11:30');
    expect(tuesday).toContain('13:30');
    expect(tuesday.filter((t) => t >= '13:45' && t < '15:00')).toEqual([]);
    expect(tuesday.at(-1)).toBe('16:30');
    // the extra day: a Sunday she does not work weekly
    expect(await slotsOf(NEW_STYLIST.extra_days![0]!.date, 2, priya.id)).toContain('12:30');
    expect(await slotsOf(next(0, NEW_STYLIST.extra_days![0]!.date), 2, priya.id)).toEqual([]);
    // the catalogue's price range takes her price (£20.00 is below the others')
    const cat = (await (await call('/api/book-online/services/1/')).json()) as Category[];
    expect(cat.flatMap((c) => c.services).find((s) => s.id === 2)).toMatchObject({ min_price: 20 });
    expect((await history(1))[0]).toMatchObject({
      field: 'menu_stylist',
      old: null,
      new: expect.stringMatching(/^Priya Shah \(Stylist; Tue 09:00-17:00/),
    });
  });

  it('bad input is a 400 naming the field', async () => {
    const bad = await send(
      1,
      'stylists',
      'POST',
      {
        name: '',
        hours: [
          { weekday: 1, start: '09:00', end: '17:00', breaks: [] },
          { weekday: 2, start: '09:00', end: '17:00', breaks: [{ start: '12:00', end: '11:00' }] },
          { weekday: 3, start: '18:00', end: '09:00' },
          { weekday: 4, start: '9am', end: '17:00' },
          {
            weekday: 5,
            start: '09:00',
            end: '17:00',
            breaks: [
              { start: '12:00', end: '13:00' },
              { start: '12:30', end: '13:30' },
            ],
          },
        ],
        extra_days: [{ date: '2026-02-30', start: '09:00', end: '12:00' }],
        services: [{ service_id: 2, price: -1, duration: 30, processing: 0 }],
      },
      owner,
    );
    expect(bad.status).toBe(400);
    expect(await errorsOf(bad)).toEqual({
      name: 'Enter their name',
      'hours.1.breaks.0.end': 'A break ends after it starts',
      'hours.2.end': 'The day ends after it starts',
      'hours.3.start': 'Enter a time such as 09:00 or 17:30',
      'hours.4.breaks.1.start': 'Breaks cannot overlap',
      'extra_days.0.date': 'Enter a date such as 2026-12-24',
      'services.0.price': 'A price cannot be below 0',
    });
    // service 12 is salon 3's; staff 2 is salon 3's manager
    const foreign = await send(
      1,
      'stylists',
      'POST',
      { name: 'X', services: [{ service_id: 12, price: 1, duration: 10, processing: 0 }], staff_id: 2 },
      owner,
    );
    expect(foreign.status).toBe(400);
    expect(await errorsOf(foreign)).toEqual({
      'services.0.service_id': 'Choose one of the salon’s services',
      staff_id: 'Choose someone on the team with the stylist role',
    });
  });

  it('a change needs If-Match (428), a stale one is 412 with the stylist as it is now; each is in History', async () => {
    expect((await send(1, `stylists/${priya.id}`, 'PATCH', { title: 'Senior Stylist' }, owner)).status).toBe(428);
    const ok = await send(1, `stylists/${priya.id}`, 'PATCH', { title: 'Senior Stylist' }, owner, 1);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('ETag')).toBe('"2"');
    const stale = await send(1, `stylists/${priya.id}`, 'PATCH', { title: 'Junior' }, owner, 1);
    expect(stale.status).toBe(412);
    expect(await stale.json()).toMatchObject({ error: 'STALE_VERSION', current: { title: 'Senior Stylist', version: 2 } });
    expect((await history(1))[0]).toMatchObject({ field: 'menu_stylist', new: expect.stringMatching(/^Priya Shah \(Senior Stylist;/) });
  });

  it('two changes from the same version at once: one is saved, the other is 412 (5 rounds)', async () => {
    for (let round = 0; round < 5; round++) {
      const { version } = (await (await at(1, `stylists/${priya.id}`, owner)).json()) as ConsoleStylist;
      const answers = await Promise.all(
        ['Colour Specialist', 'Barber'].map((title) =>
          send(1, `stylists/${priya.id}`, 'PATCH', { title: `${title} ${round}` }, owner, version),
        ),
      );
      expect(answers.map((r) => r.status).sort()).toEqual([200, 412]);
      const now = (await (await at(1, `stylists/${priya.id}`, owner)).json()) as ConsoleStylist;
      expect(now.version).toBe(version + 1);
    }
  });

  it('moves a column in the order, and the diary follows it', async () => {
    const me = (await (await at(1, `stylists/${priya.id}`, owner)).json()) as ConsoleStylist;
    expect((await send(1, `stylists/${priya.id}`, 'PATCH', { position: 1 }, owner, me.version)).status).toBe(200);
    const after = await list(1, owner);
    expect(after.slice(0, 3).map((s) => s.name)).toEqual(['Priya Shah', 'Amelia Hart', 'Ben Okafor']);
    expect(after.filter((s) => s.active).map((s) => s.position)).toEqual(after.filter((s) => s.active).map((_, i) => i + 1));
    const columns = (await (await at(1, 'stylist-columns', owner)).json()) as StylistColumn[];
    expect(columns[0]!.name).toBe('Priya Shah');
  });

  it('links the column to a stylist on the team (one link a column), who then reads it as their own', async () => {
    const me = (await (await at(1, `stylists/${priya.id}`, owner)).json()) as ConsoleStylist;
    const linked = await send(1, `stylists/${priya.id}`, 'PATCH', { staff_id: 3 }, owner, me.version);
    expect(linked.status).toBe(200);
    expect(((await linked.json()) as ConsoleStylist).staff_id).toBe(3);
    expect((await list(1, stylist)).map((s) => s.name)).toEqual(['Priya Shah']);
    expect((await list(1, owner)).find((s) => s.name === 'Chloe Price')!.staff_id).toBeNull();
    // back to Chloe's column through Team's own call
    expect((await at(1, 'staff/3/column', owner, { method: 'PUT', body: JSON.stringify({ stylist_id: 3 }) })).status).toBe(200);
    expect((await list(1, stylist)).map((s) => s.name)).toEqual(['Chloe Price']);
  });
});

describe('changes that would strand appointments', () => {
  let id: number;
  const current = async () => (await (await at(1, `stylists/${id}`, owner)).json()) as ConsoleStylist;

  beforeAll(async () => {
    id = (
      (await (await send(1, 'stylists', 'POST', { ...NEW_STYLIST, name: 'Kit Moreno', extra_days: [] }, owner)).json()) as ConsoleStylist
    ).id;
  });

  it('a shortened day with a booking in it: 409 listing it, then saved with confirm and the booking kept', async () => {
    const booked = await book(id, localUtc(TUESDAY, '16:00'), 30);
    const shorter = [{ weekday: 2, start: '09:00', end: '15:00', breaks: [{ start: '11:00', end: '11:30' }] }];
    const v = (await current()).version;
    const refused = await send(1, `stylists/${id}`, 'PATCH', { hours: shorter }, owner, v);
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as StrandsAnswer;
    expect(body).toMatchObject({
      error: 'STRANDS_APPOINTMENTS',
      appointments: [{ id: booked, client_name: 'Robin Vale', services: ['Gents Cut'] }],
    });
    expect(body.appointments[0]!.start).toMatch(new RegExp(`^${TUESDAY}T16:00:00[+-]\\d\\d:00$`));
    expect((await current()).hours[0]!.end).toBe('17:00');
    // a change that leaves it inside is saved without asking (a break moved elsewhere)
    const inside = [{ weekday: 2, start: '09:00', end: '17:00', breaks: [{ start: '12:00', end: '12:30' }] }];
    expect((await send(1, `stylists/${id}`, 'PATCH', { hours: inside }, owner, v)).status).toBe(200);
    const saved = await send(1, `stylists/${id}`, 'PATCH', { hours: shorter, confirm: true }, owner, v + 1);
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as ConsoleStylist).hours[0]!.end).toBe('15:00');
    const kept = await env.DB.prepare('SELECT occupies FROM appointment_procedures WHERE appointment_id = ?')
      .bind(booked)
      .first<{ occupies: number }>();
    expect(kept!.occupies).toBe(1);
  });

  it('the change’s batch writes nothing when the appointments changed after the check (a booking meanwhile)', async () => {
    const before = await stylistOf(env.DB, 1, id);
    const now = Date.now();
    const seen = await futureProcedures(env.DB, id, now);
    await book(id, localUtc(TUESDAY, '09:00'), 30);
    const w = { salonId: 1, who: 'test', now };
    const fields = { ...before!, hours: [] };
    expect(
      await patchStylist(env.DB, w, id, before!.version, seen.map((p) => `${p.appointment_id}@${p.start_at}-${p.end_at}`).join(','), {
        fields,
        lists: { hours: [] },
        link: false,
        order: null,
        history: null,
      }),
    ).toBe(false);
    expect((await stylistOf(env.DB, 1, id))!.hours).toEqual(before!.hours);
  });

  it('deactivating with appointments to come: 409 listing them; with confirm they stay and the booking page drops the stylist', async () => {
    const v = (await current()).version;
    const refused = await send(1, `stylists/${id}`, 'PATCH', { active: false }, owner, v);
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as StrandsAnswer;
    expect(body.error).toBe('HAS_APPOINTMENTS');
    expect(body.appointments).toHaveLength(2);
    expect(await performers(2)).toContain('Kit Moreno');
    const done = await send(1, `stylists/${id}`, 'PATCH', { active: false, confirm: true }, owner, v);
    expect(done.status).toBe(200);
    expect(await performers(2)).not.toContain('Kit Moreno');
    const kept = await env.DB.prepare('SELECT COUNT(*) AS n FROM appointment_procedures WHERE stylist_id = ? AND occupies = 1')
      .bind(id)
      .first<{ n: number }>();
    expect(kept!.n).toBe(2);
    // listed after the working ones, and back at once when reactivated
    expect((await list(1, owner)).at(-1)).toMatchObject({ name: 'Kit Moreno', active: false });
    expect((await send(1, `stylists/${id}`, 'PATCH', { active: true }, owner, v + 1)).status).toBe(200);
    expect(await performers(2)).toContain('Kit Moreno');
  });

  it('deactivating a stylist with nothing to come needs no confirmation', async () => {
    const res = await send(1, 'stylists', 'POST', { name: 'Jo Quinn' }, owner);
    const jo = (await res.json()) as ConsoleStylist;
    expect((await send(1, `stylists/${jo.id}`, 'PATCH', { active: false }, manager, 1)).status).toBe(404);
    expect((await send(1, `stylists/${jo.id}`, 'PATCH', { active: false }, owner, 1)).status).toBe(200);
  });
});
