import * as z from '../zod';

/** The reminders a salon sends before an appointment: 24 hours before, 2 hours before. */
export const REMINDER_KINDS = ['24h', '2h'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];
/** How long before the start each kind is due (real hours: a clock change does not move it). */
export const REMINDER_OFFSET_MS: Record<ReminderKind, number> = { '24h': 24 * 3_600_000, '2h': 2 * 3_600_000 };

export const REMINDER_CHANNELS = ['text', 'email', 'both'] as const;
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];
export const REMINDER_CHANNEL_LABELS: Record<ReminderChannel, string> = { text: 'Text', email: 'Email', both: 'Text and email' };

/**
 * The Reminders setting of the booking page (GET/PATCH /api/console/salons/{id}/settings
 * `reminders`): both kinds off is "no reminders".
 */
export const remindersSetting = z.strictObject(
  {
    day_before: z.boolean({ error: 'Choose whether clients are reminded 24 hours before' }),
    two_hours_before: z.boolean({ error: 'Choose whether clients are reminded 2 hours before' }),
    channel: z.enum(REMINDER_CHANNELS, { error: 'Choose how reminders are sent: text, email or both' }),
  },
  {
    error: (i) =>
      i.code === 'unrecognized_keys' ? `Unknown reminder setting: ${i.keys.join(', ')}` : 'Choose when and how clients are reminded',
  },
);
export type RemindersSetting = z.output<typeof remindersSetting>;

/** What became of a message: on a queue, handed on, delivered, or not (failed: a text; bounced: an email). */
export const DELIVERY_STATUSES = ['queued', 'sent', 'delivered', 'failed', 'bounced'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const DELIVERY_LABELS: Record<DeliveryStatus, string> = {
  queued: 'Queued',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Not delivered',
  bounced: 'Bounced',
};
export const isUndelivered = (s: DeliveryStatus | null | undefined) => s === 'failed' || s === 'bounced';
