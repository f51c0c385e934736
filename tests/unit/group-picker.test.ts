import { describe, expect, it } from 'vitest';
import { distanceKm, distanceWords, localDay, nextTimeWords, todayHoursWords } from '../../shared/group-picker';
import { isApexDomain, phaseOf } from '../../shared/console/domains';

const week = [
  [],
  [{ open: '09:00', close: '19:00' }],
  [],
  [],
  [],
  [],
  [
    { open: '10:00', close: '13:00' },
    { open: '14:00', close: '16:00' },
  ],
];

describe("the group picker's words", () => {
  it('says whether the location is open now or later today, in its own timezone', () => {
    // Monday 00:30 in London is still Sunday evening in New York
    const now = new Date('2026-11-30T00:30:00Z');
    expect(localDay(now, 'Europe/London')).toEqual({ date: '2026-11-30', weekday: 1 });
    expect(todayHoursWords(week, 'Europe/London', now)).toBe('Opens today at 09:00');
    expect(todayHoursWords(week, 'America/New_York', now)).toBe('Closed today');
    expect(todayHoursWords(week, 'Europe/London', new Date('2026-11-30T18:59:00Z'))).toBe('Open now until 19:00');
    // issue 56: at 21:30 the salon has closed, so it is not 'Open today'
    expect(todayHoursWords(week, 'Europe/London', new Date('2026-11-30T21:30:00Z'))).toBe('Closed now');
    expect(todayHoursWords(week, 'Europe/London', new Date('2026-12-05T12:00:00Z'))).toBe('Open now until 13:00');
    expect(todayHoursWords(week, 'Europe/London', new Date('2026-12-05T13:30:00Z'))).toBe('Opens today at 14:00');
    // in summer London is an hour ahead of UTC: 18:30Z is 19:30 there
    expect(todayHoursWords(week, 'Europe/London', new Date('2026-06-01T18:30:00Z'))).toBe('Closed now');
    expect(todayHoursWords(week, 'Europe/London', new Date('2026-06-01T17:30:00Z'))).toBe('Open now until 19:00');
  });

  it('says the next time as today, tomorrow or the day', () => {
    const now = new Date('2026-11-27T10:00:00Z');
    expect(nextTimeWords('2026-11-27T14:30:00+00:00', 'Europe/London', now)).toBe('Today 14:30');
    expect(nextTimeWords('2026-11-28T09:00:00+00:00', 'Europe/London', now)).toBe('Tomorrow 09:00');
    expect(nextTimeWords('2026-12-03T10:00:00+00:00', 'Europe/London', now)).toBe('Thu 3 Dec 10:00');
  });

  it('measures distances and says them in miles or kilometres', () => {
    const islington = { latitude: 51.5362, longitude: -0.1033 };
    const shoreditch = { latitude: 51.5265, longitude: -0.078 };
    expect(distanceKm(islington, shoreditch)).toBeCloseTo(2.03, 1);
    expect(distanceWords(2.03, true)).toBe('1.3 miles away');
    expect(distanceWords(25, false)).toBe('25 km away');
  });
});

describe("a salon's own domain", () => {
  it.each([
    ['salon.com', true],
    ['salon.co.uk', true],
    ['book.salon.co.uk', false],
    ['book.salon.com', false],
    ['a.b.salon.com', false],
  ])('%s is an apex domain: %s', (host, apex) => expect(isApexDomain(host)).toBe(apex));

  it.each([
    ['pending', 'pending_validation', ['custom hostname does not CNAME to this zone.'], 'waiting_for_dns'],
    ['pending', 'pending_validation', [], 'verifying'],
    ['pending', 'initializing', [], 'verifying'],
    ['active', 'pending_issuance', [], 'issuing_certificate'],
    ['active', 'pending_deployment', [], 'issuing_certificate'],
    ['active', 'active', [], 'live'],
    ['pending', 'validation_timed_out', ['custom hostname does not CNAME to this zone.'], 'action_needed'],
    ['blocked', 'pending_validation', [], 'action_needed'],
    ['moved', 'active', [], 'action_needed'],
  ] as const)('hostname %s, certificate %s → %s', (status, ssl, errors, phase) => expect(phaseOf(status, ssl, errors)).toBe(phase));
});
