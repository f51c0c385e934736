import * as z from '../zod';

/**
 * A salon's own domain (issue 31), set up from the console's Addresses place: the hostname
 * Cloudflare for SaaS serves for it, and where it is on the way to live, in the owner's words.
 */

/**
 * Suffixes under which a domain is registered at the third level (book.co.uk is a salon's
 * whole domain, not a subdomain). Not the whole Public Suffix List: the Worker's bundle has no
 * room for it (tldts is some 40 KB), and the check is a courtesy: Cloudflare cannot CNAME an apex
 * domain anyway, so a missed one ends as "waiting for DNS" with the owner told why.
 */
const SECOND_LEVEL = new Set(
  'co.uk org.uk me.uk ltd.uk plc.uk net.uk sch.uk ac.uk gov.uk com.au net.au org.au co.nz org.nz co.za com.br co.jp co.in com.mx co.kr com.sg com.cn com.tr com.ar co.il com.my com.ph com.hk co.th com.ng ie.eu'.split(
    ' ',
  ),
);

/** Whether a hostname is a registered domain itself (salon.co.uk, salon.com) rather than a subdomain of one. */
export function isApexDomain(hostname: string): boolean {
  const labels = hostname.split('.');
  if (labels.length <= 2) return true;
  return labels.length === 3 && SECOND_LEVEL.has(labels.slice(1).join('.'));
}

export const MSG_APEX =
  'Use a subdomain such as book.your-salon.co.uk: a domain itself (your-salon.co.uk) cannot point at another service with a CNAME record.';
const MSG_HOSTNAME = 'Enter a domain name such as book.your-salon.co.uk';

/** The domain an owner types: trimmed, lower-cased, without a scheme or path, a subdomain. */
export const customDomainSchema = z.strictObject({
  hostname: z
    .string(MSG_HOSTNAME)
    .trim()
    .toLowerCase()
    .transform((h) =>
      h
        .replace(/^https?:\/\//, '')
        .replace(/\/.*$/, '')
        .replace(/\.$/, ''),
    )
    .pipe(
      z
        .string()
        .min(1, MSG_HOSTNAME)
        .max(253, 'A domain name can be at most 253 characters')
        .regex(/^(?=.{4,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, MSG_HOSTNAME)
        .refine((h) => !isApexDomain(h), MSG_APEX),
    ),
});
export type CustomDomainInput = z.input<typeof customDomainSchema>;

/** Where a domain is, in the owner's words (docs/domains.md). */
export const DOMAIN_PHASES = ['waiting_for_dns', 'verifying', 'issuing_certificate', 'live', 'action_needed'] as const;
export type DomainPhase = (typeof DOMAIN_PHASES)[number];

export const PHASE_WORDS: Record<DomainPhase, string> = {
  waiting_for_dns: 'Waiting for DNS',
  verifying: 'Verifying',
  issuing_certificate: 'Issuing the certificate',
  live: 'Live',
  action_needed: 'Action needed',
};

const TIMED_OUT = ['validation_timed_out', 'issuance_timed_out', 'deployment_timed_out', 'expired'];

/**
 * The owner's words for Cloudflare's hostname `status` and certificate `ssl.status`
 * (docs/domains.md): live when both are active; action needed when Cloudflare gave up, blocked or
 * lost it; waiting for DNS while the CNAME is not seen; then verifying and issuing.
 */
export function phaseOf(status: string, sslStatus: string, verificationErrors: readonly string[]): DomainPhase {
  if (status === 'active' && sslStatus === 'active') return 'live';
  if (['blocked', 'moved', 'deleted'].includes(status) || TIMED_OUT.includes(sslStatus)) return 'action_needed';
  if (status === 'active' || ['pending_issuance', 'pending_deployment', 'active_redeploying'].includes(sslStatus))
    return 'issuing_certificate';
  if (verificationErrors.length > 0) return 'waiting_for_dns';
  return 'verifying';
}

/** GET /api/console/salons/{id}/domain: the salon's domain and what the owner should do, or null. */
export interface CustomDomainView {
  hostname: string;
  phase: DomainPhase;
  /** Cloudflare's own words when it cannot verify yet ('custom hostname does not CNAME to this zone.') */
  verification_error: string | null;
  /** the CNAME record to add: name → target */
  cname: { name: string; target: string };
  /** the TXT record that proves ownership before the CNAME moves (optional) */
  txt: { name: string; value: string } | null;
  /** set up outside the console (by the platform's admin API): served as it is, no Cloudflare status */
  managed_outside: boolean;
  created_at: string;
  checked_at: string;
  /** when Cloudflare stops trying and the domain is removed unless it goes live (7 days after the last check again) */
  gives_up_at: string | null;
}
