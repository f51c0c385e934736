import { dbOf, everyDb } from './salon-db';
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { REBOOKING_TEXTS } from '../../shared/rebooking';
import { sha256Hex } from '../../worker/crypto';
import { demoClient, JAMIE } from './client-bookings-helpers';
import { call } from './helpers';
import { createLink, DEMO_LINK, firstTimes, get, historyOf, londonDay, newLink, rebookCall, salonsOf, tokenOf } from './rebooking-helpers';

/** Another client, Alex, with one past Restyle with Sam at salon 2 (no account needed for the flow). */
const ALEX = 'a1e8c0de-0000-4000-8000-00000000a1e8';

async function seedAlex() {
  const start = Date.parse(`${londonDay(-14)}T10:00:00Z`);
  // the client in every database (a shared copy), its appointment in salon 2's
  for (const db of everyDb())
    await db
      .prepare("INSERT INTO clients (id, phone, first_name, name, updated_at) VALUES (?, '+447700900777', 'Alex', 'Alex Other', 0)")
      .bind(ALEX)
      .run();
  const db = await dbOf(2);
  // the index of a client's salons, as a booking writes it (in the first database)
  await env.DB.prepare('INSERT OR IGNORE INTO client_salons (client_id, salon_id) VALUES (?, 2)').bind(ALEX).run();
  await db.batch([
    db
      .prepare(
        "INSERT INTO appointments (salon_id, client_id, status, start_at, end_at, created_at, idempotency_key, total_price, origin) VALUES (2, ?, 'confirmed', ?, ?, 0, 'alex-past', 5500, 'online')",
      )
      .bind(ALEX, start, start + 75 * 60_000),
    db.prepare(
      "INSERT INTO appointment_procedures (appointment_id, salon_id, service_id, stylist_id, start_at, end_at, price) SELECT id, 2, 10, 5, start_at, end_at, 5500 FROM appointments WHERE idempotency_key = 'alex-past'",
    ),
  ]);
}

let jamie: { token: string; clientId: number; appointmentId: number };
let alex: { token: string; clientId: number; appointmentId: number };

beforeAll(async () => {
  await seedAlex();
  const jamieToken = await tokenOf(DEMO_LINK);
  const islington = (await salonsOf(jamieToken)).find((s) => s.salon.id === 1)!;
  jamie = {
    token: jamieToken,
    clientId: islington.id,
    appointmentId: (await historyOf(jamieToken, islington.id)).find((a) => a.can_rebook)!.id,
  };
  const alexToken = await tokenOf((await newLink(2, ALEX)).urlhash);
  const alexSalons = await salonsOf(alexToken);
  expect(alexSalons.map((s) => s.salon.id)).toEqual([2]);
  alex = { token: alexToken, clientId: alexSalons[0]!.id, appointmentId: (await historyOf(alexToken, alexSalons[0]!.id))[0]!.id };
});

describe('rebooking: another client’s ids answer 404', () => {
  it('history, availability and rebook of another client’s number or appointment', async () => {
    expect((await get(`rebooking/history/${jamie.clientId}/appointments/`, alex.token)).status).toBe(404);
    const window = `?from=${londonDay(1)}&to=${londonDay(3)}`;
    expect((await get(`rebooking/availability/appointment/${jamie.appointmentId}/${window}`, alex.token)).status).toBe(404);
    expect((await get(`rebooking/availability/appointment/${alex.appointmentId}/${window}`, alex.token)).status).toBe(200);
    const start = (await firstTimes(jamie.token, jamie.appointmentId))[0];
    const theirs = await rebookCall(alex.token, { appointment_id: jamie.appointmentId, client_id: alex.clientId, start_time: start });
    expect(theirs.status).toBe(404);
    const wrongNumber = await rebookCall(alex.token, { appointment_id: alex.appointmentId, client_id: jamie.clientId, start_time: start });
    expect(wrongNumber.status).toBe(404);
    // Jamie's number at salon 2 is Jamie's: not Alex's either
    const jamieAt2 = (await salonsOf(jamie.token)).find((s) => s.salon.id === 2)!;
    expect((await rebookCall(alex.token, { appointment_id: alex.appointmentId, client_id: jamieAt2.id, start_time: start })).status).toBe(
      404,
    );
    for (const db of everyDb())
      expect(await db.prepare("SELECT COUNT(*) AS n FROM appointments WHERE origin = 'online_rebooking'").first('n')).toBe(0);
  });
});

describe('rebooking: the token', () => {
  const calls = () => [
    'rebooking/salons/',
    `rebooking/history/${jamie.clientId}/appointments/`,
    `rebooking/availability/appointment/${jamie.appointmentId}/?from=${londonDay(1)}&to=${londonDay(2)}`,
  ];

  it('no token, a made-up one or an expired one: 401 with the expired-link text', async () => {
    const expired = await tokenOf(DEMO_LINK);
    await env.DB.prepare('UPDATE rebooking_tokens SET expires_at = ? WHERE token_sha256 = ?')
      .bind(Date.now() - 1, await sha256Hex(expired))
      .run();
    for (const path of calls()) {
      for (const headers of [{}, { Authorization: `Rebooking ${'x'.repeat(43)}` }, { Authorization: `Rebooking ${expired}` }] as Record<
        string,
        string
      >[]) {
        const res = await call(`/api/${path}`, { headers });
        expect(res.status, path).toBe(401);
        expect(((await res.json()) as { detail: string }).detail).toBe(REBOOKING_TEXTS.linkExpired);
      }
    }
    const rebook = await rebookCall(expired, {
      appointment_id: jamie.appointmentId,
      client_id: jamie.clientId,
      start_time: new Date().toISOString(),
    });
    expect(rebook.status).toBe(401);
  });

  it('a Cognito token does not open the rebooking calls, nor does a spoofed client header', async () => {
    const cognito = await demoClient();
    for (const path of calls()) {
      expect((await call(`/api/${path}`, { headers: cognito.auth })).status, path).toBe(401);
      expect((await call(`/api/${path}`, { headers: { 'X-Client-Sub': JAMIE } })).status, path).toBe(401);
    }
    // the rebooking token sent as a Bearer token does not count either
    expect((await call('/api/rebooking/salons/', { headers: { Authorization: `Bearer ${jamie.token}` } })).status).toBe(401);
  });

  it('a rebooking token opens no other protected call', async () => {
    const paths = [`ncob/client/salons/${JAMIE}/`, `ncob/client/appointments/1/future/${JAMIE}/`, `client/get/invite/${JAMIE}/`];
    for (const path of paths) {
      for (const Authorization of [`Rebooking ${jamie.token}`, `Bearer ${jamie.token}`]) {
        expect((await call(`/api/${path}`, { headers: { Authorization } })).status, `${path} ${Authorization}`).toBe(401);
      }
    }
  });

  it('the answers are personal: never from the public cache', async () => {
    const res = await get('rebooking/salons/', jamie.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toMatch(/no-store/);
    expect(res.headers.get('X-Cache')).toBeNull();
    expect(res.headers.get('ETag')).toBeNull();
    // another client's token right after gets its own answer
    expect((await salonsOf(alex.token)).map((s) => s.salon.id)).toEqual([2]);
  });
});

describe('admin: rebooking links', () => {
  it('another salon’s key or none: 401, and no link is made', async () => {
    const before = await env.DB.prepare('SELECT COUNT(*) AS n FROM rebooking_links').first('n');
    expect((await createLink({ client_id: JAMIE }, 1, 'demo-admin-2')).status).toBe(401);
    expect((await createLink({ client_id: JAMIE }, 1, 'nope')).status).toBe(401);
    const none = await call('/admin/salons/1/rebooking-links', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ client_id: JAMIE }),
    });
    expect(none.status).toBe(401);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM rebooking_links').first('n')).toBe(before);
  });

  it('a client of another salon only: 404', async () => {
    expect((await createLink({ client_id: ALEX }, 1)).status).toBe(404);
  });
});
