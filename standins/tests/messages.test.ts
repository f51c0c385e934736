import { createExecutionContext, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import app from '../src/index';
import { LOCAL_TWILIO } from '../src/messages/twilio';

// ---- helpers --------------------------------------------------------------------------------

/** Where the product's TWILIO_API_BASE names the stand-ins Worker in development (scripts/lib.mjs). */
const STANDINS = 'http://127.0.0.1:8788';
const messagesUrl = (sid: string = LOCAL_TWILIO.accountSid) => `${STANDINS}/2010-04-01/Accounts/${sid}/Messages.json`;
const basic = (user: string, password: string) => `Basic ${btoa(`${user}:${password}`)}`;
const GOOD_AUTH = basic(LOCAL_TWILIO.accountSid, LOCAL_TWILIO.authToken);

let phoneSeq = 100;
/** A phone number no other test uses. */
const freshPhone = () => `+4477009${String(phoneSeq++).padStart(5, '0')}`;

/** Twilio's Messages API call as the product sends it: HTTP Basic AccountSid:AuthToken, form fields. */
function send(fields: Record<string, string>, { auth = GOOD_AUTH as string | null, url = messagesUrl() } = {}) {
  return app.request(
    url,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...(auth === null ? {} : { Authorization: auth }) },
      body: new URLSearchParams(fields).toString(),
    },
    env,
    createExecutionContext(),
  );
}

interface TwilioError {
  code: number;
  message: string;
  more_info: string;
  status: number;
}

/** A call that must fail as Twilio fails: {code, message, more_info, status} with that HTTP status. */
async function fails(res: Response | Promise<Response>, status: number, code: number): Promise<TwilioError> {
  const answer = await res;
  const body = (await answer.json()) as TwilioError;
  expect(answer.status, JSON.stringify(body)).toBe(status);
  expect(body).toEqual({ code, message: expect.any(String), more_info: `https://www.twilio.com/docs/errors/${code}`, status });
  return body;
}

const outboxFor = async (phone: string) =>
  (await env.DB.prepare('SELECT channel, recipient, body FROM dev_outbox WHERE recipient = ? ORDER BY id').bind(phone).all()).results;

// ---- tests ----------------------------------------------------------------------------------

describe('Twilio Messages API stand-in', () => {
  it('answers 201 with a queued message resource and puts the text in the dev outbox, masked', async () => {
    const to = freshPhone();
    const body = 'Your appointment at Demo Salon is confirmed for Fri 4 Dec, 10:30.';
    const res = await send({ To: to, From: LOCAL_TWILIO.from, Body: body });
    expect(res.status).toBe(201);
    expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
    const message = (await res.json()) as Record<string, unknown>;
    expect(message).toEqual({
      sid: expect.stringMatching(/^SM[0-9a-f]{32}$/),
      account_sid: LOCAL_TWILIO.accountSid,
      to,
      from: LOCAL_TWILIO.from,
      messaging_service_sid: null,
      body,
      status: 'queued',
      direction: 'outbound-api',
      num_segments: '1',
      date_created: expect.stringMatching(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} \+0000$/),
      date_updated: expect.any(String),
      date_sent: null,
      error_code: null,
      error_message: null,
      api_version: '2010-04-01',
      uri: `/2010-04-01/Accounts/${LOCAL_TWILIO.accountSid}/Messages/${String(message.sid)}.json`,
    });
    expect(Math.abs(Date.parse(String(message.date_created)) - Date.now())).toBeLessThan(60_000);
    expect(await outboxFor(to)).toEqual([{ channel: 'sms', recipient: to, body }]);

    const page = await app.request(`${STANDINS}/__dev/outbox`, {}, env, createExecutionContext());
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(body);
    expect(html).not.toContain(to);
    expect(html).toContain(`+${'•'.repeat(to.length - 4)}${to.slice(-3)}`);
  });

  it('sends with a MessagingServiceSid instead of From, and gives every message its own sid', async () => {
    const to = freshPhone();
    const first = await send({ To: to, MessagingServiceSid: 'MG00000000000000000000000000000000', Body: 'a'.repeat(161) });
    expect(first.status).toBe(201);
    const a = (await first.json()) as Record<string, unknown>;
    expect(a).toMatchObject({ from: null, messaging_service_sid: 'MG00000000000000000000000000000000', num_segments: '2' });
    const b = (await (await send({ To: to, From: LOCAL_TWILIO.from, Body: 'again' })).json()) as Record<string, unknown>;
    expect(b.sid).not.toBe(a.sid);
    expect(await outboxFor(to)).toHaveLength(2);
  });

  it('answers 401 with code 20003 to a wrong or missing AccountSid:AuthToken, and sends nothing', async () => {
    const to = freshPhone();
    const fields = { To: to, From: LOCAL_TWILIO.from, Body: 'hello' };
    for (const auth of [
      basic(LOCAL_TWILIO.accountSid, 'wrong-token'),
      basic('AC11111111111111111111111111111111', LOCAL_TWILIO.authToken),
      basic(LOCAL_TWILIO.accountSid, ''),
      `Bearer ${LOCAL_TWILIO.authToken}`,
      'Basic !!!',
      null,
    ]) {
      const err = await fails(send(fields, { auth }), 401, 20003);
      expect(err.message).toBe('Authenticate');
      expect(JSON.stringify(err)).not.toContain(LOCAL_TWILIO.authToken);
    }
    expect(await outboxFor(to)).toEqual([]);
  });

  it("answers 404 with code 20404 for another account's URL", async () => {
    const to = freshPhone();
    await fails(
      send({ To: to, From: LOCAL_TWILIO.from, Body: 'hello' }, { url: messagesUrl('AC11111111111111111111111111111111') }),
      404,
      20404,
    );
    expect(await outboxFor(to)).toEqual([]);
  });

  it.each(['07700900123', '+44 7700 900123', '+0123456789', '+12', '447700900123', ''])(
    'answers 400 with code 21211 for the To %j',
    async (to) => {
      await fails(send({ To: to, From: LOCAL_TWILIO.from, Body: 'hello' }), 400, 21211);
    },
  );

  it('answers 400 with code 21602 for an empty Body, 21603 without From or MessagingServiceSid, 21617 over 1600 characters', async () => {
    const to = freshPhone();
    expect((await fails(send({ To: to, From: LOCAL_TWILIO.from, Body: '' }), 400, 21602)).message).toBe('Message body is required.');
    await fails(send({ To: to, From: LOCAL_TWILIO.from, Body: '  \n ' }), 400, 21602);
    await fails(send({ To: to, From: LOCAL_TWILIO.from }), 400, 21602);
    await fails(send({ To: to, Body: 'hello' }), 400, 21603);
    await fails(send({ To: to, From: LOCAL_TWILIO.from, Body: 'x'.repeat(1601) }), 400, 21617);
    expect((await send({ To: to, From: LOCAL_TWILIO.from, Body: 'x'.repeat(1600) })).status).toBe(201);
    expect(await outboxFor(to)).toHaveLength(1);
  });
});
