import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { AppError } from '../errors';
import { ownedHold, type HoldOwner } from '../db/holds';
import { URL_SAFE_ID } from '../../shared/ids';

/** The request's Idempotency-Key header, required on every call that may charge (8 to 128 URL-safe characters). */
export function idempotencyKeyOf(c: Context<AppEnv>, what = 'payment'): string {
  const key = c.req.header('Idempotency-Key') ?? '';
  if (!/^[A-Za-z0-9_-]{8,128}$/.test(key)) {
    throw new AppError(
      'BAD_REQUEST',
      `Send an Idempotency-Key header (8 to 128 letters, digits, - or _) with every ${what}`,
      'Idempotency-Key',
    );
  }
  return key;
}

/**
 * The origin of the site the caller is on, as the edge saw it. Links in texts and emails and
 * 3-D Secure's way back start here.
 */
export const originOf = (c: Context<AppEnv>): string => c.get('caller').origin;

/**
 * The verified client of a protected call, as the edge passed it. A call that names another
 * client's username is answered 404, never 403, so it cannot confirm that client exists.
 */
export function clientOf(c: Context<AppEnv>, username?: string): string {
  const sub = c.get('caller').clientSub;
  if (!sub) throw new AppError('UNAUTHORIZED', 'No token saved! Please log in to continue.');
  if (username !== undefined && username !== sub) throw new AppError('NOT_FOUND', 'Not found');
  return sub;
}

/** Where 3-D Secure sends the browser back to: the caller's own page, never another site. */
export function returnUrlOf(c: Context<AppEnv>): string {
  const origin = originOf(c);
  const asked = c.req.header('X-Return-Url');
  try {
    const url = new URL(asked ?? '/', origin);
    return url.origin === origin ? url.href : `${origin}/`;
  } catch {
    return `${origin}/`;
  }
}

/** Who asks about a hold: the browser the edge identified by its hold cookie, and the verified client if any. */
export const holdOwnerOf = (c: Context<AppEnv>): HoldOwner => ({
  browser: c.get('caller').holdBrowser,
  clientId: c.get('caller').clientSub,
});

/**
 * The caller's own live hold named by `id` (the X-Hold-Id header when not given), or null: a hold
 * counts as the caller's only when it belongs to its browser or client.
 */
export async function ownHoldOf(c: Context<AppEnv>, id = c.req.header('X-Hold-Id')): Promise<string | null> {
  if (!id || !URL_SAFE_ID.test(id)) return null;
  return ownedHold(c.env.DB, id, holdOwnerOf(c), Date.now());
}
