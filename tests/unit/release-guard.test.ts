import { describe, expect, it } from 'vitest';
import { CHECK_EVERY_MS, checkDue, guardFor, RELOAD_GUARD_MS, reloadAllowed } from '../../client/lib/release-guard';

// The release check's timings (docs/booking/journey.md §4): the release is fetched at most once
// per 10 minutes, and a reload for one release happens at most once in 2 hours.

const NOW = Date.UTC(2026, 10, 23, 12);

describe('checkDue', () => {
  it('is due with nothing stored, a corrupt value, or a time in the future (a clock put back)', () => {
    expect(checkDue(null, NOW)).toBe(true);
    expect(checkDue('not a time', NOW)).toBe(true);
    expect(checkDue(String(NOW + 60_000), NOW)).toBe(true);
  });

  it('is not due for 10 minutes after a fetch, then is', () => {
    expect(checkDue(String(NOW), NOW)).toBe(false);
    expect(checkDue(String(NOW - CHECK_EVERY_MS + 1), NOW)).toBe(false);
    expect(checkDue(String(NOW - CHECK_EVERY_MS), NOW)).toBe(true);
  });
});

describe('reloadAllowed', () => {
  it('allows the first reload for a release, and refuses a second one for it within 2 hours', () => {
    expect(reloadAllowed(null, '2026.12.01', NOW)).toBe(true);
    const guard = guardFor('2026.12.01', NOW);
    expect(reloadAllowed(guard, '2026.12.01', NOW + 1)).toBe(false);
    expect(reloadAllowed(guard, '2026.12.01', NOW + RELOAD_GUARD_MS - 1)).toBe(false);
    expect(reloadAllowed(guard, '2026.12.01', NOW + RELOAD_GUARD_MS)).toBe(true);
  });

  it('allows a reload for a newer release than the one the guard holds', () => {
    expect(reloadAllowed(guardFor('2026.12.01', NOW), '2026.12.02', NOW + 1)).toBe(true);
  });

  it('treats a corrupt guard, or one from the future, as no guard', () => {
    expect(reloadAllowed('{not json', '2026.12.01', NOW)).toBe(true);
    expect(reloadAllowed(JSON.stringify({ release: '2026.12.01', at: 'soon' }), '2026.12.01', NOW)).toBe(true);
    expect(reloadAllowed(guardFor('2026.12.01', NOW + 60_000), '2026.12.01', NOW)).toBe(true);
  });
});
