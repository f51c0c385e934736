import { beforeAll, describe, expect, it } from 'vitest';
import { isIsoDateTime } from '../../shared/dates';
import { call, demoLogin } from './helpers';

// Issue 16 item 4: impossible dates and times answered 500 (a RangeError) on hold and create, and
// were read as another day (2026-02-30 → 2 March) by the cost, availability and stylists-at
// calls. Every date-time input now goes through one strict parser and answers 400 naming the field.
const IMPOSSIBLE = [
  '2026-13-01T10:00:00Z',
  '2026-12-32T10:00:00Z',
  '2026-00-00T10:00:00Z',
  '2026-11-24T25:00:00Z',
  '2026-11-24T10:60:00Z',
  '2026-02-30T10:00:00Z',
  '2026-11-24T10:00:00+15:00',
];

let token = '';
beforeAll(async () => {
  token = (await demoLogin()).token;
});

const post = (path: string, body: unknown, auth = false) =>
  call(path, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Idempotency-Key': crypto.randomUUID(),
      ...(auth ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });

const booking = (t: string) => ({
  start_time: t,
  procedures: [{ service_id: 10, stylist_id: 5, start_time: t, duration: 30, price: 20, processing: 0 }],
});

async function expect400(res: Response, field: string) {
  expect(res.status).toBe(400);
  const body = (await res.json()) as { detail: string; field?: string };
  expect(`${body.field ?? ''} ${body.detail}`).toContain(field);
}

describe('one strict date-time parser', () => {
  it('takes real instants with an offset and refuses impossible ones', () => {
    for (const ok of ['2026-11-24T10:00:00Z', '2026-11-24T10:00Z', '2026-11-24T10:00:00.250+01:00', '2028-02-29T23:59:59-05:00']) {
      expect(isIsoDateTime(ok), ok).toBe(true);
    }
    for (const bad of [...IMPOSSIBLE, '2026-02-29T10:00:00Z', '2026-11-24T10:00:00', '2026-11-24', 'tomorrow', '2026-11-24T10:00:00ZZ']) {
      expect(isIsoDateTime(bad), bad).toBe(false);
    }
  });

  it.each(IMPOSSIBLE)('hold, create and the waitlist answer 400 naming start_time for %s', async (t) => {
    await expect400(
      await post('/api/book-online/hold/2/', { start_time: t, procedures: [{ service_id: 10, stylist_id: 5, start_time: t }] }),
      'start_time',
    );
    await expect400(await post('/api/book-online/appointment/create/2/', booking(t), true), 'start_time');
    await expect400(await post('/api/book-online/waitlist/appointment/create/2/', booking(t), true), 'start_time');
  });

  it.each(IMPOSSIBLE)('the cost, stylists-at and availability calls answer 400 for %s', async (t) => {
    const auth = { headers: { Authorization: `Bearer ${token}` } };
    await expect400(await call(`/api/ncob/checkout/salon/appointment/cost/1/${encodeURIComponent(t)}/5,8/1,1/`, auth), 'isoTime');
    await expect400(await call(`/api/book-online/services/stylists-at/2/10/0/?start_time=${encodeURIComponent(t)}`), 'start_time');
    await expect400(
      await call(`/api/book-online/services/stylists-at/2/10/0/?start_time=2030-01-01T10:00:00Z&patch_time=${encodeURIComponent(t)}`),
      'patch_time',
    );
    await expect400(await call(`/api/book-online/availability/weekly/1/2/0/2030-01-07/${encodeURIComponent(t)}/`), 'extra');
  });

  it('refuses an impossible calendar date in a path', async () => {
    await expect400(await call('/api/book-online/availability/weekly/1/2/0/2026-02-30/null/'), 'weekStartDate');
  });
});
