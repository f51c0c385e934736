import { Hono } from 'hono';
import { CAN } from '../../../shared/console/roles';
import { salonById } from '../../db/salons';
import type { AppEnv } from '../../env';
import { AppError } from '../../errors';
import { freshPayments, startOnboarding } from '../../payments/connect';
import { stripeFor } from '../../payments/stripe';
import { staffRoute } from '../policy';
import { originOf } from '../request-headers';
import { staffOf } from '../staff-access';

/**
 * /api/console/salons/{id}/payments (owners): "Get paid" (docs/payments.md). GET answers the
 * salon's connected account `{account_id, charges_enabled, payouts_enabled, requirements}`, read
 * afresh from Stripe (the owner back from onboarding sees it at once, before account.updated
 * arrives). POST makes the account on first use and answers `{url, account_id}`: a link to
 * Stripe's hosted onboarding, which sends the owner back to the console's Get paid place.
 */
export const consolePayments = new Hono<AppEnv>()
  .get('/console/salons/:salonId/payments', staffRoute(CAN.managePayments), async (c) => {
    const answer = await freshPayments(c.env.DB, stripeFor(c.get('config')), staffOf(c).salonId);
    c.header('Cache-Control', 'private, no-store');
    return c.json(answer);
  })
  .post('/console/salons/:salonId/payments', staffRoute(CAN.managePayments), async (c) => {
    const salonId = staffOf(c).salonId;
    const salon = await salonById(c.env.DB, salonId);
    if (!salon) throw new AppError('NOT_FOUND', 'Salon not found');
    const place = `${originOf(c)}/console/salons/${salonId}/get-paid`;
    const answer = await startOnboarding(c.env.DB, stripeFor(c.get('config')), {
      salonId,
      name: salon.name,
      email: salon.email,
      country: salon.country_code,
      returnUrl: `${place}?stripe=return`,
      refreshUrl: `${place}?stripe=refresh`,
    });
    c.header('Cache-Control', 'private, no-store');
    return c.json(answer);
  });
