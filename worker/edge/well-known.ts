import { Hono } from 'hono';
import type { AppEnv } from '../env';

/**
 * Apple Pay's domain check: Apple fetches this file from every domain a payment sheet may open on
 * (the platform's host and each salon's own domain) and Stripe provides its content. It is the
 * setting APPLE_PAY_DOMAIN_ASSOCIATION, answered as plain text on any host; without it, a plain 404
 * that names nothing of the deployment (never the booking pages, which a browser would get by a
 * redirect to /).
 */
export const wellKnown = new Hono<AppEnv>().get('/.well-known/apple-developer-merchantid-domain-association', (c) => {
  const file = c.env.APPLE_PAY_DOMAIN_ASSOCIATION;
  const headers = { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' };
  if (!file) return c.body('Not found\n', 404, headers);
  return c.body(file, 200, headers);
});
