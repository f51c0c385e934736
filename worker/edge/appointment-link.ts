import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { SALON_PREFIX } from '../crypto';
import { edgeApi } from './api-client';

// a reminder's token, `{salonId}.{22 characters}` (or the 22 alone, as minted before): reminders/link.ts LINK_TOKEN
const TOKEN = new RegExp(`^${SALON_PREFIX}[A-Za-z0-9_-]{22}$`);

const gone = `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Link expired</title><h1>This link has expired</h1><p>It opened one appointment until that appointment ended. Log in to the salon's booking page to see your bookings.</p></html>`;

/**
 * A reminder's short link, /r/{token}: to the appointment's page in its salon's booking area
 * (/salon/{id}/visit/{token}), found through the API like every salon's data. An unknown or
 * expired token answers a small page saying so.
 */
export const appointmentLinkRedirect = new Hono<AppEnv>().get('/r/:token', async (c) => {
  const token = c.req.param('token');
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  if (!TOKEN.test(token)) return c.html(gone, 404);
  const res = await edgeApi(c)['appointment-links'][':token'].$get({ param: { token } });
  if (!res.ok) return c.html(gone, res.status === 404 ? 404 : 502);
  const { salon_id } = await res.json();
  return c.redirect(`/salon/${salon_id}/visit/${token}`, 302);
});
