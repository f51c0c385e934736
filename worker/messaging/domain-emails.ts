import type { DomainPhase } from '../../shared/console/domains';
import { escapeMarkup as esc } from '../escape-markup';
import type { EmailContent } from './templates';

/** What an owner is told about their salon's own domain: it is live, it needs them, or it was removed. */
export type DomainNotice = Extract<DomainPhase, 'live' | 'action_needed'> | 'removed';

const PARAGRAPHS: Record<DomainNotice, (host: string, salon: string, why: string | null) => { subject: string; lines: string[] }> = {
  live: (host, salon) => ({
    subject: `${host} is live`,
    lines: [`Clients can now book with ${salon} at https://${host}/.`, 'Nothing more to do: the certificate renews by itself.'],
  }),
  action_needed: (host, salon, why) => ({
    subject: `${host} needs your attention`,
    lines: [
      `Cloudflare could not finish setting up ${host} for ${salon}${why ? `: ${why}` : '.'}`,
      'Check the CNAME record at your DNS provider, then press "Check again" in the console (Addresses).',
    ],
  }),
  removed: (host, salon) => ({
    subject: `${host} was removed`,
    lines: [
      `${host} did not point at ${salon}'s booking page within 7 days, so it was removed.`,
      'Add it again in the console (Addresses) once its CNAME record is in place.',
    ],
  }),
};

/** The email to a salon's owners about its domain (escaped HTML and plain text). */
export function domainNoticeEmail(notice: DomainNotice, hostname: string, salonName: string, why: string | null): EmailContent {
  const { subject, lines } = PARAGRAPHS[notice](hostname, salonName, why);
  return {
    subject,
    html: lines.map((l) => `<p>${esc(l)}</p>`).join(''),
    text: lines.join('\n\n'),
  };
}
