import type { HistoryEntry } from '../../shared/console/history';
import type { WaitlistHistoryField } from '../../shared/waitlist-offers';
import { PHOTO_FIELDS, type PhotoField } from '../../shared/console/photos';
import type { SettingName } from '../../shared/console/settings';
import { MENU_HISTORY_FIELDS, type MenuHistoryField } from '../../shared/console/menu';
import { ABSENCE_HISTORY_FIELDS, type AbsenceHistoryField } from '../../shared/console/time-off';
import { SETUP_HISTORY_FIELDS } from '../../shared/console/setup';
import { WAITLIST_HISTORY_FIELDS } from '../../shared/waitlist-offers';
import { SALE_HISTORY_FIELDS, type SaleHistoryField } from '../../shared/console/checkout';
import { newId } from './ids';

/** One setting's change (or one image's), before it is written. */
export interface SettingChange<Field extends SettingName | PhotoField = SettingName> {
  field: Field;
  old: unknown;
  new: unknown;
}

/**
 * The history rows of a change. With `changeId`, written only if the salon's last change is that
 * one (run in one batch with the change itself, db/salons.ts saveSettingsStatement).
 */
export const historyStatements = (
  db: D1Database,
  h: { salonId: number; version: number; who: string; changeId?: string },
  changes: SettingChange[],
  now: number,
) =>
  changes.map((ch) =>
    db
      .prepare(
        `INSERT INTO settings_history (id, salon_id, version, at, who, field, old_value, new_value)
         SELECT ${newId('settings_history')}, ?1, ?2, ?3, ?4, ?5, ?6, ?7 WHERE ?8 IS NULL OR EXISTS (SELECT 1 FROM salons WHERE id = ?1 AND settings_change = ?8)`,
      )
      .bind(h.salonId, h.version, now, h.who, ch.field, JSON.stringify(ch.old ?? null), JSON.stringify(ch.new ?? null), h.changeId ?? null),
  );

/**
 * The history row of one change, written only if `onlyIf` (an SQL condition on its `params`) still
 * holds when the batch runs: put it before the change itself, under the change's own condition.
 */
export const historyStatementIf = (
  db: D1Database,
  h: { salonId: number; version: number; who: string },
  ch: SettingChange<SettingName | PhotoField>,
  now: number,
  onlyIf: { sql: string; params: unknown[] },
) =>
  db
    .prepare(
      `INSERT INTO settings_history (id, salon_id, version, at, who, field, old_value, new_value)
       SELECT ${newId('settings_history')}, ?, ?, ?, ?, ?, ?, ? WHERE ${onlyIf.sql}`,
    )
    .bind(h.salonId, h.version, now, h.who, ch.field, JSON.stringify(ch.old ?? null), JSON.stringify(ch.new ?? null), ...onlyIf.params);

/**
 * The history row of a change of the salon's menu (a category or a service; old and new in a few
 * words, null for none), under the settings version of the moment, written only if `onlyIf` still
 * holds when the batch runs: put it before the change, under the change's own condition. The
 * menu's changes do not make a new settings version (each category and service has its own).
 */
export const menuHistoryStatement = (
  db: D1Database,
  h: { salonId: number; who: string },
  ch: { field: MenuHistoryField | AbsenceHistoryField | WaitlistHistoryField | SaleHistoryField; old: string | null; new: string | null },
  now: number,
  onlyIf: { sql: string; params: unknown[] },
) =>
  db
    .prepare(
      `INSERT INTO settings_history (id, salon_id, version, at, who, field, old_value, new_value)
       SELECT ${newId('settings_history')}, ?1, (SELECT settings_version FROM salons WHERE id = ?1), ?2, ?3, ?4, ?5, ?6
        WHERE ${onlyIf.sql}`, // its plain ? are numbered after ?6 (SQLite numbers them on from the largest)
    )
    .bind(h.salonId, now, h.who, ch.field, JSON.stringify(ch.old), JSON.stringify(ch.new), ...onlyIf.params);

/** The salon's changes, newest first. */
export async function historyOf(db: D1Database, salonId: number, limit = 500): Promise<HistoryEntry[]> {
  const { results } = await db
    .prepare(
      'SELECT at, who, field, old_value, new_value, version FROM settings_history WHERE salon_id = ? ORDER BY version DESC, id DESC LIMIT ?',
    )
    .bind(salonId, limit)
    .all<{
      at: number;
      who: string;
      field: HistoryEntry['field'];
      old_value: string;
      new_value: string;
      version: number;
    }>();
  return results.map((r) => ({
    at: new Date(r.at).toISOString(),
    who: r.who,
    field: r.field,
    old: JSON.parse(r.old_value) as unknown,
    new: JSON.parse(r.new_value) as unknown,
    version: r.version,
  }));
}

/** The settings changed after `version` (for a stale save's 412; images have preconditions of their own). */
/** History's fields that are not settings: images, the menu, time off and blocks, the set-up. */
const NOT_SETTINGS = [
  ...PHOTO_FIELDS,
  ...MENU_HISTORY_FIELDS,
  ...ABSENCE_HISTORY_FIELDS,
  ...SETUP_HISTORY_FIELDS,
  ...WAITLIST_HISTORY_FIELDS,
  ...SALE_HISTORY_FIELDS,
];

export async function changedSince(db: D1Database, salonId: number, version: number): Promise<SettingName[]> {
  const { results } = await db
    .prepare(
      `SELECT DISTINCT field FROM settings_history WHERE salon_id = ? AND version > ? AND field NOT IN (${NOT_SETTINGS.map(() => '?').join(', ')}) ORDER BY field`,
    )
    .bind(salonId, version, ...NOT_SETTINGS)
    .all<{ field: SettingName }>();
  return results.map((r) => r.field);
}
