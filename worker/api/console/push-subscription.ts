import { Hono, type Context } from 'hono';
import * as z from 'zod';
import { pushEndpointSchema, pushSubscriptionSchema, type PushSettings, type PushSubscriptionAnswer } from '../../../shared/console/push';
import { deletePushSubscription, savePushSubscription } from '../../db/push-subscriptions';
import { databasesOfStaff } from '../../db/spanning';
import { staffBySub } from '../../db/staff';
import type { AppEnv } from '../../env';
import { AppError } from '../../errors';
import { pushEndpointAllowed } from '../../messaging/push';
import { validate } from '../../validate';
import { staffUserRoute } from '../policy';

/** The signed-in member's row in each database that has them (a salon's notices read its own database). */
async function selves(c: Context<AppEnv>) {
  const sub = c.get('caller').staffSub ?? '';
  const found = await Promise.all(
    (await databasesOfStaff(c.env, sub, c.get('config').versionLeaseMs)).map(async (db) => ({ db, staff: await staffBySub(db, sub) })),
  );
  const mine = found.flatMap((f) => (f.staff ? [{ db: f.db, staffId: f.staff.id }] : []));
  if (!mine.length) throw new AppError('FORBIDDEN', 'Notifications are for the staff of a salon: you are on no salon’s team yet.');
  return mine;
}

const endpointQuery = z.object({ endpoint: z.string().optional() });

/**
 * The signed-in staff member's Web Push subscription (docs/console/api.md, docs/console/notifications.md):
 * GET the VAPID public key to subscribe with, PUT the browser's subscription and the kinds chosen
 * (one row per endpoint: the same endpoint again changes its kinds), DELETE to stop it.
 */
export const consolePushSubscription = new Hono<AppEnv>()
  .get('/console/push-subscription', staffUserRoute, (c) => {
    const vapid = c.get('config').vapid;
    if (!vapid) throw new AppError('NOT_FOUND', 'Notifications are not set up on this server.');
    c.header('Cache-Control', 'private, no-store');
    return c.json({ public_key: vapid.publicKey } satisfies PushSettings);
  })
  .put('/console/push-subscription', staffUserRoute, validate('json', pushSubscriptionSchema), async (c) => {
    const { subscription, kinds } = c.req.valid('json');
    if (!pushEndpointAllowed(c.get('config'), subscription.endpoint))
      throw new AppError('BAD_REQUEST', 'endpoint must be an https:// URL', 'subscription.endpoint');
    const now = Date.now();
    for (const { db, staffId } of await selves(c))
      await savePushSubscription(db, { staffId, endpoint: subscription.endpoint, ...subscription.keys, kinds, now });
    c.header('Cache-Control', 'private, no-store');
    return c.json({ endpoint: subscription.endpoint, kinds } satisfies PushSubscriptionAnswer);
  })
  .delete('/console/push-subscription', staffUserRoute, validate('query', endpointQuery), async (c) => {
    const query = c.req.valid('query').endpoint;
    const raw = query !== undefined ? { endpoint: query } : await c.req.json<unknown>().catch(() => ({}));
    const parsed = pushEndpointSchema.safeParse(raw);
    if (!parsed.success) throw new AppError('BAD_REQUEST', parsed.error.issues[0]!.message, 'endpoint');
    let stopped = false;
    for (const { db, staffId } of await selves(c)) stopped = (await deletePushSubscription(db, staffId, parsed.data.endpoint)) || stopped;
    if (!stopped) throw new AppError('NOT_FOUND', 'You have no notifications at that endpoint.');
    return c.body(null, 204);
  });
