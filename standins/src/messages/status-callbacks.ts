import { Webhook } from 'standardwebhooks';

/**
 * Delivery callbacks as the providers send them (docs/messaging.md),
 * after the API has answered: Twilio POSTs a text's status changes, form-encoded and signed with
 * X-Twilio-Signature, to the StatusCallback it was sent with; Resend POSTs email events through
 * Svix, signed with svix-id, svix-timestamp and svix-signature.
 *
 * Test recipients that fail, as the providers' own test addresses do:
 * - a text to UNDELIVERABLE_NUMBER is accepted (201 queued), then reported `undelivered` with
 *   ErrorCode 30003 (Unreachable destination handset);
 * - an email to Resend's test address bounced@resend.dev is accepted, then `email.bounced`.
 */
export const UNDELIVERABLE_NUMBER = '+447700900666';
export const BOUNCING_ADDRESS = 'bounced@resend.dev';
/** Between one status and the next: the product has recorded the provider's id by then. */
const STEP_MS = 250;

const pause = () => new Promise((r) => setTimeout(r, STEP_MS));

export async function twilioSignature(authToken: string, url: string, form: URLSearchParams): Promise<string> {
  const fields = [...form.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const enc = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', enc.encode(authToken), { name: 'HMAC', hash: 'SHA-1' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, enc.encode(url + fields.map(([k, v]) => k + v).join(''))));
  return btoa(String.fromCharCode(...mac));
}

const quietly = (what: string) => (e: unknown) =>
  console.error(`[stand-ins] ${what} not delivered:`, e instanceof Error ? e.message : 'unknown error');

/** Twilio's callbacks for one text: sent, then delivered (or undelivered, 30003, for the test number). */
export async function twilioCallbacks(m: { url: string; sid: string; accountSid: string; authToken: string; to: string; from: string }) {
  const fails = m.to === UNDELIVERABLE_NUMBER;
  const steps: [string, string | null][] = [
    ['sent', null],
    [fails ? 'undelivered' : 'delivered', fails ? '30003' : null],
  ];
  for (const [status, errorCode] of steps) {
    await pause();
    const form = new URLSearchParams({
      AccountSid: m.accountSid,
      ApiVersion: '2010-04-01',
      From: m.from,
      MessageSid: m.sid,
      MessageStatus: status,
      SmsSid: m.sid,
      SmsStatus: status,
      To: m.to,
      ...(errorCode ? { ErrorCode: errorCode } : {}),
    });
    const signature = await twilioSignature(m.authToken, m.url, form);
    await fetch(m.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Twilio-Signature': signature, 'User-Agent': 'TwilioProxy/1.1' },
      body: form,
    }).catch(quietly(`Twilio status callback ${status}`));
  }
}

/** Resend's events for one email: email.sent, then email.delivered (or email.bounced for the test address). */
export async function resendWebhooks(m: { url: string; secret: string; emailId: string; from: string; to: string[]; subject: string }) {
  const webhook = new Webhook(m.secret);
  const bounces = m.to.some((a) => a.toLowerCase().endsWith(BOUNCING_ADDRESS));
  for (const type of ['email.sent', bounces ? 'email.bounced' : 'email.delivered']) {
    await pause();
    const now = new Date();
    const data = {
      email_id: m.emailId,
      from: m.from,
      to: m.to,
      subject: m.subject,
      created_at: now.toISOString(),
      ...(type === 'email.bounced'
        ? { bounce: { type: 'Permanent', subType: 'General', message: "The recipient's email provider sent a hard bounce message." } }
        : {}),
    };
    const body = JSON.stringify({ type, created_at: now.toISOString(), data });
    const id = `msg_${crypto.randomUUID().replaceAll('-', '')}`;
    await fetch(m.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'svix-id': id,
        'svix-timestamp': String(Math.floor(now.getTime() / 1000)),
        'svix-signature': webhook.sign(id, now, body),
      },
      body,
    }).catch(quietly(`Resend ${type}`));
  }
}

/** Runs a callback sequence after the answer (waitUntil when there is an execution context). */
export function afterAnswer(c: { executionCtx: { waitUntil(p: Promise<unknown>): void } }, work: Promise<void>) {
  try {
    c.executionCtx.waitUntil(work);
  } catch {
    void work;
  }
}
