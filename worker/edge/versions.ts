import { SCOPES } from '../api/policy';
import { DEFAULT_LEASE_MS } from '../config';
import { cacheVersion, renewCacheVersions } from '../db/cache-versions';

/**
 * Settings versions that cache keys carry. They live in D1 (strongly consistent). A salon's
 * change is visible to every request that starts after the change was answered:
 *
 * - A version read serves the requests of this isolate that arrive within LEASE_MS of the
 *   moment the read started, so a busy isolate reads each scope about once per lease instead
 *   of once per request.
 * - A settings change commits its new version and then waits CHANGE_SETTLE_MS (more than the
 *   lease) before it answers. Any read a later request may reuse started less than LEASE_MS
 *   before that request arrived, hence after the change committed, so it holds the new version.
 *
 * Only durations on one machine's clock are compared, so clocks need not agree across machines.
 * This is the commit-wait of a lease: the salon's save takes a second longer; nobody ever sees
 * the old settings after the save has answered. Only settled versions (strings) are shared:
 * a request never awaits another request's I/O, which workerd does not allow reliably.
 */
/** The lease when VERSION_LEASE_MS is not set. */
export const LEASE_MS = DEFAULT_LEASE_MS;

/**
 * The scope of the host and short-URL → salon mapping. Which salon a domain or slug belongs to
 * can change with any salon's settings (one gives a domain up, another claims it), so the
 * lookups share one scope, bumped by every change of a custom_domain or short_slug and by no
 * other change; it is read through the same lease and commit-wait as a salon's version.
 */
export const TENANCY_SCOPE = SCOPES.tenancy;
/** The lease, plus room for a timer that fires early or a clock that ticks coarsely (none without a lease). */
export const settleMsOf = (leaseMs: number) => (leaseMs > 0 ? leaseMs + 100 : 0);
export const CHANGE_SETTLE_MS = settleMsOf(LEASE_MS);

interface Read {
  startedAt: number;
  version: string;
}

const reads = new Map<string, Read>();
const MAX_SCOPES = 5000;

/**
 * `scope`'s version when this isolate read it within the lease, which a request that arrived at
 * `now` may reuse, or undefined. Also for an answer that is ready only while nothing has to be
 * read (edge/warm-page.ts).
 */
export function leasedVersion(scope: string, leaseMs: number, now = Date.now()): string | undefined {
  const last = reads.get(scope);
  return last && now >= last.startedAt && now - last.startedAt < leaseMs ? last.version : undefined;
}

/** `scope`'s current version; `leaseMs` is the setting VERSION_LEASE_MS (0: never shared). */
export async function versionOf(db: D1Database, scope: string, leaseMs: number, now = Date.now()): Promise<string> {
  const fresh = leasedVersion(scope, leaseMs, now);
  if (fresh !== undefined) return fresh;
  const startedAt = Date.now();
  const version = await cacheVersion(db, scope);
  const last = reads.get(scope);
  if (!last || last.startedAt <= startedAt) {
    if (!last && reads.size >= MAX_SCOPES) reads.delete(reads.keys().next().value as string);
    reads.set(scope, { startedAt, version });
  }
  return version;
}

/** Forgets every shared read: for tests that rewrite the database underneath the edge. */
export function forgetVersionReads(): void {
  reads.clear();
}

export async function bumpVersions(db: D1Database, scopes: string[], leaseMs: number): Promise<void> {
  if (scopes.length === 0) return;
  await renewCacheVersions(db, scopes);
  // Outlast every read that other requests may still reuse (see above).
  const settle = settleMsOf(leaseMs);
  if (settle > 0) await new Promise((resolve) => setTimeout(resolve, settle));
}
