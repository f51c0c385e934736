import { Hono } from 'hono';
import { offerTokenParam } from '../../shared/waitlist-offers';
import { salonOfToken } from '../crypto';
import type { AppEnv } from '../env';
import { stripeFor } from '../payments/stripe';
import { validate } from '../validate';
import { claimWaitlistOffer, waitlistOfferOf } from '../waitlist/claim';
import { announceToDiary } from './diary-notices';
import { publicRoute } from './policy';
import { returnUrlOf } from './request-headers';
import { salonDatabase } from './salon-database';
import { tellStaff } from './staff-notices';

/**
 * A waitlist offer's claim link (docs/waitlist-offers.md): public, the token in the text is the
 * capability (no sign-in, like a reminder's link). GET shows the offer; POST claims it: 201 with
 * the booking for the one claim that wins, 409 OFFER_GONE for any other or after the offer's
 * time; an unknown token 404. Never cached.
 */
export const waitlistOffers = new Hono<AppEnv>()
  .get('/waitlist-offers/:token', publicRoute, validate('param', offerTokenParam), async (c) => {
    c.header('Cache-Control', 'private, no-store');
    const { token } = c.req.valid('param');
    return c.json(await waitlistOfferOf(await salonDatabase(c, salonOfToken(token)), token, Date.now()));
  })
  .post('/waitlist-offers/:token/claim', publicRoute, validate('param', offerTokenParam), async (c) => {
    c.header('Cache-Control', 'private, no-store');
    const { token } = c.req.valid('param');
    const db = await salonDatabase(c, salonOfToken(token));
    const claimed = await claimWaitlistOffer(db, stripeFor(c.get('config')), {
      token,
      now: Date.now(),
      returnUrl: returnUrlOf(c),
      feePercent: c.get('config').stripe.platformFeePercent,
    });
    if (claimed.booking.appointment_id) {
      announceToDiary(c, claimed.offer.salon_id, claimed.booking.appointment_id, 'booked');
      const id = claimed.booking.appointment_id;
      tellStaff(c, claimed.offer.salon_id, 'new_online_booking', { appointment_id: id }, id);
    }
    return c.json(claimed, 201);
  });
