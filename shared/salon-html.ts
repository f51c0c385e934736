/**
 * What a salon's HTML may hold where a booking page shows it (the cancellation policy,
 * docs/booking/journey.md "Salon HTML is sanitised"): text formatting, lists, small headings and
 * links. The booking page sanitises with these before showing it; the console's editor offers only
 * these and saves its text sanitised with the same (docs/console/booking-page.md "Texts").
 */
export const SALON_HTML = {
  ALLOWED_TAGS: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'a', 'span', 'h3', 'h4'],
  ALLOWED_ATTR: ['href'],
};
