import { createExecutionContext, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import app from '../src/index';
import { LOCAL_RESEND_KEY } from '../src/email/resend';
import type { StoredEmail } from '../src/email/store';

/** Where the product's RESEND_API_BASE names the stand-ins Worker in development (scripts/lib.mjs). */
const STANDINS = 'http://127.0.0.1:8788';
const GOOD_AUTH = `Bearer ${LOCAL_RESEND_KEY}`;

let seq = 100;
/** An address no other test uses. */
const freshAddress = () => `client${seq++}@example.test`;

const request = (path: string, init: RequestInit = {}) => app.request(`${STANDINS}${path}`, init, env, createExecutionContext());

/** Resend's POST /emails as the product sends it: Bearer key, JSON body, optional Idempotency-Key. */
function send(body: unknown, { auth = GOOD_AUTH as string | null, key = undefined as string | undefined } = {}) {
  return request('/emails', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(auth === null ? {} : { Authorization: auth }),
      ...(key === undefined ? {} : { 'Idempotency-Key': key }),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const email = (to: unknown, extra: Record<string, unknown> = {}) => ({
  from: 'Bookwell <bookings@example.com>',
  to,
  subject: 'Your gift voucher',
  html: '<p>Hello</p>',
  text: 'Hello',
  ...extra,
});

/** A call that must fail as Resend fails: {statusCode, name, message} with that HTTP status. */
async function fails(res: Response | Promise<Response>, status: number, name: string) {
  const answer = await res;
  const body = (await answer.json()) as { statusCode: number; name: string; message: string };
  expect(answer.status, JSON.stringify(body)).toBe(status);
  expect(body).toEqual({ statusCode: status, name, message: expect.any(String) });
  return body;
}

const listed = async (to: string) =>
  ((await (await request(`/__dev/outbox/emails.json?to=${encodeURIComponent(to)}`)).json()) as { data: StoredEmail[] }).data;

describe('Resend email API stand-in', () => {
  it('answers 200 {id} (a UUID), stores the email and lists it for tests', async () => {
    const to = freshAddress();
    const res = await send(email(to, { reply_to: 'salon@example.com' }));
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: string };
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await listed(to)).toEqual([
      {
        id,
        from: 'Bookwell <bookings@example.com>',
        to: [to],
        subject: 'Your gift voucher',
        html: '<p>Hello</p>',
        text: 'Hello',
        reply_to: ['salon@example.com'],
        created_at: expect.any(Number),
      },
    ]);
  });

  it('takes `to` as an array of addresses, named or not', async () => {
    const [a, b] = [freshAddress(), freshAddress()];
    expect((await send(email([a, `Sam Client <${b}>`]))).status).toBe(200);
    expect((await listed(b))[0]?.to).toEqual([a, `Sam Client <${b}>`]);
    expect(await listed(a)).toHaveLength(1);
  });

  it('answers 401 missing_api_key without a key and 403 invalid_api_key to a wrong one, and stores nothing', async () => {
    const to = freshAddress();
    for (const auth of [null, '', `Basic ${btoa('x:y')}`, 'Bearer']) {
      const err = await fails(send(email(to), { auth }), 401, 'missing_api_key');
      expect(JSON.stringify(err)).not.toContain(LOCAL_RESEND_KEY);
    }
    for (const auth of ['Bearer re_wrong_key', `Bearer ${LOCAL_RESEND_KEY}x`])
      await fails(send(email(to), { auth }), 403, 'invalid_api_key');
    expect(await listed(to)).toEqual([]);
  });

  it('answers 422 to a missing field or a malformed address, or without html and text', async () => {
    const to = freshAddress();
    await fails(send('{not json'), 422, 'validation_error');
    await fails(send([email(to)]), 422, 'validation_error');
    for (const field of ['from', 'to', 'subject']) await fails(send(email(to, { [field]: undefined })), 422, 'missing_required_field');
    for (const bad of [
      email('not-an-address'),
      email([to, 'x@']),
      email(to, { from: 'Bookwell' }),
      email(to, { reply_to: 'nope' }),
      email(to, { subject: 42 }),
    ])
      await fails(send(bad), 422, 'validation_error');
    await fails(send(email(to, { html: undefined, text: '' })), 422, 'validation_error');
    await fails(send(email(to, { html: 7 })), 422, 'validation_error');
    await fails(send(email(Array.from({ length: 51 }, freshAddress))), 422, 'validation_error');
    expect(await listed(to)).toEqual([]);
    expect((await send(email(to, { html: undefined }))).status).toBe(200);
    expect(await listed(to)).toHaveLength(1);
  });

  it('an Idempotency-Key sends once: the same key answers the same id and stores nothing more', async () => {
    const to = freshAddress();
    const key = `voucher-${to}`;
    const first = (await (await send(email(to), { key })).json()) as { id: string };
    const again = await send(email(to), { key });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ id: first.id });
    expect(await listed(to)).toHaveLength(1);
    await fails(send(email(to, { subject: 'Another' }), { key }), 409, 'invalid_idempotent_request');
    await fails(send(email(to), { key: 'k'.repeat(257) }), 400, 'invalid_idempotency_key');
    const other = (await (await send(email(to), { key: `${key}-2` })).json()) as { id: string };
    expect(other.id).not.toBe(first.id);
    expect(await listed(to)).toHaveLength(2);

    // once the key has expired (a day later; POST /__dev/idempotency/expire for tests) it sends anew
    expect((await request('/__dev/idempotency/expire', { method: 'POST' })).status).toBe(200);
    const later = await send(email(to, { subject: 'Another' }), { key });
    expect(later.status).toBe(200);
    expect(((await later.json()) as { id: string }).id).not.toBe(first.id);
    expect(await listed(to)).toHaveLength(3);
  });

  it('the dev outbox page shows subject, from, masked recipient and text, and the HTML only escaped in a sandboxed frame', async () => {
    const to = freshAddress();
    const hostile = `<script>alert(1)</script><img src=x onerror="alert(2)">`;
    expect((await send(email(to, { subject: `Hi ${hostile}`, html: `<p>Hi</p>${hostile}`, text: `Plain ${hostile}` }))).status).toBe(200);
    const page = await request('/__dev/outbox');
    expect(page.status).toBe(200);
    expect(page.headers.get('Content-Security-Policy')).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).not.toMatch(/<script|<img/i);
    expect(html).toContain('Hi &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Plain &lt;script&gt;');
    expect(html).toContain('Bookwell &lt;bookings@example.com&gt;');
    expect(html).not.toContain(to);
    expect(html).toContain(`c•••@example.test`);
    const frame = /<iframe sandbox="" [^>]*srcdoc="([^"]*)"/.exec(html);
    expect(frame?.[1]).toContain('&lt;p&gt;Hi&lt;/p&gt;&lt;script&gt;');
    expect(html).not.toMatch(/<iframe[^>]*allow-scripts/);
  });
});
