import { escapeMarkup } from '../escape-markup';
import type { EmailContent } from '../messaging/templates';

/**
 * A waitlist offer as its client receives it (docs/waitlist-offers.md "The offer"): by text, or by
 * email to a client with no mobile or who opted out of the salon's texts. The same claim link.
 */
export interface OfferFacts {
  salonName: string;
  /** 'Wed 9 Dec at 10:00', in the salon's timezone */
  when: string;
  minutes: number;
  link: string;
}

/** 'Willow & Co: a time has come free on Wed 9 Dec at 10:00 for your waitlist request. It's yours if you claim it in the next 15 minutes: https://…/w/{token}' */
export const waitlistOfferText = (f: OfferFacts) =>
  `${f.salonName}: a time has come free on ${f.when} for your waitlist request. It's yours if you claim it in the next ${f.minutes} minutes: ${f.link}`;

/** The email: subject 'A time has come free at Willow & Co: Wed 9 Dec at 10:00', the same words and link. */
export function waitlistOfferEmail(f: OfferFacts): EmailContent {
  const lines = [
    `A time has come free on ${f.when} for your waitlist request at ${f.salonName}.`,
    `It's yours if you claim it in the next ${f.minutes} minutes. After that it goes to the next person on the waitlist.`,
  ];
  const html =
    `<!doctype html><html lang="en"><body>${lines.map((l) => `<p>${escapeMarkup(l)}</p>`).join('')}` +
    `<p><a href="${escapeMarkup(f.link)}">Claim this time</a></p></body></html>`;
  return {
    subject: `A time has come free at ${f.salonName}: ${f.when}`.replace(/\s+/g, ' '),
    html,
    text: [...lines, `Claim this time: ${f.link}`].join('\n\n'),
  };
}
