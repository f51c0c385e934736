import { MSG_RENAMES_A_DAY, OLD_NAME_REDIRECT_DAYS, OLD_NAMES_KEPT, RENAMES_A_DAY } from '../../shared/console/short-name';
import { changeShortName } from '../db/short-names';
import { AppError } from '../errors';
import { releaseName, writeClaimed, type NameIndex } from './claims';

/**
 * A salon's short name set, the one way for every caller (the console's Short link, the admin
 * API's `short_slug`, docs/domains.md §5): claimed in the name index, then renamed in the salon's
 * own database, where its old name redirects for 90 days, only its latest OLD_NAMES_KEPT old
 * names are kept (the claims of older ones go), and RENAMES_A_DAY renames a day are allowed.
 * 409 `field` when another salon has the name (`taken`: the caller's words), 429 past the day's renames.
 */
export async function setShortName(
  ix: NameIndex,
  db: D1Database,
  salonId: number,
  name: string | null,
  refusal: { field: string; taken: string },
): Promise<void> {
  const taken = () => new AppError('CONFLICT', refusal.taken, refusal.field);
  const until = ix.now + OLD_NAME_REDIRECT_DAYS * 86_400_000;
  const rename = await writeClaimed(ix, salonId, name ? [['short', name]] : [], taken, async () => {
    const r = await changeShortName(db, salonId, name, ix.now, { until, keep: OLD_NAMES_KEPT, perDay: RENAMES_A_DAY });
    if (r.result === 'limit') throw new AppError('TOO_MANY_REQUESTS', MSG_RENAMES_A_DAY, refusal.field);
    if (r.result === 'taken') throw taken();
    return r;
  });
  // the old names no longer kept lead nowhere: free for another salon from now (were this to fail, the next one takes the claim over)
  await Promise.all(rename.dropped.map((n) => releaseName(ix, 'short', n, salonId))).catch(() => undefined);
}
