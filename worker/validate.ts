import { zValidator } from '@hono/zod-validator';
import type { MiddlewareHandler, ValidationTargets } from 'hono';
import * as z from 'zod';
import { isCalendarDate } from './availability/calendar';
import { isIsoDateTime } from '../shared/dates';
import { rowIdOf } from '../shared/ids';
import { AppError, FieldErrors } from './errors';

/** zod validation of a request part; a failure is a 400 naming the field at fault. */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(target: Target, schema: Schema) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      const issue = result.error.issues[0];
      if (!issue) throw new AppError('BAD_REQUEST', 'Invalid request');
      const field = issue.path.map(String).join('.') || (issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : undefined);
      // 'theme_mode must be one of ...': the message names the field so the caller knows what to fix.
      const message = field && /^(must|is) /.test(issue.message) ? `${field} ${issue.message}` : issue.message;
      throw new AppError('BAD_REQUEST', message, field);
    }
  });
}

/**
 * zod validation of a form's body: every field at fault with its own message (the first of each),
 * answered as FieldErrors, so the screen can show them all at once.
 */
export function validateForm<Schema extends z.ZodType>(schema: Schema, detail: string) {
  return zValidator('json', schema, (result) => {
    if (!result.success) {
      const errors: Record<string, string> = {};
      for (const issue of result.error.issues) {
        // An unknown field is named by itself ('Unknown setting: colour' under 'colour').
        const field = issue.path.map(String).join('.') || (issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : 'body');
        errors[field] ??= issue.message;
      }
      throw new FieldErrors(detail, errors);
    }
  });
}

/** A database id in a path: a positive whole number. */
export const idParam = (what: string) =>
  z
    .string()
    .refine((s) => rowIdOf(s) !== null, `${what} must be a positive whole number`)
    .transform(Number);

/** Up to 10 service ids in booking order, e.g. '4,8'. */
export const serviceIdsParam = z
  .string()
  .refine(
    (s) => s.split(',').length <= 10 && s.split(',').every((id) => rowIdOf(id) !== null),
    'services must be 1 to 10 service ids separated by commas',
  )
  .transform((s) => s.split(',').map(Number))
  .refine((ids) => new Set(ids).size === ids.length, 'services must not repeat a service');

/** One stylist per service, 0 for 'I don't mind', e.g. '0,2'. */
export const stylistChoicesParam = z
  .string()
  .refine(
    (s) => s.split(',').length <= 10 && s.split(',').every((id) => id === '0' || rowIdOf(id) !== null),
    "stylists must be one stylist id per service, 0 for 'I don't mind'",
  )
  .transform((s) => s.split(',').map((v) => (v === '0' ? null : Number(v))));

/** A calendar date in the salon's timezone. */
export const dateParam = (what: string) => z.string().refine(isCalendarDate, `${what} must be a date such as 2026-03-03`);

/**
 * A date-time with its offset that names a real instant ('2026-11-24T10:00:00Z'): impossible
 * dates and times ('2026-02-30', '25:00') answer 400 naming the field, never a RangeError.
 */
export const isoDateTime = (message = 'must be an ISO date-time with offset, such as 2026-11-24T10:00:00Z') =>
  z.string({ message }).max(40, message).refine(isIsoDateTime, message);

/** The patch test time a search follows (an ISO date-time with offset), or 'null'. */
export const patchTimeParam = z
  .string()
  .refine((s) => s === 'null' || s === 'none' || isIsoDateTime(s), 'extra must be the patch test time as an ISO date-time, or null')
  .transform((s) => (s === 'null' || s === 'none' ? null : Date.parse(s)));

export const isWaitListQuery = z.object({
  isWaitList: z
    .enum(['true', 'false', '1', '0'], { message: 'isWaitList must be true or false' })
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});

/** A host name such as book.example.com, lower-cased, as a domain lookup reads it (a salon's domain is set by shared/console/domains.ts customDomainSchema). */
export const hostName = z
  .string()
  .toLowerCase()
  .max(253, 'must be at most 253 characters')
  .regex(/^(?=.{4,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'must be a host name such as book.example.com');

const SHORT_SLUG = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;
const SHORT_SLUG_MESSAGE = 'must be 1-40 lower-case letters, digits or dashes';
/** A short URL slug as a visitor types it: /s/Demo is /s/demo. */
export const shortSlugParam = z.string().max(40, 'must be at most 40 characters').toLowerCase().regex(SHORT_SLUG, SHORT_SLUG_MESSAGE);

/** A body that must be JSON: anything else is a 415 before it is read. */
export const jsonBody: MiddlewareHandler = async (c, next) => {
  if (!(c.req.header('Content-Type') ?? '').includes('application/json')) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send JSON (Content-Type: application/json)');
  }
  await next();
};
