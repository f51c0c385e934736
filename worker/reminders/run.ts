import { REMINDER_KINDS, type ReminderKind } from '../../shared/console/reminders';
import type { Config } from '../config';
import { randomBase64url, salonToken, sha256Hex } from '../crypto';
import { deliveryInserts, type NewDelivery } from '../db/message-deliveries';
import { appointmentsToRemind, reminderInserts, type NewReminder, type ReminderCandidate } from '../db/reminders';
import { enqueueMessages, type OutgoingMessage, type Outbox } from '../messaging/outbox';
import { canCancelByText } from '../bookings/cancellation-rules';
import { reminderDueNow } from './due';
import { reminderEmail, reminderText } from './texts';

/**
 * The Cron Trigger's run (worker/index.ts `scheduled`): finds the reminders due now across every
 * salon, records each once (reminders' primary key: appointment, start, kind) together with its
 * messages' delivery rows, and puts only the ones this run recorded on the MESSAGES queue. A
 * second run, or two at once, finds them recorded and sends nothing more; a redelivered queue
 * message is sent once by its key (outbox.ts).
 */

const DAY = 24 * 3_600_000;
/** reminders written per D1 batch (with their delivery rows) */
const PER_BATCH = 240;

export interface ReminderRun {
  /** appointments read, and the D1 rows that search read */
  candidates: number;
  findRowsRead: number;
  /** D1 rows read and written in all (the search, and recording the reminders) */
  rowsRead: number;
  rowsWritten: number;
  /** reminders recorded and put on the queue by this run, and messages enqueued */
  reminders: number;
  messages: number;
}

type Channel = 'sms' | 'email';

/**
 * How a client is reminded: the salon's choice where it reaches them. A client who opted out of
 * the salon's texts (or has no phone) gets an email when the salon's account knows their
 * address, else nothing; one with no address, the text.
 */
export function channelsOf(r: Pick<ReminderCandidate, 'reminder_channel' | 'phone' | 'email' | 'opted_out'>): Channel[] {
  const reach: Record<Channel, boolean> = { sms: !!r.phone && !r.opted_out, email: !!r.email };
  const wanted: Channel[] = r.reminder_channel === 'both' ? ['sms', 'email'] : r.reminder_channel === 'text' ? ['sms'] : ['email'];
  const chosen = wanted.filter((ch) => reach[ch]);
  if (chosen.length) return chosen;
  return reach.email ? ['email'] : reach.sms ? ['sms'] : [];
}

interface Planned {
  reminder: NewReminder;
  deliveries: NewDelivery[];
  messages: OutgoingMessage[];
}

async function plan(r: ReminderCandidate, kind: ReminderKind, channels: Channel[], config: Config, now: number): Promise<Planned> {
  // A link only for a client with an account: it opens the appointment as that client.
  // the token names its salon, so the link's calls find the salon's database (crypto.ts salonToken)
  const token = salonToken(r.salon_id, randomBase64url(16));
  const link = r.client_id ? `${config.appOrigin}/r/${token}` : null;
  const facts = {
    kind,
    salonName: r.salon_name,
    salonPhone: r.salon_phone,
    timeZone: r.timezone,
    startAt: r.start_at,
    sentAt: now,
    link,
    reply: { canCancel: canCancelByText(r, r, now), unconfirmed: r.status === 'unconfirmed' },
  };
  const keyOf = (ch: Channel) => `reminder-${r.id}-${r.start_at}-${kind}-${ch}`;
  const messages = channels.map((ch): OutgoingMessage => {
    // the salon's text: its replies go to this salon, and it is in the client's thread of its Inbox
    if (ch === 'sms')
      return { kind: 'sms', to: r.phone!, body: reminderText(facts), key: keyOf(ch), salon_id: r.salon_id, appointment_id: r.id };
    return { kind: 'email', to: r.email!, ...reminderEmail(facts), key: keyOf(ch) };
  });
  return {
    reminder: {
      appointmentId: r.id,
      startAt: r.start_at,
      kind,
      salonId: r.salon_id,
      clientId: r.client_id,
      linkSha256: await sha256Hex(token),
      expiresAt: r.end_at,
    },
    deliveries: channels.map((ch) => ({
      key: keyOf(ch),
      channel: ch,
      salonId: r.salon_id,
      clientId: r.client_id,
      appointmentId: r.id,
      what: `reminder-${kind}`,
    })),
    messages,
  };
}

/** One run at `now`: what it found, recorded and enqueued. */
export async function remindDue(outbox: Outbox, now: number): Promise<ReminderRun> {
  const { db, config } = outbox;
  const { rows, rowsRead } = await appointmentsToRemind(db, { from: now, to: now + DAY });
  const due: Planned[] = [];
  for (const r of rows) {
    const channels = channelsOf(r);
    if (channels.length === 0) continue;
    const kind = reminderDueNow(
      {
        startAt: r.start_at,
        createdAt: r.created_at,
        timeZone: r.timezone,
        kinds: REMINDER_KINDS.filter((k) => (k === '24h' ? r.reminder_24h : r.reminder_2h)),
        reminded: (r.reminded?.split(',') ?? []) as ReminderKind[],
        texted: channels.includes('sms'),
      },
      now,
    );
    if (kind) due.push(await plan(r, kind, channels, config, now));
  }
  const run: ReminderRun = { candidates: rows.length, findRowsRead: rowsRead, rowsRead, rowsWritten: 0, reminders: 0, messages: 0 };
  for (let i = 0; i < due.length; i += PER_BATCH) {
    const part = due.slice(i, i + PER_BATCH);
    const inserts = reminderInserts(
      db,
      part.map((p) => p.reminder),
      now,
    );
    const results = await db.batch([
      ...inserts,
      ...deliveryInserts(
        db,
        part.flatMap((p) => p.deliveries),
        now,
      ),
    ]);
    for (const r of results) {
      run.rowsRead += r.meta.rows_read ?? 0;
      run.rowsWritten += r.meta.rows_written ?? 0;
    }
    const made = new Set(
      results
        .slice(0, inserts.length)
        .flatMap((r) => r.results as { appointment_id: number; start_at: number; kind: string }[])
        .map((r) => `${r.appointment_id}-${r.start_at}-${r.kind}`),
    );
    const mine = part.filter((p) => made.has(`${p.reminder.appointmentId}-${p.reminder.startAt}-${p.reminder.kind}`));
    const messages = mine.flatMap((p) => p.messages);
    await enqueueMessages(outbox, messages);
    run.reminders += mine.length;
    run.messages += messages.length;
  }
  return run;
}
