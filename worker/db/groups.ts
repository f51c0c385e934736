/** salon_groups and its locations' places in the picker (migration 0021): the group owner's picker settings. */
export interface PickerLocationRow {
  id: number;
  name: string;
  picker_position: number | null;
  picker_hidden: number;
  latitude: number | null;
  longitude: number | null;
}

/**
 * The picker's settings: the group's row from `db` (the first database, whose copy the public
 * picker reads), its locations from each database holding some (`locationsIn`, db/spanning.ts
 * databasesOfGroup), in the picker's order.
 */
export async function pickerSettingsOf(db: D1Database, groupId: number, locationsIn: D1Database[] = [db]) {
  const [group, ...found] = await Promise.all([
    db.prepare('SELECT id, picker_heading, picker_text, settings_version FROM salon_groups WHERE id = ?').bind(groupId).all(),
    ...locationsIn.map((l) =>
      l
        .prepare('SELECT id, name, picker_position, picker_hidden, latitude, longitude FROM salons WHERE group_id = ?')
        .bind(groupId)
        .all<PickerLocationRow>(),
    ),
  ]);
  const g = group.results[0] as { id: number; picker_heading: string; picker_text: string; settings_version: number } | undefined;
  if (!g) return null;
  return { group: g, locations: found.flatMap((f) => f.results).sort(byPickerPlace) };
}

/** Placed locations first by place, then by name and id (as SQLite orders them: code units). */
function byPickerPlace(a: PickerLocationRow, b: PickerLocationRow): number {
  if ((a.picker_position === null) !== (b.picker_position === null)) return a.picker_position === null ? 1 : -1;
  if (a.picker_position !== null && b.picker_position !== null && a.picker_position !== b.picker_position)
    return a.picker_position - b.picker_position;
  return a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id;
}

export interface PickerSave {
  heading: string;
  text: string;
  /** every location of the group, in the picker's order */
  locations: { id: number; hidden: boolean; latitude: number | null; longitude: number | null }[];
}

/**
 * The group owner's save, only if the group is still at `expectedVersion`: the group's row and
 * each location's place in one batch, the locations' updates applying only when the group's did
 * (they look for this save's change id).
 */
export async function savePickerSettings(db: D1Database, groupId: number, expectedVersion: number, save: PickerSave, changeId: string) {
  const [first] = await db.batch([
    db
      .prepare(
        `UPDATE salon_groups SET picker_heading = ?, picker_text = ?, settings_version = settings_version + 1, picker_change = ?
          WHERE id = ? AND settings_version = ?`,
      )
      .bind(save.heading, save.text, changeId, groupId, expectedVersion),
    ...save.locations.map((l, position) =>
      db
        .prepare(
          `UPDATE salons SET picker_position = ?, picker_hidden = ?, latitude = ?, longitude = ?
            WHERE id = ? AND group_id = ? AND EXISTS (SELECT 1 FROM salon_groups WHERE id = ? AND picker_change = ?)`,
        )
        .bind(position, l.hidden ? 1 : 0, l.latitude, l.longitude, l.id, groupId, groupId, changeId),
    ),
  ]);
  return (first?.meta.changes ?? 0) === 1;
}

/**
 * After a save in the first database, the same save in another database holding locations of the
 * group: its copy of the group's row (at the version the first database's took) and its own
 * locations' places. Unconditional (the first database's conditional write decided the save);
 * repeating it writes the same again.
 */
export async function copyPickerSettings(db: D1Database, groupId: number, version: number, save: PickerSave, changeId: string) {
  await db.batch([
    db
      .prepare('UPDATE salon_groups SET picker_heading = ?, picker_text = ?, settings_version = ?, picker_change = ? WHERE id = ?')
      .bind(save.heading, save.text, version, changeId, groupId),
    ...save.locations.map((l, position) =>
      db
        .prepare('UPDATE salons SET picker_position = ?, picker_hidden = ?, latitude = ?, longitude = ? WHERE id = ? AND group_id = ?')
        .bind(position, l.hidden ? 1 : 0, l.latitude, l.longitude, l.id, groupId),
    ),
  ]);
}

export const groupExists = async (db: D1Database, groupId: number) =>
  (await db.prepare('SELECT 1 AS ok FROM salon_groups WHERE id = ?').bind(groupId).first()) !== null;
