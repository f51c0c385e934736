import { dbOf } from './salon-db';
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import worker from '../../worker';
import { reminderDueAt } from '../../worker/reminders/due';
import { about, cronAt, newAppointment, newClient, recordingQueue, scheduledAt, setReminders } from './reminder-helpers';
import { bookRestyle, newClient as newAccount, restyleTimes, tuesday } from './client-bookings-helpers';
import { standIn } from './helpers';

/**
 * Reminders (issue 30): the Cron Trigger's run at fixed instants (a year ahead of the demo data,
 * so only these tests' appointments are due), once per appointment, start and kind, whatever runs
 * twice or is redelivered; clock changes, quiet hours and opt-outs.
 */

const H = 3_600_000;

beforeAll(async () => {
  await setReminders(1, { day: true, twoHours: true, channel: 'text' });
  await setReminders(2, { day: true, channel: 'both' });
});

describe('the cron run', () => {
  it('puts each due reminder on the queue once, however often it runs, and two runs at once', async () => {
    const client = await newClient();
    const a = await newAppointment({ clientId: client.id, start: '2027-02-10T14:00:00Z' });
    const early = await cronAt('2027-02-09T13:55:00Z');
    expect(about(early.sent, a.id)).toEqual([]);
    const first = await cronAt('2027-02-09T14:00:00Z');
    expect(about(first.sent, a.id)).toEqual([
      expect.objectContaining({ kind: 'sms', to: client.phone, key: `reminder-${a.id}-${a.start}-24h-sms` }),
    ]);
    const again = await cronAt('2027-02-09T14:05:00Z');
    expect(about(again.sent, a.id)).toEqual([]);
    const both = await Promise.all([cronAt('2027-02-09T14:10:00Z'), cronAt('2027-02-09T14:10:00Z')]);
    expect(both.flatMap((r) => about(r.sent, a.id))).toEqual([]);
    const rows = await env.DB.prepare('SELECT kind FROM reminders WHERE appointment_id = ?').bind(a.id).all();
    expect(rows.results).toEqual([{ kind: '24h' }]);
  });

  it('two runs at the same moment make one reminder between them', async () => {
    const client = await newClient();
    const a = await newAppointment({ clientId: client.id, start: '2027-02-11T15:00:00Z' });
    const runs = await Promise.all([cronAt('2027-02-10T15:01:00Z'), cronAt('2027-02-10T15:01:00Z'), cronAt('2027-02-10T15:02:00Z')]);
    expect(runs.flatMap((r) => about(r.sent, a.id))).toHaveLength(1);
  });

  it('a redelivered queue message texts the client once', async () => {
    const client = await newClient();
    const a = await newAppointment({ clientId: client.id, start: '2027-02-12T11:00:00Z' });
    const { sent } = await cronAt('2027-02-11T11:00:00Z');
    const [text] = about(sent, a.id);
    expect(text).toBeDefined();
    for (const attempts of [1, 2]) {
      const batch = {
        queue: 'messages',
        metadata: { metrics: { backlogCount: 1, backlogBytes: 0 } },
        messages: [{ id: `m-${attempts}`, timestamp: new Date(), attempts, body: text, ack: () => undefined, retry: () => undefined }],
        ackAll: () => undefined,
        retryAll: () => undefined,
      } as unknown as MessageBatch;
      await worker.queue(batch, env);
    }
    const { data } = (await (await standIn(`/__dev/outbox/texts.json?to=${encodeURIComponent(client.phone)}`)).json()) as {
      data: { body: string }[];
    };
    expect(data.filter((t) => t.body.includes('a reminder of your appointment'))).toHaveLength(1);
  });

  it('reminds a moved appointment for its new time, and never a cancelled one', async () => {
    const client = await newClient();
    const a = await newAppointment({ clientId: client.id, start: '2027-02-15T10:00:00Z' });
    expect(about((await cronAt('2027-02-14T10:00:00Z')).sent, a.id)).toHaveLength(1);
    const moved = Date.parse('2027-02-16T12:00:00Z');
    await env.DB.prepare('UPDATE appointments SET start_at = ?, end_at = ? WHERE id = ?')
      .bind(moved, moved + H, a.id)
      .run();
    expect(about((await cronAt('2027-02-15T10:00:00Z')).sent, a.id)).toEqual([]);
    const forNewTime = about((await cronAt('2027-02-15T12:00:00Z')).sent, a.id);
    expect(forNewTime.map((m) => m.key)).toEqual([`reminder-${a.id}-${moved}-24h-sms`]);
    expect(forNewTime[0]!.kind === 'sms' && forNewTime[0]!.body).toContain('tomorrow at 12:00');

    const c = await newAppointment({ clientId: client.id, start: '2027-02-17T10:00:00Z' });
    await env.DB.prepare("UPDATE appointments SET status = 'cancelled', cancelled_at = ? WHERE id = ?").bind(Date.now(), c.id).run();
    expect(about((await cronAt('2027-02-16T10:00:00Z')).sent, c.id)).toEqual([]);
    expect(about((await cronAt('2027-02-17T08:00:00Z')).sent, c.id)).toEqual([]);
  });

  it('sends the 2-hour reminder too, and not the 24-hour one for a booking made after it was due', async () => {
    const client = await newClient();
    const a = await newAppointment({ clientId: client.id, start: '2027-02-18T13:00:00Z' });
    expect(about((await cronAt('2027-02-18T11:00:00Z')).sent, a.id).map((m) => m.key)).toEqual([
      // the 24-hour one was due yesterday: this run is after both, so only the nearer one goes
      `reminder-${a.id}-${a.start}-2h-sms`,
    ]);
    expect(about((await cronAt('2027-02-18T11:05:00Z')).sent, a.id)).toEqual([]);
  });
});

describe('time is the salon’s', () => {
  it('a 09:00 appointment on the day the clocks change is reminded 24 real hours before', async () => {
    // London: clocks go forward on 28 March 2027 (09:00 BST = 08:00 UTC) and back on 31 October 2027 (09:00 GMT = 09:00 UTC)
    const spring = Date.parse('2027-03-28T08:00:00Z');
    expect(new Date(reminderDueAt(spring, '24h', 'Europe/London', true)).toISOString()).toBe('2027-03-27T08:00:00.000Z');
    const autumn = Date.parse('2027-10-31T09:00:00Z');
    expect(new Date(reminderDueAt(autumn, '24h', 'Europe/London', true)).toISOString()).toBe('2027-10-30T09:00:00.000Z');

    const client = await newClient();
    const a = await newAppointment({ clientId: client.id, start: '2027-03-28T08:00:00Z' });
    expect(about((await cronAt('2027-03-27T07:59:00Z')).sent, a.id)).toEqual([]);
    const sent = about((await cronAt('2027-03-27T08:00:00Z')).sent, a.id);
    expect(sent.map((m) => m.kind === 'sms' && m.body)).toEqual([expect.stringContaining('tomorrow at 09:00')]);
  });

  it('no text in quiet hours (21:00 to 08:00 salon time): at 08:00, or 20:00 the evening before', async () => {
    // 24 hours before a 07:00 appointment is 07:00: it goes at 08:00 that day instead
    expect(new Date(reminderDueAt(Date.parse('2027-02-20T07:00:00Z'), '24h', 'Europe/London', true)).toISOString()).toBe(
      '2027-02-19T08:00:00.000Z',
    );
    // 2 hours before an 08:30 appointment is 06:30, and 08:00 is too close: 20:00 the evening before
    expect(new Date(reminderDueAt(Date.parse('2027-02-20T08:30:00Z'), '2h', 'Europe/London', true)).toISOString()).toBe(
      '2027-02-19T20:00:00.000Z',
    );
    // an email alone keeps the plain time
    expect(new Date(reminderDueAt(Date.parse('2027-02-20T07:00:00Z'), '24h', 'Europe/London', false)).toISOString()).toBe(
      '2027-02-19T07:00:00.000Z',
    );
    const client = await newClient();
    const a = await newAppointment({ clientId: client.id, start: '2027-02-22T07:00:00Z' });
    expect(about((await cronAt('2027-02-21T07:00:00Z')).sent, a.id)).toEqual([]);
    expect(about((await cronAt('2027-02-21T07:55:00Z')).sent, a.id)).toEqual([]);
    expect(about((await cronAt('2027-02-21T08:00:00Z')).sent, a.id)).toHaveLength(1);
    // New York: 24 hours before a 07:30 appointment goes at 08:00 New York time (13:00 UTC)
    expect(new Date(reminderDueAt(Date.parse('2027-02-20T12:30:00Z'), '24h', 'America/New_York', true)).toISOString()).toBe(
      '2027-02-19T13:00:00.000Z',
    );
  });
});

describe('quiet hours whenever a text goes, late or not (issue 55 item 8)', () => {
  it('a reminder missed before quiet hours waits until 08:00 salon time (the night the clocks go forward), then goes once', async () => {
    // An 08:30 BST appointment on 28 March 2027 (07:30 UTC): its 2-hour reminder is moved to 20:00
    // the evening before (06:30 is quiet and 08:00 too close). The cron misses 20:00 and runs again
    // at 21:16: that is quiet hours, so the text waits for 08:00 BST, which is 07:00 UTC that morning.
    const client = await newClient();
    const a = await newAppointment({ clientId: client.id, start: '2027-03-28T07:30:00Z' });
    expect(new Date(reminderDueAt(a.start, '2h', 'Europe/London', true)).toISOString()).toBe('2027-03-27T20:00:00.000Z');
    expect(about((await scheduledAt('2027-03-27T08:00:00Z')).sent, a.id).map((m) => m.key)).toEqual([
      `reminder-${a.id}-${a.start}-24h-sms`,
    ]);
    for (const night of ['2027-03-27T21:16:00Z', '2027-03-27T23:55:00Z', '2027-03-28T01:30:00Z', '2027-03-28T06:55:00Z'])
      expect(about((await scheduledAt(night)).sent, a.id)).toEqual([]);
    const morning = about((await scheduledAt('2027-03-28T07:00:00Z')).sent, a.id);
    expect(morning.map((m) => m.key)).toEqual([`reminder-${a.id}-${a.start}-2h-sms`]);
    expect(morning[0]!.kind === 'sms' && morning[0]!.body).toContain('see you today at 08:30');
    expect(about((await scheduledAt('2027-03-28T07:05:00Z')).sent, a.id)).toEqual([]);
    const rows = await env.DB.prepare('SELECT kind FROM reminders WHERE appointment_id = ? ORDER BY kind').bind(a.id).all();
    expect(rows.results).toEqual([{ kind: '24h' }, { kind: '2h' }]);
  });

  it('an email alone is not held back by quiet hours', async () => {
    const withEmail = await newClient({ email: true });
    await env.DB.prepare('INSERT INTO marketing_opt_outs (salon_id, code, client_id, opted_out_at) VALUES (1, ?, ?, ?)')
      .bind(`opt-${withEmail.id}`, withEmail.id, Date.now())
      .run();
    const a = await newAppointment({ clientId: withEmail.id, start: '2027-03-09T22:00:00Z' });
    const late = about((await scheduledAt('2027-03-09T21:16:00Z')).sent, a.id);
    expect(late.map((m) => [m.kind, m.key])).toEqual([['email', `reminder-${a.id}-${a.start}-2h-email`]]);
  });
});

describe('how the client is reminded', () => {
  it('a client who books online is known by its account’s phone and email from then on (its reminders reach it)', async () => {
    const client = await newAccount();
    const [start] = await restyleTimes(tuesday(3));
    expect((await bookRestyle(client, start!)).status).toBe(201);
    // the client's copy in the salon's database (salon 2's, DB_2 with TEST_DATABASES=2)
    const row = await (await dbOf(2)).prepare('SELECT phone, email FROM clients WHERE id = ?').bind(client.username).first();
    expect(row).toEqual({ phone: client.phone, email: `r${client.phone.slice(-5)}@example.test` });
  });

  it('a client who opted out of the salon’s texts gets the email only, or nothing without an address', async () => {
    const withEmail = await newClient({ email: true });
    const without = await newClient();
    for (const c of [withEmail, without])
      await env.DB.prepare('INSERT INTO marketing_opt_outs (salon_id, code, client_id, opted_out_at) VALUES (1, ?, ?, ?)')
        .bind(`opt-${c.id}`, c.id, Date.now())
        .run();
    const a = await newAppointment({ clientId: withEmail.id, start: '2027-03-02T10:00:00Z' });
    const b = await newAppointment({ clientId: without.id, start: '2027-03-02T10:00:00Z' });
    const { sent } = await cronAt('2027-03-01T10:00:00Z');
    expect(about(sent, a.id).map((m) => [m.kind, m.to])).toEqual([['email', withEmail.email]]);
    expect(about(sent, b.id)).toEqual([]);
  });

  it('both channels where the salon sends both, with the salon, day and time in its timezone and the link', async () => {
    const client = await newClient({ email: true });
    const a = await newAppointment({ salonId: 2, clientId: client.id, start: '2027-03-03T15:30:00Z' });
    const [email, text] = [...about((await cronAt('2027-03-02T15:30:00Z')).sent, a.id)].sort((x, y) => x.kind.localeCompare(y.kind));
    expect(text).toMatchObject({
      kind: 'sms',
      body: expect.stringMatching(
        /^Willow & Co Shoreditch: a reminder of your appointment tomorrow at 15:30\. See it, add it to your calendar or cancel: https:\/\/app\.invalid\/r\/2\.[A-Za-z0-9_-]{22}$/,
      ),
    });
    expect(email).toMatchObject({
      kind: 'email',
      to: client.email,
      subject: 'Reminder: Willow & Co Shoreditch, Wednesday 3 March at 15:30',
    });
  });

  it('a desk client with no account gets the text without a link (the salon’s number instead)', async () => {
    const a = await newAppointment({ salonId: 2, clientId: null, phone: '+447700905551', start: '2027-03-04T12:00:00Z' });
    const [text] = about((await cronAt('2027-03-03T12:00:00Z')).sent, a.id);
    expect(text?.kind === 'sms' && text.body).toMatch(
      /^Willow & Co Shoreditch: a reminder of your appointment tomorrow at 12:00\. To change it, call /,
    );
  });

  it('a salon with reminders off sends none', async () => {
    await setReminders(3, { day: false, twoHours: false });
    const client = await newClient();
    const a = await newAppointment({ salonId: 3, clientId: client.id, start: '2027-03-05T15:00:00Z' });
    expect(about((await cronAt('2027-03-04T15:00:00Z', recordingQueue())).sent, a.id)).toEqual([]);
  });
});
