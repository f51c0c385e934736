/**
 * The call wrapper's message rules (docs/booking/journey.md §8), as a pure function so that the
 * worker tests and the client agree on them.
 */
export function errorMessageFrom(status: number, statusText: string, body: unknown): string {
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    if (typeof b.detail === 'string' && b.detail) return b.detail;
    if (statusText) return statusText;
    if (Array.isArray(b.non_field_errors) && b.non_field_errors.length > 0) {
      return b.non_field_errors.map(String).join(' ');
    }
    return `Unknown error with code ${status}`;
  }
  return `Unknown error with code ${status}`;
}

export const NO_TOKEN_MESSAGE = 'No token saved!';
export const TIMEOUT_MESSAGE = 'fetch timeout after 30s';
/** A call that could not reach the server at all (no network): said in words, never 'Failed to fetch'. */
export const OFFLINE_MESSAGE = 'You seem to be offline. Check your connection and try again.';
