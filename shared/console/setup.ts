/**
 * The new salon's checklist on Today (issue 49, docs/get-started.md "What is left"): what a salon
 * made by the guided set-up still has to do, each item ticked from the salon's own rows at each
 * load, in this order. It shows to owners and managers until every item is done or one of them
 * dismisses it.
 */
export const SETUP_ITEMS = ['get_paid', 'services', 'hours', 'photos', 'address', 'team', 'search', 'first_booking'] as const;
export type SetupKey = (typeof SETUP_ITEMS)[number];

export interface SetupItem {
  key: SetupKey;
  done: boolean;
}

/**
 * Each item's words and where it is done: a console place under /console/salons/{id}/ (with a section: booking-page/photos), or
 * 'booking-page-live' for the salon's own booking page (/salon/{id}).
 */
export const SETUP_WORDS: Record<SetupKey, { label: string; hint: string; place: string }> = {
  get_paid: { label: 'Get paid', hint: 'Connect a Stripe account so deposits and fees reach your bank.', place: 'get-paid' },
  services: { label: 'Check your services and prices', hint: 'At least one service a stylist performs.', place: 'services' },
  hours: {
    label: 'Set your stylists’ working hours',
    hint: 'The salon opens on at least one day and a stylist works: each stylist’s hours and breaks are in Stylists.',
    place: 'stylists',
  },
  photos: {
    label: 'Add your logo or a cover photo',
    hint: 'Clients see it at the top of your booking page.',
    place: 'booking-page/photos',
  },
  address: {
    label: 'Choose a short name or your own domain',
    hint: 'An address clients remember, such as /s/your-salon.',
    place: 'addresses',
  },
  team: { label: 'Invite your team', hint: 'Each stylist sees their own column of the diary.', place: 'team' },
  search: {
    label: 'Show your booking page in search engines',
    hint: 'It is hidden from them until it has a service to book and opening hours.',
    place: 'booking-page-live',
  },
  first_booking: { label: 'Take your first booking', hint: 'Share your booking page, or book a client in at the desk.', place: 'diary' },
};

/** The realtime event on the salon's channel when the checklist is dismissed: open consoles ask Today again. */
export const SETUP_EVENT = 'setup';

/** History's entries of the set-up: the checklist dismissed ('shown' → 'dismissed'), a group made of the owner's salons (none → its name). */
export const SETUP_HISTORY_FIELDS = ['setup_checklist', 'salon_group'] as const;
export type SetupHistoryField = (typeof SETUP_HISTORY_FIELDS)[number];
export const SETUP_HISTORY_LABELS: Record<SetupHistoryField, string> = {
  setup_checklist: 'Checklist on Today',
  salon_group: 'Group',
};
