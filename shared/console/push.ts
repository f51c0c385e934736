import * as z from '../zod';

/**
 * Staff notifications by Web Push (docs/console/notifications.md): what a staff member may choose
 * to hear of, and the browser's subscription as PUT /api/console/push-subscription takes it.
 */
export const PUSH_KINDS = ['new_online_booking', 'cancellation', 'text_reply', 'failed_message'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** The kinds in the console's words (the Notifications section's checkboxes). */
export const PUSH_KIND_LABELS: Record<PushKind, string> = {
  new_online_booking: 'New online bookings',
  cancellation: 'Cancellations',
  text_reply: 'Replies by text',
  failed_message: 'Messages that failed',
};

/** The bytes of a base64url (or base64) string, padded or not (atob's forgiving decode), or null when it is not one. */
export function base64urlBytes(s: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_+/-]+={0,2}$/.test(s)) return null;
  try {
    return Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/')), (ch) => ch.charCodeAt(0));
  } catch {
    return null;
  }
}

/** A push service's URL: http(s) here; the Worker refuses anything but https unless its setting allows one origin (tests). */
const endpoint = z
  .string({ error: 'endpoint is required' })
  .max(2000, 'endpoint must be at most 2000 characters')
  .refine((u) => URL.canParse(u) && /^https?:$/.test(new URL(u).protocol), 'endpoint must be an https:// URL');

export const pushSubscriptionSchema = z.object({
  subscription: z.object({
    endpoint,
    /** DOMHighResTimeStamp, or null (most push services never expire a subscription) */
    expirationTime: z.number().nullable().optional(),
    keys: z.object({
      // RFC 8291 §3.1: the user agent's ECDH public key, an uncompressed P-256 point (65 bytes, 0x04 first)
      p256dh: z.string({ error: 'p256dh is required' }).refine((k) => {
        const b = base64urlBytes(k);
        return b?.length === 65 && b[0] === 4;
      }, 'p256dh must be an uncompressed P-256 public key (65 bytes, base64url)'),
      // RFC 8291 §3.2: the authentication secret, 16 bytes
      auth: z.string({ error: 'auth is required' }).refine((k) => base64urlBytes(k)?.length === 16, 'auth must be 16 bytes, base64url'),
    }),
  }),
  kinds: z
    .array(z.enum(PUSH_KINDS, { error: `kinds must be among ${PUSH_KINDS.join(', ')}` }))
    .max(PUSH_KINDS.length)
    .refine((k) => new Set(k).size === k.length, 'kinds must not repeat a kind'),
});
export type PushSubscriptionBody = z.input<typeof pushSubscriptionSchema>;

/** DELETE /api/console/push-subscription: the endpoint to stop (body or `?endpoint=`). */
export const pushEndpointSchema = z.object({ endpoint });

/** The answer of PUT: the kinds kept for this endpoint. */
export interface PushSubscriptionAnswer {
  endpoint: string;
  kinds: PushKind[];
}

/** GET /api/console/push-subscription: the VAPID public key the browser subscribes with (RFC 8292 §3.2). */
export interface PushSettings {
  public_key: string;
}

/** What a notification carries (the service worker shows it): no client data beyond a first name, a service and a time. */
export interface PushPayload {
  title: string;
  body: string;
  /** where a click opens the console (a path under /console/) */
  url: string;
  /** notices of the same thing replace each other on the screen */
  tag: string;
}
