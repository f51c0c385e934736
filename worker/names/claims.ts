import { salonHasDomain } from '../db/custom-domains';
import { claimRow, holderRow, releaseRow, takeOverRow, type NameKind } from '../db/salon-names';
import { salonIdBy } from '../db/salons';
import { salonOfShortName } from '../db/short-names';

/**
 * Names across databases (docs/scale.md, "Names across databases"): a custom domain or a short
 * name is one salon's across every database by the name index's primary key (salon_names, in the
 * first database), and a lookup reads one row of it before asking that salon's own database.
 *
 * The salon's own database stays the truth of what it holds (a domain on the way or live; a
 * short name, or one it gave up less than 90 days ago). The index only says who may hold a name:
 * every write of a name claims it first, then writes the salon's database (there is no
 * transaction across two databases), and lets a claim it made go when that write fails. A claim
 * left behind (that release failed, or the salon has since let the name go) is taken over by the
 * next salon that asks for the name, once the holder's own database says it no longer holds it
 * and the claim is older than CLAIM_LEASE_MS: a younger one is a write still on its way (a domain
 * being created at Cloudflare, which its database does not show yet), and taking it over then let
 * two salons in two databases both win one name (issue 55).
 */
export interface NameIndex {
  /** the first database, which keeps the index */
  directory: D1Database;
  /** a salon's own database (the directory's answer) */
  databaseOf: (salonId: number) => Promise<D1Database>;
  now: number;
}

export type { NameKind };

/**
 * How long a claim stands before another salon may take it over from a holder that does not hold
 * the name: longer than any write of a name takes (a domain's is at most three Cloudflare calls
 * of 10 s each). A write renews its salon's claim as it starts.
 */
export const CLAIM_LEASE_MS = 120_000;

/** Whether the salon's own database says it holds the name. */
async function holds(ix: NameIndex, kind: NameKind, name: string, salonId: number): Promise<boolean> {
  const db = await ix.databaseOf(salonId);
  return kind === 'domain' ? salonHasDomain(db, name, salonId) : (await salonOfShortName(db, name, ix.now))?.id === salonId;
}

/**
 * Claims `name` for the salon: 'new' when this claim made it the salon's (a free name, or one
 * taken over from a salon that no longer holds it), 'ours' when it already was, null when another
 * salon holds it.
 */
export async function claimName(ix: NameIndex, kind: NameKind, name: string, salonId: number): Promise<'new' | 'ours' | null> {
  const { holder, claimedAt, made } = await claimRow(ix.directory, kind, name, salonId, ix.now);
  if (holder === salonId) return made ? 'new' : 'ours';
  if (claimedAt !== null && claimedAt > ix.now - CLAIM_LEASE_MS) return null;
  if (await holds(ix, kind, name, holder)) return null;
  return (await takeOverRow(ix.directory, kind, name, { salonId: holder, claimedAt }, salonId, ix.now)) ? 'new' : null;
}

/** Lets the salon's claim to a name go (nothing when another salon holds it). */
export async function releaseName(ix: NameIndex, kind: NameKind, name: string, salonId: number): Promise<void> {
  await releaseRow(ix.directory, kind, name, salonId);
}

/**
 * A write of names: claims each for the salon (throwing `refused(kind)` for the first another salon
 * holds), then runs the salon's own `write`; the claims this made are let go if a later claim is
 * refused or the write throws, unless the salon's own database holds the name after all (another
 * request of the same salon wrote it meanwhile). Were that release to fail, the next salon to ask
 * takes the claim over once its lease is out.
 */
export async function writeClaimed<T>(
  ix: NameIndex,
  salonId: number,
  names: [NameKind, string][],
  refused: (kind: NameKind) => Error,
  write: () => Promise<T>,
): Promise<T> {
  const made: [NameKind, string][] = [];
  try {
    for (const [kind, name] of names) {
      const claim = await claimName(ix, kind, name, salonId);
      if (!claim) throw refused(kind);
      if (claim === 'new') made.push([kind, name]);
    }
    return await write();
  } catch (e) {
    const release = async ([kind, name]: [NameKind, string]) => {
      if (!(await holds(ix, kind, name, salonId))) await releaseName(ix, kind, name, salonId);
    };
    await Promise.all(made.map(release)).catch(() => undefined);
    throw e;
  }
}

/** The salon that holds a name (the index's holder, when its own database agrees), or null. */
export async function holderOfName(ix: NameIndex, kind: NameKind, name: string): Promise<number | null> {
  const holder = await holderRow(ix.directory, kind, name);
  return holder !== null && (await holds(ix, kind, name, holder)) ? holder : null;
}

/**
 * The salon a name leads to: a live domain (a domain on its way leads nowhere yet), a short name
 * or one given up less than 90 days ago. One read of the index, one of the salon's database.
 */
export async function salonOfName(ix: NameIndex, kind: NameKind, name: string): Promise<number | null> {
  const holder = await holderRow(ix.directory, kind, name);
  if (holder === null) return null;
  const db = await ix.databaseOf(holder);
  const found = kind === 'domain' ? await salonIdBy(db, 'custom_domain', name) : (await salonOfShortName(db, name, ix.now))?.id;
  return found === holder ? holder : null;
}
