import { Hono, type Context } from 'hono';
import type { StandInsApp } from '../env';
import { outboxStatement } from '../outbox';
import { afterAnswer, twilioCallbacks } from './status-callbacks';

/** The sandbox's Twilio account (development only; the product's config refuses it in production). */
export const LOCAL_TWILIO = {
  accountSid: 'AC00000000000000000000000000000000',
  authToken: 'local_standin_twilio_token',
  from: '+15005550006',
} as const;

const MAX_BODY_CHARS = 1600; // Twilio's limit for one message
const MAX_FORM_BYTES = 16 * 1024;
const E164 = /^\+[1-9]\d{6,14}$/;

/** A Twilio REST error: `{code, message, more_info, status}` with that HTTP status. */
function twilioError(c: Context<StandInsApp>, status: 400 | 401 | 404 | 413, code: number, message: string) {
  return c.json({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }, status);
}

function basicAuth(header: string | undefined): [string, string] | null {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header?.trim() ?? '');
  if (!m) return null;
  try {
    const [user = '', ...rest] = atob(m[1]!).split(':');
    return [user, rest.join(':')];
  } catch {
    return null;
  }
}

/**
 * Twilio's Messages API (POST /2010-04-01/Accounts/{AccountSid}/Messages.json, HTTP Basic
 * AccountSid:AuthToken, form fields To, From or MessagingServiceSid, Body, StatusCallback): what is
 * sent lands in the dev outbox instead of a phone. Answers 201 with the message resource, as
 * Twilio does, then calls the StatusCallback (status-callbacks.ts).
 */
export const twilioMessages = new Hono<StandInsApp>().post('/2010-04-01/Accounts/:sid/Messages.json', async (c) => {
  const sid = c.req.param('sid');
  const auth = basicAuth(c.req.header('Authorization'));
  if (!auth || auth[0] !== LOCAL_TWILIO.accountSid || auth[1] !== LOCAL_TWILIO.authToken) return twilioError(c, 401, 20003, 'Authenticate');
  if (sid !== auth[0]) return twilioError(c, 404, 20404, 'The requested resource was not found');
  const bytes = await c.req.arrayBuffer();
  if (bytes.byteLength > MAX_FORM_BYTES)
    return twilioError(c, 413, 21617, 'The concatenated message body exceeds the 1600 character limit.');
  const form = new URLSearchParams(new TextDecoder().decode(bytes));
  const to = form.get('To')?.trim() ?? '';
  const from = form.get('From')?.trim() || null;
  const service = form.get('MessagingServiceSid')?.trim() || null;
  const body = form.get('Body') ?? '';
  if (!E164.test(to)) return twilioError(c, 400, 21211, `The 'To' number ${to.slice(0, 32)} is not a valid phone number.`);
  if (!from && !service) return twilioError(c, 400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required to send a message.");
  if (!body.trim()) return twilioError(c, 400, 21602, 'Message body is required.');
  if (body.length > MAX_BODY_CHARS) return twilioError(c, 400, 21617, 'The concatenated message body exceeds the 1600 character limit.');
  const now = Date.now();
  await outboxStatement(c.env.DB, 'sms', to, body, now).run();
  const id = `SM${[...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
  const date = new Date(now).toUTCString().replace('GMT', '+0000');
  // Twilio calls the StatusCallback with each status change, signed with the account's auth token.
  const callback = form.get('StatusCallback')?.trim();
  if (callback && URL.canParse(callback))
    afterAnswer(
      c,
      twilioCallbacks({ url: callback, sid: id, accountSid: sid, authToken: LOCAL_TWILIO.authToken, to, from: from ?? service ?? '' }),
    );
  return c.json(
    {
      sid: id,
      account_sid: sid,
      to,
      from,
      messaging_service_sid: service,
      body,
      status: 'queued',
      direction: 'outbound-api',
      num_segments: String(Math.ceil(body.length / 160)),
      date_created: date,
      date_updated: date,
      date_sent: null,
      error_code: null,
      error_message: null,
      api_version: '2010-04-01',
      uri: `/2010-04-01/Accounts/${sid}/Messages/${id}.json`,
    },
    201,
  );
});
