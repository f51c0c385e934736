import { Hono } from 'hono';
import * as z from 'zod';
import type { AppEnv } from '../env';
import { removeCard, saveCard, savedCard, startCardSetup } from '../payments/cards';
import { stripeFor } from '../payments/stripe';
import { salonById } from '../db/salons';
import { AppError } from '../errors';
import { idParam, validate } from '../validate';
import { clientOf } from './request-headers';
import { clientRoute } from './policy';

const salon = z.object({ salonId: idParam('Salon id') });
const withUser = salon.extend({ username: z.string().regex(/^[A-Za-z0-9-]{1,128}$/, 'username is not valid') });

/** The client's saved card (docs/booking/accounts-and-money.md §7: getcard, setupintent, delete card). */
export const cards = new Hono<AppEnv>()
  .use(async (c, next) => {
    await next();
    c.header('Cache-Control', 'private, no-store');
  })
  .get('/ncob/checkout/salon/user/getcard/:salonId/', clientRoute, validate('param', salon), async (c) => {
    const card = await savedCard(c.env.DB, clientOf(c));
    if (!card) return c.body(null, 204);
    const { customer: _customer, ...shown } = card;
    return c.json(shown);
  })
  .post('/ncob/checkout/salon/setupintent/:salonId/:username/', clientRoute, validate('param', withUser), async (c) => {
    const { salonId, username } = c.req.valid('param');
    const sub = clientOf(c, username);
    // a card is saved for a salon's bookings: no setup intent for a salon that does not exist
    if (!(await salonById(c.env.DB, salonId))) throw new AppError('NOT_FOUND', 'Salon not found');
    const { stripe } = c.get('config');
    const si = await startCardSetup(c.env.DB, stripeFor(c.get('config')), sub);
    return c.json({
      client_secret: si.client_secret,
      setup_intent_id: si.id,
      publishable_key: stripe.publishableKey,
      // In development the browser's own card form talks to the stand-in; in production Stripe.js.
      stripe_base: stripe.browserApiOrigin,
    });
  })
  .post(
    '/ncob/checkout/salon/savecard/:salonId/',
    clientRoute,
    validate('param', salon),
    validate('json', z.object({ setup_intent_id: z.string().regex(/^seti_[A-Za-z0-9]{6,64}$/, 'setup_intent_id is not valid') })),
    async (c) => c.json(await saveCard(c.env.DB, stripeFor(c.get('config')), clientOf(c), c.req.valid('json').setup_intent_id)),
  )
  .delete('/ncob/checkout/client/delete/card/:salonId/:username/', clientRoute, validate('param', withUser), async (c) => {
    await removeCard(c.env.DB, stripeFor(c.get('config')), clientOf(c, c.req.valid('param').username));
    return c.body(null, 204);
  });
