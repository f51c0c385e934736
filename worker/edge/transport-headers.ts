import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { changeAnswerHeaders } from './answer-headers';

/** A year of HTTPS only, for the host and its subdomains (browsers ignore it on plain http). */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Headers every answer of the Worker carries: `X-Content-Type-Options: nosniff` (JSON, pages,
 * icons, redirects alike) and, on HTTPS, `Strict-Transport-Security`. Answers that come back
 * with immutable headers (a fetched asset, a cached answer) are wrapped once to take them
 * (answer-headers.ts).
 */
export const transportHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const https = c.req.url.startsWith('https:');
  const missing = !c.res.headers.has('X-Content-Type-Options') || (https && !c.res.headers.has('Strict-Transport-Security'));
  if (!missing) return;
  changeAnswerHeaders(c, (headers) => {
    headers.set('X-Content-Type-Options', 'nosniff');
    if (https) headers.set('Strict-Transport-Security', HSTS);
  });
};
