import { dbOf } from './salon-db';
import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import worker from '../../worker';
import { configFrom } from '../../worker/config';
import { backoffSeconds, enqueueMessage, type OutgoingMessage } from '../../worker/messaging/outbox';
import { json, newClient, restyleTimes, tuesday, type Client } from './client-bookings-helpers';
import { call, standIn } from './helpers';

/**
 * Runs the Worker's queue handler on a batch, as the MESSAGES queue would, and answers what it
 * did with each message: acked, or retried after how many seconds. (A hand-made batch: the test
 * pool's getQueueResult() does not report a retry's delay.)
 */
async function consume(messages: { body: unknown; attempts?: number }[], envOverride: Partial<Cloudflare.Env> = {}) {
  const acked: string[] = [];
  const retried: { id: string; delaySeconds: number | undefined }[] = [];
  const batch: MessageBatch = {
    queue: 'messages',
    metadata: { metrics: { backlogCount: messages.length, backlogBytes: 0 } },
    messages: messages.map((m, i) => ({
      id: `msg-${i}`,
      timestamp: new Date(),
      attempts: m.attempts ?? 1,
      body: m.body,
      ack: () => void acked.push(`msg-${i}`),
      retry: (o?: QueueRetryOptions) => void retried.push({ id: `msg-${i}`, delaySeconds: o?.delaySeconds }),
    })),
    ackAll: () => {
      throw new Error('the consumer acks each message');
    },
    retryAll: () => {
      throw new Error('the consumer retries each message');
    },
  };
  await worker.queue(batch, { ...env, ...envOverride });
  return { acked: acked.sort(), retried: retried.sort((a, b) => a.id.localeCompare(b.id)) };
}

/** The dev outbox page of the stand-ins (texts there show their body; recipients are masked). */
const outboxPage = async () => (await standIn('/__dev/outbox')).text();
const timesIn = (page: string, text: string) => page.split(text).length - 1;

const emailsTo = async (to: string) =>
  ((await (await standIn(`/__dev/outbox/emails.json?to=${encodeURIComponent(to)}`)).json()) as { data: { subject: string }[] }).data;

const unique = () => crypto.randomUUID().slice(0, 8);
const sms = (marker: string, key = `test-${marker}`): OutgoingMessage => ({
  kind: 'sms',
  to: '+447700900321',
  body: `Queue check ${marker}`,
  key,
});

/** A queue whose every send fails (the queue is down). */
const downQueue = { send: () => Promise.reject(new Error('queue unavailable')), sendBatch: () => Promise.reject(new Error('down')) };

describe('the MESSAGES queue consumer', () => {
  it('sends a text and an email to the providers and acks them', async () => {
    const marker = unique();
    const to = `queue-${marker}@example.test`;
    const result = await consume([
      { body: sms(marker) },
      { body: { kind: 'email', to, subject: `Queued ${marker}`, html: '<p>Hi</p>', text: 'Hi', key: `test-email-${marker}` } },
    ]);
    expect(result.acked).toEqual(['msg-0', 'msg-1']);
    expect(result.retried).toEqual([]);
    expect(timesIn(await outboxPage(), `Queue check ${marker}`)).toBe(1);
    expect((await emailsTo(to)).map((e) => e.subject)).toEqual([`Queued ${marker}`]);
  });

  it("sends two salons' emails that share a key (ids of two databases): the provider's key names the salon", async () => {
    // `voucher-receipt-2` of salon 1 (in DB) and of salon 2 (in DB_2): the same id in two databases
    const marker = unique();
    const key = `voucher-receipt-${marker}`;
    const email = (salon: number) => ({
      kind: 'email',
      salon_id: salon,
      to: `receipt-${salon}-${marker}@example.test`,
      subject: `Receipt ${salon} ${marker}`,
      html: '<p>Hi</p>',
      text: 'Hi',
      key,
    });
    const result = await consume([{ body: email(1) }, { body: email(2) }]);
    expect(result.acked).toEqual(['msg-0', 'msg-1']);
    expect((await emailsTo(`receipt-1-${marker}@example.test`)).map((e) => e.subject)).toEqual([`Receipt 1 ${marker}`]);
    expect((await emailsTo(`receipt-2-${marker}@example.test`)).map((e) => e.subject)).toEqual([`Receipt 2 ${marker}`]);
  });

  it('does not text a redelivered message twice (its key is recorded once sent)', async () => {
    const marker = unique();
    expect((await consume([{ body: sms(marker) }])).acked).toEqual(['msg-0']);
    expect((await consume([{ body: sms(marker), attempts: 2 }])).acked).toEqual(['msg-0']);
    expect(timesIn(await outboxPage(), `Queue check ${marker}`)).toBe(1);
    const row = await env.DB.prepare('SELECT provider_id FROM sent_messages WHERE key = ?')
      .bind(`test-${marker}`)
      .first<{ provider_id: string }>();
    expect(row?.provider_id).toMatch(/^SM[0-9a-f]{32}$/);
  });

  it('retries a failed send with a growing delay: unreachable provider, refused credentials (401), a refused API key (403)', async () => {
    const marker = unique();
    const unreachable = await consume(
      [1, 2, 3, 6, 12].map((attempts) => ({ body: sms(`${marker}-${attempts}`), attempts })),
      { TWILIO_API_BASE: 'http://127.0.0.1:1' },
    );
    expect(unreachable.acked).toEqual([]);
    expect(unreachable.retried.map((r) => r.delaySeconds)).toEqual([2, 4, 8, 64, 900]);
    const wrongToken = await consume([{ body: sms(marker), attempts: 3 }], { TWILIO_AUTH_TOKEN: 'wrong_token' });
    expect(wrongToken.retried).toEqual([{ id: 'msg-0', delaySeconds: 8 }]);
    const email = { kind: 'email', to: `k-${marker}@example.test`, subject: 'x', html: '<p>x</p>', text: 'x', key: `k-${marker}` };
    const wrongKey = await consume([{ body: email }], { RESEND_API_KEY: 're_wrong_key_123' });
    expect(wrongKey.retried).toEqual([{ id: 'msg-0', delaySeconds: 2 }]);
    expect(timesIn(await outboxPage(), marker)).toBe(0);
    expect(await emailsTo(`k-${marker}@example.test`)).toEqual([]);
  });

  it('the back-off doubles from 2 s and stops growing at 15 minutes', () => {
    expect([0, 1, 2, 5, 9, 10, 50].map(backoffSeconds)).toEqual([2, 2, 4, 32, 512, 900, 900]);
  });

  it('parks a message refused for good (422) or that is no message on the dead-letter queue, and acks it', async () => {
    const parked: unknown[] = [];
    const dlq = { send: (body: unknown) => (parked.push(body), Promise.resolve()), sendBatch: () => Promise.resolve() };
    const invalid = { kind: 'email', to: 'not-an-address', subject: 'x', html: '<p>x</p>', text: 'x', key: `bad-${unique()}` };
    const result = await consume([{ body: invalid }, { body: { kind: 'fax' } }], { MESSAGES_DLQ: dlq as unknown as Queue });
    expect(result.acked).toEqual(['msg-0', 'msg-1']);
    expect(result.retried).toEqual([]);
    expect(parked).toEqual(expect.arrayContaining([invalid, { kind: 'fax' }]));
    expect(parked).toHaveLength(2);
    // when even the dead-letter queue refuses it, the message stays on its queue (retried)
    const kept = await consume([{ body: invalid, attempts: 2 }], { MESSAGES_DLQ: downQueue as unknown as Queue });
    expect(kept).toEqual({ acked: [], retried: [{ id: 'msg-0', delaySeconds: 4 }] });
  });

  it('retries the whole batch while the configuration is refused', async () => {
    const result = await consume([{ body: sms(unique()) }], { TWILIO_ACCOUNT_SID: 'nope' });
    expect(result).toEqual({ acked: [], retried: [{ id: 'msg-0', delaySeconds: 2 }] });
  });
});

describe('enqueueMessage', () => {
  const outbox = (queue: Queue<OutgoingMessage> | undefined) => ({ queue, db: env.DB, config: configFrom(env) });

  it('puts the message on the queue, which delivers it to the provider', async () => {
    const marker = unique();
    await enqueueMessage(outbox(env.MESSAGES), sms(marker));
    await vi.waitFor(async () => expect(timesIn(await outboxPage(), `Queue check ${marker}`)).toBe(1), { timeout: 10_000, interval: 200 });
  });

  it('sends directly when the queue refuses the message, so none is lost', async () => {
    const marker = unique();
    await enqueueMessage(outbox(downQueue as unknown as Queue<OutgoingMessage>), sms(marker));
    await enqueueMessage(outbox(undefined), sms(`${marker}-unbound`));
    const page = await outboxPage();
    expect(timesIn(page, `Queue check ${marker}<`)).toBe(1);
    expect(timesIn(page, `Queue check ${marker}-unbound`)).toBe(1);
  });
});

describe('messages of the API', () => {
  /** Books a Restyle at salon 2 as a new client, the verification text to `phone`. */
  async function book(envOverride?: Partial<Cloudflare.Env>, c?: Client) {
    c ??= await newClient();
    let start: string | undefined;
    for (let w = 2; !start && w < 10; w++) start = (await restyleTimes(tuesday(w))).at(-1);
    const body = {
      start_time: start,
      procedures: [{ service_id: 10, stylist_id: 5, role: 'Senior Stylist', start_time: start, duration: 75, price: 55, processing: 0 }],
      total_price: 55,
      cognito_username: c.username,
      deposit: 0,
      user: { name: 'Robin Mover', phone_number: '+447700900654', salon_id: 2 },
      payment_needed: false,
    };
    return call('/api/book-online/appointment/create/2/', json(body, { ...c.auth, 'Idempotency-Key': crypto.randomUUID() }), envOverride);
  }

  it("queues a booking's verification text, which reaches the client's own verified phone, never the body's number", async () => {
    const c = await newClient();
    const res = await book(undefined, c);
    expect(res.status).toBe(201);
    const { appointment_id } = (await res.json()) as { appointment_id: number };
    const row = await (
      await dbOf(2)
    )
      .prepare('SELECT verification_code FROM appointments WHERE id = ?')
      .bind(appointment_id)
      .first<{ verification_code: string }>();
    const link = `/verify/2/${row!.verification_code}`;
    await vi.waitFor(async () => expect(timesIn(await outboxPage(), link)).toBe(1), { timeout: 10_000, interval: 200 });
    const textsTo = async (phone: string) =>
      ((await (await standIn(`/__dev/outbox/texts.json?to=${encodeURIComponent(phone)}`)).json()) as { data: { body: string }[] }).data;
    expect((await textsTo(c.phone)).some((t) => t.body.includes(link))).toBe(true);
    expect((await textsTo('+447700900654')).some((t) => t.body.includes(link))).toBe(false);
  });

  it('still answers a booking 201 when the queue and the SMS provider are both down', async () => {
    const res = await book({ MESSAGES: downQueue as unknown as Queue, TWILIO_API_BASE: 'http://127.0.0.1:1' });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ success: true });
  });
});
