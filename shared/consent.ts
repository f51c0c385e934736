/**
 * Cookie consent (docs/booking/accounts-and-money.md §2 'Cookie banner', §4 'Cookie consent'): the
 * client's choice is 'all' or 'essential', and analytics (a salon's Facebook pixel) run only
 * with 'all'. The choice is a first-party cookie, so that the edge can read it too.
 */
export const CONSENT_CHOICES = ['all', 'essential'] as const;
export type ConsentChoice = (typeof CONSENT_CHOICES)[number];

export const CONSENT_COOKIE = 'cookie_consent';
/** One year, in seconds. */
export const CONSENT_MAX_AGE = 365 * 24 * 60 * 60;

/** The choice a Cookie header (or document.cookie) carries; null when none, or not one we wrote. */
export function consentFromCookies(cookies: string | null | undefined): ConsentChoice | null {
  for (const part of (cookies ?? '').split(';')) {
    const [name, value] = part.split('=').map((s) => s.trim());
    if (name === CONSENT_COOKIE) return (CONSENT_CHOICES as readonly string[]).includes(value ?? '') ? (value as ConsentChoice) : null;
  }
  return null;
}

/** The cookie that keeps a choice for a year on this host (Secure when the page is served over https). */
export function consentCookie(choice: ConsentChoice, secure: boolean): string {
  return `${CONSENT_COOKIE}=${choice}; Path=/; Max-Age=${CONSENT_MAX_AGE}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The Facebook pixel's script, and the hosts it loads from and reports to (the CSP allows them only where a salon has a pixel). */
export const FACEBOOK_PIXEL = {
  script: 'https://connect.facebook.net/en_US/fbevents.js',
  scriptOrigin: 'https://connect.facebook.net',
  reportOrigin: 'https://www.facebook.com',
} as const;

/** A salon's pixel id, or null when it has none (an empty string, or anything but digits). */
export function pixelIdOf(salon: { fb_details?: { fb_pixel_id?: string } | null }): string | null {
  const id = salon.fb_details?.fb_pixel_id ?? '';
  return /^\d{1,20}$/.test(id) ? id : null;
}
