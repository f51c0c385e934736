import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { AppError } from '../errors';
import { ownedHold, type HoldOwner } from '../db/holds';

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

/** The origin of the site the caller is on (the edge's, when it forwards the call). */
export const originOf = (c: Context<AppEnv>): string =>
  new URL(c.req.header('X-Forwarded-Origin') ?? c.req.header('Origin') ?? 'http://localhost').origin;

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
  browser: c.req.header('X-Hold-Browser') ?? null,
  clientId: c.req.header('X-Client-Sub') ?? null,
});

const HOLD_ID = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * The caller's own live hold named by `id` (the X-Hold-Id header when not given), or null: a hold
 * counts as the caller's only when it belongs to its browser or client.
 */
export async function ownHoldOf(c: Context<AppEnv>, id = c.req.header('X-Hold-Id')): Promise<string | null> {
  if (!id || !HOLD_ID.test(id)) return null;
  return ownedHold(c.env.DB, id, holdOwnerOf(c), Date.now());
}
