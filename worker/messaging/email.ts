import type { Config } from '../config';
import { SendRefused } from './refusal';

export interface Email {
  /** one recipient's address */
  to: string;
  subject: string;
  html: string;
  /** the plain-text part, for mail clients that show no HTML */
  text: string;
  replyTo?: string;
  /** the same key sends the email once, however often it is retried (Resend keeps keys 24 hours) */
  idempotencyKey?: string;
}

/**
 * Sends one email through Resend's API (POST {apiBase}/emails; the stand-ins Worker answers the
 * same API in development and shows the email on its dev outbox page). Resolves to Resend's email
 * id; throws SendRefused with Resend's error name and HTTP status (never the API key) when it is refused.
 */
export async function sendEmail(config: Config, email: Email): Promise<string> {
  const { apiKey, from, apiBase } = config.email;
  const headers: Record<string, string> = { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' };
  if (email.idempotencyKey) headers['Idempotency-Key'] = email.idempotencyKey;
  const res = await fetch(new URL('emails', apiBase), {
    method: 'POST',
    headers,
    body: JSON.stringify({
      from,
      to: [email.to],
      subject: email.subject,
      html: email.html,
      text: email.text,
      ...(email.replyTo ? { reply_to: email.replyTo } : {}),
    }),
  });
  const answer = (await res.json().catch(() => ({}))) as { id?: unknown; name?: unknown; message?: unknown };
  if (!res.ok || typeof answer.id !== 'string') {
    const name = typeof answer.name === 'string' ? answer.name : 'unknown_error';
    const message = typeof answer.message === 'string' ? answer.message.replaceAll(apiKey, '[key]') : 'no message';
    throw new SendRefused(`Email refused (${res.status}, Resend ${name}): ${message}`, res.status, name);
  }
  return answer.id;
}
