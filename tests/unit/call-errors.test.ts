import { describe, expect, it } from 'vitest';
import { errorMessageFrom } from '../../shared/call-errors';

describe('call wrapper messages, in the order of docs/booking/journey.md §8', () => {
  it('prefers the detail field', () => {
    expect(errorMessageFrom(404, 'Not Found', { detail: 'Salon not found', non_field_errors: ['x'] })).toBe('Salon not found');
  });
  it('then the HTTP status text', () => {
    expect(errorMessageFrom(400, 'Bad Request', { non_field_errors: ['a', 'b'] })).toBe('Bad Request');
  });
  it('then non_field_errors joined by a space', () => {
    expect(errorMessageFrom(400, '', { non_field_errors: ['Slot taken.', 'Try again.'] })).toBe('Slot taken. Try again.');
  });
  it("then 'Unknown error with code {status}', also for a non-JSON answer", () => {
    expect(errorMessageFrom(418, '', {})).toBe('Unknown error with code 418');
    expect(errorMessageFrom(502, 'Bad Gateway', null)).toBe('Unknown error with code 502');
  });
});
