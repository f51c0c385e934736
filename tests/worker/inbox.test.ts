import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import type { InboxList, InboxThreadView } from '../../shared/console/inbox';
import { configFrom } from '../../worker/config';
import { salonDatabaseOf } from '../../worker/db/placement';
import { deliver } from '../../worker/messaging/outbox';
import { twilioSignature } from '../../worker/messaging/status-callbacks';
import { consoleCall, STAFF, staffLogin } from './console-helpers';
import { call, standIn } from './helpers';
import { dbOf } from './salon-db';

/**
 * The console's Inbox (docs/console/inbox.md): a thread per client with every text both ways, the
 * unread count, staff answers that reach the client's phone and the thread; a stylist sees only the
 * threads of clients with an appointment in their own column.
 */

const config = () => configFrom(env);
let seq = 0;
const freshPhone = () => `+44770092${String(1000 + ((Date.now() + ++seq * 7919) % 9000)).slice(-4)}`;
const tokens: Record<'owner' | 'stylist' | 'owner3', string> = { owner: '', stylist: '', owner3: '' };

async function textIn(from: string, body: string) {
  const messageSid = `SM${crypto.randomUUID().replaceAll('-', '')}`;
  const form = new URLSearchParams({ MessageSid: messageSid, SmsSid: messageSid, From: from, To: config().sms.from, Body: body });
  const signature = await twilioSignature(config().sms.authToken, `${config().appOrigin}/webhooks/twilio/inbound`, form);
  const res = await call('/webhooks/twilio/inbound', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Twilio-Signature': signature },
    body: form,
  });
  expect(res.status).toBe(200);
}

/** A desk booking at salon 1 for the phone, in one stylist's column. */
async function bookedWith(phone: string, stylistId: number) {
  const db = await dbOf(1);
  const service = await db.prepare('SELECT id FROM services WHERE salon_id = 1 ORDER BY id LIMIT 1').first<{ id: number }>();
  const start = Date.parse('2032-01-05T10:00:00Z') + ++seq * 86_400_000;
  const a = await db
    .prepare(
      `INSERT INTO appointments (salon_id, status, start_at, end_at, created_at, origin, client_phone, client_name)
       VALUES (1, 'confirmed', ?, ?, ?, 'salon', ?, 'Inbox Client') RETURNING id`,
    )
    .bind(start, start + 1_800_000, Date.now(), phone)
    .first<{ id: number }>();
  await db
    .prepare(
      'INSERT INTO appointment_procedures (appointment_id, salon_id, service_id, stylist_id, start_at, end_at, price) VALUES (?, 1, ?, ?, ?, ?, 2500)',
    )
    .bind(a!.id, service!.id, stylistId, start, start + 1_800_000)
    .run();
}

/**
 * A thread at salon 1: a client of a fresh phone booked in the stylist's column, a text sent to
 * them (`sent`), then their text in (`texted`). Answers the phone.
 */
async function threadWith(stylistId: number, texted: string, sent = 'Hello') {
  const phone = freshPhone();
  await bookedWith(phone, stylistId);
  await deliver(await salonDatabaseOf(env, 1, 0), config(), {
    kind: 'sms',
    to: phone,
    body: sent,
    key: `test-${crypto.randomUUID()}`,
    salon_id: 1,
  });
  await textIn(phone, texted);
  return phone;
}

const inbox = async (token: string, salon = 1) => {
  const res = await consoleCall(`/api/console/salons/${salon}/inbox`, token);
  expect(res.status).toBe(200);
  return (await res.json()) as InboxList;
};

let own: number;
let other: number;
beforeAll(async () => {
  tokens.owner = (await staffLogin(STAFF.groupOwner)).access_token;
  tokens.stylist = (await staffLogin(STAFF.stylist1)).access_token;
  tokens.owner3 = (await staffLogin(STAFF.owner3)).access_token;
  const db = await dbOf(1);
  own = (await db.prepare('SELECT stylist_id FROM staff_roles WHERE staff_id = 3 AND salon_id = 1').first<{ stylist_id: number }>())!
    .stylist_id;
  other = (await db
    .prepare('SELECT id FROM stylists WHERE salon_id = 1 AND id <> ? ORDER BY id LIMIT 1')
    .bind(own)
    .first<{ id: number }>())!.id;
});

describe('the Inbox', () => {
  it('shows a text that came in, unread, then the thread with every text both ways; an answer reaches the phone and the thread', async () => {
    const before = (await inbox(tokens.owner)).unread;
    const phone = await threadWith(own, 'Can I bring my daughter along?', 'Willow & Co Islington: a reminder of your appointment.');
    const list = await inbox(tokens.owner);
    const thread = list.threads.find((t) => t.client.phone === phone)!;
    expect(thread).toMatchObject({
      client: { name: 'Inbox Client', phone, opted_out_of_texts: false },
      last: { body: 'Can I bring my daughter along?', direction: 'in' },
      unread: 1,
    });
    expect(list.unread).toBe(before + 1);

    const opened = await consoleCall(`/api/console/salons/1/inbox/${thread.id}`, tokens.owner);
    const view = (await opened.json()) as InboxThreadView;
    expect(view.messages.map((m) => [m.direction, m.body])).toEqual([
      ['out', 'Willow & Co Islington: a reminder of your appointment.'],
      ['in', 'Can I bring my daughter along?'],
    ]);
    expect(view.messages[0]!.status).toMatch(/^(queued|sent|delivered)$/);
    expect((await inbox(tokens.owner)).threads.find((t) => t.id === thread.id)!.unread).toBe(0);

    const answered = await consoleCall(`/api/console/salons/1/inbox/${thread.id}/messages`, tokens.owner, {
      method: 'POST',
      body: JSON.stringify({ body: 'Of course, see you both then.' }),
    });
    expect(answered.status).toBe(201);
    const after = (await answered.json()) as InboxThreadView;
    expect(after.messages.at(-1)).toMatchObject({ direction: 'out', body: 'Of course, see you both then.', staff_name: 'Morgan Willow' });
    await expect
      .poll(
        async () =>
          (
            (await (await standIn(`/__dev/outbox/texts.json?to=${encodeURIComponent(phone)}`)).json()) as { data: { body: string }[] }
          ).data.map((t) => t.body),
        { timeout: 15_000 },
      )
      .toContain('Of course, see you both then.');
  }, 40_000);

  it('a stylist sees only the threads of clients in their own column; another salon’s thread is 404', async () => {
    const mine = await threadWith(own, 'A question');
    const theirs = await threadWith(other, 'A question');
    const seen = (await inbox(tokens.stylist)).threads.map((t) => t.client.phone);
    expect(seen).toContain(mine);
    expect(seen).not.toContain(theirs);
    const hidden = (await inbox(tokens.owner)).threads.find((t) => t.client.phone === theirs)!;
    expect((await consoleCall(`/api/console/salons/1/inbox/${hidden.id}`, tokens.stylist)).status).toBe(404);
    expect((await consoleCall(`/api/console/salons/3/inbox/${hidden.id}`, tokens.owner3)).status).toBe(404);
    const empty = await consoleCall(`/api/console/salons/1/inbox/${hidden.id}/messages`, tokens.owner, {
      method: 'POST',
      body: '{"body":" "}',
    });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ errors: { body: 'Write an answer' } });
  });

  it('a client who texted STOP cannot be answered (409 OPTED_OUT), and the thread says they opted out', async () => {
    const phone = await threadWith(own, 'STOP');
    const thread = (await inbox(tokens.owner)).threads.find((t) => t.client.phone === phone)!;
    expect(thread.client.opted_out_of_texts).toBe(true);
    const res = await consoleCall(`/api/console/salons/1/inbox/${thread.id}/messages`, tokens.owner, {
      method: 'POST',
      body: JSON.stringify({ body: 'Sorry to see you go' }),
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'OPTED_OUT' });
  });
});
