import { formatMoney } from '../../shared/money';
import type { InviteRequest } from '../../shared/invites';
import type { SalonDetails } from '../../shared/types';
import { VOUCHER_MESSAGE_MAX } from '../../shared/vouchers';
import { escapeMarkup } from '../escape-markup';

/**
 * The texts and emails a client receives, as pure functions: every one carries the salon's name,
 * and every value put into an email's HTML part is escaped (names, messages and codes alike).
 * Texts are plain strings; an email is its subject, its HTML part and its plain-text part.
 */
export interface EmailContent {
  subject: string;
  html: string;
  text: string;
}

/** What a message needs of its salon: its name, address, currency and timezone. */
export type SalonOfMessage = Pick<
  SalonDetails,
  'name' | 'address_line_1' | 'address_line_2' | 'city' | 'postcode' | 'currency' | 'timezone'
> & { country?: { code: string } };

// ---- texts ----------------------------------------------------------------------------------

/** The booking's verification link: 'Willow & Co: please confirm your booking: https://…/verify/1/{code}'. */
export const bookingVerificationText = (salonName: string, link: string): string => `${salonName}: please confirm your booking: ${link}`;

/** The older rebooking flow's link: 'Willow & Co: book your next appointment online: https://…/auth/{urlhash}'. */
export const rebookingLinkText = (salonName: string, link: string): string => `${salonName}: book your next appointment online: ${link}`;

export interface DepositRequest {
  salonName: string;
  request: InviteRequest;
  /** what the client is asked to pay, in minor units (0 for a card only) */
  amountMinor: number;
  currency: string;
  /** the appointment's start (epoch ms) and the salon's timezone */
  startAt: number;
  timezone: string;
  link: string;
  reminder: boolean;
}

/**
 * A deposit request's text (and its reminder's), e.g. 'Willow & Co: please pay a deposit of
 * £15.00 for your appointment on Wed 14 May, 14:00: https://…/login/1/{code}'.
 */
export function depositRequestText(r: DepositRequest): string {
  const money = formatMoney(r.amountMinor, r.currency);
  const when = new Intl.DateTimeFormat('en-GB', {
    timeZone: r.timezone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(r.startAt);
  const ask = {
    deposit: `please pay a deposit of ${money} for your appointment on ${when}`,
    full_price: `please pay ${money} for your appointment on ${when}`,
    card_only: `please confirm your appointment on ${when} with a card`,
  }[r.request];
  return `${r.salonName}: ${r.reminder ? 'a reminder, ' : ''}${ask}: ${r.link}`;
}

// ---- emails ---------------------------------------------------------------------------------

export interface Voucher {
  salon: SalonOfMessage;
  code: string;
  /** the voucher's value in the salon's currency, minor units */
  amountMinor: number;
  /** the last day it may be used (epoch ms; shown as a date in the salon's timezone) */
  expiresAt: number;
}

export interface VoucherGift extends Voucher {
  recipientName: string;
  purchaserName: string;
  /** the purchaser's words to the recipient, at most VOUCHER_MESSAGE_MAX characters */
  message?: string;
}

/** A voucher's purchaser's receipt: its code, value, expiry date and the salon's name and address. */
export function voucherReceiptEmail(v: Voucher): EmailContent {
  const thanks = `Thank you for buying a gift voucher for ${v.salon.name}.`;
  return voucherEmail(v, `Your gift voucher for ${v.salon.name}`, { html: `<p>${esc(thanks)}</p>`, text: [thanks] });
}

/** The voucher its recipient receives: who it is from, their message (if any), the code, value and expiry. */
export function voucherGiftEmail(v: VoucherGift): EmailContent {
  const message = v.message?.trim() ?? '';
  if ([...message].length > VOUCHER_MESSAGE_MAX) throw new RangeError(`A voucher message is at most ${VOUCHER_MESSAGE_MAX} characters`);
  const dear = `Dear ${v.recipientName},`;
  const intro = `${v.purchaserName} has sent you a gift voucher for ${v.salon.name}.`;
  return voucherEmail(v, `${v.purchaserName} has sent you a gift voucher for ${v.salon.name}`, {
    html: `<p>${esc(dear)}</p><p>${esc(intro)}</p>${message ? `<blockquote>${esc(message).replace(/\r?\n/g, '<br>')}</blockquote>` : ''}`,
    text: [dear, '', intro, ...(message ? ['', message] : [])],
  });
}

/** A voucher email: its opening (HTML, escaped by the caller; text lines), then the code, value and expiry, then the salon. */
function voucherEmail(v: Voucher, subject: string, opening: { html: string; text: string[] }): EmailContent {
  const s = v.salon;
  const facts = [
    ['Voucher code', v.code],
    ['Value', formatMoney(v.amountMinor, s.currency, s.country?.code)],
    [
      'Valid until',
      new Intl.DateTimeFormat('en-GB', { timeZone: s.timezone, day: 'numeric', month: 'long', year: 'numeric' }).format(v.expiresAt),
    ],
  ] as const;
  const address = [s.address_line_1, s.address_line_2, s.city, s.postcode].map((l) => l.trim()).filter(Boolean);
  const table = facts.map(([k, value]) => `<tr><th align="left">${k}</th><td>${esc(value)}</td></tr>`).join('');
  return {
    subject: oneLine(subject),
    html: page(s.name, `${opening.html}<table role="presentation">${table}</table>`, address),
    text: [...opening.text, '', ...facts.map(([k, value]) => `${k}: ${value}`), '', s.name, address.join(', ')].join('\n'),
  };
}

const esc = escapeMarkup;

/** A subject is one line: no line breaks, runs of white space as one space. */
const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The frame of every email: the salon's name above, its address below. */
const page = (salonName: string, body: string, address: string[]) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(salonName)}</title></head>` +
  `<body style="font-family:system-ui,sans-serif;color:#1a1a1a"><h1 style="font-size:20px">${esc(salonName)}</h1>${body}` +
  `<p style="color:#555;font-size:13px">${[salonName, ...address].map(esc).join('<br>')}</p></body></html>`;

/**
 * A booking the salon took at the desk (issue 29), texted to the client: where the salon lets
 * clients change and cancel online, the link to their bookings there (`online`); else its phone.
 */
export const deskBookedText = (
  salonName: string,
  when: string,
  services: string[],
  change: { online: string } | { phone: string },
): string =>
  `${salonName}: you are booked for ${when} (${services.join(', ')}). ` +
  ('online' in change ? `To change or cancel it: ${change.online}` : `To change it, call ${change.phone || 'the salon'}.`);

/** A booking made on Google Search or Maps (docs/google-booking.md): as the desk's, saying where it was made. */
export const googleBookedText = (
  salonName: string,
  when: string,
  services: string[],
  change: { online: string } | { phone: string },
): string =>
  deskBookedText(salonName, when, services, change).replace(
    `(${services.join(', ')}). `,
    `(${services.join(', ')}), booked through Google. `,
  );

/** The salon moved or cancelled a booking. */
export const deskMovedText = (salonName: string, when: string): string => `${salonName}: your appointment has moved to ${when}.`;
export const deskCancelledText = (salonName: string, when: string, refunded: boolean): string =>
  `${salonName}: your appointment on ${when} has been cancelled${refunded ? '; any deposit will be refunded' : ''}.`;

/** A no-show fee the bank wants the client to approve: the link confirms it with 3-D Secure. */
export const noShowLinkText = (salonName: string, fee: string, link: string): string =>
  `${salonName}: we could not take the ${fee} missed-appointment fee without your bank's approval. Approve it here: ${link}`;
