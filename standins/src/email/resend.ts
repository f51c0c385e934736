import { Hono, type Context } from 'hono';
import type { StandInsApp } from '../env';
import { afterAnswer, resendWebhooks } from '../messages/status-callbacks';
import { insertEmail, type StoredEmail } from './store';

/** The stand-in's Resend API key (development only; the product's config refuses it in production). */
export const LOCAL_RESEND_KEY = 're_local_standin';

const MAX_RECIPIENTS = 50; // Resend's limit for one email
const MAX_BODY_BYTES = 512 * 1024;
/** 'a@b.example' or 'Name <a@b.example>', the two forms Resend takes. */
const ADDRESS = /^(?:[^<>\r\n]{1,256} <[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/;
const FORMAT = 'The email address needs to follow the `email@example.com` or `Name <email@example.com>` format.';

type ErrorStatus = 400 | 401 | 403 | 409 | 413 | 422;

/** A Resend error: `{statusCode, name, message}` with that HTTP status. */
const resendError = (c: Context<StandInsApp>, statusCode: ErrorStatus, name: string, message: string) =>
  c.json({ statusCode, name, message }, statusCode);

/** Resend's own answers to a missing (401) or wrong (403) API key; null when the key is the local one. */
function refusedKey(c: Context<StandInsApp>) {
  const m = /^Bearer\s+(\S+)$/i.exec(c.req.header('Authorization')?.trim() ?? '');
  if (!m) return resendError(c, 401, 'missing_api_key', 'Missing API key in the authorization header.');
  if (m[1] !== LOCAL_RESEND_KEY) return resendError(c, 403, 'invalid_api_key', 'API key is invalid');
  return null;
}

/** A field that is a string or an array of strings, as `to` and `reply_to` are: the addresses, or why not. */
function addresses(value: unknown, field: string): string[] | string {
  const list = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list) || list.length === 0 || !list.every((a): a is string => typeof a === 'string'))
    return `Invalid \`${field}\` field. ${FORMAT}`;
  const trimmed = list.map((a) => a.trim());
  if (!trimmed.every((a) => ADDRESS.test(a))) return `Invalid \`${field}\` field. ${FORMAT}`;
  if (trimmed.length > MAX_RECIPIENTS) return `Too many recipients in \`${field}\`: at most ${MAX_RECIPIENTS}.`;
  return trimmed;
}

const optionalText = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Resend's email API: POST /emails (Authorization: Bearer re_..., JSON {from, to, subject, html?,
 * text?, reply_to?}, optional Idempotency-Key) answers 200 {id}; what is sent lands in the dev
 * outbox instead of an inbox. Errors are Resend's {statusCode, name, message}.
 */
export const resendEmails = new Hono<StandInsApp>().post('/emails', async (c) => {
  const refused = refusedKey(c);
  if (refused) return refused;
  const key = c.req.header('Idempotency-Key');
  if (key !== undefined && (key.length < 1 || key.length > 256))
    return resendError(c, 400, 'invalid_idempotency_key', 'The key must be between 1-256 chars.');
  const bytes = await c.req.arrayBuffer();
  if (bytes.byteLength > MAX_BODY_BYTES) return resendError(c, 413, 'validation_error', 'The request body is too large.');
  let body: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
    body = parsed as Record<string, unknown>;
  } catch {
    return resendError(c, 422, 'validation_error', 'The request body must be a JSON object.');
  }
  for (const field of ['from', 'to', 'subject'] as const) {
    if (body[field] === undefined || body[field] === null || body[field] === '')
      return resendError(c, 422, 'missing_required_field', `Missing \`${field}\` field.`);
  }
  const from = addresses(body.from, 'from');
  if (typeof from === 'string' || from.length !== 1) return resendError(c, 422, 'validation_error', `Invalid \`from\` field. ${FORMAT}`);
  const to = addresses(body.to, 'to');
  if (typeof to === 'string') return resendError(c, 422, 'validation_error', to);
  if (typeof body.subject !== 'string' || !body.subject.trim())
    return resendError(c, 422, 'validation_error', 'The `subject` field must be a string.');
  const replyTo = body.reply_to === undefined || body.reply_to === null ? null : addresses(body.reply_to, 'reply_to');
  if (typeof replyTo === 'string') return resendError(c, 422, 'validation_error', replyTo);
  for (const field of ['html', 'text'] as const) {
    if (body[field] !== undefined && body[field] !== null && typeof body[field] !== 'string')
      return resendError(c, 422, 'validation_error', `The \`${field}\` field must be a string.`);
  }
  const html = optionalText(body.html);
  const text = optionalText(body.text);
  if (html === null && text === null) return resendError(c, 422, 'validation_error', 'Missing `html` or `text` field.');

  const email: StoredEmail = {
    id: crypto.randomUUID(),
    from: from[0]!,
    to,
    subject: body.subject,
    html,
    text,
    reply_to: replyTo,
    created_at: Date.now(),
  };
  const fingerprint = await sha256Hex(JSON.stringify([email.from, email.to, email.subject, html, text, replyTo]));
  const stored = await insertEmail(c.env.DB, email, key ?? null, fingerprint);
  if (stored.replay && !stored.sameBody)
    return resendError(c, 409, 'invalid_idempotent_request', 'Same idempotency key used with a different request payload.');
  // Its delivery events, signed as Svix signs them, to the product's webhook (once: not for a replay).
  const hook = c.env.RESEND_WEBHOOK_URL;
  if (hook && !stored.replay)
    afterAnswer(
      c,
      resendWebhooks({
        url: hook,
        secret: c.env.RESEND_WEBHOOK_SECRET,
        emailId: email.id,
        from: email.from,
        to: email.to,
        subject: email.subject,
      }),
    );
  return c.json({ id: stored.email.id });
});
