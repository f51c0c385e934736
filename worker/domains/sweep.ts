import { claimNotice, domainsToRefresh, removeDomain, type CustomDomainRow } from '../db/custom-domains';
import { salonById } from '../db/salons';
import { ownerEmailsOf } from '../db/staff';
import { domainNoticeEmail, type DomainNotice } from '../messaging/domain-emails';
import { enqueueMessage, type Outbox } from '../messaging/outbox';
import { releaseName } from '../names/claims';
import { deleteOnCloudflare, refreshDomain, type DomainDeps } from './lifecycle';

/** Cloudflare retries validation for 7 days; a domain not live by then is abandoned (and billed): removed. */
export const ABANDONED_AFTER_MS = 7 * 86_400_000;

/** Emails the salon's owners about its domain, once per phase reached (a retried run does not email again). */
async function notifyOwners(deps: DomainDeps, outbox: Outbox, row: CustomDomainRow, notice: DomainNotice) {
  if (notice !== 'removed' && !(await claimNotice(deps.db, row.salon_id, notice))) return;
  const salon = await salonById(deps.db, row.salon_id);
  const content = domainNoticeEmail(notice, row.hostname, salon?.name ?? 'your salon', row.verification_error);
  for (const to of await ownerEmailsOf(deps.db, row.salon_id)) {
    await enqueueMessage(outbox, {
      kind: 'email',
      to,
      ...content,
      key: `domain-${row.cf_id}-${notice}-${to.replace(/[^A-Za-z0-9_.:-]/g, '_')}`.slice(0, 200),
    });
  }
}

/**
 * The background refresh (the Cron Trigger, worker/scheduled.ts): asks Cloudflare about every
 * domain not live (and each live one hourly), emails the owners when one goes live or needs
 * action, and removes one abandoned for 7 days (its claim in the name index goes too). One domain's failure does not stop the others.
 * `servedChanged`: the tenancy lookup now answers differently (the caller renews its cache version).
 */
export async function sweepDomains(
  deps: DomainDeps,
  outbox: Outbox,
  now: number,
): Promise<{ checked: number; removed: number; servedChanged: boolean }> {
  let checked = 0;
  let removed = 0;
  let servedChanged = false;
  for (const row of await domainsToRefresh(deps.db, now)) {
    try {
      if (row.phase !== 'live' && now - row.validation_started > ABANDONED_AFTER_MS) {
        await deleteOnCloudflare(deps, row);
        await removeDomain(deps.db, row.salon_id);
        await releaseName(deps.names, 'domain', row.hostname, row.salon_id).catch(() => undefined);
        servedChanged = true;
        await notifyOwners(deps, outbox, row, 'removed');
        removed++;
        continue;
      }
      const refreshed = await refreshDomain(deps, row, now);
      const after = refreshed.row;
      checked++;
      if (refreshed.servedChanged) servedChanged = true;
      if (after.phase !== row.phase && (after.phase === 'live' || after.phase === 'action_needed'))
        await notifyOwners(deps, outbox, after, after.phase);
    } catch (e) {
      console.error(`[domains] ${row.hostname}: ${e instanceof Error ? e.message : 'failed'}`);
    }
  }
  return { checked, removed, servedChanged };
}
