import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { configFrom } from '../../worker/config';
import { salonDatabaseOf } from '../../worker/db/placement';
import { deliver } from '../../worker/messaging/outbox';
import { twilioSignature } from '../../worker/messaging/status-callbacks';
import { about, cronAt, newAppointment, newClient, setReminders } from './reminder-helpers';
import { call } from './helpers';
import { dbOf } from './salon-db';

/**
 * Clients answer by text (docs/messaging.md "Replies"): Twilio posts a text to
 * /webhooks/twilio/inbound, signed; the product answers TwiML. C cancels within the salon's rules,
 * Y confirms, the opt-out words (CANCEL among them) opt out, START opts back in, HELP names the
 * salon, anything else goes to the Inbox; the salon that texted the number last gets the reply.
 */

const config = () => configFrom(env);
const INBOUND = '/webhooks/twilio/inbound';
const HOUR = 3_600_000;
let seq = 0;
const sid = () => `SM${crypto.randomUUID().replaceAll('-', '')}`;
/** a phone no other test texts */
const freshPhone = () => `+44770091${String(1000 + ((Date.now() + ++seq * 7919) % 9000)).slice(-4)}`;

/** A text from `from` as Twilio posts it: every field it sends, signed over the public URL. */
async function textIn(from: string, body: string, o: { messageSid?: string; signature?: string } = {}) {
  const messageSid = o.messageSid ?? sid();
  const form = new URLSearchParams({
    ToCountry: 'GB',
    SmsMessageSid: messageSid,
    NumMedia: '0',
    SmsSid: messageSid,
    SmsStatus: 'received',
    Body: body,
    FromCountry: 'GB',
    To: config().sms.from,
    NumSegments: '1',
    MessageSid: messageSid,
    AccountSid: config().sms.accountSid,
    From: from,
    ApiVersion: '2010-04-01',
  });
  const signature = o.signature ?? (await twilioSignature(config().sms.authToken, `${config().appOrigin}${INBOUND}`, form));
  const res = await call(INBOUND, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Twilio-Signature': signature },
    body: form,
  });
  return { res, twiml: await res.text(), messageSid };
}

/** The salon texts the number (through the real send path, to the stand-in Twilio): its replies go there now. */
async function textedBy(salonId: number, phone: string, key = `test-${crypto.randomUUID()}`) {
  // as the queue's consumer finds it: the salon's database, knowing the first one (worker/index.ts)
  const db = await salonDatabaseOf(env, salonId, 0);
  await deliver(db, config(), { kind: 'sms', to: phone, body: 'Hello from the salon', key, salon_id: salonId });
}

/** A desk booking for `phone` at salon 1, starting `hours` from now. */
async function bookedFor(phone: string, hours: number, status: 'confirmed' | 'unconfirmed' = 'confirmed', salonId = 1) {
  const start = new Date(Math.ceil((Date.now() + hours * HOUR) / 900_000) * 900_000 + seq++ * 3_600_000 * 24 * 3).toISOString();
  const a = await newAppointment({ salonId, clientId: null, start, phone });
  if (status !== 'confirmed')
    await (await dbOf(salonId)).prepare('UPDATE appointments SET status = ? WHERE id = ?').bind(status, a.id).run();
  return a;
}

const statusOf = async (id: number, salonId = 1) =>
  (await (await dbOf(salonId)).prepare('SELECT status FROM appointments WHERE id = ?').bind(id).first<{ status: string }>())!.status;
const optedOut = async (phone: string, salonId = 1) =>
  (await (await dbOf(salonId)).prepare('SELECT 1 FROM text_opt_outs WHERE salon_id = ? AND phone = ?').bind(salonId, phone).first()) !==
  null;
const messageOf = (twiml: string) => /<Message>([\s\S]*)<\/Message>/.exec(twiml)?.[1] ?? null;

beforeAll(async () => {
  await (
    await dbOf(1)
  )
    .prepare(
      'UPDATE salons SET allow_self_cancellation = 1, cancellation_window_hours = 12, refund_deposit_outside_window = 1 WHERE id = 1',
    )
    .run();
});

describe('the inbound webhook', () => {
  it('refuses a forged, unsigned or re-signed text with 401 and changes nothing', async () => {
    const phone = freshPhone();
    await textedBy(1, phone);
    const a = await bookedFor(phone, 72);
    expect((await textIn(phone, 'C', { signature: 'bm90IGEgc2lnbmF0dXJl' })).res.status).toBe(401);
    const form = new URLSearchParams({ MessageSid: sid(), From: phone, Body: 'C' });
    expect((await call(INBOUND, { method: 'POST', body: form })).status).toBe(401);
    // signed for another URL (the status callbacks'), as a replayed signature would be
    const other = await twilioSignature(config().sms.authToken, `${config().appOrigin}/webhooks/twilio/status`, form);
    expect((await call(INBOUND, { method: 'POST', headers: { 'X-Twilio-Signature': other }, body: form })).status).toBe(401);
    expect(await statusOf(a.id)).toBe('confirmed');
  });

  it('answers a replayed text (the same MessageSid) as the first time and does nothing twice', async () => {
    const phone = freshPhone();
    await textedBy(1, phone);
    const first = await bookedFor(phone, 72);
    const second = await bookedFor(phone, 24 * 10);
    const once = await textIn(phone, 'C');
    expect(once.res.status).toBe(200);
    expect(once.res.headers.get('Content-Type')).toMatch(/^text\/xml/);
    expect(await statusOf(first.id)).toBe('cancelled');
    const again = await textIn(phone, 'C', { messageSid: once.messageSid });
    expect(again.twiml).toBe(once.twiml);
    expect(await statusOf(second.id)).toBe('confirmed');
  });
});

describe('C cancels the next appointment within the salon’s rules', () => {
  it.each(['C', 'c', ' c. ', 'C!', '"C"'])('%j cancels it and says so, naming the salon', async (body) => {
    const phone = freshPhone();
    await textedBy(1, phone);
    const a = await bookedFor(phone, 72);
    const { twiml } = await textIn(phone, body);
    expect(messageOf(twiml)).toMatch(/^Willow &amp; Co Islington: your appointment on \w{3} \d{1,2} \w{3} at \d\d:\d\d is cancelled\.$/);
    expect(await statusOf(a.id)).toBe('cancelled');
  });

  it('inside the cancellation window it cancels nothing and says to call, with the number', async () => {
    const phone = freshPhone();
    await textedBy(1, phone);
    const start = new Date(Math.ceil((Date.now() + 3 * HOUR) / 900_000) * 900_000).toISOString();
    const a = await newAppointment({ clientId: null, start, phone });
    const { twiml } = await textIn(phone, 'C');
    expect(messageOf(twiml)).toMatch(/can&#39;t be cancelled by text now\. Please call us on 020 7946 0018\.$/);
    expect(await statusOf(a.id)).toBe('confirmed');
  });

  it('with no upcoming appointment it says so', async () => {
    const phone = freshPhone();
    await textedBy(1, phone);
    expect(messageOf((await textIn(phone, 'C')).twiml)).toBe(
      'Willow &amp; Co Islington: you have no upcoming appointment to cancel. To book or ask, call us on 020 7946 0018.',
    );
  });
});

describe('Y, YES, CONFIRM confirm an unconfirmed appointment', () => {
  it.each(['Y', 'yes', 'Confirm', ' YES! '])('%j confirms it', async (body) => {
    const phone = freshPhone();
    await textedBy(1, phone);
    const a = await bookedFor(phone, 72, 'unconfirmed');
    expect(messageOf((await textIn(phone, body)).twiml)).toMatch(
      /^Willow &amp; Co Islington: thank you, your appointment on .+ is confirmed\.$/,
    );
    expect(await statusOf(a.id)).toBe('confirmed');
  });

  it('with nothing to confirm it says so', async () => {
    const phone = freshPhone();
    await textedBy(1, phone);
    await bookedFor(phone, 72);
    expect(messageOf((await textIn(phone, 'Y')).twiml)).toBe('Willow &amp; Co Islington: you have no appointment waiting to be confirmed.');
  });
});

describe('opting out and back in', () => {
  it.each(['STOP', 'stop', 'STOPALL', 'Unsubscribe', 'CANCEL', 'cancel', 'END', 'QUIT', 'REVOKE', 'OPTOUT'])(
    '%j opts the number out of the salon’s texts (and cancels nothing), with no answer of ours',
    async (body) => {
      const phone = freshPhone();
      await textedBy(1, phone);
      const a = await bookedFor(phone, 72);
      const { twiml } = await textIn(phone, body);
      expect(twiml).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
      expect(await optedOut(phone)).toBe(true);
      expect(await statusOf(a.id)).toBe('confirmed');
    },
  );

  it('START undoes it', async () => {
    const phone = freshPhone();
    await textedBy(1, phone);
    await textIn(phone, 'STOP');
    expect(await optedOut(phone)).toBe(true);
    await textIn(phone, 'start');
    expect(await optedOut(phone)).toBe(false);
  });

  it('after STOP the reminder goes by email instead, and the client’s card says they opted out', async () => {
    await setReminders(1, { day: true, channel: 'text' });
    const client = await newClient({ email: true });
    await textedBy(1, client.phone);
    await textIn(client.phone, 'STOP');
    const a = await newAppointment({ clientId: client.id, start: '2031-03-04T10:00:00Z' });
    const sent = about((await cronAt('2031-03-03T10:30:00Z')).sent, a.id);
    expect(sent.map((m) => m.kind)).toEqual(['email']);
  });

  it('HELP answers with the salon’s name and phone', async () => {
    const phone = freshPhone();
    await textedBy(1, phone);
    expect(messageOf((await textIn(phone, 'help')).twiml)).toBe(
      'Willow &amp; Co Islington: for help, call us on 020 7946 0018. Reply STOP to stop our texts.',
    );
  });
});

describe('routing', () => {
  it('a number texted by two salons: the reply goes to the one that texted it last, and the answer names it', async () => {
    const phone = freshPhone();
    const one = await bookedFor(phone, 72, 'confirmed', 1);
    const two = await bookedFor(phone, 72, 'confirmed', 2);
    await (await dbOf(2)).prepare('UPDATE salons SET allow_self_cancellation = 1, cancellation_window_hours = 24 WHERE id = 2').run();
    await textedBy(1, phone);
    await textedBy(2, phone);
    const { twiml } = await textIn(phone, 'C');
    expect(messageOf(twiml)).toMatch(/^Willow &amp; Co Shoreditch: your appointment on .+ is cancelled\.$/);
    expect(await statusOf(two.id, 2)).toBe('cancelled');
    expect(await statusOf(one.id, 1)).toBe('confirmed');
    await textedBy(1, phone);
    expect(messageOf((await textIn(phone, 'C')).twiml)).toMatch(/^Willow &amp; Co Islington: /);
    expect(await statusOf(one.id, 1)).toBe('cancelled');
  });

  it('a number no salon has texted gets an empty answer', async () => {
    expect((await textIn(freshPhone(), 'C')).twiml).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
  });

  it('anything else goes to the salon’s Inbox, unread, with no answer', async () => {
    const phone = freshPhone();
    await textedBy(1, phone);
    const { twiml } = await textIn(phone, 'C please, and can I move to Friday?');
    expect(messageOf(twiml)).toBeNull();
    const thread = await env.DB.prepare('SELECT unread FROM text_threads WHERE salon_id = 1 AND phone = ?').bind(phone).first();
    expect(thread).toEqual({ unread: 1 });
  });
});

describe('what the texts say a reply does', () => {
  it('a reminder ends "Reply C to cancel" while the rules allow it, "Reply Y to confirm" when unconfirmed, and neither when not', async () => {
    await setReminders(1, { day: true, channel: 'text' });
    const db = await dbOf(1);
    const client = await newClient();
    const a = await newAppointment({ clientId: client.id, start: '2031-05-06T10:00:00Z' });
    const b = await newAppointment({ clientId: client.id, start: '2031-05-06T12:00:00Z' });
    await db.prepare("UPDATE appointments SET status = 'unconfirmed' WHERE id = ?").bind(b.id).run();
    const sent = (await cronAt('2031-05-05T12:05:00Z')).sent;
    const [ta] = about(sent, a.id);
    const [tb] = about(sent, b.id);
    expect(ta!.kind === 'sms' && ta!.body).toMatch(/ Reply C to cancel\.$/);
    expect(tb!.kind === 'sms' && tb!.body).toMatch(/ Reply Y to confirm, Reply C to cancel\.$/);
    await db.prepare('UPDATE salons SET allow_self_cancellation = 0 WHERE id = 1').run();
    try {
      const c = await newAppointment({ clientId: client.id, start: '2031-05-07T10:00:00Z' });
      const [tc] = about((await cronAt('2031-05-06T10:05:00Z')).sent, c.id);
      expect(tc!.kind === 'sms' && tc!.body).not.toMatch(/Reply/);
    } finally {
      await db.prepare('UPDATE salons SET allow_self_cancellation = 1 WHERE id = 1').run();
    }
  });
});
