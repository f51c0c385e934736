import type * as z from 'zod';
import { paramName } from './form';
import { badParam, type StripeApiError } from './stripe-error';

type Issue = z.core.$ZodIssue;

const oneOf = (values: readonly unknown[]) => {
  const v = values.map(String);
  return v.length <= 1 ? v.join('') : `${v.slice(0, -1).join(', ')}, or ${v.at(-1)}`;
};

const emptyMessage = (p: string) =>
  `You passed an empty string for '${p}'. We assume empty values are an attempt to unset a parameter; however '${p}' cannot be unset. You should remove '${p}' from your request or supply a non-empty value.`;

/** Stripe's wording for the first problem of a request (it reports one at a time). Values are never echoed, except by custom messages that choose to. */
function stripeErrorOf(issue: Issue): StripeApiError {
  const param = paramName(issue.path);
  if (issue.code === 'unrecognized_keys') {
    const unknown = paramName([...issue.path, issue.keys[0] ?? '']);
    return badParam(`Received unknown parameter: ${unknown}`, unknown, 'parameter_unknown');
  }
  if (issue.input === '') return badParam(emptyMessage(param), param, 'parameter_invalid_empty');
  // an absent required parameter: zod reports a missing enum as invalid_value
  if (issue.input === undefined && issue.code === 'invalid_value') {
    return badParam(`Missing required param: ${param}.`, param, 'parameter_missing');
  }
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return badParam(`Missing required param: ${param}.`, param, 'parameter_missing');
      const got = typeof issue.input === 'string' ? 'a string' : 'a hash';
      const want = issue.expected === 'array' ? 'array' : issue.expected === 'string' ? 'string' : 'hash';
      return badParam(`Invalid ${want}: ${param} is ${got}.`, param);
    }
    case 'custom': {
      const code: unknown = issue.params?.stripeCode;
      return badParam(issue.message, param, typeof code === 'string' ? code : undefined);
    }
    case 'invalid_value':
      return badParam(`Invalid ${param}: must be one of ${oneOf(issue.values)}`, param);
    case 'too_big':
      return badParam(
        issue.origin === 'string'
          ? `Invalid ${param}: must be at most ${String(issue.maximum)} characters`
          : `Invalid ${param}: must contain at most ${String(issue.maximum)} items`,
        param,
      );
    case 'too_small':
      return badParam(`Invalid ${param}: must be at least ${String(issue.minimum)} characters`, param);
    default:
      return badParam(`Invalid ${param || 'request'}.`, param || undefined);
  }
}

/** Parses parameters with their zod schema; a failure is a Stripe-style 400 (never a 500). */
export function parseParams<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input, { reportInput: true });
  if (!result.success) throw stripeErrorOf(result.error.issues[0]!);
  return result.data;
}
