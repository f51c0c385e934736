import type { ConsolePhotos } from '../../../shared/console/photos';
import type { VersionedSettings } from '../../../shared/console/settings';
import type { Today } from '../../../shared/console/today';

// The console's answers, shaped by the types the Worker answers with (shared/console/), so that
// the typechecker holds these tests to the real API. Their contents follow the demo data
// (worker/db/seed/demo.sql), as a server with it answers them.

/** GET /api/console/salons/3/settings of the demo data: Brooklyn Barber Co., neutral, online booking off. */
export const SETTINGS_3: VersionedSettings = {
  version: 1,
  settings: {
    theme_mode: 'neutral',
    brand_colour: null,
    online_booking: false,
    online_booking_off_message: '',
    max_upcoming_online_bookings: 50,
    max_anonymous_holds: 50,
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
    name: 'Brooklyn Barber Co.',
    phone: '(718) 555-0142',
    email: 'desk@brooklyn-barber.test',
    address_line_1: '214 Bedford Avenue',
    address_line_2: '',
    city: 'Brooklyn',
    postcode: 'NY 11249',
    country_code: 'US',
    opening_hours: null,
    fb_pixel_id: '',
  },
  can_take_payments: false,
};

/** GET /api/console/salons/3/photos of the demo data. */
export const PHOTOS_3: ConsolePhotos = {
  logo: {
    url: '/media/c857e0b814569778635e77eb8dbe9355.webp',
    width: 256,
    height: 256,
    tag: 'c857e0b814569778635e77eb8dbe9355.webp',
  },
  cover: {
    url: '/media/57fb88a5c5b4ecc239842218b5918a8f.webp',
    width: 1200,
    height: 480,
    tag: '57fb88a5c5b4ecc239842218b5918a8f.webp',
  },
  stylists: [{ id: 6, name: 'Marco Diaz', photo: null }],
};

/** GET /api/console/salons/{id}/today of a quiet day: nothing booked, nothing waiting, nothing failed. */
export const QUIET_TODAY: Today = {
  date: '2026-12-29',
  timezone: 'Europe/London',
  currency: 'GBP',
  appointments: [],
  time_off_requests: [],
  setup: null,
  arrived: 0,
  to_come: 0,
  requests_waiting: [],
  failed_messages: [],
};
