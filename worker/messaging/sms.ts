import type { Config } from '../config';
import { SendRefused } from './refusal';

export interface Sms {
  /** E.164 */
  to: string;
  body: string;
  /** where Twilio POSTs the message's status changes (signed with the auth token) */
  statusCallback?: string;
}

/**
 * Sends one text through Twilio's Messages API (the stand-ins Worker answers the same API in
 * development and shows the text on its dev outbox page). Resolves to the message sid; throws
 * SendRefused with Twilio's error code and message (never the auth token) when it is refused.
 */
export async function sendSms(config: Config, sms: Sms): Promise<string> {
  const { accountSid, authToken, from, apiBase } = config.sms;
  const form = new URLSearchParams({ To: sms.to, Body: sms.body });
  form.set(from.startsWith('MG') ? 'MessagingServiceSid' : 'From', from);
  if (sms.statusCallback) form.set('StatusCallback', sms.statusCallback);
  const res = await fetch(new URL(`2010-04-01/Accounts/${accountSid}/Messages.json`, apiBase), {
    method: 'POST',
    headers: { Authorization: `Basic ${btoa(`${accountSid}:${authToken}`)}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: form,
  });
  const answer = (await res.json().catch(() => ({}))) as { sid?: string; code?: number; message?: string };
  if (!res.ok || !answer.sid)
    throw new SendRefused(
      `SMS refused (${res.status}, Twilio code ${answer.code ?? '?'}): ${answer.message ?? 'no message'}`,
      res.status,
      String(answer.code ?? '?'),
    );
  return answer.sid;
}
