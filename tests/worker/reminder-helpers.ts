import { env } from 'cloudflare:test';
import { shiftClock } from '../../shared/clock';
import { configFrom } from '../../worker/config';
import { scheduled } from '../../worker/scheduled';
import type { OutgoingMessage } from '../../worker/messaging/outbox';
import { remindDue, type ReminderRun } from '../../worker/reminders/run';
import { dbOf, everyDb } from './salon-db';

let seq = 0;
/** A client of the product (clients table) with a phone of its own and, when asked, an email address. */
export async function newClient(o: { email?: boolean } = {}) {
  const n = ++seq + Math.floor(Math.random() * 10_000) * 100;
  const id = `rem-client-${crypto.randomUUID()}`;
  const phone = `+44770090${String(1000 + (n % 9000)).slice(-4)}`;
  const email = o.email ? `reminded-${n}@example.test` : null;
  // a shared copy, in every database (as a salon's database keeps the clients it concerns)
  for (const db of everyDb())
    await db
      .prepare('INSERT INTO clients (id, phone, first_name, name, email, updated_at) VALUES (?, ?, ?, ?, ?, ?)')
      .bind(id, phone, 'Robin', 'Robin Reminded', email, Date.now())
      .run();
  return { id, phone, email };
}

/** An appointment at salon 1 (a real service and stylist) for the client, taken long before its reminders are due. */
export async function newAppointment(q: { salonId?: number; clientId: string | null; start: string; minutes?: number; phone?: string }) {
  const salonId = q.salonId ?? 1;
  const start = Date.parse(q.start);
  const end = start + (q.minutes ?? 45) * 60_000;
  const db = await dbOf(salonId);
  const stylist = await db.prepare('SELECT id FROM stylists WHERE salon_id = ? ORDER BY id LIMIT 1').bind(salonId).first<{ id: number }>();
  const service = await db.prepare('SELECT id FROM services WHERE salon_id = ? ORDER BY id LIMIT 1').bind(salonId).first<{ id: number }>();
  const row = await db
    .prepare(
      `INSERT INTO appointments (salon_id, client_id, status, start_at, end_at, created_at, origin, client_phone, client_name)
     VALUES (?, ?, 'confirmed', ?, ?, ?, 'salon', ?, ?) RETURNING id`,
    )
    .bind(salonId, q.clientId, start, end, start - 30 * 24 * 3_600_000, q.phone ?? null, q.phone ? 'Desk Client' : null)
    .first<{ id: number }>();
  await db
    .prepare(
      'INSERT INTO appointment_procedures (appointment_id, salon_id, service_id, stylist_id, start_at, end_at, price) VALUES (?, ?, ?, ?, ?, ?, 2500)',
    )
    .bind(row!.id, salonId, service!.id, stylist!.id, start, end)
    .run();
  return { id: row!.id, start, end };
}

/** The salon's reminder settings, straight into its row. */
export const setReminders = async (salonId: number, r: { day?: boolean; twoHours?: boolean; channel?: 'text' | 'email' | 'both' }) =>
  (await dbOf(salonId))
    .prepare('UPDATE salons SET reminder_24h = ?, reminder_2h = ?, reminder_channel = ? WHERE id = ?')
    .bind(r.day === false ? 0 : 1, r.twoHours ? 1 : 0, r.channel ?? 'text', salonId)
    .run();

/** A queue that keeps what is put on it (as the MESSAGES binding would carry it). */
export function recordingQueue() {
  const sent: OutgoingMessage[] = [];
  const queue = {
    send: (body: OutgoingMessage) => (sent.push(body), Promise.resolve()),
    sendBatch: (ms: Iterable<{ body: OutgoingMessage }>) => {
      for (const m of ms) sent.push(m.body);
      return Promise.resolve();
    },
  } as unknown as Queue<OutgoingMessage>;
  return { queue, sent };
}

/** One cron run at a fixed instant, onto a recording queue. */
export async function cronAt(iso: string, queue = recordingQueue()) {
  // as the scheduled run: every database in turn, DB first (worker/scheduled.ts)
  let run: ReminderRun | null = null;
  for (const db of everyDb()) {
    const one = await remindDue({ queue: queue.queue, db, config: configFrom(env) }, Date.parse(iso));
    run = run
      ? (Object.fromEntries(
          Object.entries(run).map(([k, v]) => [k, (v as number) + (one[k as keyof ReminderRun] as number)]),
        ) as unknown as ReminderRun)
      : one;
  }
  return { run: run!, sent: queue.sent };
}

/**
 * The Cron Trigger itself (worker/scheduled.ts) at a fixed instant: its clock set there through
 * CLOCK_OFFSET_MS, as `wrangler dev` runs it, and put back afterwards; the MESSAGES queue records.
 */
export async function scheduledAt(iso: string, queue = recordingQueue()) {
  const offset = Date.parse(iso) - Date.now();
  const shifted = { ...env, CLOCK_OFFSET_MS: String(offset), MESSAGES: queue.queue } as typeof env;
  try {
    await scheduled({ cron: '*/5 * * * *', scheduledTime: Date.parse(iso), noRetry: () => undefined }, shifted);
  } finally {
    shiftClock(0);
  }
  return { sent: queue.sent };
}

/** The messages about one appointment. */
export const about = (sent: OutgoingMessage[], appointmentId: number) => sent.filter((m) => m.key.startsWith(`reminder-${appointmentId}-`));

/** The link a reminder text carries, and its token. */
export function linkOf(m: OutgoingMessage): string {
  const text = m.kind === 'sms' ? m.body : m.text;
  const link = /https?:\/\/\S+\/r\/(\d+\.[A-Za-z0-9_-]{22})/.exec(text);
  if (!link) throw new Error(`no link in: ${text}`);
  return link[1]!;
}
