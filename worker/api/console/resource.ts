import type { Context } from 'hono';
import { stylistOfStaff } from '../../db/diary';
import { salonById } from '../../db/salons';
import type { AppEnv } from '../../env';
import { errorBody } from '../../error-answer';
import { AppError, FieldErrors } from '../../errors';
import { afterAnswer } from '../after-answer';
import { changedScopes, SCOPES } from '../policy';
import { staffOf } from '../staff-access';
import { expectedVersion } from './settings';

/**
 * A console resource's change, as the menu's, the stylists' and time off's calls make it
 * (docs/console/api.md): each resource answers its version as ETag; a change names it in If-Match
 * (428 without, 412 with the resource as it is now when stale); the write and its History entry
 * go in one batch; the booking page's cache versions are renewed (changedScopes) and the salon's
 * open consoles told on its channel.
 */

/** 412: the change started from an old version; `current` is the resource as it is now. */
export const stale = (c: Context<AppEnv>, message: string, current: unknown) =>
  c.json({ ...errorBody(c, 'PRECONDITION_FAILED', message), error: 'STALE_VERSION', message, current }, 412);

/** A conditional write changed nothing: the resource read again is gone (404) or newer (412 with it). */
export function staleOrGone(c: Context<AppEnv>, message: string, now: unknown, notFound: string) {
  if (now === null || now === undefined) throw new AppError('NOT_FOUND', notFound);
  return stale(c, message, now);
}

/** The resource's version as its ETag. */
export const withVersion = (c: Context<AppEnv>, version: number) => c.header('ETag', `"${version}"`);

/** If-Match before the body: a change without it is 428 whatever it sends. */
export const needsIfMatch = async (c: Context<AppEnv>, next: () => Promise<void>) => {
  expectedVersion(c, 'version');
  await next();
};

/** The version the change started from (If-Match). */
export const versionOf = (c: Context<AppEnv>) => expectedVersion(c, 'version');

/** The change's facts: who, where, when, the salon's currency, timezone and cache scopes. */
export async function changeOf(c: Context<AppEnv>) {
  const staff = staffOf(c);
  const salon = await salonById(c.env.DB, staff.salonId);
  if (!salon) throw new AppError('NOT_FOUND', 'Salon not found');
  return {
    w: { salonId: staff.salonId, who: staff.email, now: Date.now() },
    money: { currency: salon.currency, country: salon.country_code },
    timezone: salon.timezone,
    scopes: [SCOPES.salon(staff.salonId), ...(salon.group_id ? [SCOPES.group(salon.group_id)] : [])],
  };
}

/**
 * After a change: the booking page's next load shows it (the scopes; none for what it does not
 * show), and the salon's open consoles hear of it once the answer is sent (`publish`, on the
 * salon's channel; `what` names it in the log should it fail).
 */
export function announce(c: Context<AppEnv>, scopes: string[], publish: Promise<unknown>, what: string) {
  changedScopes(c, scopes);
  c.header('Cache-Control', 'private, no-store');
  afterAnswer(c, publish, `${what} not published`);
}

/** The column a stylist reads (theirs; -1 when none is theirs), or undefined for owners and managers, who read every one. */
export async function ownColumnOf(c: Context<AppEnv>): Promise<number | undefined> {
  const staff = staffOf(c);
  if (staff.role !== 'stylist') return undefined;
  return (await stylistOfStaff(c.env.DB, staff.id, staff.salonId)) ?? -1;
}

/** A 400 with the per-field messages found (the first as its detail), when there are any. */
export function refuseFields(errors: Record<string, string>, detail?: string) {
  const first = Object.values(errors)[0];
  if (first) throw new FieldErrors(detail ?? first, errors);
}

/**
 * A write the database refused for what a body names gone meanwhile (a reference, a link): a 400
 * naming the field, in `messageOf(field)`'s words; `fieldOf` reads the field from the error.
 */
export async function refusing<T>(
  write: () => Promise<T>,
  fieldOf: (e: unknown) => string | null | undefined,
  messageOf: (field: string) => string,
): Promise<T> {
  try {
    return await write();
  } catch (e) {
    const field = fieldOf(e);
    if (!field) throw e;
    const message = messageOf(field);
    throw new FieldErrors(message, { [field]: message });
  }
}

/**
 * History's words for a change of a listed resource (a service, a stylist): its few words before
 * and after, its place in the list when that moved, and what the words leave out named. Null when
 * nothing a person would see changed.
 */
export function changeWords<P extends object>(o: {
  before: string;
  after: string;
  /** the place in the list before (1-based), and after when the change moved it */
  place: { before: number; after: number } | null;
  patch: P;
  current: object;
}): { old: string; new: string } | null {
  const { before, after, place, patch } = o;
  const current = o.current as Record<string, unknown>;
  const unsaid = (Object.keys(patch) as (keyof P & string)[]).filter((k) => JSON.stringify(patch[k]) !== JSON.stringify(current[k]));
  if (before === after && !place && !unsaid.length) return null;
  return {
    old: place ? `${before}: place ${place.before}` : before,
    new: place
      ? `${after}: place ${place.after}`
      : before === after
        ? `${after}: ${unsaid.join(', ').replaceAll('_', ' ')} changed`
        : after,
  };
}
