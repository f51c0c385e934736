import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PushPayload } from '../../shared/console/push';
import { configFrom } from '../../worker/config';
import { savePushSubscription } from '../../worker/db/push-subscriptions';
import { deliver } from '../../worker/messaging/outbox';
import { SendRefused } from '../../worker/messaging/refusal';
import { bookedRestyle, newClient, restyleTimes } from './client-bookings-helpers';
import { consoleCall, STAFF, staffLogin } from './console-helpers';
import { call, standIn } from './helpers';
import { dbOf } from './salon-db';

/**
 * Staff notifications by Web Push (docs/console/notifications.md): the subscription calls, and a
 * client's online booking pushed to the salon's owner and to the stylist of its column (not to
 * another stylist), received and DECRYPTED by the stand-in push service, which verified the VAPID
 * JWT first; a push service's 410 removes the subscription, a 500 is retried for that one alone.
 */

interface Subscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

/** A browser's subscription from the stand-in push service, made with the product's VAPID key as a browser would. */
async function browserSubscription(): Promise<Subscription> {
  const res = await standIn('/push/__subscribe', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ application_server_key: env.VAPID_PUBLIC_KEY }),
  });
  expect(res.status).toBe(201);
  return res.json();
}

/** What the stand-in push service received at an endpoint, decrypted. */
async function received(endpoint: string) {
  const res = await standIn(`/push/__received?endpoint=${encodeURIComponent(endpoint)}`);
  const { data } = (await res.json()) as { data: { payload: string; ttl: number; urgency: string; aud: string; vapid_key: string }[] };
  return data.map((d) => ({ ...d, notice: JSON.parse(d.payload) as PushPayload }));
}

const put = (token: string | null, body: unknown) =>
  consoleCall('/api/console/push-subscription', token, { method: 'PUT', body: JSON.stringify(body) });
const remove = (token: string, endpoint: string, how: 'query' | 'body' = 'query') =>
  how === 'query'
    ? consoleCall(`/api/console/push-subscription?endpoint=${encodeURIComponent(endpoint)}`, token, { method: 'DELETE' })
    : consoleCall('/api/console/push-subscription', token, { method: 'DELETE', body: JSON.stringify({ endpoint }) });

/** A staff member of salon 2 with a stylist role in one column, and their subscription (written as PUT writes it). */
async function stylistOfSalon2(name: string, stylistId: number, sub: Subscription) {
  const db = await dbOf(2);
  const now = Date.now();
  const staff = await db
    .prepare(
      'INSERT INTO staff (id, sub, email, name, invited_at, joined_at) VALUES ((SELECT max(id) + 1 FROM staff), ?, ?, ?, ?, ?) RETURNING id',
    )
    .bind(crypto.randomUUID(), `${crypto.randomUUID()}@example.test`, name, now, now)
    .first<{ id: number }>();
  await db
    .prepare("INSERT INTO staff_roles (staff_id, salon_id, role, stylist_id, created_at) VALUES (?, 2, 'stylist', ?, ?)")
    .bind(staff!.id, stylistId, now)
    .run();
  await savePushSubscription(db, { staffId: staff!.id, endpoint: sub.endpoint, ...sub.keys, kinds: ['new_online_booking'], now });
}

let owner = '';
beforeAll(async () => {
  owner = (await staffLogin(STAFF.groupOwner)).access_token;
});

describe('PUT and DELETE /api/console/push-subscription', () => {
  it('answers the VAPID public key to subscribe with', async () => {
    const res = await consoleCall('/api/console/push-subscription', owner);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ public_key: env.VAPID_PUBLIC_KEY });
    expect((await consoleCall('/api/console/push-subscription', null)).status).toBe(401);
  });

  it('refuses a subscription that is not one, naming the field', async () => {
    const sub = await browserSubscription();
    const cases: [unknown, string][] = [
      [{ subscription: { ...sub, endpoint: 'http://push.example.test/abc' }, kinds: [] }, 'subscription.endpoint'],
      [{ subscription: { ...sub, endpoint: 'not a url' }, kinds: [] }, 'subscription.endpoint'],
      [{ subscription: { ...sub, keys: { ...sub.keys, p256dh: sub.keys.p256dh.slice(0, 40) } }, kinds: [] }, 'subscription.keys.p256dh'],
      [{ subscription: { ...sub, keys: { ...sub.keys, auth: 'AAAA' } }, kinds: [] }, 'subscription.keys.auth'],
      [{ subscription: sub, kinds: ['everything'] }, 'kinds.0'],
      [{ subscription: sub }, 'kinds'],
    ];
    for (const [body, field] of cases) {
      const res = await put(owner, body);
      expect(res.status, field).toBe(400);
      expect(((await res.json()) as { field?: string }).field).toBe(field);
    }
    expect((await put(null, { subscription: sub, kinds: [] })).status).toBe(401);
  });

  it('keeps one row per endpoint: the same endpoint again changes its kinds; DELETE stops it, by query or body', async () => {
    const sub = await browserSubscription();
    const first = await put(owner, { subscription: sub, kinds: ['new_online_booking'] });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ endpoint: sub.endpoint, kinds: ['new_online_booking'] });
    const again = await put(owner, { subscription: { ...sub, expirationTime: null }, kinds: ['cancellation', 'text_reply'] });
    expect(again.status).toBe(200);
    const db = await dbOf(1);
    const rows = await db.prepare('SELECT kinds FROM push_subscriptions WHERE endpoint = ?').bind(sub.endpoint).all<{ kinds: string }>();
    expect(rows.results).toEqual([{ kinds: ',cancellation,text_reply,' }]);
    // another member cannot stop it
    const stylist = (await staffLogin(STAFF.stylist1)).access_token;
    expect((await remove(stylist, sub.endpoint)).status).toBe(404);
    expect((await remove(owner, sub.endpoint)).status).toBe(204);
    expect((await remove(owner, sub.endpoint)).status).toBe(404);
    expect((await put(owner, { subscription: sub, kinds: [] })).status).toBe(200);
    expect((await remove(owner, sub.endpoint, 'body')).status).toBe(204);
    const left = await db
      .prepare('SELECT count(*) AS n FROM push_subscriptions WHERE endpoint = ?')
      .bind(sub.endpoint)
      .first<{ n: number }>();
    expect(left!.n).toBe(0);
    const bad = await consoleCall('/api/console/push-subscription', owner, { method: 'DELETE' });
    expect(bad.status).toBe(400);
  });
});

describe('a client books online: the push', () => {
  it("reaches the owner and that column's stylist, decrypted by the push service, and not another stylist", async () => {
    const ownerSub = await browserSubscription();
    expect((await put(owner, { subscription: ownerSub, kinds: ['new_online_booking', 'cancellation'] })).status).toBe(200);
    const samSub = await browserSubscription();
    await stylistOfSalon2('Sam Taylor', 5, samSub);
    // another column of salon 2, and its stylist, who chose new bookings too
    const db2 = await dbOf(2);
    const column = await db2
      .prepare(
        "INSERT INTO stylists (id, salon_id, name, role, position, active) VALUES ((SELECT max(id) + 1 FROM stylists), 2, 'Other Column', '', 9, 1) RETURNING id",
      )
      .first<{ id: number }>();
    const otherSub = await browserSubscription();
    await stylistOfSalon2('Other Stylist', column!.id, otherSub);

    const client = await newClient();
    const [start] = await restyleTimes();
    await bookedRestyle(client, start!);

    await expect.poll(async () => (await received(ownerSub.endpoint)).length, { timeout: 10_000 }).toBe(1);
    await expect.poll(async () => (await received(samSub.endpoint)).length, { timeout: 10_000 }).toBe(1);
    const [toOwner] = await received(ownerSub.endpoint);
    expect(toOwner!.notice.title).toBe('New online booking');
    // a lock screen is public: the first name, the service and the time, never the surname or phone
    expect(toOwner!.notice.body).toMatch(/^Robin · Restyle · \w{3} \d{1,2} \w{3} at \d\d:\d\d$/);
    expect(toOwner!.payload).not.toContain('Mover');
    expect(toOwner!.payload).not.toContain(client.phone);
    expect(toOwner!.notice.url).toMatch(/^\/console\/salons\/2\/diary\?date=\d{4}-\d\d-\d\d&stylist=5$/);
    // VAPID as the push service verified it: our key, its own origin as the audience; RFC 8030's headers
    expect(toOwner).toMatchObject({
      vapid_key: env.VAPID_PUBLIC_KEY,
      aud: new URL(ownerSub.endpoint).origin,
      ttl: 86400,
      urgency: 'normal',
    });
    expect((await received(samSub.endpoint))[0]!.notice.title).toBe('New online booking');
    expect(await received(otherSub.endpoint)).toEqual([]);
  });
});

describe('the push service answers', () => {
  const config = () => configFrom(env);
  /** A booking at salon 2 (no push yet: nobody of salon 2 has subscribed in this test) and the owner subscribed after it. */
  async function bookingWithOwnerSubscribed() {
    const client = await newClient();
    const [, , start] = await restyleTimes();
    const appointmentId = await bookedRestyle(client, start!);
    const sub = await browserSubscription();
    expect((await put(owner, { subscription: sub, kinds: ['cancellation'] })).status).toBe(200);
    const notice = { kind: 'staff-push' as const, salon_id: 2, notice: 'cancellation' as const, appointment_id: appointmentId };
    return { sub, notice, db: await dbOf(2) };
  }
  const answer = (sub: Subscription, status: number | null) =>
    standIn(`/push/__subscriptions/${sub.endpoint.split('/push/')[1]}/answer`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ status }),
    });

  it('410: the subscription is deleted', async () => {
    const { sub, notice, db } = await bookingWithOwnerSubscribed();
    await answer(sub, 410);
    await deliver(db, config(), { ...notice, key: `test-410-${crypto.randomUUID()}` });
    const row = await db.prepare('SELECT 1 FROM push_subscriptions WHERE endpoint = ?').bind(sub.endpoint).first();
    expect(row).toBeNull();
  });

  it('500: retried by the queue, and the retry sends once to the one not reached', async () => {
    const { sub, notice, db } = await bookingWithOwnerSubscribed();
    const key = `test-500-${crypto.randomUUID()}`;
    await answer(sub, 500);
    const failed = await deliver(db, config(), { ...notice, key }).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(SendRefused);
    expect((failed as SendRefused).status).toBe(500);
    expect(await received(sub.endpoint)).toEqual([]);
    await answer(sub, null);
    await deliver(db, config(), { ...notice, key });
    await deliver(db, config(), { ...notice, key });
    const got = await received(sub.endpoint);
    expect(got.map((g) => g.notice.title)).toEqual(['Appointment cancelled']);
  });
});

describe('the console as an app', () => {
  it('links its own web manifest from its page alone; a booking page links none', async () => {
    const html = await (await call('/console/salons/1/today')).text();
    expect(html).toContain('<link rel="manifest" href="/console/manifest.webmanifest" />');
    expect(await (await call('/salon/1')).text()).not.toContain('rel="manifest"');
    const res = await call('/console/manifest.webmanifest');
    expect(res.status).toBe(200);
    const manifest = (await res.json()) as {
      name: string;
      start_url: string;
      scope: string;
      display: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Bookwell console', start_url: '/console/', scope: '/console/', display: 'standalone' });
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of manifest.icons) {
      const png = await call(icon.src);
      expect(png.status, icon.src).toBe(200);
      expect(png.headers.get('Content-Type')).toBe('image/png');
    }
  });

  it('serves its service worker, never cached past a release, and it shows pushes and opens the console on a click', async () => {
    const res = await call('/console/sw.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/javascript/);
    expect(res.headers.get('Cache-Control')).toBe('no-cache');
    const code = await res.text();
    expect(code).toContain('showNotification');
    expect(code).toContain('notificationclick');
  });
});
