/** salon_groups and its locations' places in the picker (migration 0021): the group owner's picker settings. */
export interface PickerLocationRow {
  id: number;
  name: string;
  picker_position: number | null;
  picker_hidden: number;
  latitude: number | null;
  longitude: number | null;
}

export async function pickerSettingsOf(db: D1Database, groupId: number) {
  const [group, locations] = await db.batch<Record<string, unknown>>([
    db.prepare('SELECT id, picker_heading, picker_text, settings_version FROM salon_groups WHERE id = ?').bind(groupId),
    db
      .prepare(
        `SELECT id, name, picker_position, picker_hidden, latitude, longitude FROM salons WHERE group_id = ?
          ORDER BY picker_position IS NULL, picker_position, name, id`,
      )
      .bind(groupId),
  ]);
  const g = group?.results[0] as { id: number; picker_heading: string; picker_text: string; settings_version: number } | undefined;
  if (!g) return null;
  return { group: g, locations: (locations?.results ?? []) as unknown as PickerLocationRow[] };
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

export const groupExists = async (db: D1Database, groupId: number) =>
  (await db.prepare('SELECT 1 AS ok FROM salon_groups WHERE id = ?').bind(groupId).first()) !== null;
