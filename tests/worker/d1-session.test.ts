import { parseBookmarks } from '../../worker/edge/bookmarks';
import { databaseOf, placementOf } from '../../worker/db/placement';
import { env } from 'cloudflare:test';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BookingsPage } from '../../shared/bookings';
import { MSG_SLOT_TAKEN } from '../../shared/booking-request';
import { call, emptyDiaries } from './helpers';
import { newClient, restyleRequest, restyleTimes, tuesday, type Client } from './client-bookings-helpers';

/**
 * Read replication's sessions (edge/d1-session.ts): where each request's session starts, and the
 * bookmark a write's answer carries coming back on the client's next read. The database is
 * watched where the Worker opens its session (`withSession`'s argument).
 */
function watched(watch: D1Database) {
  const starts: string[] = [];
  const db = new Proxy(watch, {
    get(target, key) {
      if (key === 'withSession')
        return (start: string) => {
          starts.push(start);
          return target.withSession(start);
        };
      const value = Reflect.get(target, key) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { starts, db };
}

/** Calls the Worker with a watched database: the answer and where its session started. */
async function traced(path: string, init: RequestInit = {}, first = false) {
  // salon 2's database, as the directory places it (DB, or DB_2 with TEST_DATABASES=2); `first`: DB, whatever holds salon 2
  const binding = first ? 'DB' : (await placementOf(env.DB, 2, 0)).binding;
  const w = watched(databaseOf(env, binding));
  const res = await call(path, init, { [binding]: w.db });
  return { res, starts: w.starts, binding };
}

/** Salon 2's database's own bookmark in an answer's (one a database, edge/bookmarks.ts; with one database, the whole). */
async function salonPart(bookmark: string | null) {
  const { binding } = await placementOf(env.DB, 2, 0);
  return parseBookmarks(bookmark)?.get(binding) ?? null;
}

const bookmarkCookie = (res: Response) => /__Host-d1_bookmark=([^;]+)/.exec(res.headers.getSetCookie().join('\n'))?.[1];

const BOOK = '/api/book-online/appointment/create/2/';
const upcoming = (c: Client) => `/api/ncob/client/appointments/2/future/${c.username}/`;

let client: Client;
beforeAll(async () => {
  client = await newClient();
});
beforeEach(() => emptyDiaries());

describe('where a request reads (D1 sessions)', () => {
  it('a browse-only read (availability) may read any replica and carries no bookmark', async () => {
    const { res, starts } = await traced(`/api/book-online/new/availability/appointment/2/${tuesday()}/10/5/null/`);
    expect(res.status).toBe(200);
    expect(starts).toEqual(['first-unconstrained']);
    expect(res.headers.get('X-D1-Bookmark')).toBeNull();
    expect(bookmarkCookie(res)).toBeUndefined();
  });

  it('a cached public read and a page load start at the primary (their settings version), with no bookmark', async () => {
    for (const path of ['/api/book-online/salon/2/', '/salon/2']) {
      // the settings version is read in the first database
      const { res, starts } = await traced(path, {}, true);
      expect(res.status).toBe(200);
      expect(starts).toEqual(['first-primary']);
      expect(bookmarkCookie(res)).toBeUndefined();
    }
  });

  it("a booking's answer carries its bookmark, and the client's next read starts from it and sees the booking", async () => {
    const [slot] = await restyleTimes();
    const booked = await traced(BOOK, restyleRequest(client, slot!));
    expect(booked.res.status).toBe(201);
    // a first write with no bookmark: the primary
    expect(booked.starts).toEqual(['first-primary']);
    const bookmark = booked.res.headers.get('X-D1-Bookmark');
    expect(await salonPart(bookmark)).toMatch(/^[0-9a-f]+(-[0-9a-f]+)+$/);
    expect(bookmarkCookie(booked.res)).toBe(bookmark);
    expect(booked.res.headers.getSetCookie().join('\n')).toMatch(
      /__Host-d1_bookmark=[^;]+; Max-Age=3600; Path=\/; HttpOnly; Secure; SameSite=Strict/,
    );
    const { appointment_id } = (await booked.res.json()) as { appointment_id: number };

    // the browser returns the cookie by itself
    const read = await traced(upcoming(client), { headers: { ...client.auth, Cookie: `__Host-d1_bookmark=${bookmark}` } });
    expect(read.starts).toEqual([await salonPart(bookmark)]);
    expect(read.res.status).toBe(200);
    const page = (await read.res.json()) as BookingsPage;
    expect(page.results.map((b) => b.id)).toContain(appointment_id);
    // a read moves nothing on: the same bookmark (or a later one), never an older one
    expect(read.res.headers.get('X-D1-Bookmark')! >= bookmark!).toBe(true);
  });

  it('a caller that is not a browser returns the bookmark in the header instead', async () => {
    const [slot] = await restyleTimes();
    const booked = await call(BOOK, restyleRequest(client, slot!));
    const bookmark = booked.headers.get('X-D1-Bookmark')!;
    const read = await traced(upcoming(client), { headers: { ...client.auth, 'X-D1-Bookmark': bookmark } });
    expect(read.starts).toEqual([await salonPart(bookmark)]);
    expect(read.res.status).toBe(200);
  });

  it('a cancellation starts from the booking it follows, and its answer carries a later bookmark', async () => {
    const [slot] = await restyleTimes();
    const booked = await call(BOOK, restyleRequest(client, slot!));
    const bookmark = booked.headers.get('X-D1-Bookmark')!;
    const { appointment_id } = (await booked.json()) as { appointment_id: number };
    const cancelled = await traced(`/api/ncob/client/cancel/appointment/2/${appointment_id}/${client.username}/`, {
      method: 'PUT',
      headers: { ...client.auth, Cookie: `__Host-d1_bookmark=${bookmark}` },
    });
    expect(cancelled.res.status).toBe(200);
    expect(cancelled.starts).toEqual([await salonPart(bookmark)]);
    const after = cancelled.res.headers.get('X-D1-Bookmark')!;
    expect((await salonPart(after))! > (await salonPart(bookmark))!).toBe(true);
    expect(bookmarkCookie(cancelled.res)).toBe(after);
  });

  it('a bookmark that is not one is ignored: the primary, never an error', async () => {
    const read = await traced(upcoming(client), { headers: { ...client.auth, Cookie: '__Host-d1_bookmark=<script>' } });
    expect(read.res.status).toBe(200);
    expect(read.starts).toEqual(['first-primary']);
  });

  it('a time a stale replica still shows free is refused by the booking itself (409, just taken)', async () => {
    // what a replica behind the primary answers: the times as they were before another client booked one
    const stale = await traced(`/api/book-online/new/availability/appointment/2/${tuesday()}/10/5/null/`);
    expect(stale.starts).toEqual(['first-unconstrained']);
    const [slot] = Object.keys(((await stale.res.json()) as { data: Record<string, unknown> }).data);
    expect((await call(BOOK, restyleRequest(await newClient(), slot!))).status).toBe(201);
    const late = await traced(BOOK, restyleRequest(client, slot!));
    expect(late.res.status).toBe(409);
    // the booking's own check reads its session (the primary, or newer than the client's bookmark); were it
    // behind too, the INSERT refuses the stylist's taken blocks (bookings.test.ts: 'the database refuses')
    const { detail } = (await late.res.json()) as { detail: string };
    expect([MSG_SLOT_TAKEN, 'That time is no longer available. Please choose another time.']).toContain(detail);
  });
});
