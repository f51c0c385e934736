import type * as z from 'zod';
import { invalidParameter } from './cognito-error';

type Issue = z.core.$ZodIssue;

/** 'UserAttributes', 0, 'Value' → 'userAttributes.1.member.value' (the AWS member path). */
export function memberPath(path: readonly PropertyKey[]): string {
  return path
    .map((seg) => (typeof seg === 'number' ? `${seg + 1}.member` : String(seg).replace(/^[A-Z]/, (ch) => ch.toLowerCase())))
    .join('.');
}

function constraint(issue: Issue): string {
  switch (issue.code) {
    case 'too_small':
      return `Member must have length greater than or equal to ${String(issue.minimum)}`;
    case 'too_big':
      return `Member must have length less than or equal to ${String(issue.maximum)}`;
    case 'invalid_format':
      return issue.format === 'regex' && issue.pattern
        ? `Member must satisfy regular expression pattern: ${issue.pattern.replace(/^\/(.*)\/[a-z]*$/s, '$1')}`
        : `Member must be a valid ${issue.format}`;
    case 'invalid_value':
      return `Member must satisfy enum value set: [${issue.values.map(String).join(', ')}]`;
    case 'invalid_type':
      return `Member must be ${issue.expected === 'array' || issue.expected === 'object' ? 'an' : 'a'} ${issue.expected}`;
    default:
      return issue.message;
  }
}

/**
 * AWS's validation wording, naming the member at fault and never echoing a value (so a password
 * can never come back in an error body): "1 validation error detected: Value null at 'clientId'
 * failed to satisfy constraint: Member must not be null".
 */
export function describeIssues(issues: readonly Issue[]): string {
  const custom = issues.find((i) => i.code === 'custom');
  if (custom) return custom.message;
  if (issues.some((i) => i.path.length === 0)) return 'The request body must be a JSON object.';
  const parts = issues.map((issue) => {
    const at = memberPath(issue.path);
    const missing = issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null);
    return missing
      ? `Value null at '${at}' failed to satisfy constraint: Member must not be null`
      : `Value at '${at}' failed to satisfy constraint: ${constraint(issue)}`;
  });
  const n = parts.length;
  return `${n} validation error${n === 1 ? '' : 's'} detected: ${parts.join('; ')}`;
}

/** Parses a request body with its zod schema; a failure is an InvalidParameterException. */
export function parseRequest<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body, { reportInput: true });
  if (!result.success) throw invalidParameter(describeIssues(result.error.issues));
  return result.data;
}
