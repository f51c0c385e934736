import { describe, expect, it } from 'vitest';
import { zoneTimeLabel } from '../../client/lib/salon-time';

describe("a salon's timezone in words", () => {
  it("says the city as people do, not the IANA name ('New York time', not 'America/New_York time')", () => {
    expect(zoneTimeLabel('America/New_York')).toBe('New York time');
    expect(zoneTimeLabel('Europe/London')).toBe('London time');
    expect(zoneTimeLabel('America/Argentina/Buenos_Aires')).toBe('Buenos Aires time');
    expect(zoneTimeLabel('UTC')).toBe('UTC');
  });
});
