import { beforeAll, describe, expect, it } from 'vitest';
import type { BookingsPage } from '../../shared/bookings';
import { call } from './helpers';
import { demoClient, json, newClient, type Client } from './client-bookings-helpers';

// Another client's bookings answer 404 (never 403), whichever call names them; no token is 401.
let jamie: Client;
let other: Client;
let jamiesBooking: number;
beforeAll(async () => {
  [jamie, other] = await Promise.all([demoClient(), newClient()]);
  const page = (await (
    await call(`/api/ncob/client/appointments/1/future/${jamie.username}/`, { headers: jamie.auth })
  ).json()) as BookingsPage;
  jamiesBooking = page.results[0]!.id;
});

const calls = () =>
  [
    ['the upcoming list', 'GET', `/api/ncob/client/appointments/1/future/${jamie.username}/`],
    ['the past list', 'GET', `/api/ncob/client/appointments/1/past/${jamie.username}/?page=1`],
    ['appointment details', 'GET', `/api/salon/1/appointment/${jamiesBooking}/`],
    ['cancelling', 'PUT', `/api/ncob/client/cancel/appointment/1/${jamiesBooking}/${jamie.username}/`],
    ['moving', 'PUT', `/api/ncob/client/appointment/1/${jamiesBooking}/${jamie.username}/move/`],
  ] as const;
const init = (method: string, headers: Record<string, string>) =>
  method === 'PUT' ? json({ start_time: '2030-01-01T10:00:00Z' }, headers, 'PUT') : { method, headers };

describe("another client's bookings", () => {
  it.each([0, 1, 2, 3, 4])('call %i: another client gets 404 and nothing changes', async (i) => {
    const [, method, path] = calls()[i]!;
    const res = await call(path, init(method, other.auth));
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it.each([0, 1, 2, 3, 4])('call %i: without a token, 401', async (i) => {
    const [, method, path] = calls()[i]!;
    const res = await call(path, init(method, {}));
    expect(res.status).toBe(401);
  });

  it("a client naming its own username still cannot reach another client's appointment", async () => {
    const mine = (p: string) => p.replace(jamie.username, other.username);
    expect(
      (await call(mine(`/api/ncob/client/cancel/appointment/1/${jamiesBooking}/${jamie.username}/`), init('PUT', other.auth))).status,
    ).toBe(404);
    expect(
      (await call(mine(`/api/ncob/client/appointment/1/${jamiesBooking}/${jamie.username}/move/`), init('PUT', other.auth))).status,
    ).toBe(404);
    // the same booking at another salon's address is not found either
    expect((await call(`/api/salon/2/appointment/${jamiesBooking}/`, { headers: jamie.auth })).status).toBe(404);
    expect((await call(`/api/salon/1/appointment/999999/`, { headers: jamie.auth })).status).toBe(404);
    const list = (await (
      await call(`/api/ncob/client/appointments/1/future/${other.username}/`, { headers: other.auth })
    ).json()) as BookingsPage;
    expect(list.count).toBe(0);
    const details = await call(`/api/salon/1/appointment/${jamiesBooking}/`, { headers: jamie.auth });
    expect(((await details.json()) as { status: string }).status).toBe('confirmed');
  });
});
