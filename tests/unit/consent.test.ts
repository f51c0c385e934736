import { describe, expect, it } from 'vitest';
import { CONSENT_MAX_AGE, consentCookie, consentFromCookies, pixelIdOf } from '../../shared/consent';

describe('the cookie_consent cookie', () => {
  it('reads the choice among other cookies, and nothing from a missing or unknown value', () => {
    expect(consentFromCookies('a=1; cookie_consent=all; b=2')).toBe('all');
    expect(consentFromCookies('cookie_consent=essential')).toBe('essential');
    expect(consentFromCookies('')).toBeNull();
    expect(consentFromCookies(null)).toBeNull();
    expect(consentFromCookies('cookie_consent=yes')).toBeNull();
    expect(consentFromCookies('my_cookie_consent=all')).toBeNull();
  });

  it('is kept a year for the whole host, Lax, and Secure on https only', () => {
    expect(consentCookie('all', true)).toBe(`cookie_consent=all; Path=/; Max-Age=${CONSENT_MAX_AGE}; SameSite=Lax; Secure`);
    expect(consentCookie('essential', false)).toBe(`cookie_consent=essential; Path=/; Max-Age=${CONSENT_MAX_AGE}; SameSite=Lax`);
    expect(CONSENT_MAX_AGE).toBe(31_536_000);
    expect(consentFromCookies(consentCookie('essential', true).split(';')[0])).toBe('essential');
  });
});

describe("a salon's pixel id", () => {
  it('is its digits, or null when empty or not digits', () => {
    expect(pixelIdOf({ fb_details: { fb_pixel_id: '123456789012345' } })).toBe('123456789012345');
    expect(pixelIdOf({ fb_details: { fb_pixel_id: '' } })).toBeNull();
    expect(pixelIdOf({ fb_details: { fb_pixel_id: '12a' } })).toBeNull();
    expect(pixelIdOf({ fb_details: null })).toBeNull();
    expect(pixelIdOf({})).toBeNull();
  });
});
