import { phaseOf } from '../../shared/console/domains';
import type { Config } from '../config';
import {
  domainOf,
  insertDomain,
  liveDomainOf,
  removeDomain,
  saveDomainStatus,
  type CustomDomainRow,
  type DomainStatus,
} from '../db/custom-domains';
import { AppError } from '../errors';
import { claimName, holderOfName, releaseName, writeClaimed, type NameIndex } from '../names/claims';
import {
  CloudflareRefusal,
  createHostname,
  deleteHostname,
  DUPLICATE_HOSTNAME,
  findHostname,
  getHostname,
  revalidateHostname,
  type CustomHostname,
} from './cloudflare';

/**
 * A salon's own domain from the owner's entry to live (issue 31): created as a Cloudflare for
 * SaaS custom hostname, checked until its hostname and certificate are active, served by the
 * tenancy lookup only then (db/custom-domains.ts keeps salons.custom_domain in step), and removed
 * from Cloudflare and the lookup together. Every way a domain is set (the console, the admin API)
 * comes here, and the name index decides which one salon may have it on every path (adding,
 * going live in the console's check or the Cron Trigger's sweep, removing).
 */
export interface DomainDeps {
  db: D1Database;
  cloudflare: Config['cloudflare'];
  /** the name index, where a salon claims a domain across every database */
  names: NameIndex;
}

/** What adding a domain needs besides: the platform's own hosts (APP_HOSTS), never a salon's. */
export type AddDeps = DomainDeps & { appHosts: readonly string[] };

const MSG_GONE = 'Cloudflare no longer has this domain: remove it and add it again.';
const MSG_OTHER_SALON = 'Another salon has this domain: remove it here.';

/** Whether a hostname is the platform's (an APP_HOSTS name, the CNAME target) or under one of them. */
const isProductHost = (hostname: string, hosts: readonly string[]) => hosts.some((h) => hostname === h || hostname.endsWith(`.${h}`));

/** Cloudflare's answer as the row keeps it. */
export function statusOf(h: CustomHostname): DomainStatus {
  const errors = [...(h.verification_errors ?? []), ...(h.ssl.validation_errors ?? []).map((e) => e.message)];
  return {
    status: h.status,
    ssl_status: h.ssl.status,
    verification_error: errors[0] ?? null,
    txt_name: h.ownership_verification?.name ?? null,
    txt_value: h.ownership_verification?.value ?? null,
    phase: phaseOf(h.status, h.ssl.status, h.verification_errors ?? []),
  };
}

/** A refusal from Cloudflare as the owner's error: unreachable or failing is 502, anything else names the field. */
function appErrorOf(e: unknown): never {
  if (!(e instanceof CloudflareRefusal)) throw e;
  if (e.status === 0 || e.status >= 500 || e.status === 401 || e.status === 403 || e.status === 429)
    throw new AppError('BAD_GATEWAY', 'Cloudflare could not be reached to set up the domain. Please try again in a minute.');
  throw new AppError('BAD_REQUEST', `Cloudflare refused the domain: ${e.message}`, 'hostname');
}

/** The hostname on Cloudflare: created, or ours already (left by an earlier attempt that was not saved). */
async function claimOnCloudflare(deps: DomainDeps, hostname: string): Promise<{ h: CustomHostname; created: boolean }> {
  try {
    return { h: await createHostname(deps.cloudflare, hostname), created: true };
  } catch (e) {
    if (!(e instanceof CloudflareRefusal && e.code === DUPLICATE_HOSTNAME)) appErrorOf(e);
  }
  const ours = await findHostname(deps.cloudflare, hostname).catch(appErrorOf);
  if (!ours)
    throw new AppError(
      'CONFLICT',
      `${hostname} is set up with another Cloudflare account. Its owner there must remove it before it can be used here.`,
      'hostname',
    );
  return { h: await revalidateHostname(deps.cloudflare, ours.id).catch(appErrorOf), created: false };
}

/**
 * A salon adds a domain (`hostname` checked by customDomainSchema): 400 for the platform's own
 * hosts, 409 when the salon has one or another salon claimed it.
 */
export async function addDomain(deps: AddDeps, salonId: number, hostname: string, now: number) {
  if (isProductHost(hostname, [...deps.appHosts, deps.cloudflare.cnameTarget]))
    throw new AppError('BAD_REQUEST', `${hostname} is the booking site’s own address: use a domain of your salon’s`, 'hostname');
  const refused = () => new AppError('CONFLICT', `${hostname} is already the domain of another salon`, 'hostname');
  return writeClaimed(deps.names, salonId, [['domain', hostname]], refused, () => addClaimedDomain(deps, salonId, hostname, now));
}

/**
 * The admin API's `custom_domain`: the same domain as now changes nothing, null removes it, another
 * is added as the console adds one (pending until Cloudflare says live; 409 while the salon has one).
 */
export async function setSalonDomain(deps: AddDeps, salonId: number, hostname: string | null, now: number): Promise<void> {
  const current = (await domainOf(deps.db, salonId))?.hostname ?? (await liveDomainOf(deps.db, salonId));
  if (hostname === current) return;
  if (hostname === null) await removeSalonDomain(deps, salonId);
  else await addDomain(deps, salonId, hostname, now);
}

async function addClaimedDomain(deps: DomainDeps, salonId: number, hostname: string, now: number): Promise<CustomDomainRow> {
  const current = (await domainOf(deps.db, salonId))?.hostname ?? (await liveDomainOf(deps.db, salonId));
  if (current) throw new AppError('CONFLICT', `Remove ${current} first: a salon has one domain of its own`, 'hostname');
  const { h, created } = await claimOnCloudflare(deps, hostname);
  const row: CustomDomainRow = {
    salon_id: salonId,
    hostname,
    cf_id: h.id,
    ...statusOf(h),
    notified_phase: null,
    validation_started: now,
    created_at: now,
    checked_at: now,
  };
  if (!(await insertDomain(deps.db, row))) {
    // another request of this salon got there first: leave Cloudflare as it was, unless that request keeps this hostname
    if (created && (await domainOf(deps.db, salonId))?.cf_id !== h.id) await deleteHostname(deps.cloudflare, h.id).catch(() => undefined);
    throw new AppError('CONFLICT', `${hostname} is already the domain of a salon`, 'hostname');
  }
  return row;
}

/**
 * Cloudflare's latest word on a domain (a read, or with `revalidate` the PATCH of "Check again"),
 * saved; `servedChanged` when the tenancy lookup now answers differently for it. Live only for the
 * salon the name index gives the domain to: another salon's row of it (one a race left before the
 * index's lease) needs action instead, and is never served.
 */
export async function refreshDomain(deps: DomainDeps, row: CustomDomainRow, now: number, revalidate = false) {
  let status: DomainStatus;
  try {
    const h = revalidate ? await revalidateHostname(deps.cloudflare, row.cf_id) : await getHostname(deps.cloudflare, row.cf_id);
    status = statusOf(h);
  } catch (e) {
    if (!(e instanceof CloudflareRefusal && e.status === 404)) appErrorOf(e);
    status = {
      status: 'deleted',
      ssl_status: 'deleted',
      verification_error: MSG_GONE,
      txt_name: null,
      txt_value: null,
      phase: 'action_needed',
    };
  }
  if (status.phase === 'live' && !(await claimName(deps.names, 'domain', row.hostname, row.salon_id)))
    status = { ...status, phase: 'action_needed', verification_error: MSG_OTHER_SALON };
  await saveDomainStatus(deps.db, row, status, now, revalidate);
  const updated: CustomDomainRow = { ...row, ...status, checked_at: now, validation_started: revalidate ? now : row.validation_started };
  return { row: updated, servedChanged: (row.phase === 'live') !== (status.phase === 'live') };
}

/**
 * Deletes the row's hostname at Cloudflare, unless another salon holds the name in the index (the
 * hostname is then that salon's, which a race once let this salon's row share: it stays live there).
 */
export async function deleteOnCloudflare(deps: DomainDeps, row: CustomDomainRow): Promise<void> {
  const holder = await holderOfName(deps.names, 'domain', row.hostname);
  if (holder !== null && holder !== row.salon_id) return;
  await deleteHostname(deps.cloudflare, row.cf_id);
}

/** Removes the salon's domain from Cloudflare, then from the lookup; false when it has none. */
export async function removeSalonDomain(deps: DomainDeps, salonId: number): Promise<boolean> {
  const row = await domainOf(deps.db, salonId);
  if (row) await deleteOnCloudflare(deps, row).catch(appErrorOf);
  const removed = await removeDomain(deps.db, salonId);
  // the claim goes too (were this to fail, the next salon to ask for the name takes it over)
  if (removed) await releaseName(deps.names, 'domain', removed, salonId).catch(() => undefined);
  return removed !== null;
}
