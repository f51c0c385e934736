import type { ThemeMode } from './constants';
import type { SalonImage, WeekHours } from './salon-identity';
import type { VoucherOffer } from './vouchers';

/** Salon details as GET book-online/salon/{id}/ answers them (docs/booking/journey.md §3). */
export interface SalonDetails {
  id: number;
  name: string;
  email: string;
  phone: string;
  address_line_1: string;
  address_line_2: string;
  addressLine2: string;
  city: string;
  postcode: string;
  timezone: string;
  currency: string;
  country: { code: string };
  image: string;
  group: number | null;
  online_booking: boolean;
  /** what clients see while online booking is off, beside the spec's own words (empty: nothing more) */
  online_booking_off_message: string;
  needs_card: boolean;
  no_show_protection: boolean;
  has_waitlist: boolean;
  skip_today: boolean;
  book_ncob_with_same: boolean;
  ncob_mode: string;
  ncob_deposit_settings: string;
  ncob_stylists_count: number;
  ncob_welcome_message: string;
  ncob_patch_test_copy: string;
  salon_ncob_text: string;
  check_ncob_availability_until: number;
  fb_details: { fb_pixel_id: string };
  redirect_after_ncob_booking: boolean;
  salon_website_link: string;
  stripe_voucher_link: string;
  can_take_voucher_payments: boolean;
  theme_mode: ThemeMode;
  /** the salon's brand colour (`#rrggbb`), or null for the theme's own; the page's colours are derived from it at the edge */
  brand_colour: string | null;
  ncob_tiny_url: string;
  /** clients may cancel (or move) a booking online, outside the window below */
  allow_self_cancellation: boolean;
  /** hours before the start from which online cancelling stops */
  cancellation_window_hours: number;
  /** how many upcoming bookings one client may make online here (default 4) */
  max_upcoming_online_bookings: number;
  /** a deposit is refunded when a client cancels outside the window (otherwise the salon keeps it) */
  refund_deposit_outside_window: boolean;
  /** the gift vouchers the salon sells; null when it sells none */
  vouchers: VoucherOffer | null;
  /** the uploaded logo (`image` is then its URL too); null: initials, or the `image` link */
  logo: SalonImage | null;
  /** the uploaded cover picture of the salon page; null when there is none */
  cover: SalonImage | null;
  /** a Google Maps search for the address (a plain link); null without an address */
  map_link: string | null;
  /** the opening hours, Sunday first; set by the salon, or derived from the stylists' hours */
  opening_hours: WeekHours;
  opening_hours_source: 'salon' | 'stylists';
}

/** A location in the group picker (issue 31): where it is, when it opens, and where it books. */
export interface GroupSalon {
  id: number;
  name: string;
  ncob_tiny_url: string;
  /** the address as one line ('12 Upper Street, London N1 0PQ'), '' when it has none */
  address: string;
  map_link: string | null;
  timezone: string;
  opening_hours: WeekHours;
  /** where it is, for sorting by distance in the browser (with the client's consent); null when not set */
  latitude: number | null;
  longitude: number | null;
}

export interface Group {
  id: number;
  name: string;
  /** the group owner's heading and text over the picker ('' for the defaults) */
  heading: string;
  text: string;
  /** the locations shown, in the group owner's order (hidden ones left out) */
  salons: GroupSalon[];
}

/** GET book-online/group/{id}/next-times/: each location's next bookable time for one service, computed in one call. */
export interface GroupNextTimes {
  salons: { id: number; service: { id: number; name: string } | null; next: string | null }[];
}

/** A service in the list; prices in major units (2 places), durations in minutes. */
export interface Service {
  id: number;
  name: string;
  description: string;
  min_price: number;
  max_price: number;
  variable_pricing: boolean;
  min_duration: number;
  max_duration: number;
  has_processing_time: boolean;
  has_patch_test: boolean;
  show: boolean;
}

export interface Category {
  id: number;
  name: string;
  services: Service[];
}

/** What the edge injects into the HTML it serves, read by the client before first paint. */
/** The public settings pusher-js needs (the app key, not the secret): the salon page's `realtime`. */
export interface RealtimeSettings {
  key: string;
  cluster: string;
  /** the stand-in's host and port in development; absent: Pusher's ws-{cluster}.pusher.com */
  wsHost?: string;
  wsPort?: number;
  forceTLS: boolean;
}

export type Bootstrap =
  | {
      page: 'salon';
      salon: SalonDetails;
      services: Category[];
      basePath: string;
      release: string;
      realtime: RealtimeSettings;
      /** the salon's weekday (0 = Sunday) when the edge rendered the first screen: "Open today" from the first paint */
      today?: number;
      /** when the edge rendered the first screen (UTC ms): 'Open now until…' from the first paint */
      rendered_at?: number;
      /** the salon console's live preview (`?preview_theme=`): no cookie banner, no client session, no service worker */
      preview?: true;
    }
  | { page: 'group'; group: Group; release: string }
  /** the platform's own pages; a texted link that names its salon (/verify/{salon}/…) carries the salon's name */
  | { page: 'landing'; release: string; salon?: { id: number; name: string } }
  | { page: 'not-found'; what: 'salon' | 'group' | 'domain' | 'short URL' | 'page'; release: string };
