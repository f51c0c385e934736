import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import type { DeliveryStatus } from '../../shared/console/reminders';

/** Twilio's MessageStatus values as this product records them (null: nothing to record). */
const TWILIO: Record<string, DeliveryStatus> = {
  accepted: 'queued',
  scheduled: 'queued',
  queued: 'queued',
  sending: 'sent',
  sent: 'sent',
  delivered: 'delivered',
  read: 'delivered',
  undelivered: 'failed',
  failed: 'failed',
  canceled: 'failed',
};
export const twilioStatusOf = (status: string): DeliveryStatus | null => TWILIO[status] ?? null;

/** Resend's event types as this product records them (delays, complaints: nothing to record). */
const RESEND: Record<string, DeliveryStatus> = {
  'email.sent': 'sent',
  'email.delivered': 'delivered',
  'email.opened': 'delivered',
  'email.clicked': 'delivered',
  'email.bounced': 'bounced',
  'email.failed': 'failed',
};
export const resendStatusOf = (type: string): DeliveryStatus | null => RESEND[type] ?? null;

/** Verifiers per secret, made once per isolate. */
const verifiers = new Map<string, Webhook>();

/**
 * Verifies a Resend (Svix) webhook: `svix-id`, `svix-timestamp`, `svix-signature` over
 * `{id}.{timestamp}.{raw body}` with the base64 secret after whsec_, 5 minutes' tolerance (the
 * standardwebhooks package, Svix's own scheme under its unbranded header names). The event, or
 * null when the signature or timestamp is wrong.
 */
export function verifiedResendEvent(secret: string, raw: string, headers: (name: string) => string | undefined): unknown {
  let webhook = verifiers.get(secret);
  if (!webhook) verifiers.set(secret, (webhook = new Webhook(secret)));
  try {
    return webhook.verify(raw, {
      'webhook-id': headers('svix-id') ?? '',
      'webhook-timestamp': headers('svix-timestamp') ?? '',
      'webhook-signature': headers('svix-signature') ?? '',
    });
  } catch (e) {
    if (e instanceof WebhookVerificationError || e instanceof SyntaxError) return null;
    throw e;
  }
}
