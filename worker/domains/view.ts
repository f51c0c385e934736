import type { CustomDomainView } from '../../shared/console/domains';
import { domainOf, liveDomainOf, type CustomDomainRow } from '../db/custom-domains';
import { ABANDONED_AFTER_MS } from './sweep';

const iso = (ms: number) => new Date(ms).toISOString();

/** A domain on its way to live (or live) through Cloudflare, as the console and the admin API answer it. */
export function domainView(row: CustomDomainRow, cnameTarget: string): CustomDomainView {
  return {
    hostname: row.hostname,
    phase: row.phase,
    verification_error: row.verification_error,
    cname: { name: row.hostname, target: cnameTarget },
    txt: row.txt_name && row.txt_value ? { name: row.txt_name, value: row.txt_value } : null,
    managed_outside: false,
    created_at: iso(row.created_at),
    checked_at: iso(row.checked_at),
    gives_up_at: row.phase === 'live' ? null : iso(row.validation_started + ABANDONED_AFTER_MS),
  };
}

/** A domain set up by hand before the console (the demo's): live, no Cloudflare status. */
function outsideViewOf(hostname: string, cnameTarget: string): CustomDomainView {
  const now = iso(Date.now());
  return {
    hostname,
    phase: 'live',
    verification_error: null,
    cname: { name: hostname, target: cnameTarget },
    txt: null,
    managed_outside: true,
    created_at: now,
    checked_at: now,
    gives_up_at: null,
  };
}

/** The salon's domain as it is now, or null. */
export async function currentDomainView(db: D1Database, salonId: number, cnameTarget: string): Promise<CustomDomainView | null> {
  const row = await domainOf(db, salonId);
  if (row) return domainView(row, cnameTarget);
  const hand = await liveDomainOf(db, salonId);
  return hand ? outsideViewOf(hand, cnameTarget) : null;
}
