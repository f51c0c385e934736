import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { configFrom } from '../../worker/config';
import { sendEmail } from '../../worker/messaging/email';
import { voucherReceiptEmail } from '../../worker/messaging/templates';
import { standIn } from './helpers';

let seq = 0;
const freshAddress = () => `worker-email-${Date.now()}-${seq++}@example.test`;

/** The emails the stand-in received for one address, as its dev outbox lists them for tests. */
const emailsTo = async (to: string) =>
  ((await (await standIn(`/__dev/outbox/emails.json?to=${encodeURIComponent(to)}`)).json()) as { data: unknown[] }).data;

const SALON = {
  name: 'Demo Salon',
  address_line_1: '1 Test Street',
  address_line_2: '',
  city: 'London',
  postcode: 'N1 1AA',
  currency: 'GBP',
  timezone: 'Europe/London',
};

describe('sendEmail (Resend) against the stand-ins Worker', () => {
  it('sends from EMAIL_FROM through RESEND_API_BASE and resolves to the email id', async () => {
    const to = freshAddress();
    const content = voucherReceiptEmail({ salon: SALON, code: 'GIFT-1', amountMinor: 2000, expiresAt: Date.UTC(2027, 0, 31) });
    const id = await sendEmail(configFrom(env), { to, ...content, replyTo: 'salon@example.com' });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await emailsTo(to)).toEqual([
      {
        id,
        from: env.EMAIL_FROM,
        to: [to],
        subject: content.subject,
        html: content.html,
        text: content.text,
        reply_to: ['salon@example.com'],
        created_at: expect.any(Number),
      },
    ]);
  });

  it('an idempotency key sends one email however often it is retried', async () => {
    const to = freshAddress();
    const email = { to, subject: 'Once', html: '<p>Once</p>', text: 'Once', idempotencyKey: `once-${to}` };
    const first = await sendEmail(configFrom(env), email);
    expect(await sendEmail(configFrom(env), email)).toBe(first);
    expect(await emailsTo(to)).toHaveLength(1);
  });

  it("a refused send throws with Resend's error name and status, never the key", async () => {
    const wrongKey = 're_wrong_secret_key_1234';
    const config = configFrom({ ...env, RESEND_API_KEY: wrongKey });
    const to = freshAddress();
    const err = await sendEmail(config, { to, subject: 'x', html: '<p>x</p>', text: 'x' }).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(err?.message).toMatch(/403.*invalid_api_key/);
    expect(err?.message).not.toContain(wrongKey);
    const invalid = await sendEmail(configFrom(env), { to: 'not-an-address', subject: 'x', html: '<p>x</p>', text: 'x' }).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(invalid?.message).toMatch(/422.*validation_error/);
    expect(invalid?.message).not.toContain(env.RESEND_API_KEY);
    expect(await emailsTo(to)).toEqual([]);
  });
});
