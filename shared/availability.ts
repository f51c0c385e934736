/** Answers of the availability calls (docs/booking/journey.md §7). */

/** GET book-online/availability/weekly/...: day → bookable, from the week start to 181 days ahead. */
export interface DayAvailability {
  availability: Record<string, boolean>;
  first_available_date: string | null;
  /** null, 'Exceeds Maximum days' or the fully booked message */
  message: string | null;
  /** 'No slots' when there is nothing to show */
  slot_message: string | null;
  /** check_ncob_availability_until */
  max_days: number;
  last_bookable_date: string;
  earliest_date: string;
}

/** GET book-online/new/availability/appointment/...: local time (ISO with offset) → count. */
export interface DaySlots {
  data: Record<string, { count: number; has_more: boolean }>;
  message: string | null;
}

/** GET book-online/availability/patch/...: local time → the stylist who does the patch test. */
export interface PatchSlots {
  data: Record<string, number>;
  message: string | null;
}

/** GET book-online/services/stylists/...: the stylists who perform each service. */
export interface StylistOption {
  stylist_id: number;
  stylist_name: string;
  stylist_role: string;
  /** the stylist's photo (/media/...), or null: initials */
  stylist_photo: string | null;
  service_id: number;
  /** major units */
  price: number;
  duration: number;
  processing: number;
}

export interface ServiceStylists {
  service_id: number;
  service_name: string;
  stylists: StylistOption[];
}

/** GET book-online/services/stylists-at/...: who can take each service at a chosen time. */
export interface StylistsAtTime {
  start_time: string;
  services: {
    service_id: number;
    /** when this service starts (local ISO with offset), for the first complete assignment */
    start_time: string;
    available: StylistOption[];
    /** whom 'I don't mind' gets */
    assigned: StylistOption;
  }[];
}
