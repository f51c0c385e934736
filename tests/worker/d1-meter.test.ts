import { describe, expect, it } from 'vitest';
import { call } from './helpers';
import { tuesday } from './client-bookings-helpers';

/** D1_METER=1 (db/d1-meter.ts): each answer says what it asked of D1, from D1's own meta. */
const meterOf = (res: Response) => {
  const m = /^q=(\d+);r=(\d+);w=(\d+);d1=([\d.]+);wait=([\d.]+)$/.exec(res.headers.get('X-D1-Meter') ?? '');
  return m ? { queries: +m[1]!, rowsRead: +m[2]!, rowsWritten: +m[3]!, d1: +m[4]!, wait: +m[5]! } : null;
};

describe('the D1 meter', () => {
  it('is off unless D1_METER says so', async () => {
    expect((await call('/api/book-online/salon/2/')).headers.get('X-D1-Meter')).toBeNull();
  });

  it("counts a request's queries and the rows they read, in the edge and the API alike", async () => {
    const res = await call(`/api/book-online/new/availability/appointment/2/${tuesday()}/10/5/null/`, {}, { D1_METER: '1' });
    expect(res.status).toBe(200);
    const m = meterOf(res)!;
    expect(m.queries).toBeGreaterThan(0);
    expect(m.rowsRead).toBeGreaterThan(0);
    expect(m.rowsWritten).toBe(0);
  });
});
