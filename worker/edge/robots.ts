import { Hono } from 'hono';
import type { AppEnv } from '../env';

/** Screens of a salon's booking area that are private or hold a one-time link (docs/booking/journey.md §2). */
const PRIVATE_SCREENS = [
  'login',
  'profile-login',
  'create-account',
  'forgot',
  'reset',
  'profile',
  'my-profile',
  'my-book',
  'my-feeds',
  'salon-booking/',
  'add-new-card',
  'confirm-with-card',
  'bookingConfirmed',
  'pay-deposit',
  'card-details/',
  'decline/',
  'invite/',
  'invite-login/',
  'voucher/',
  'completed',
  'visit/',
];

/** Top-level routes that are protected or carry a code (login, invite and verification links). */
const PRIVATE_ROUTES = [
  '/salon$',
  '/login/',
  '/invite/',
  '/auth/',
  '/history/',
  '/time/',
  '/confirm/',
  '/end',
  '/verify/',
  '/opt-out/',
  '/r/',
  '/w/',
];

/**
 * One robots file for every host: the booking pages are open to crawlers; the API, the admin and
 * session calls and the private screens are not, under /salon/{id}/ and at the root of a salon's
 * own domain alike.
 */
const ROBOTS_TXT = [
  'User-agent: *',
  'Allow: /',
  ...['/api/', '/admin/', '/session/', '/webhooks/', '/pusher/', ...PRIVATE_ROUTES].map((p) => `Disallow: ${p}`),
  ...PRIVATE_SCREENS.flatMap((s) => [`Disallow: /salon/*/${s}`, `Disallow: /${s}`]),
  '',
].join('\n');

export const robots = new Hono<AppEnv>().get('/robots.txt', (c) =>
  c.body(ROBOTS_TXT, 200, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=86400' }),
);
