import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import { z } from 'zod';
import { AppError } from '../errors';

/** zod validation of a request part; a failure is a 400 naming the field at fault. */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      const issue = result.error.issues[0];
      if (!issue) throw new AppError('BAD_REQUEST', 'Invalid request');
      const field =
        issue.path.map(String).join('.') || (issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : undefined);
      // 'theme_mode must be one of ...': the message names the field so the caller knows what to fix.
      const message = field && /^(must|is) /.test(issue.message) ? `${field} ${issue.message}` : issue.message;
      throw new AppError('BAD_REQUEST', message, field);
    }
  });
}

/** A database id in a path: a positive whole number. */
export const idParam = (what: string) =>
  z
    .string()
    .regex(/^[1-9]\d{0,8}$/, `${what} must be a positive whole number`)
    .transform(Number);
