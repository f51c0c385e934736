import { Hono } from 'hono';
import { longDayOf, zonedTime } from '../../shared/zoned-time';
import type { Context } from 'hono';
import type { WaitlistOffer } from '../../shared/waitlist-offers';
import type { AppEnv } from '../env';
import { escapeMarkup } from '../escape-markup';
import { edgeApi } from './api-client';

// an offer's token, `{salonId}.{22 characters}`: waitlist/claim.ts OFFER_TOKEN
const TOKEN = /^(?:[1-9]\d{0,15}\.)?[A-Za-z0-9_-]{22}$/;

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeMarkup(title)}</title><main style="font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;line-height:1.5">${body}</main></html>`;

const GONE_TITLE = 'This time has gone';
const gonePage = (detail: string) => page(GONE_TITLE, `<h1>${GONE_TITLE}</h1><p>${escapeMarkup(detail)}</p>`);

const whenOf = (o: WaitlistOffer) => {
  const z = zonedTime(Date.parse(o.start_time), o.timezone);
  return `${longDayOf(z)} at ${z.time}`;
};

function offerPage(o: WaitlistOffer, token: string): string {
  const salon = escapeMarkup(o.salon_name);
  if (o.status === 'claimed') return page('Booked', `<h1>It's yours</h1><p>${salon}: you are booked on ${escapeMarkup(whenOf(o))}.</p>`);
  if (o.status === 'gone')
    return gonePage(
      'Sorry, someone else has taken it or the offer ran out. You are still on the waitlist, and we will text you when another time comes free.',
    );
  const until = zonedTime(Date.parse(o.expires_at), o.timezone).time;
  return page(
    'A time has come free',
    `<h1>A time has come free</h1><p>${salon} can see you on <strong>${escapeMarkup(whenOf(o))}</strong>. It's yours if you claim it by ${until}.</p>
<form method="post" action="/w/${escapeMarkup(token)}"><button type="submit" style="font:inherit;padding:.75rem 1.5rem">Claim this time</button></form>`,
  );
}

/**
 * A waitlist offer's link, /w/{token} (docs/waitlist-offers.md): a small page of the edge's own
 * (no script, nothing of the booking client loads) showing the offer through the API, with a
 * button that claims it (POST, the same API call as any other claim). The claim's answer is
 * shown: booked, a card to add or a bank to approve, or the time gone.
 */
export const waitlistOfferPage = new Hono<AppEnv>()
  .get('/w/:token', async (c) => {
    const token = c.req.param('token');
    noStore(c);
    if (!TOKEN.test(token)) return c.html(gonePage('This link is not valid.'), 404);
    const res = await edgeApi(c)['waitlist-offers'][':token'].$get({ param: { token } });
    if (!res.ok) return c.html(gonePage('This link is not valid.'), res.status === 404 ? 404 : 502);
    return c.html(offerPage(await res.json(), token));
  })
  .post('/w/:token', async (c) => {
    const token = c.req.param('token');
    noStore(c);
    if (!TOKEN.test(token)) return c.html(gonePage('This link is not valid.'), 404);
    const res = await edgeApi(c)['waitlist-offers'][':token'].claim.$post({ param: { token } });
    if (res.status === 201) {
      const done = await res.json();
      const approve = done.booking.next_action_url;
      if (approve)
        return c.html(
          page(
            'Approve the deposit',
            `<h1>Nearly there</h1><p>Your bank needs to approve the deposit: <a href="${escapeMarkup(approve)}">approve it here</a>.</p>`,
          ),
        );
      return c.html(offerPage(done.offer, token));
    }
    const err = (await res.json().catch(() => ({}))) as { detail?: string };
    if (res.status === 402)
      return c.html(
        page(
          'A card is needed',
          `<h1>A card is needed</h1><p>${escapeMarkup(err.detail ?? '')} Log in to the salon's booking page to add one, then open this link again.</p>`,
        ),
        402,
      );
    return c.html(gonePage(err.detail ?? 'Sorry, this time has gone.'), res.status === 404 ? 404 : 409);
  });

function noStore(c: Context<AppEnv>) {
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
}
