import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { CSV_TYPE, XLSX_TYPE } from '../../shared/console/imports';
import type { AppEnv } from '../env';
import { AppError } from '../errors';

/** The largest body of a JSON call (the API, /session, /admin): 64 KB, as the Stripe webhook's. */
export const MAX_JSON_BODY_BYTES = 64 * 1024;

const IMPORTS_PATH = /^\/api\/console\/salons\/[^/]+\/imports$/;

const refuse = bodyLimit({
  maxSize: MAX_JSON_BODY_BYTES,
  onError: () => {
    throw new AppError('PAYLOAD_TOO_LARGE', 'Request bodies over 64 KB are refused: send a smaller request.');
  },
});

/**
 * Refuses a body over the limit before it is read (by its Content-Length, else while it streams:
 * issue 33 found 10 MB bodies read whole before a refusal). Images go to their own calls, which
 * take each place's limit (api/image-upload.ts), so an image/* body is left to them; so is a file
 * sent to the console's imports call, which takes 10 MB and counts it as it reads (imports/read.ts).
 */
export const jsonBodyLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  // no body (a GET, a HEAD): nothing to count, as the limit itself would find
  if (!c.req.raw.body) return next();
  const type = (c.req.header('Content-Type') ?? '').toLowerCase();
  if (type.startsWith('image/')) return next();
  if ((type.startsWith(CSV_TYPE) || type.startsWith(XLSX_TYPE)) && IMPORTS_PATH.test(c.req.path)) return next();
  return refuse(c, next);
};
