import { env } from 'cloudflare:test';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DeskAppointment, DiaryDay } from '../../shared/console/diary';
import { addDays, localDateOf, salonDays, wallClockToUtc } from '../../worker/availability/calendar';
import { consoleCall, STAFF, staffLogin } from './console-helpers';
import { emptyDiaries } from './helpers';

/**
 * Moving in the diary (docs/console/desk.md "Moving in the diary"): an appointment dragged to
 * another stylist's column and time, or its end dragged to lengthen it; the stylists' blocks refuse
 * a clash in the move's own batch (409, the appointment left as it was), whatever the concurrency.
 */
let owner = '';
beforeAll(async () => {
  owner = (await staffLogin(STAFF.groupOwner)).access_token;
});
beforeEach(() => emptyDiaries(env.DB.prepare('DELETE FROM sent_messages')));

const post = (path: string, body: unknown) =>
  consoleCall(`/api/console/salons/1/${path}`, owner, { method: 'POST', body: JSON.stringify(body) });

/** The next Friday at least two days ahead (Amelia, Chloe and Dan all work Fridays at salon 1, Europe/London). */
function friday(): string {
  let d = addDays(localDateOf(Date.now(), 'Europe/London'), 2);
  while (new Date(`${d}T00:00:00Z`).getUTCDay() !== 5) d = addDays(d, 1);
  return d;
}
const date = friday();
/** '10:00' on that Friday, salon time, as an ISO instant */
const at = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return new Date(wallClockToUtc(salonDays(date, 1, 'Europe/London')[0]!, h! * 60 + m!)).toISOString();
};

/** A Ladies Cut (service 1: Amelia 60 min, Chloe 60, Dan 75) booked at the desk. */
async function book(stylist: number, time: string): Promise<DeskAppointment> {
  const res = await post('appointments', {
    client: { name: 'Robin Mover', phone: '+447700900456' },
    start_time: at(time),
    procedures: [{ service_id: 1, stylist_id: stylist }],
  });
  expect(res.status).toBe(201);
  return (await res.json()) as DeskAppointment;
}

const move = (id: number, body: Record<string, unknown>) => post(`appointments/${id}/move`, body);

async function dayOf(id: number) {
  const res = await consoleCall(`/api/console/salons/1/diary/${date}`, owner);
  const day = (await res.json()) as DiaryDay;
  return day.appointments.find((a) => a.id === id)!;
}

describe('moving in the diary', () => {
  it('moves an appointment to another stylist and time, and a clash answers 409 leaving it where it was', async () => {
    const a = await book(3, '10:00');
    const b = await book(1, '14:00');
    const moved = await move(a.id, { start_time: at('11:00'), stylist_id: 1 });
    expect(moved.status).toBe(200);
    expect((await dayOf(a.id)).services).toMatchObject([{ stylist_id: 1, start: at('11:00'), end: at('12:00') }]);
    // Chloe's 10:00 is free again: another booking takes it
    await book(3, '10:00');

    const clash = await move(a.id, { start_time: at('14:30'), stylist_id: 1 });
    expect(clash.status).toBe(409);
    expect(await clash.json()).toMatchObject({ code: 'SLOT_TAKEN', field: 'start_time' });
    expect((await dayOf(a.id)).services).toMatchObject([{ stylist_id: 1, start: at('11:00'), end: at('12:00') }]);
    expect((await dayOf(b.id)).services).toMatchObject([{ stylist_id: 1, start: at('14:00') }]);
  });

  it('refuses a stylist who does not do the service, or is not the salon’s, naming stylist_id', async () => {
    const a = await book(3, '10:00');
    // Ben (2) does not do a Ladies Cut; Sam (5) works at salon 2
    for (const stylist_id of [2, 5, 999]) {
      const res = await move(a.id, { start_time: at('10:00'), stylist_id });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { field: string }).field).toBe('stylist_id');
    }
    const res = await move(a.id, { start_time: at('10:00'), from_stylist_id: 1, stylist_id: 4 });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { field: string }).field).toBe('from_stylist_id');
    expect((await dayOf(a.id)).services).toMatchObject([{ stylist_id: 3, start: at('10:00') }]);
  });

  it('lengthens an appointment by its end, and refuses an end into the next booking', async () => {
    const a = await book(1, '10:00');
    await book(1, '12:00');
    const longer = await move(a.id, { start_time: at('10:00'), end_time: at('11:30') });
    expect(longer.status).toBe(200);
    expect(((await longer.json()) as DeskAppointment).end).toBe(at('11:30'));
    expect((await dayOf(a.id)).services).toMatchObject([{ start: at('10:00'), end: at('11:30') }]);

    const into = await move(a.id, { start_time: at('10:00'), end_time: at('12:15') });
    expect(into.status).toBe(409);
    expect((await dayOf(a.id)).end).toBe(at('11:30'));
    const before = await move(a.id, { start_time: at('10:00'), end_time: at('09:45') });
    expect(before.status).toBe(400);
    expect(((await before.json()) as { field: string }).field).toBe('end_time');
    expect((await move(a.id, { start_time: at('10:00'), end_time: at('10:47') })).status).toBe(400);
  });

  it('gives a contested time to exactly one of two moves at once, 5 rounds', async () => {
    for (let round = 0; round < 5; round++) {
      await emptyDiaries();
      const [a, b] = [await book(3, '10:00'), await book(4, '10:00')];
      const answers = await Promise.all([a, b].map((x) => move(x.id, { start_time: at('15:00'), stylist_id: 1 })));
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      const inAmelias = [await dayOf(a.id), await dayOf(b.id)].filter((x) => x.services[0]!.stylist_id === 1);
      expect(inAmelias).toHaveLength(1);
      expect(inAmelias[0]!.start).toBe(at('15:00'));
    }
  });
});
