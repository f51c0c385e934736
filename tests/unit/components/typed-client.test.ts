import { hc } from 'hono/client';
import { describe, expect, it } from 'vitest';
import type { BookingApi, ConsoleApi } from '../../../worker/api/types';
import { answer, ApiError, apiErrorOf } from '../../../client/lib/api';
import { typedClient } from '../../../shared/typed-client';
import { fetchDaySlots } from '../../../client/features/journey/api';

// client/lib/api.ts: the typed client sends what Hono's own hc sends for the same call (but for a
// path param's encoding and a spec path's trailing slash), and one parser reads every error answer.

interface Sent {
  method: string;
  url: string;
  body: unknown;
  type: string | null;
  header: string | null;
}

/** A fetch that records what it was asked and answers `json`. */
function recorder(json: unknown = {}, status = 200) {
  const sent: Sent[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    sent.push({
      method: init?.method ?? 'GET',
      url: String(input),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : (init?.body ?? null),
      type: headers.get('Content-Type'),
      header: headers.get('X-Test'),
    });
    return Response.json(json, { status });
  }) as typeof globalThis.fetch;
  return { sent, fetch };
}

describe('typedClient', () => {
  it('sends the same method, URL, query, JSON body and headers as hc', async () => {
    const ours = recorder();
    const theirs = recorder();
    const a = typedClient<ConsoleApi>('/api/', ours.fetch);
    const b = hc<ConsoleApi>('/api/', { fetch: theirs.fetch });
    const calls = [
      (c: typeof a) => c.console.salons[':salonId'].staff.$get({ param: { salonId: '1' } }),
      (c: typeof a) => c.console.salons[':salonId'].keys[':keyId'].$delete({ param: { salonId: '1', keyId: '7' } }),
      (c: typeof a) =>
        c.console.salons[':salonId'].reports.takings.$get({ param: { salonId: '2' }, query: { from: '2026-11-01', to: '2026-11-30' } }),
      (c: typeof a) =>
        c.console.salons[':salonId'].inbox[':threadId'].messages.$post(
          { param: { salonId: '1', threadId: 'abc' }, json: { body: 'See you then' } },
          { headers: { 'X-Test': 'yes' } },
        ),
    ];
    for (const call of calls) {
      await call(a);
      await call(b as unknown as typeof a);
    }
    expect(ours.sent).toEqual(theirs.sent);
    expect(ours.sent.map((s) => `${s.method} ${s.url}`)).toEqual([
      'GET /api/console/salons/1/staff',
      'DELETE /api/console/salons/1/keys/7',
      'GET /api/console/salons/2/reports/takings?from=2026-11-01&to=2026-11-30',
      'POST /api/console/salons/1/inbox/abc/messages',
    ]);
  });

  it("keeps a spec path's trailing slash, encodes params, and leaves out a query value not given", async () => {
    const ours = recorder();
    const api = typedClient<BookingApi>('/api/', ours.fetch);
    await api.ncob.client.salons[':username'].index.$get({ param: { username: 'a b/c' } });
    await api['book-online'].services.stylists[':salonId'][':services'].index.$get({ param: { salonId: '1', services: '4,8' } });
    await api['book-online'].group[':groupId']['next-times'].index.$get({ param: { groupId: '3' }, query: { service: undefined } });
    await api.ncob.client.appointments[':salonId'][':tab{(?:future|past)}'][':username'].index.$get({
      param: { salonId: '1', tab: 'past', username: 'u-1' },
      query: { page: '2' },
    });
    expect(ours.sent.map((s) => s.url)).toEqual([
      '/api/ncob/client/salons/a%20b%2Fc/',
      '/api/book-online/services/stylists/1/4,8/',
      '/api/book-online/group/3/next-times/',
      '/api/ncob/client/appointments/1/past/u-1/?page=2',
    ]);
  });
});

describe("the journey's calls", () => {
  it('send a patch test time once encoded, and the day of a search by its own path', async () => {
    const ours = recorder({ data: {}, message: null });
    const real = globalThis.fetch;
    globalThis.fetch = ours.fetch;
    try {
      const key = { salonId: 1, services: [2, 6], stylists: [null, 3], patchTime: '2026-12-03T10:00:00+00:00', waitlist: false };
      await fetchDaySlots(key, '2026-12-04');
      await fetchDaySlots({ ...key, patchTime: null, waitlist: true }, '2026-12-04');
    } finally {
      globalThis.fetch = real;
    }
    expect(ours.sent.map((s) => s.url)).toEqual([
      '/api/book-online/new/availability/appointment/1/2026-12-04/2,6/0,3/2026-12-03T10%3A00%3A00%2B00%3A00/?isWaitList=false',
      '/api/book-online/new/waitlist/availability/appointment/1/2026-12-04/2,6/null/?stylists=0%2C3',
    ]);
  });
});

describe('the one error parser', () => {
  it("reads the Worker's error answer: detail, code, field, request_id, and a form's errors", async () => {
    const e = await apiErrorOf(
      Response.json(
        { detail: 'Check the name', code: 'BAD_REQUEST', field: 'name', request_id: 'r-1', errors: { name: 'Too long' } },
        { status: 400 },
      ),
    );
    expect(e).toBeInstanceOf(ApiError);
    expect([e.status, e.message, e.code, e.field, e.requestId]).toEqual([400, 'Check the name', 'BAD_REQUEST', 'name', 'r-1']);
    expect(e.fieldErrors).toEqual({ name: 'Too long' });
  });

  it("a console answer's message when it has no detail; the status when the body is not JSON", async () => {
    const stale = await apiErrorOf(
      Response.json({ error: 'STALE_VERSION', message: 'Someone saved', current: { version: 2 } }, { status: 412 }),
    );
    expect([stale.message, stale.code, (stale.body as { current: unknown }).current]).toEqual([
      'Someone saved',
      'STALE_VERSION',
      { version: 2 },
    ]);
    const bare = await apiErrorOf(new Response('oops', { status: 502 }));
    expect([bare.status, bare.message]).toEqual([502, 'Unknown error with code 502']);
  });

  it('answer() reads the JSON of a call, and nothing of a 204', async () => {
    expect(await answer(Promise.resolve(Response.json({ ok: 1 }) as never))).toEqual({ ok: 1 });
    expect(await answer(Promise.resolve(new Response(null, { status: 204 }) as never))).toBeUndefined();
  });
});
