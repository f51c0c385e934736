import { env } from 'cloudflare:test';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DaySlots } from '../../shared/availability';
import type { DeskAppointment, DiaryDay } from '../../shared/console/diary';
import type { HistoryEntry } from '../../shared/console/history';
import type { BlockAnswer, BlockList, StrandsAppointments, TimeOffAnswer, TimeOffList } from '../../shared/console/time-off';
import type { Today } from '../../shared/console/today';
import { addDays, localDateOf } from '../../worker/availability/calendar';
import { consoleCall, STAFF, staffLogin } from './console-helpers';
import { call, emptyDiaries } from './helpers';

/**
 * Time off and blocked time (issue 48; docs/console/time-off.md): every call and role, the
 * booking page across a clock change and midnight, a stylist's request approved, stranding's 409
 * and confirm, the waitlist, the desk's any time, and a booking racing a block.
 * Salon 1 is in London: Chloe Price (stylist 3, the demo stylist's column) works Sundays 10:00-16:00
 * and Wednesday to Saturday 8:30-16:00, and does service 1.
 */

const tokens: Record<'groupOwner' | 'stylist1' | 'manager3' | 'owner3', string> = {
  groupOwner: '',
  stylist1: '',
  manager3: '',
  owner3: '',
};
beforeAll(async () => {
  for (const who of Object.keys(tokens) as (keyof typeof tokens)[]) tokens[who] = (await staffLogin(STAFF[who])).access_token;
});
beforeEach(() => emptyDiaries(env.DB.prepare('DELETE FROM sent_messages')));

const send = (path: string, token: string, method: string, body?: unknown, version?: number) =>
  consoleCall(`/api/console/salons/${path}`, token, {
    method,
    headers: version === undefined ? {} : { 'If-Match': `"${version}"` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const get = async <T>(path: string, token = tokens.groupOwner) =>
  (await (await consoleCall(`/api/console/salons/${path}`, token)).json()) as T;

/** The times the booking page offers for service 1 with Chloe on a London date, as local HH:MM. */
async function offered(date: string, waitlist = false): Promise<string[]> {
  const res = waitlist
    ? await call(`/api/book-online/new/waitlist/availability/appointment/1/${date}/1/null/?stylists=3`)
    : await call(`/api/book-online/new/availability/appointment/1/${date}/1/3/null/`);
  return Object.keys(((await res.json()) as DaySlots).data).map((t) => t.slice(11, 16));
}

/** The first time offered for service 1 with Chloe on a date, as the booking page names it (with its offset). */
const firstOffered = async (date: string) =>
  Object.keys(((await (await call(`/api/book-online/new/availability/appointment/1/${date}/1/3/null/`)).json()) as DaySlots).data)[0]!;

/** The next `weekday` (0 = Sunday) at least two days from now in London. */
function next(weekday: number): string {
  let d = addDays(localDateOf(Date.now(), 'Europe/London'), 2);
  while (new Date(`${d}T00:00:00Z`).getUTCDay() !== weekday) d = addDays(d, 1);
  return d;
}

/** The last Sunday of March after now: the clocks go forward at 01:00 UTC, London is +01:00 after. */
function springForward(): string {
  const year = new Date().getUTCFullYear() + (new Date().getUTCMonth() >= 2 ? 1 : 0);
  let d = `${year}-03-31`;
  while (new Date(`${d}T00:00:00Z`).getUTCDay() !== 0) d = addDays(d, -1);
  return d;
}

const deskBook = (start: string, token = tokens.groupOwner, extra: object = {}) =>
  send('1/appointments', token, 'POST', {
    client: { name: 'Robin Desk', phone: '+447700900123' },
    start_time: start,
    procedures: [{ service_id: 1, stylist_id: 3 }],
    ...extra,
  });

const block = (start: string, end: string, extra: object = {}, token = tokens.groupOwner) =>
  send('1/blocks', token, 'POST', { stylist_id: 3, start, end, reason: 'Training', ...extra });

describe('blocks', () => {
  it('an owner blocks an hour on the day the clocks go forward: gone from the booking page, in the diary and History, with an ETag', async () => {
    const day = springForward();
    expect(await offered(day)).toContain('11:00');
    const res = await block(`${day}T11:00:00+01:00`, `${day}T12:00:00+01:00`);
    expect(res.status).toBe(201);
    expect(res.headers.get('ETag')).toBe('"1"');
    const { block: b } = (await res.json()) as BlockAnswer;
    expect(b).toMatchObject({ stylist_id: 3, start: `${day}T10:00:00.000Z`, end: `${day}T11:00:00.000Z`, reason: 'Training', version: 1 });
    const times = await offered(day);
    for (const t of ['10:15', '10:30', '11:00', '11:30']) expect(times).not.toContain(t);
    expect(times).toContain('10:00');
    expect(times).toContain('12:00');
    const diary = await get<DiaryDay>(`1/diary/${day}`);
    expect(diary.blocks).toEqual([b]);
    const history = await get<HistoryEntry[]>('1/history');
    expect(history.find((h) => h.field === 'block')).toMatchObject({
      old: null,
      new: expect.stringMatching(/^Training, Chloe Price: Sun .* 11:00 – .* 12:00$/),
    });

    // moved with If-Match; 428 without; 412 with the block as it is now when stale
    expect(
      (await send(`1/blocks/${b.id}`, tokens.groupOwner, 'PATCH', { start: `${day}T14:00:00+01:00`, end: `${day}T15:00:00+01:00` })).status,
    ).toBe(428);
    const moved = await send(
      `1/blocks/${b.id}`,
      tokens.groupOwner,
      'PATCH',
      { start: `${day}T14:00:00+01:00`, end: `${day}T15:00:00+01:00` },
      1,
    );
    expect(moved.status).toBe(200);
    expect(moved.headers.get('ETag')).toBe('"2"');
    const after = await offered(day);
    expect(after).toContain('11:00');
    expect(after).not.toContain('14:00');
    const stale = await send(`1/blocks/${b.id}`, tokens.groupOwner, 'DELETE', undefined, 1);
    expect(stale.status).toBe(412);
    expect(await stale.json()).toMatchObject({ error: 'STALE_VERSION', current: { id: b.id, version: 2 } });
    expect((await send(`1/blocks/${b.id}`, tokens.groupOwner, 'DELETE', undefined, 2)).status).toBe(204);
    expect(await offered(day)).toContain('14:00');
    expect((await get<BlockList>(`1/blocks?stylist_id=3`)).blocks).toEqual([]);
  });

  it('bad input is a 400 naming the field; another salon’s block and column are 404 and 400', async () => {
    const day = next(3);
    const errors = async (body: object) => {
      const res = await send('1/blocks', tokens.groupOwner, 'POST', body);
      expect(res.status).toBe(400);
      return ((await res.json()) as { errors: Record<string, string> }).errors;
    };
    expect(await errors({ stylist_id: 3, start: `${day}T11:00:00Z`, end: `${day}T10:00:00Z`, reason: 'X' })).toEqual({
      end: 'The end must be after the start',
    });
    expect(await errors({ stylist_id: 3, start: `${day}T11:03:00Z`, end: `${day}T12:00:00Z`, reason: 'X' })).toEqual({
      start: 'The start must be on the 5-minute grid (10:00, 10:05…)',
    });
    expect(await errors({ stylist_id: 3, start: `${day}T11:00:00Z`, end: `${day}T12:00:00Z`, reason: 'x'.repeat(81) })).toEqual({
      reason: 'A reason can be at most 80 characters',
    });
    expect(await errors({ stylist_id: 3, start: '2027-01-01', end: `${day}T12:00:00Z`, reason: 'X' })).toMatchObject({
      start: expect.any(String),
    });
    expect(await errors({ stylist_id: 3, start: `${day}T11:00:00Z`, end: `${addDays(day, 8)}T11:00:00Z`, reason: 'X' })).toEqual({
      end: 'A block can last at most a week',
    });
    // stylist 6 is salon 3's
    expect(await errors({ stylist_id: 6, start: `${day}T11:00:00Z`, end: `${day}T12:00:00Z`, reason: 'X' })).toEqual({
      stylist_id: 'Choose one of the salon’s stylists',
    });
    const { block: b } = (await (await block(`${day}T11:00:00Z`, `${day}T12:00:00Z`)).json()) as BlockAnswer;
    expect((await send(`3/blocks/${b.id}`, tokens.owner3, 'DELETE', undefined, 1)).status).toBe(404);
    expect((await send(`3/blocks/${b.id}`, tokens.owner3, 'PATCH', { reason: 'Mine' }, 1)).status).toBe(404);
  });

  it('a stylist blocks time in their own column only, and reads only their own', async () => {
    const day = next(3);
    expect((await block(`${day}T11:00:00Z`, `${day}T12:00:00Z`, {}, tokens.stylist1)).status).toBe(201);
    const other = await send('1/blocks', tokens.stylist1, 'POST', {
      stylist_id: 1,
      start: `${day}T11:00:00Z`,
      end: `${day}T12:00:00Z`,
      reason: 'X',
    });
    expect(other.status).toBe(403);
    expect(await other.json()).toMatchObject({ field: 'stylist_id' });
    const amelias = (await (
      await send('1/blocks', tokens.groupOwner, 'POST', {
        stylist_id: 1,
        start: `${day}T11:00:00Z`,
        end: `${day}T12:00:00Z`,
        reason: 'Lunch',
      })
    ).json()) as BlockAnswer;
    expect((await get<BlockList>('1/blocks', tokens.stylist1)).blocks.map((b) => b.stylist_id)).toEqual([3]);
    expect((await consoleCall('/api/console/salons/1/blocks?stylist_id=1', tokens.stylist1)).status).toBe(404);
    expect((await send(`1/blocks/${amelias.block.id}`, tokens.stylist1, 'DELETE', undefined, 1)).status).toBe(404);
    expect((await get<BlockList>('1/blocks')).blocks).toHaveLength(2);
  });
});

describe('time off', () => {
  it('across midnight and the clock change: the evening before and the morning after are gone, the rest offered', async () => {
    const sunday = springForward();
    const saturday = addDays(sunday, -1);
    expect(await offered(saturday)).toContain('15:00');
    const res = await send('1/time-off', tokens.groupOwner, 'POST', {
      stylist_id: 3,
      start: `${saturday}T14:00:00Z`,
      end: `${sunday}T11:00:00+01:00`,
      reason: 'holiday',
      note: 'Long weekend',
    });
    expect(res.status).toBe(201);
    const { time_off: t } = (await res.json()) as TimeOffAnswer;
    expect(t).toMatchObject({
      status: 'approved',
      reason: 'holiday',
      note: 'Long weekend',
      requested_by: STAFF.groupOwner.email,
      decided_by: STAFF.groupOwner.email,
    });
    const sat = await offered(saturday);
    expect(sat).toContain('13:00');
    expect(sat).not.toContain('13:15'); // an hour's cut would run into 14:00
    expect(sat).not.toContain('15:00');
    const sun = await offered(sunday);
    expect(sun).not.toContain('10:00');
    expect(sun).not.toContain('10:45');
    expect(sun).toContain('11:00');
    expect((await get<TimeOffList>(`1/time-off?from=${saturday}T00:00:00Z&to=${sunday}T23:00:00Z`)).time_off).toEqual([t]);
  });

  it('a stylist asks for a day off, a manager sees it on Today and approves it: then the day is gone from the booking page', async () => {
    const day = next(4);
    const before = await offered(day);
    expect(before.length).toBeGreaterThan(0);
    const other = await send('1/time-off', tokens.stylist1, 'POST', {
      stylist_id: 1,
      start: `${day}T00:00:00Z`,
      end: `${addDays(day, 1)}T00:00:00Z`,
      reason: 'holiday',
    });
    expect(other.status).toBe(403);
    const asked = await send('1/time-off', tokens.stylist1, 'POST', {
      stylist_id: 3,
      start: `${day}T00:00:00Z`,
      end: `${addDays(day, 1)}T00:00:00Z`,
      reason: 'training',
    });
    expect(asked.status).toBe(201);
    const { time_off: t } = (await asked.json()) as TimeOffAnswer;
    expect(t).toMatchObject({ status: 'requested', requested_by: STAFF.stylist1.email, decided_by: null });
    expect(await offered(day)).toEqual(before); // a request takes no time
    const today = await get<Today>('1/today');
    expect(today.time_off_requests).toEqual([expect.objectContaining({ id: t.id, stylist_name: 'Chloe Price', status: 'requested' })]);
    expect((await get<Today>('1/today', tokens.stylist1)).time_off_requests).toBeNull();
    const diary = await get<DiaryDay>(`1/diary/${day}`, tokens.stylist1);
    expect(diary.time_off).toEqual([expect.objectContaining({ id: t.id, status: 'requested' })]);

    expect((await send(`1/time-off/${t.id}/approve`, tokens.stylist1, 'POST', undefined, 1)).status).toBe(403);
    expect((await send(`1/time-off/${t.id}/approve`, tokens.groupOwner, 'POST')).status).toBe(428);
    const approved = await send(`1/time-off/${t.id}/approve`, tokens.groupOwner, 'POST', undefined, 1);
    expect(approved.status).toBe(200);
    expect(approved.headers.get('ETag')).toBe('"2"');
    expect(((await approved.json()) as TimeOffAnswer).time_off).toMatchObject({ status: 'approved', decided_by: STAFF.groupOwner.email });
    expect(await offered(day)).toEqual([]);
    expect((await get<Today>('1/today')).time_off_requests).toEqual([]);
    expect((await send(`1/time-off/${t.id}/decline`, tokens.groupOwner, 'POST', undefined, 2)).status).toBe(409);
    // approved time off is not the stylist's to withdraw; the owner removes it and the day is back
    expect((await send(`1/time-off/${t.id}`, tokens.stylist1, 'DELETE', undefined, 2)).status).toBe(403);
    expect((await send(`1/time-off/${t.id}`, tokens.groupOwner, 'DELETE', undefined, 2)).status).toBe(204);
    expect(await offered(day)).toEqual(before);
  });

  it('a stylist withdraws their own request; a declined one stays declined and takes no time', async () => {
    const day = next(5);
    const ask = async () =>
      (
        (await (
          await send('1/time-off', tokens.stylist1, 'POST', {
            stylist_id: 3,
            start: `${day}T09:00:00Z`,
            end: `${day}T12:00:00Z`,
            reason: 'sick',
          })
        ).json()) as TimeOffAnswer
      ).time_off;
    const first = await ask();
    expect((await send(`1/time-off/${first.id}`, tokens.stylist1, 'DELETE', undefined, 1)).status).toBe(204);
    const second = await ask();
    const declined = await send(`1/time-off/${second.id}/decline`, tokens.groupOwner, 'POST', undefined, 1);
    expect(((await declined.json()) as TimeOffAnswer).time_off.status).toBe('declined');
    expect((await get<TimeOffList>('1/time-off?status=declined')).time_off.map((t) => t.id)).toEqual([second.id]);
    expect((await get<DiaryDay>(`1/diary/${day}`)).time_off).toEqual([]);
  });

  it('bad input is a 400 naming the field; another salon’s time off is a 404', async () => {
    const day = next(3);
    const res = await send('1/time-off', tokens.groupOwner, 'POST', {
      stylist_id: 3,
      start: `${day}T09:00:00Z`,
      end: `${addDays(day, 400)}T09:00:00Z`,
      reason: 'nap',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: Record<string, string> }).errors).toEqual({
      reason: 'Choose a reason: holiday, sick, training or other',
    });
    const long = await send('1/time-off', tokens.groupOwner, 'POST', {
      stylist_id: 3,
      start: `${day}T09:00:00Z`,
      end: `${addDays(day, 400)}T09:00:00Z`,
      reason: 'holiday',
    });
    expect(((await long.json()) as { errors: Record<string, string> }).errors).toEqual({ end: 'Time off can last at most a year' });
    const { time_off: t } = (await (
      await send('1/time-off', tokens.groupOwner, 'POST', {
        stylist_id: 3,
        start: `${day}T09:00:00Z`,
        end: `${day}T10:00:00Z`,
        reason: 'other',
      })
    ).json()) as TimeOffAnswer;
    expect((await send(`3/time-off/${t.id}`, tokens.owner3, 'DELETE', undefined, 1)).status).toBe(404);
    expect((await send(`3/time-off/${t.id}/approve`, tokens.manager3, 'POST', undefined, 1)).status).toBe(404);
  });

  it('the waitlist ignores appointments but not time off', async () => {
    const day = next(4);
    expect((await offered(day, true)).length).toBeGreaterThan(0);
    await send('1/time-off', tokens.groupOwner, 'POST', {
      stylist_id: 3,
      start: `${day}T00:00:00Z`,
      end: `${addDays(day, 1)}T00:00:00Z`,
      reason: 'sick',
    });
    expect(await offered(day, true)).toEqual([]);
  });
});

describe('stranding, the desk and the race', () => {
  it('time off or a block over an appointment is 409 with the appointments; with confirm it is saved and the appointment stays, flagged', async () => {
    const day = next(3);
    const booked = await deskBook(await firstOffered(day));
    expect(booked.status).toBe(201);
    const appointment = (await booked.json()) as DeskAppointment;
    const start = new Date(Date.parse(appointment.start) - 30 * 60_000).toISOString();
    const end = new Date(Date.parse(appointment.start) + 30 * 60_000).toISOString();

    const refused = await block(start, end);
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as StrandsAppointments;
    expect(body).toMatchObject({
      error: 'STRANDS_APPOINTMENTS',
      appointments: [{ id: appointment.id, client_name: appointment.client!.name, services: [appointment.services[0]!.name] }],
    });
    const off = await send('1/time-off', tokens.groupOwner, 'POST', { stylist_id: 3, start, end, reason: 'sick' });
    expect(off.status).toBe(409);
    expect((await get<BlockList>('1/blocks')).blocks).toEqual([]);

    // the stylist's request over it takes no time; approving it is the 409 until confirmed
    const asked = await send('1/time-off', tokens.stylist1, 'POST', { stylist_id: 3, start, end, reason: 'training' });
    expect(asked.status).toBe(201);
    const { time_off: request } = (await asked.json()) as TimeOffAnswer;
    const approve = (body?: object) => send(`1/time-off/${request.id}/approve`, tokens.groupOwner, 'POST', body, 1);
    const held = await approve();
    expect(held.status).toBe(409);
    expect(((await held.json()) as StrandsAppointments).appointments.map((a) => a.id)).toEqual([appointment.id]);
    expect((await approve({ confirm: true })).status).toBe(200);

    expect((await block(start, end, { confirm: true })).status).toBe(201);
    const diary = await get<DiaryDay>(`1/diary/${day}`);
    expect(diary.appointments.find((a) => a.id === appointment.id)).toMatchObject({ status: 'confirmed', stranded: true });
    expect(((await get<DeskAppointment>(`1/appointments/${appointment.id}`)) as DeskAppointment).over_absence).toBe(true);
  });

  it('the desk books over a block only with any time, and the answer says so', async () => {
    const day = next(3);
    const time = await firstOffered(day);
    expect((await block(time, new Date(Date.parse(time) + 2 * 3_600_000).toISOString())).status).toBe(201);
    const refused = await deskBook(time);
    expect(refused.status).toBe(409);
    const deliberate = await deskBook(time, tokens.groupOwner, { any_time: true });
    expect(deliberate.status).toBe(201);
    expect(((await deliberate.json()) as DeskAppointment).over_absence).toBe(true);
  });

  it('a booking racing a block over the same hour: never both saved (10 rounds)', { timeout: 120_000 }, async () => {
    const day = next(3);
    const time = await firstOffered(day);
    const end = new Date(Date.parse(time) + 3_600_000).toISOString();
    const seen = new Set<string>();
    for (let round = 0; round < 10; round++) {
      await emptyDiaries();
      const [booking, blocked] = await Promise.all([deskBook(time), block(time, end)]);
      const outcome = `${booking.status}/${blocked.status}`;
      seen.add(outcome);
      expect(['201/409', '409/201'], outcome).toContain(outcome);
      const inside = await env.DB.prepare(
        `SELECT COUNT(*) AS n FROM appointments a JOIN blocked_times b ON b.stylist_id = 3 AND b.start_at < a.end_at AND b.end_at > a.start_at
          WHERE a.status = 'confirmed'`,
      ).first<{ n: number }>();
      expect(inside!.n).toBe(0);
    }
    expect(seen.size).toBeGreaterThan(0);
  });
});
