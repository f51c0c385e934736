import { describe, expect, it } from 'vitest';
import { describeValue } from '../../client/console/settings/describe';
import {
  sectionSchema,
  settingsIn,
  settingsPatchSchema,
  settingsSchema,
  SETTINGS_SECTIONS,
  SETTING_LABELS,
  SETTING_NAMES,
} from '../../shared/console/settings';

const firstIssue = (body: unknown) => {
  const r = settingsPatchSchema.safeParse(body);
  return r.success ? null : { path: r.error.issues[0]!.path.join('.'), message: r.error.issues[0]!.message };
};

describe("the console's settings schema (shared by the console and the Worker)", () => {
  it.each([
    [{ theme_mode: 'pink' }, 'theme_mode', 'Choose a theme: neutral, dark or slick'],
    [{ deposit: { type: 'percentage', percent: 0 } }, 'deposit.percent', 'A deposit percentage must be between 1 and 100'],
    [{ deposit: { type: 'fixed', amount: 12.5 } }, 'deposit.amount', 'Enter the deposit in whole pence or cents'],
    [{ deposit: { type: 'half' } }, 'deposit.type', 'Choose no deposit, a fixed amount or a percentage of the price'],
    [{ voucher_custom: { min: 5000, max: 1000 } }, 'voucher_custom.max', 'The largest custom amount must be at least the smallest'],
    [{ cancellation_window_hours: 721 }, 'cancellation_window_hours', 'Hours before the appointment can be at most 720'],
    [{ fb_pixel_id: 'abc' }, 'fb_pixel_id', 'A Facebook pixel id is up to 20 digits, or empty'],
    [{ colour: 'red' }, '', 'Unknown setting: colour'],
    [{}, '', 'Nothing to save: change at least one setting'],
  ])('%j is refused at %s with an owner’s words', (body, path, message) => {
    expect(firstIssue(body)).toEqual({ path, message });
  });

  it('takes a good partial change as it is', () => {
    const change = { theme_mode: 'dark', deposit: { type: 'fixed', amount: 1500 }, online_booking: false };
    expect(settingsPatchSchema.parse(change)).toEqual(change);
  });

  it('checks the whole set after a change: vouchers on sale need something to sell', () => {
    const r = settingsSchema.safeParse({ ...wholeSettings(), vouchers_on_sale: true, voucher_amounts: [], voucher_custom: null });
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['vouchers_on_sale', 'To sell gift vouchers, offer at least one amount or a custom range'],
    ]);
  });

  it('says every setting in words in History, never as JSON or markup (issue 56)', () => {
    const changed: Record<string, unknown> = {
      ...wholeSettings(),
      brand_colour: '#0f6b63',
      ncob_welcome_message: '<p>Hello <em>there</em></p>',
      deposit: { type: 'percentage', percent: 20 },
      voucher_amounts: [2500, 5000],
      voucher_custom: { min: 1000, max: 50000 },
      opening_hours: Object.fromEntries(
        ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].map((d) => [d, [{ open: '09:00', close: '17:00' }]]),
      ),
    };
    for (const name of SETTING_NAMES) {
      for (const value of [wholeSettings()[name], changed[name]]) expect(describeValue(name, value), name).not.toMatch(/[{}[\]<>"]/);
    }
  });

  it('labels every setting', () => {
    expect(Object.keys(SETTING_LABELS).sort()).toEqual([...SETTING_NAMES].sort());
  });
});

function wholeSettings() {
  return {
    theme_mode: 'neutral',
    brand_colour: null,
    online_booking: true,
    online_booking_off_message: '',
    max_upcoming_online_bookings: 4,
    max_anonymous_holds: 3,
    ncob_welcome_message: '',
    salon_ncob_text: '',
    needs_card: false,
    deposit: { type: 'none' },
    no_show_protection: false,
    no_show_fee: 0,
    allow_self_cancellation: true,
    cancellation_window_hours: 24,
    refund_deposit_outside_window: true,
    has_waitlist: false,
    waitlist_offer_minutes: 15,
    vouchers_on_sale: false,
    voucher_amounts: [],
    voucher_custom: null,
    voucher_validity_months: 12,
    reminders: { day_before: true, two_hours_before: false, channel: 'text' },
    name: 'A salon',
    phone: '',
    email: '',
    address_line_1: '',
    address_line_2: '',
    city: '',
    postcode: '',
    country_code: 'GB',
    opening_hours: null,
    fb_pixel_id: '',
  };
}

describe("the Booking page's sections (docs/console/booking-page.md)", () => {
  it('every setting is edited in exactly one section, and only Photos has none', () => {
    const all = SETTINGS_SECTIONS.flatMap((s) => settingsIn(s.path));
    expect([...all].sort()).toEqual([...SETTING_NAMES].sort());
    expect(SETTINGS_SECTIONS.filter((s) => settingsIn(s.path).length === 0).map((s) => s.path)).toEqual(['photos']);
    expect(settingsIn('waitlist')).toContain('has_waitlist');
  });

  it('a section checks its own settings with the shared rules, and the rules between settings when all of theirs are in it', () => {
    const vouchers = sectionSchema('vouchers').safeParse({
      vouchers_on_sale: true,
      voucher_amounts: [],
      voucher_custom: null,
      voucher_validity_months: 12,
    });
    expect(vouchers.success ? null : vouchers.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['vouchers_on_sale', 'To sell gift vouchers, offer at least one amount or a custom range'],
    ]);
    const hours = sectionSchema('cancellations').safeParse({
      allow_self_cancellation: true,
      cancellation_window_hours: 721,
      refund_deposit_outside_window: true,
    });
    expect(hours.success ? null : hours.error.issues[0]!.message).toBe('Hours before the appointment can be at most 720');
    // another section's settings are not its business
    expect(sectionSchema('waitlist').safeParse({ has_waitlist: true, theme_mode: 'pink' }).success).toBe(true);
  });
});
