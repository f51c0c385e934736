import { Hono } from 'hono';
import type { StandInsApp } from './env';

/**
 * Tests only: POST /__dev/idempotency/expire lets every Idempotency-Key kept so far expire, as a
 * day passing would (Stripe and Resend both keep a key 24 hours): the same key then makes a new
 * request instead of replaying, or refusing, the first. The product's Worker tests call it before
 * each file, whose ids, and so keys such as `salon-2-voucher-receipt-2`, start again from the demo
 * data (tests/worker/apply-migrations.ts).
 */
export const devIdempotency = new Hono<StandInsApp>().post('/expire', async (c) => {
  const db = c.env.DB;
  const [stripe, resend] = await db.batch([
    db.prepare('DELETE FROM stripe_idempotency_keys'),
    db.prepare('UPDATE resend_emails SET idempotency_key = NULL WHERE idempotency_key IS NOT NULL'),
  ]);
  return c.json({ expired: { stripe: stripe!.meta.changes, resend: resend!.meta.changes } });
});
