/**
 * The countries a salon may sign up in (issue 49), each with its currency and time zones: a
 * country with one zone sets it; one with several offers them, the most populous first. The
 * postcode rule is the national format, checked loosely (the letters and digits where they go).
 */
export interface Country {
  code: 'GB' | 'IE' | 'US' | 'CA' | 'AU' | 'NZ';
  name: string;
  currency: 'GBP' | 'EUR' | 'USD' | 'CAD' | 'AUD' | 'NZD';
  /** IANA zones, with the words a person chooses from */
  timezones: readonly { id: string; label: string }[];
  /** what the postcode is called, and its format */
  postcodeName: string;
  postcode: RegExp;
  postcodeExample: string;
  /**
   * The phone plan, loosely: the country calling code, the trunk prefix dialled before a national
   * number, and the national significant number's shape (its length and first digit). Enough to
   * refuse a number that cannot be the country's; not a number's every range (see phoneOfPlan).
   * `mobile`: how a mobile's national number starts, where the plan tells (not in the US or Canada).
   */
  phone: { callingCode: string; trunk: string; significant: RegExp; mobile?: RegExp };
}

export const COUNTRIES: readonly Country[] = [
  {
    code: 'GB',
    name: 'United Kingdom',
    currency: 'GBP',
    timezones: [{ id: 'Europe/London', label: 'UK time' }],
    postcodeName: 'postcode',
    postcode: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i,
    postcodeExample: 'N1 8ED',
    phone: { callingCode: '44', trunk: '0', significant: /^[1-357-9]\d{8,9}$/, mobile: /^7[1-57-9]/ },
  },
  {
    code: 'IE',
    name: 'Ireland',
    currency: 'EUR',
    timezones: [{ id: 'Europe/Dublin', label: 'Irish time' }],
    postcodeName: 'Eircode',
    postcode: /^(?:[AC-FHKNPRTV-Y]\d{2}|D6W) ?[0-9AC-FHKNPRTV-Y]{4}$/i,
    postcodeExample: 'D02 X285',
    phone: { callingCode: '353', trunk: '0', significant: /^[1-9]\d{6,8}$/, mobile: /^8[3-9]/ },
  },
  {
    code: 'US',
    name: 'United States',
    currency: 'USD',
    timezones: [
      { id: 'America/New_York', label: 'Eastern' },
      { id: 'America/Chicago', label: 'Central' },
      { id: 'America/Denver', label: 'Mountain' },
      { id: 'America/Phoenix', label: 'Arizona' },
      { id: 'America/Los_Angeles', label: 'Pacific' },
      { id: 'America/Anchorage', label: 'Alaska' },
      { id: 'Pacific/Honolulu', label: 'Hawaii' },
    ],
    postcodeName: 'ZIP code',
    postcode: /^\d{5}(?:-\d{4})?$/,
    postcodeExample: '11201',
    phone: { callingCode: '1', trunk: '1', significant: /^[2-9]\d{2}[2-9]\d{6}$/ },
  },
  {
    code: 'CA',
    name: 'Canada',
    currency: 'CAD',
    timezones: [
      { id: 'America/Toronto', label: 'Eastern' },
      { id: 'America/Winnipeg', label: 'Central' },
      { id: 'America/Regina', label: 'Saskatchewan' },
      { id: 'America/Edmonton', label: 'Mountain' },
      { id: 'America/Vancouver', label: 'Pacific' },
      { id: 'America/Halifax', label: 'Atlantic' },
      { id: 'America/St_Johns', label: 'Newfoundland' },
    ],
    postcodeName: 'postal code',
    postcode: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/i,
    postcodeExample: 'M5V 2T6',
    phone: { callingCode: '1', trunk: '1', significant: /^[2-9]\d{2}[2-9]\d{6}$/ },
  },
  {
    code: 'AU',
    name: 'Australia',
    currency: 'AUD',
    timezones: [
      { id: 'Australia/Sydney', label: 'New South Wales and ACT' },
      { id: 'Australia/Melbourne', label: 'Victoria' },
      { id: 'Australia/Brisbane', label: 'Queensland' },
      { id: 'Australia/Perth', label: 'Western Australia' },
      { id: 'Australia/Adelaide', label: 'South Australia' },
      { id: 'Australia/Hobart', label: 'Tasmania' },
      { id: 'Australia/Darwin', label: 'Northern Territory' },
    ],
    postcodeName: 'postcode',
    postcode: /^\d{4}$/,
    postcodeExample: '2000',
    phone: { callingCode: '61', trunk: '0', significant: /^[2-478]\d{8}$/, mobile: /^4/ },
  },
  {
    code: 'NZ',
    name: 'New Zealand',
    currency: 'NZD',
    timezones: [{ id: 'Pacific/Auckland', label: 'New Zealand time' }],
    postcodeName: 'postcode',
    postcode: /^\d{4}$/,
    postcodeExample: '1010',
    phone: { callingCode: '64', trunk: '0', significant: /^[2-9]\d{6,9}$/, mobile: /^2/ },
  },
];

export type CountryCode = Country['code'];
export const COUNTRY_CODES = COUNTRIES.map((c) => c.code) as [CountryCode, ...CountryCode[]];

export const countryOf = (code: string): Country | undefined => COUNTRIES.find((c) => c.code === code);

/**
 * A phone as typed ("07700 900123", "+44 7700 900123", "(07700) 900123", "+44 (0)7700 900123") by
 * a country's plan: national in `country`, or international (+code or 00code) in any of
 * COUNTRIES, as E.164 with the plan it matched and whether it is a mobile (unknown in the US and
 * Canada: taken as one). Null when it cannot be a number of those plans.
 */
export function phoneOfPlan(raw: string, country: string): { e164: string; plan: Country['phone']; mobile: boolean } | null {
  const typed = raw.trim();
  if (!/^\+?[\d\s().-]+$/.test(typed)) return null;
  const digits = typed.replace(/\D/g, '');
  const international = typed.startsWith('+') ? digits : digits.startsWith('00') ? digits.slice(2) : null;
  const plans = international === null ? [countryOf(country)?.phone] : COUNTRIES.map((c) => c.phone);
  for (const plan of plans) {
    if (!plan) continue;
    let n: string | null = digits;
    if (international !== null) n = international.startsWith(plan.callingCode) ? international.slice(plan.callingCode.length) : null;
    // a trunk prefix dialled before the national number (or written after the code, as "(0)")
    if (n?.startsWith(plan.trunk) && !plan.significant.test(n)) n = n.slice(plan.trunk.length);
    if (n !== null && plan.significant.test(n)) return { e164: `+${plan.callingCode}${n}`, plan, mobile: plan.mobile?.test(n) ?? true };
  }
  return null;
}
