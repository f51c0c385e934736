import type { CreatedGroup, NewGroup } from '../../shared/console/groups';
import type { Config } from '../config';
import { groupSalonsIn, indexGroup, ownedSalonOf, ungroupIn } from '../db/new-group';
import { databaseOf, DIRECTORY_BINDING, placementIn, withDirectory, type BindingName } from '../db/placement';
import { AppError } from '../errors';

const MSG_NOT_YOURS = 'Choose salons you own: one of them is not yours, or does not exist.';
const MSG_GROUPED = 'One of the salons is in a group already: a salon belongs to one group at most.';

/**
 * An owner's salons made one group (issue 49, docs/get-started.md "Making a group"): each salon
 * must be the caller's by their own owner role (another's answers 404, as if it did not exist)
 * and in no group yet (409). The group's row is made in the first database (the row the public
 * picker reads) with the salons placed there, then copied with the salons of each other database
 * holding some (docs/scale.md "Salons across databases"); the directory's placements and the staff
 * index then name the group. Each database's part is one batch, all or nothing; no transaction
 * spans databases, so when a salon of one was grouped meanwhile (409), the parts already written
 * are undone.
 */
export async function makeGroup(
  env: object,
  config: Config,
  who: { sub: string; email: string },
  input: NewGroup,
  now: number,
): Promise<CreatedGroup> {
  const byBinding = new Map<BindingName, number[]>();
  for (const id of input.salon_ids) {
    const placement = await placementIn(env, id, config.versionLeaseMs);
    if (placement.movingSince !== null)
      throw new AppError('MOVING', 'One of the salons is being updated for a moment. Please try again in a minute.');
    const owned = await ownedSalonOf(databaseOf(env, placement.binding), who.sub, id);
    if (!owned) throw new AppError('NOT_FOUND', MSG_NOT_YOURS, 'salon_ids');
    if (owned.group_id !== null) throw new AppError('CONFLICT', MSG_GROUPED, 'salon_ids');
    byBinding.set(placement.binding, [...(byBinding.get(placement.binding) ?? []), id]);
  }
  const directory = databaseOf(env, DIRECTORY_BINDING);
  const marker = `group:${crypto.randomUUID()}`;
  const base = { marker, name: input.name, sub: who.sub, who: who.email, now };
  const first = await groupSalonsIn(directory, { ...base, groupId: null, salonIds: byBinding.get(DIRECTORY_BINDING) ?? [] });
  if (first === null) throw new AppError('CONFLICT', MSG_GROUPED, 'salon_ids');
  const written: D1Database[] = [directory];
  for (const [binding, ids] of byBinding) {
    if (binding === DIRECTORY_BINDING) continue;
    const db = withDirectory(databaseOf(env, binding), directory);
    if ((await groupSalonsIn(db, { ...base, groupId: first, salonIds: ids })) === null) {
      // a salon there was grouped meanwhile: the group is undone wherever it was written
      for (const done of written.reverse()) await ungroupIn(done, first);
      throw new AppError('CONFLICT', MSG_GROUPED, 'salon_ids');
    }
    written.push(db);
  }
  await indexGroup(directory, { groupId: first, salonIds: input.salon_ids, email: who.email, sub: who.sub });
  return {
    id: first,
    name: input.name,
    salon_ids: input.salon_ids,
    picker: `${config.appOrigin}/group/${first}/`,
  };
}
